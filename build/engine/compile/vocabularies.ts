/**
 * The closed vocabularies of the data, read from the schemas (the single source), for the places that
 * restate them outside JSON Schema: the data package's Table Schemas, the docs and the home page.
 */
import common from "../../../schemas/common.schema.json" with { type: "json" };
import supplier from "../../../schemas/content-supplier.schema.json" with { type: "json" };
import type { EvidenceFamilyResource } from "../../contract/resources.ts";

const defs = common.$defs;

export const VOCABULARIES = {
  certificationStatus: defs["certification-status"].enum,
  complianceStatus: defs["compliance-status"].enum,
  warrantyStatus: defs["warranty-status"].enum,
  listingStatus: defs.listing.properties.status.enum,
  sourceKind: defs.source.properties.kind.enum,
  sourceConfidence: defs.source.properties.confidence.enum,
  ownershipStatus: supplier.$defs.ownership.properties.status.enum,
} as const satisfies Record<string, readonly string[]>;

/** The evidence register's status vocabularies with what each value means, as the schemas say it. */
export const EVIDENCE_VOCABULARIES = [
  {
    name: "Certification (current status)",
    values: VOCABULARIES.certificationStatus,
    meaning: defs["certification-status"].description,
  },
  { name: "Listing (a dated list version)", values: VOCABULARIES.listingStatus, meaning: defs.listing.description },
  { name: "Compliance", values: VOCABULARIES.complianceStatus, meaning: defs["compliance-status"].description },
  { name: "Warranty", values: VOCABULARIES.warrantyStatus, meaning: defs["warranty-status"].description },
] as const;

/**
 * How many of a register's statuses hold each value, one tally per vocabulary of EVIDENCE_VOCABULARIES, in its
 * order: a reader sees at once how much of the register is unknown.
 */
export function statusTallies(families: readonly EvidenceFamilyResource[]): Array<Record<string, number>> {
  const [certification, listing, compliance, warranty] = EVIDENCE_VOCABULARIES.map((vocabulary) =>
    Object.fromEntries(vocabulary.values.map((value): [string, number] => [value, 0])),
  ) as [Record<string, number>, Record<string, number>, Record<string, number>, Record<string, number>];
  for (const family of families)
    for (const record of family.records) {
      for (const entry of Object.values(record.certification)) {
        certification[entry.status]!++;
        for (const seen of entry.listings ?? []) listing[seen.status]!++;
      }
      for (const entry of Object.values(record.compliance)) compliance[entry.status]!++;
      for (const entry of Object.values(record.warranty)) warranty[entry.status]!++;
    }
  return [certification, listing, compliance, warranty];
}

/** A tally in words: each value held at least once, commonest first ("unknown 474, announced 3"), or "none". */
export function tallyText(tally: Readonly<Record<string, number>>, code: (value: string) => string): string {
  const held = Object.entries(tally)
    .filter(([, count]) => count > 0)
    .sort(([, a], [, b]) => b - a);
  return held.length === 0 ? "none" : held.map(([value, count]) => `${code(value)} ${count}`).join(", ");
}
