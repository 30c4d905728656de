import {
  CERTIFICATION_PROGRAMMES,
  COMPLIANCE_RULES,
  WARRANTY_TERMS,
  type EvidenceFamilyContent,
  type Source,
  type SupplierContent,
} from "../../content/load/types.ts";
import type { EvidenceFamilyResource, EvidenceRecordResource } from "../../contract/resources.ts";
import { resolveSources } from "./resolve-sources.ts";

export type { EvidenceFamilyResource, EvidenceRecordResource };

/** A stable id for a record: supplier slug and product name in slug form. */
function evidenceRecordId(supplier: string, product: string): string {
  const productSlug = product
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
  return `${supplier}--${productSlug}`;
}

/** Families in their declared order; within a family, records by supplier rank, then product. */
export function compileEvidence(
  families: readonly EvidenceFamilyContent[],
  suppliers: readonly SupplierContent[],
  register: ReadonlyMap<string, Source>,
): EvidenceFamilyResource[] {
  const bySlug = new Map(suppliers.map((supplier) => [supplier.slug, supplier]));
  return [...families]
    .sort((a, b) => a.order - b.order)
    .map((family) => ({
      ...family,
      records: family.records
        .map((record) => {
          const supplier = bySlug.get(record.supplier)!;
          const cited = [
            ...CERTIFICATION_PROGRAMMES.flatMap((programme) => [
              ...(record.certification[programme].sources ?? []),
              ...(record.certification[programme].listings ?? []).flatMap((listing) => listing.sources),
            ]),
            ...COMPLIANCE_RULES.flatMap((rule) => record.compliance[rule].sources ?? []),
            ...WARRANTY_TERMS.flatMap((term) => record.warranty[term].sources ?? []),
          ];
          return {
            ...record,
            id: evidenceRecordId(record.supplier, record.product),
            supplier: { slug: supplier.slug, name: supplier.name, rank: supplier.rank },
            sources: resolveSources(register, cited),
          };
        })
        .sort(
          (a, b) => a.supplier.rank - b.supplier.rank || (a.product < b.product ? -1 : a.product > b.product ? 1 : 0),
        ),
    }));
}
