/**
 * The closed vocabularies of the data, read from the schemas (the single source), for the places that
 * restate them outside JSON Schema: the data package's Table Schemas, the docs and the home page.
 */
import common from "../../../schemas/common.schema.json" with { type: "json" };
import supplier from "../../../schemas/content-supplier.schema.json" with { type: "json" };

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
