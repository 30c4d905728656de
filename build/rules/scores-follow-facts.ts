import type { EvidenceRecordContent } from "../content/types.ts";
import { scoreRanges } from "../ranking/rubric-facts.ts";
import type { ContentRule } from "./rule.ts";

/**
 * Every criterion score rests on cited facts, and where the content records those facts in structured form
 * (families, the evidence register's listings and warranty terms, the ownership status) the score is the
 * level of the rubric they reach, so a score cannot drift from the facts it claims.
 */
export const scoresFollowFacts: ContentRule = {
  name: "scores-follow-facts",
  check(input, report) {
    const records = new Map<string, EvidenceRecordContent[]>();
    let newest: string | undefined;
    for (const { data } of input.evidence) {
      for (const record of data.records) {
        records.set(record.supplier, [...(records.get(record.supplier) ?? []), record]);
        for (const entry of Object.values(record.certification)) {
          for (const listing of entry.listings ?? []) if (!newest || listing.as_of > newest) newest = listing.as_of;
        }
      }
    }
    for (const { file, data } of input.suppliers) {
      for (const [id, entry] of Object.entries(data.scores)) {
        if (entry.score > 0 && (entry.sources ?? []).length === 0) {
          report(
            file,
            `/scores/${id}`,
            "score/unsourced",
            `the score of \`${id}\` is ${entry.score} but its basis cites no source.`,
          );
        }
      }
      // Compared with the register only once the whole register is valid, or a broken file would move scores.
      if (!input.complete.evidence) continue;
      for (const [id, range] of Object.entries(scoreRanges(data, records.get(data.slug) ?? [], newest))) {
        const entry = data.scores[id];
        if (!entry || (entry.score >= range.min && entry.score <= range.max)) continue;
        const allowed = range.min === range.max ? `${range.min}` : `${range.min} to ${range.max}`;
        report(
          file,
          `/scores/${id}/score`,
          "score/beyond-facts",
          `the score of \`${id}\` is ${entry.score}, but ${range.because}, which gives ${allowed} on the rubric.`,
        );
      }
    }
  },
};
