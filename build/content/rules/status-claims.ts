import {
  CURRENT_STATUS_MAX_AGE_MONTHS,
  currentStatusWindowStart,
  earliestDay,
  shows,
  versionDate,
} from "../load/status-window.ts";
import type { CertificationEntry, Source } from "../load/types.ts";
import type { LocatedFile } from "../load/located-file.ts";
import { type ContentRule, disclosureOf, eachPassedItem, passed, type RuleInput } from "./rule.ts";

// A wrong date is fixed differently from a stale status: say so where it applies.
const DATE_HINT =
  "Give `as_of` the date of the list version cited (that source's `published`, or the day a source without one was read), or cite the version that shows this date.";

/**
 * A certification status claims no more than its sources show at their dates.
 *
 * - A dated listing, and a certified or expired status, is dated by a version its sources are: `as_of` must
 *   be the date of a cited source (its `published`, else the day it was read).
 * - `certified` and `expired` are statuses now, at the methodology date: they need a list version read in the
 *   CURRENT_STATUS_MAX_AGE_MONTHS before it. Older sightings go under `listings` with an `unknown` status.
 * - `expired` needs a version dated on or after the end date (an end date seen before it passed may since
 *   have moved), and `certified` may not carry an end date that passed before the methodology date.
 */
export const statusClaims: ContentRule = {
  name: "status-claims",
  check(input, report) {
    for (const found of statusesBeyondSources(input)) report(...found);
  },
};

type Finding = [LocatedFile, string, "evidence/status-beyond-source", string, string?];

/**
 * What status-claims tells, worked out once per input: the scores wait for it too (scores-follow-facts), since a
 * listing's date in error moves the newest list version read, and with it every supplier's certification level.
 */
export function statusesBeyondSources(input: RuleInput): readonly Finding[] {
  let found = beyond.get(input);
  if (!found) beyond.set(input, (found = findStatusesBeyondSources(input)));
  return found;
}
const beyond = new WeakMap<RuleInput, Finding[]>();

function findStatusesBeyondSources(input: RuleInput): Finding[] {
  const found: Finding[] = [];
  const report = (...finding: Finding) => found.push(finding);
  const disclosure = disclosureOf(input);
  if (!disclosure || !passed(disclosure)("methodology_date") || !input.sources) return found;
  const reference = disclosure.data.methodology_date;
  const oldest = currentStatusWindowStart(reference);
  const sources = new Map(input.sources.data.sources.map((source) => [source.id, source]));
  // Unknown ids are known-references' to report; here they show nothing.
  const cited = (ids: readonly string[] | undefined) => (ids ?? []).flatMap((id) => sources.get(id) ?? []);
  const datesOf = (list: readonly Source[]) =>
    list.map((source) => `${source.id} is dated ${versionDate(source)}`).join(", ");

  // The records that passed their schema, in a family failing it elsewhere too.
  eachPassedItem([...input.evidence, ...input.failed.evidence], "records", (file, record, index) => {
    for (const [programme, entry] of Object.entries(record.certification) as Array<[string, CertificationEntry]>) {
      const pointer = `/records/${index}/certification/${programme}`;
      for (const [position, listing] of (entry.listings ?? []).entries()) {
        const listed = cited(listing.sources);
        if (listed.length > 0 && !listed.some((source) => shows(source, listing.as_of))) {
          report(
            file,
            `${pointer}/listings/${position}/as_of`,
            "evidence/status-beyond-source",
            `the listing is dated ${listing.as_of} but no source it cites is a version of that date (${datesOf(listed)}).`,
            DATE_HINT,
          );
        }
      }

      if ((entry.status !== "certified" && entry.status !== "expired") || !entry.as_of) continue;
      const status = `the status is "${entry.status}"`;
      const backing = cited(entry.sources);
      const versions = backing.filter((source) => shows(source, entry.as_of!));
      if (entry.as_of < oldest) {
        report(
          file,
          pointer,
          "evidence/status-beyond-source",
          `${status} but the list version read is dated ${entry.as_of}, more than ${CURRENT_STATUS_MAX_AGE_MONTHS} months before the methodology date ${reference} (the oldest that can support it is ${oldest}).`,
        );
      } else if (backing.length > 0 && versions.length === 0) {
        report(
          file,
          `${pointer}/as_of`,
          "evidence/status-beyond-source",
          `${status} as of ${entry.as_of} but no source it cites is a version of that date (${datesOf(backing)}).`,
          DATE_HINT,
        );
      } else if (versions.length > 0 && !versions.some((source) => earliestDay(source.accessed) >= oldest)) {
        report(
          file,
          pointer,
          "evidence/status-beyond-source",
          `${status} but its list version was not read in the ${CURRENT_STATUS_MAX_AGE_MONTHS} months before the methodology date ${reference} (${versions.map((source) => `${source.id} was read ${source.accessed}`).join(", ")}).`,
        );
      }
      if (entry.status === "expired" && entry.valid_until && entry.as_of < entry.valid_until) {
        report(
          file,
          pointer,
          "evidence/status-beyond-source",
          `${status} but the list version read (${entry.as_of}) predates the end date ${entry.valid_until}, so it cannot show that the listing ended.`,
        );
      }
      if (entry.status === "certified" && entry.valid_until && entry.valid_until < reference) {
        report(
          file,
          pointer,
          "evidence/status-beyond-source",
          `${status} but its end date ${entry.valid_until} passed before the methodology date ${reference}.`,
        );
      }
    }
  });
  return found;
}
