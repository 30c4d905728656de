import { evidenceRecords } from "./evidence-records.ts";
import { familyOrderSequence } from "./family-order-sequence.ts";
import { inlineCitations } from "./inline-citations.ts";
import { knownReferences } from "./known-references.ts";
import { rankSequence } from "./rank-sequence.ts";
import { rankingCriteria } from "./ranking-criteria.ts";
import { reservedAnswerSlugs } from "./reserved-answer-slugs.ts";
import type { ContentRule } from "./rule.ts";
import { slugMatchesFileName } from "./slug-matches-file-name.ts";
import { statusClaims } from "./status-claims.ts";
import { uniqueIds } from "./unique-ids.ts";

/** The cross-file rules, in the order they run. */
export const CONTENT_RULES: readonly ContentRule[] = [
  slugMatchesFileName,
  uniqueIds,
  reservedAnswerSlugs,
  rankSequence,
  familyOrderSequence,
  rankingCriteria,
  knownReferences,
  inlineCitations,
  evidenceRecords,
  statusClaims,
];
