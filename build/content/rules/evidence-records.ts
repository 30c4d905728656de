import type { LocatedFile } from "../load/located-file.ts";
import { type ContentRule, eachPassedItem, productKey } from "./rule.ts";
import { statusesBeyondSources } from "./status-claims.ts";

/**
 * One record per supplier and product across the register, and a time-bound certification carries its
 * bounds: an expired one its end date, a certified or expired one the date of the list it was read from, and no end
 * date before the date of the list that gives it.
 */
export const evidenceRecords: ContentRule = {
  name: "evidence-records",
  check(input, report) {
    const beyond = new Set(statusesBeyondSources(input).map(([file, pointer]) => `${file.file}#${pointer}`));
    // Where each was first seen; its line is found only for a problem (positions are read again on demand).
    const seen = new Map<string, { file: LocatedFile; index: number }>();
    // The records that passed their schema, in a family failing it elsewhere too.
    eachPassedItem([...input.evidence, ...input.failed.evidence], "records", (file, record, index) => {
      const key = productKey(record.supplier, record.product);
      const earlier = seen.get(key);
      if (earlier) {
        report(
          file,
          `/records/${index}/product`,
          "evidence/duplicate-product",
          `${record.supplier} "${record.product}" already has a record in ${earlier.file.file} (line ${earlier.file.locate(`/records/${earlier.index}/product`).line}).`,
        );
      } else seen.set(key, { file, index });
      for (const [programme, entry] of Object.entries(record.certification)) {
        const pointer = `/records/${index}/certification/${programme}`;
        if (entry.status === "expired" && !entry.valid_until) {
          report(file, pointer, "evidence/status-bounds", `the status is "expired" but \`valid_until\` is missing.`);
        }
        if ((entry.status === "certified" || entry.status === "expired") && !entry.as_of) {
          report(file, pointer, "evidence/status-bounds", `the status is "${entry.status}" but \`as_of\` is missing.`);
        }
        // A list version's row recorded twice (a listing pasted twice) would be published twice; two rows of one
        // version (its Android and Windows tables) differ in a field.
        const rows = new Map<string, number>();
        for (const [at, listing] of (entry.listings ?? []).entries()) {
          const row = JSON.stringify([
            listing.status,
            listing.as_of,
            listing.firmware,
            listing.valid_until,
            listing.note,
            [...listing.sources].sort(),
          ]);
          const first = rows.get(row);
          if (first === undefined) rows.set(row, at);
          else
            report(
              file,
              `${pointer}/listings/${at}`,
              "evidence/duplicate-listing",
              `the listing of ${listing.as_of} is the same as listing ${first + 1} of this status.`,
            );
        }
        // A list version cannot show an end date before its own date as the end of a listing it still shows. A date
        // no source it cites shows is status-claims' to tell (at `as_of`): the order of the two waits for it.
        for (const [at, dated] of [entry, ...(entry.listings ?? [])].entries()) {
          const where = at === 0 ? pointer : `${pointer}/listings/${at - 1}`;
          if (beyond.has(`${file.file}#${where}/as_of`)) continue;
          if (dated.as_of && dated.valid_until && dated.valid_until < dated.as_of)
            report(
              file,
              at === 0 ? `${pointer}/valid_until` : `${pointer}/listings/${at - 1}/valid_until`,
              "evidence/status-bounds",
              `\`valid_until\` ${dated.valid_until} is before \`as_of\` ${dated.as_of}, the date of the list that shows it.`,
              "Copy both dates from the list version cited: its own date as `as_of`, the end date it gives as `valid_until`.",
            );
        }
      }
    });
  },
};
