import { type ContentRule, eachPassedItem } from "./rule.ts";

/** How long an outward search holds, by the kind of claim: a pending event is looked for again sooner. */
export const OUTWARD_DAYS = { pending: 183, absence: 366 } as const;

const DAY_MS = 86_400_000;
const daysBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / DAY_MS;

/**
 * A claim of absence or of a pending event carries the search made for it outside the register, and that search
 * expires: after the day it was made, and no later than its kind allows. Whether it has expired is a matter of
 * today's date, which never decides a build (`npm run stale` and the build's count line say it).
 */
export const outwardSearches: ContentRule = {
  name: "outward-searches",
  check(input, report) {
    eachPassedItem([...input.audit, ...input.failed.audit], "entries", (file, entry, index) => {
      const outward = entry.outward;
      if (outward) {
        const days = daysBetween(outward.searched, outward.expires);
        const most = OUTWARD_DAYS[outward.kind];
        if (days <= 0 || days > most) {
          const day = (after: number) =>
            new Date(Date.parse(outward.searched) + after * DAY_MS).toISOString().slice(0, 10);
          report(
            file,
            `/entries/${index}/outward/expires`,
            "audit/outward-expiry",
            `the search of ${outward.searched} expires on ${outward.expires}, ${days <= 0 ? "not after the search" : `${days} days after it`}; a search for ${outward.kind === "pending" ? "a pending event" : "an absence"} holds for 1 to ${most} days.`,
            `Set \`expires\` to a day from ${day(1)} to ${day(most)}, sooner where the fact moves fast or its event has a date of its own (see the docs, 'How facts expire').`,
          );
        }
      }
    });
  },
};
