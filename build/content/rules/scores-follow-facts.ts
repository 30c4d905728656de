import type { SupplierContent } from "../load/types.ts";
import { registerFacts, type ScoreVerdict, scoreVerdicts } from "../ranking/rubric-facts.ts";
import { type ContentRule, eachEvidenceStatus, productKey, type RuleInput, type Valid } from "./rule.ts";
import { statusesBeyondSources } from "./status-claims.ts";

/**
 * Every criterion score rests on cited facts, and where the content records those facts in structured form
 * (families, the evidence register's listings and warranty terms, the ownership status) the score is the
 * level of the rubric they reach, so a score cannot drift from the facts it claims. A score that the facts
 * would allow but its secondary sources do not is left to scores-rest-on-primary-sources.
 */
export const scoresFollowFacts: ContentRule = {
  name: "scores-follow-facts",
  check(input, report) {
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
    }
    for (const { supplier, verdict } of scoreCheck(input).refused) {
      // One its sources refuse is scores-rest-on-primary-sources' to tell.
      if (verdict.kind !== "facts") continue;
      const exact = verdict.min === verdict.max;
      const allowed = exact ? `${verdict.min}` : `${verdict.min} to ${verdict.max}`;
      // Which of a range is the rubric's to say: its levels' texts in the disclosure (the editor's workflow audit).
      const set = exact
        ? `Set the score to ${verdict.min}`
        : `Set a score from ${allowed}, the level of the disclosure's rubric for \`${verdict.id}\` that the basis's facts reach`;
      report(
        supplier.file,
        `/scores/${verdict.id}/score`,
        "score/beyond-facts",
        `the score of \`${verdict.id}\` is ${verdict.score}, but ${verdict.because}, which gives ${allowed} on the rubric.`,
        `${set}, or correct the facts it follows from (the profile's \`makes\` and ownership status, the evidence register's listings and warranty terms) with their sources.`,
      );
    }
  },
};

/**
 * The scores the recorded facts or the kind of their sources refuse, of every supplier, and whether some could not be
 * held to their facts yet: the ranking's order waits for both (ranking-criteria), since a score in error would move
 * others' ranks, and a rank told to move for a score not yet checked would be told to move again.
 */
export function scoreCheck(input: RuleInput): ScoreCheck {
  // Asked by both rules of one check (scores-follow-facts, ranking-criteria): worked out once per input.
  let found = checks.get(input);
  if (!found) checks.set(input, (found = checkScores(input)));
  return found;
}
interface ScoreCheck {
  refused: Array<{ supplier: Valid<SupplierContent>; verdict: ScoreVerdict }>;
  unchecked: boolean;
}
const checks = new WeakMap<RuleInput, ScoreCheck>();

function checkScores(input: RuleInput): ScoreCheck {
  // Compared with the evidence and sources registers only once both are wholly valid, or a broken file would move
  // scores; nor while a status or listing is dated beyond its sources (status-claims) or cites a source the register
  // lacks (known-references): a date in error, or a list version not yet registered, moves the newest list version
  // read, and with it every supplier's certification level.
  if (
    !input.complete.evidence ||
    !input.sources ||
    statusesBeyondSources(input).length > 0 ||
    citesUnknownSource(input)
  )
    return { refused: [], unchecked: true };
  const register = registerFacts(input.evidence.map(({ data }) => data));
  const primary = new Set(input.sources.data.sources.filter((source) => source.primary).map((source) => source.id));
  const recorded = new Map(
    input.evidence.flatMap(({ data }) =>
      data.records.map((record) => [productKey(record.supplier, record.product), data.family] as const),
    ),
  );
  let unchecked = false;
  const refused = input.suppliers.flatMap((supplier) => {
    const { data } = supplier;
    // Nor while a product of the profile has no record (evidence/missing-record says so): after a slug changed in the
    // profile only, every record is missing, and the facts would be read as none. Nor while one is named under another
    // family than its record's (evidence/family-mismatch): named under two, it counted a family more.
    if (
      data.makes.some((made) =>
        made.products.some((product) => recorded.get(productKey(data.slug, product)) !== made.family),
      )
    ) {
      unchecked = true;
      return [];
    }
    return scoreVerdicts(data, register, (id) => primary.has(id)).map((verdict) => ({ supplier, verdict }));
  });
  return { refused, unchecked };
}

/** Whether a status, a listing or a term of the register cites a source id sources.yaml does not hold. */
function citesUnknownSource(input: RuleInput): boolean {
  let unknown = false;
  eachEvidenceStatus(input.evidence, (_file, _pointer, _status, ids) => {
    if (ids?.some((id) => !input.known.sources.has(id))) unknown = true;
  });
  return unknown;
}
