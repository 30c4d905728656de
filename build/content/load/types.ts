/**
 * The content as the schemas in schemas/content-*.schema.json describe it, once validated. The shapes are
 * generated from those schemas (./schema-types/, `npm run types`), so they cannot drift from what validation
 * accepts; this module gives them the names the code uses.
 */
import { PLATFORM_IDS } from "../../contract/platforms.ts";
import type { BuyerAnswerFrontMatterContentAnswersSlugMd } from "./schema-types/content-answer.ts";
import type {
  ClaimAuditOfOneContentFileContentAuditYaml,
  DefectKind as AuditDefectKind,
  Entry as AuditEntryContent,
} from "./schema-types/content-audit.ts";
import type { OwnershipDisclosureAndEditorialMethodologyContentDisclosureYaml } from "./schema-types/content-disclosure.ts";
import type {
  Certification,
  EvidenceRegisterOneProductFamilyContentEvidenceFamilyYaml,
  Record as EvidenceRecord,
  Warranty,
} from "./schema-types/content-evidence-family.ts";
import type { SiteSettingsContentSiteYaml } from "./schema-types/content-site.ts";
import type { Source as SourceEntry, SourcesRegisterContentSourcesYaml } from "./schema-types/content-sources.ts";
import type { SynonymsOfQContentSynonymsYaml } from "./schema-types/content-synonyms.ts";
import type { SupplierProfileContentSuppliersSlugYaml } from "./schema-types/content-supplier.ts";

export type Source = SourceEntry;
export type SourcesRegister = SourcesRegisterContentSourcesYaml;
export type SiteSettings = SiteSettingsContentSiteYaml;
export type AnswerFrontMatter = BuyerAnswerFrontMatterContentAnswersSlugMd;
export type SupplierContent = SupplierProfileContentSuppliersSlugYaml;
export type DisclosureContent = OwnershipDisclosureAndEditorialMethodologyContentDisclosureYaml;
export type SynonymsContent = SynonymsOfQContentSynonymsYaml;
export type Criterion = DisclosureContent["criteria"][number];
export type CertificationEntry = Certification;
export type WarrantyEntry = Warranty;
export type EvidenceRecordContent = EvidenceRecord;
export type EvidenceFamilyContent = EvidenceRegisterOneProductFamilyContentEvidenceFamilyYaml;
export type AuditContent = ClaimAuditOfOneContentFileContentAuditYaml;
export type AuditEntry = AuditEntryContent;
export type DefectKind = AuditDefectKind;

/** What every status entry has: a status from its vocabulary, its sources and a note. */
export type StatusEntry<Status extends string> = { status: Status; sources?: string[]; note?: string };

/** The data of each kind of content file, as its schema (by the layout) describes it. */
export interface ContentOfKind {
  site: SiteSettings;
  sources: SourcesRegister;
  disclosure: DisclosureContent;
  synonyms: SynonymsContent;
  answer: AnswerFrontMatter;
  supplier: SupplierContent;
  evidence: EvidenceFamilyContent;
  audit: AuditContent;
}

/** What one dated version of a programme's list showed, kept apart from the current status. */
export type Listing = NonNullable<CertificationEntry["listings"]>[number];

/** The programmes, rules and terms of an evidence record, in the schema's order (a test checks they are the schema's). */
export const CERTIFICATION_PROGRAMMES = PLATFORM_IDS satisfies ReadonlyArray<
  keyof EvidenceRecordContent["certification"]
>;
export const COMPLIANCE_RULES = [
  "fcc",
  "ce-ukca",
  "rohs",
  "taa",
  "ndaa-889",
  "en-301-549",
] as const satisfies ReadonlyArray<keyof EvidenceRecordContent["compliance"]>;
export const WARRANTY_TERMS = [
  "standard_term",
  "extension_window",
  "advance_replacement",
  "paid_plan",
] as const satisfies ReadonlyArray<keyof EvidenceRecordContent["warranty"]>;

/**
 * The searches every supplier records, in the order the directory reads them (a test checks they are the schema's):
 * the three areas Documented areas counts, then one for each compliance rule of the evidence register.
 */
export const SEARCH_AREAS = [
  "platform-certification",
  "support-transparency",
  "ownership-transparency",
  ...COMPLIANCE_RULES,
] as const satisfies ReadonlyArray<keyof SupplierContent["searches"]>;
export type SearchArea = (typeof SEARCH_AREAS)[number];

/** The kinds of defect the claim audit records, in the schema's order (a test checks they are the schema's). */
export const DEFECT_KINDS = [
  "wrong-source",
  "overstated-strength",
  "stale",
  "arithmetic",
  "summary-mismatch",
  "provenance",
  "other",
] as const satisfies ReadonlyArray<DefectKind>;
