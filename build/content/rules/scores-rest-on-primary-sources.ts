import { registerFacts, scoreVerdicts } from "../ranking/rubric-facts.ts";
import { type ContentRule, eachEvidenceStatus } from "./rule.ts";

/**
 * The kind of source sets the ceiling: a score of 3 or more on platform listings, support terms, ownership or
 * product range needs a primary source among the sources it cites (for product range, a family counts only when
 * a primary source names a product in it), and an ownership marked documented needs a primary source among its
 * sources. Primary: the supplier's or its owner's own document, a platform's certification list, a regulator, a
 * standards body; each entry of the sources register says which it is (`primary`). A score that its facts do not
 * reach either is left to scores-follow-facts. So does the evidence register's every status that states a fact
 * (listed, certified, expired, announced or not certified; declared, certified, not compliant or not applicable; a
 * documented or not-offered term): a copy or a report of it is recorded as unverified, or in the note of an unknown
 * status. Only unknown and unverified state nothing.
 */
const STATES_NOTHING: ReadonlySet<string> = new Set(["unknown", "unverified"]);
export const scoresRestOnPrimarySources: ContentRule = {
  name: "scores-rest-on-primary-sources",
  check(input, report) {
    // Which sources are primary is the register's to say: with the register broken, there is nothing to check against.
    if (!input.sources) return;
    const primary = new Set(input.sources.data.sources.filter((source) => source.primary).map((source) => source.id));
    // An id the register does not hold is told where it is cited (known-references), most likely mistyped: what it
    // names may well be primary, and a record citing it is not also told it rests on secondary sources alone.
    const isPrimary = (id: string) => primary.has(id) || !input.known.sources.has(id);
    eachEvidenceStatus(input.evidence, (file, pointer, status, ids) => {
      if (!STATES_NOTHING.has(status) && !(ids ?? []).some(isPrimary))
        report(
          file,
          `${pointer}/status`,
          "evidence/secondary-only",
          `the status is "${status}", but none of its sources (${(ids ?? []).join(", ") || "none"}) is primary.`,
        );
    });
    const register = registerFacts(input.evidence.map(({ data }) => data));
    for (const { file, data } of input.suppliers) {
      const { ownership } = data;
      if (ownership.status === "documented" && !(ownership.sources ?? []).some(isPrimary)) {
        report(
          file,
          "/ownership/status",
          "ownership/secondary-only",
          `the ownership is marked documented, but none of its sources (${(ownership.sources ?? []).join(", ")}) is primary, so it is reported at most.`,
        );
      }
      // Like scores-follow-facts, the scores wait for a wholly valid evidence register.
      if (!input.complete.evidence) continue;
      for (const verdict of scoreVerdicts(data, register, isPrimary)) {
        if (verdict.kind !== "sources") continue;
        report(
          file,
          `/scores/${verdict.id}/score`,
          "score/secondary-only",
          `the score of \`${verdict.id}\` is ${verdict.score}, but ${verdict.because}, so it can have at most ${verdict.max}.`,
        );
      }
    }
  },
};
