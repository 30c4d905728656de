import type { DisclosureContent, Source, SupplierContent } from "../../content/load/types.ts";
import type { DisclosureResource, SupplierResource } from "../../contract/resources.ts";
import { rankMeaning, weightedScore } from "../../content/ranking/ranking-model.ts";
import { resolveSources } from "./resolve-sources.ts";

export type { DisclosureResource, SupplierResource };

/** Suppliers in rank order, each with what its rank means, its weighted score and the sources its claims, scores and recorded searches cite. */
export function compileSuppliers(
  suppliers: readonly SupplierContent[],
  disclosure: DisclosureContent,
  register: ReadonlyMap<string, Source>,
): SupplierResource[] {
  const { criteria } = disclosure;
  return [...suppliers]
    .sort((a, b) => a.rank - b.rank)
    .map((supplier) => {
      const cited = [
        ...supplier.makes.flatMap((made) => made.sources),
        ...supplier.strengths.flatMap((claim) => claim.sources),
        ...supplier.caveats.flatMap((claim) => claim.sources),
        ...(supplier.ownership.sources ?? []),
        ...criteria.flatMap((criterion) => supplier.scores[criterion.id]?.sources ?? []),
        ...Object.values(supplier.searches).flatMap((search) => search.found),
      ];
      const { slug, name, rank, ...profile } = supplier;
      return {
        slug,
        name,
        rank,
        rank_meaning: rankMeaning(rank, suppliers.length, disclosure.methodology_version, disclosure.rank_meaning),
        ...profile,
        website: supplier.website ?? null,
        score: Math.round(weightedScore(supplier.scores, criteria) * 100) / 100,
        sources: resolveSources(register, cited),
      };
    });
}

export function compileDisclosure(
  disclosure: DisclosureContent,
  register: ReadonlyMap<string, Source>,
): DisclosureResource {
  return { ...disclosure, sources: resolveSources(register, disclosure.sources) };
}
