import { auditCoverage } from "./audit-coverage.ts";
import { auditQuotes } from "./audit-quotes.ts";
import { auditSummary } from "./audit-summary.ts";
import { bodyMarks } from "./body-marks.ts";
import { citedQuantity } from "./cited-quantity.ts";
import { controlCharacters } from "./control-characters.ts";
import { decisionChecklist } from "./decision-checklist.ts";
import { disclosureChangelog } from "./disclosure-changelog.ts";
import { disclosureCounts } from "./disclosure-counts.ts";
import { evidenceRecords } from "./evidence-records.ts";
import { familyOrderSequence } from "./family-order-sequence.ts";
import { inlineCitations } from "./inline-citations.ts";
import { knownReferences } from "./known-references.ts";
import { makesMatchEvidence } from "./makes-match-evidence.ts";
import { outwardClaimsCovered } from "./outward-claims-covered.ts";
import { outwardSearches } from "./outward-searches.ts";
import { rankSequence } from "./rank-sequence.ts";
import { rankingCriteria } from "./ranking-criteria.ts";
import { reservedAnswerSlugs } from "./reserved-answer-slugs.ts";
import { sameSearches } from "./same-searches.ts";
import type { ContentRule } from "./rule.ts";
import { scoresFollowFacts } from "./scores-follow-facts.ts";
import { siteDeprecation } from "./site-deprecation.ts";
import { scoresRestOnPrimarySources } from "./scores-rest-on-primary-sources.ts";
import { slugMatchesFileName } from "./slug-matches-file-name.ts";
import { sourcesReadByClaimDate } from "./sources-read-by-claim-date.ts";
import { statusClaims } from "./status-claims.ts";
import { synonymGroups } from "./synonym-groups.ts";
import { uniqueIds } from "./unique-ids.ts";

/** The cross-file rules, in the order they run. */
export const CONTENT_RULES: readonly ContentRule[] = [
  slugMatchesFileName,
  uniqueIds,
  reservedAnswerSlugs,
  rankSequence,
  familyOrderSequence,
  rankingCriteria,
  disclosureChangelog,
  disclosureCounts,
  scoresFollowFacts,
  scoresRestOnPrimarySources,
  knownReferences,
  inlineCitations,
  bodyMarks,
  controlCharacters,
  evidenceRecords,
  statusClaims,
  makesMatchEvidence,
  sameSearches,
  decisionChecklist,
  citedQuantity,
  sourcesReadByClaimDate,
  auditQuotes,
  auditCoverage,
  outwardSearches,
  outwardClaimsCovered,
  auditSummary,
  synonymGroups,
  siteDeprecation,
];
