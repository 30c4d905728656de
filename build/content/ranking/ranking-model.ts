/**
 * The ranking model of the supplier directory, in one place: how a supplier's criterion scores and the
 * disclosure's weights make its weighted score, and how the scores order the suppliers. The rule that checks
 * the published ranks and the compiler that publishes the scores both use it.
 */
import type { Criterion, SupplierContent } from "../load/types.ts";

export type CriterionScores = SupplierContent["scores"];

/** The weighted score of a supplier under the disclosure's criteria (weights are percentages). */
export function weightedScore(scores: CriterionScores, criteria: readonly Criterion[]): number {
  return criteria.reduce((total, criterion) => total + (scores[criterion.id]?.score ?? 0) * criterion.weight, 0) / 100;
}

/** Suppliers in the order their weighted scores give: highest first, ties by name. */
export function orderByScore(suppliers: readonly SupplierContent[], criteria: readonly Criterion[]): SupplierContent[] {
  return [...suppliers].sort(
    (a, b) => weightedScore(b.scores, criteria) - weightedScore(a.scores, criteria) || compareNames(a.name, b.name),
  );
}

/**
 * Names from A to Z as `localeCompare(…, "en")` orders them. Names of ASCII letters, digits and spaces are ordered
 * here, as ICU's root collation orders them (letters by their lower case, then a lower-case letter before its
 * capital at the first place they differ): loading ICU's collation costs a process some 12 ms.
 */
export function compareNames(a: string, b: string): number {
  if (!PLAIN_NAME.test(a) || !PLAIN_NAME.test(b)) return a.localeCompare(b, "en");
  const lowerA = a.toLowerCase();
  const lowerB = b.toLowerCase();
  if (lowerA !== lowerB) return lowerA < lowerB ? -1 : 1;
  return a === b ? 0 : a < b ? 1 : -1;
}

const PLAIN_NAME = /^[A-Za-z0-9 ]*$/;

/** What a rank means, as published next to it: its place, the methodology version and the disclosure's words. */
export function rankMeaning(rank: number, of: number, methodologyVersion: string, meaning: string): string {
  return `Rank ${rank} of ${of} under methodology ${methodologyVersion}. ${meaning}`;
}
