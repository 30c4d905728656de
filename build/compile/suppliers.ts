import type { Criterion, DisclosureContent, Source, SupplierContent } from "../content/types.ts";
import type { DisclosureResource, SupplierResource } from "../api/resources.ts";
import { weightedScore } from "../ranking/ranking-model.ts";
import { resolveSources } from "./resolve-sources.ts";

export type { DisclosureResource, SupplierResource };

/** Suppliers in rank order, each with its weighted score and the sources its claims cite. */
export function compileSuppliers(suppliers: readonly SupplierContent[], criteria: readonly Criterion[], register: ReadonlyMap<string, Source>): SupplierResource[] {
  return [...suppliers]
    .sort((a, b) => a.rank - b.rank)
    .map((supplier) => {
      const cited = [
        ...supplier.makes.flatMap((made) => made.sources),
        ...supplier.strengths.flatMap((claim) => claim.sources),
        ...supplier.caveats.flatMap((claim) => claim.sources),
        ...(supplier.ownership.sources ?? []),
      ];
      return {
        ...supplier,
        website: supplier.website ?? null,
        score: Math.round(weightedScore(supplier.scores, criteria) * 100) / 100,
        sources: resolveSources(register, cited),
      };
    });
}

export function compileDisclosure(disclosure: DisclosureContent, register: ReadonlyMap<string, Source>): DisclosureResource {
  return { ...disclosure, sources: resolveSources(register, disclosure.sources) };
}
