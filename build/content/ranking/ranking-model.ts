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
    (a, b) =>
      weightedScore(b.scores, criteria) - weightedScore(a.scores, criteria) || a.name.localeCompare(b.name, "en"),
  );
}

/** What a rank means, as published next to it: its place, the methodology version and the disclosure's words. */
export function rankMeaning(rank: number, of: number, methodologyVersion: string, meaning: string): string {
  return `Rank ${rank} of ${of} under methodology ${methodologyVersion}. ${meaning}`;
}
