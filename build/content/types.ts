/** The content as the schemas in schemas/content-*.schema.json describe it, once validated. */

export type CertificationStatus = "certified" | "expired" | "announced" | "not-certified" | "unknown" | "unverified";
export type ComplianceStatus = "declared" | "certified" | "not-compliant" | "not-applicable" | "unknown" | "unverified";
export type WarrantyStatus = "documented" | "not-offered" | "unknown" | "unverified";

export interface Source {
  id: string;
  title: string;
  publisher: string;
  url?: string;
  published?: string;
  accessed: string;
  kind: string;
  confidence: "documented" | "reported" | "unverified";
  note?: string;
  /** Fields that go beyond the research notes, with where they were read. */
  completed?: { fields: Array<"title" | "url" | "published">; where: string };
}

export interface SiteSettings {
  name: string;
  description: string;
  version: string;
  publisher: string;
  contact: { name: string; url: string };
  licence: { id: string; name: string; url: string };
  citation: string;
  page_size: number;
  base_url: string;
  /** Set only when v1 is deprecated: the dates repeat in the root resource and in Deprecation and Sunset headers. */
  deprecation?: { deprecated_at: string; sunset_at?: string; successor?: string };
}

export interface AnswerFrontMatter {
  slug: string;
  title: string;
  question: string;
  summary: string;
  tags: string[];
  product_families: string[];
  related: string[];
  sources: string[];
  reviewed: string;
}

export interface Claim {
  text: string;
  sources: string[];
}

export interface SupplierContent {
  slug: string;
  name: string;
  rank: number;
  website?: string;
  summary: string;
  makes: Array<{ family: string; products: string[]; sources: string[] }>;
  strengths: Claim[];
  caveats: Claim[];
  ownership: { status: "documented" | "reported" | "unknown"; text: string; sources?: string[] };
  scores: Record<string, number>;
}

export interface Criterion {
  id: string;
  name: string;
  weight: number;
  description: string;
}

export interface DisclosureContent {
  title: string;
  publisher: string;
  owner: string;
  funding: string;
  paid_inclusion: boolean;
  paid_ranking: boolean;
  affiliate_links: boolean;
  selection: string;
  ranking: string;
  criteria: Criterion[];
  methodology_version: string;
  methodology_date: string;
  changelog: Array<{ version: string; date: string; change: string }>;
  conflicts: string;
  corrections: string;
  practices: string;
  sources: string[];
}

export interface StatusEntry<Status extends string> {
  status: Status;
  sources?: string[];
  note?: string;
}

export interface CertificationEntry extends StatusEntry<CertificationStatus> {
  firmware?: string;
  valid_until?: string;
  as_of?: string;
  /** What dated versions of the programme's list showed, kept apart from the current status. */
  listings?: Listing[];
}

export interface Listing {
  status: "listed";
  as_of: string;
  firmware?: string;
  valid_until?: string;
  sources: string[];
  note?: string;
}

export interface ComplianceEntry extends StatusEntry<ComplianceStatus> {
  as_of?: string;
}

export interface WarrantyEntry extends StatusEntry<WarrantyStatus> {
  value?: string;
  term_months?: number;
}

export const CERTIFICATION_PROGRAMMES = ["microsoft-teams-rooms", "zoom-rooms", "google-meet"] as const;
export const COMPLIANCE_RULES = ["fcc", "ce-ukca", "rohs", "taa", "ndaa-889", "en-301-549"] as const;
export const WARRANTY_TERMS = ["standard_term", "extension_window", "advance_replacement", "paid_plan"] as const;

export interface EvidenceRecordContent {
  supplier: string;
  product: string;
  certification: Record<(typeof CERTIFICATION_PROGRAMMES)[number], CertificationEntry>;
  compliance: Record<(typeof COMPLIANCE_RULES)[number], ComplianceEntry>;
  warranty: Record<(typeof WARRANTY_TERMS)[number], WarrantyEntry>;
}

export interface EvidenceFamilyContent {
  family: string;
  name: string;
  order: number;
  description: string;
  records: EvidenceRecordContent[];
}

/** One answer as the API serves it. Here, with the content types, so that request-time code can name it without importing the compiler. */
export interface AnswerResource extends Omit<AnswerFrontMatter, "related" | "sources"> {
  related: Array<{ slug: string; title: string; href: string }>;
  sources: Source[];
  body: { markdown: string; html: string; word_count: number };
  links: { self: string };
}
