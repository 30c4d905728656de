// Generated from schemas/evidence.schema.json by `npm run types` (build/schemas/schema-types.ts). Do not edit: change the schema.

/**
 * Ids of entries of the sources register.
 * 
 * @minItems 1
 * 
 * Items: An exact identifier: lower-case ASCII letters and digits in words joined by single hyphens.
 */
export type SourceIds = string[]

/**
 * GET /api/v1/evidence: certification, compliance and warranty status, grouped by product family in the declared family order.
 */
export interface EvidenceRegister {
data: Family[]
links: Links
meta: Meta
}
export interface Family {
/**
 * An exact identifier: lower-case ASCII letters and digits in words joined by single hyphens.
 */
family: string
name: string
order: number
description: string
/**
 * By supplier rank, then product.
 */
records: Record[]
}
export interface Record {
/**
 * Supplier slug and product in slug form, joined by --.
 */
id: string
supplier: {
/**
 * An exact identifier: lower-case ASCII letters and digits in words joined by single hyphens.
 */
slug: string
name: string
rank: number
}
product: string
certification: {
"microsoft-teams-rooms": Certification
"zoom-rooms": Certification
"google-meet": Certification
}
compliance: {
fcc: Compliance
"ce-ukca": Compliance
rohs: Compliance
taa: Compliance
"ndaa-889": Compliance
"en-301-549": Compliance
}
warranty: {
standard_term: Warranty
extension_window: Warranty
advance_replacement: Warranty
}
sources: Source[]
}
export interface Certification {
/**
 * certified: on the programme's list as of `as_of`; expired: the listing for the recorded firmware has ended (`valid_until`); announced: support announced, not a certification listing; not-certified: the source says it is not certified; unknown: no source found; unverified: a claim was seen but not confirmed from a primary source.
 */
status: ("certified" | "expired" | "announced" | "not-certified" | "unknown" | "unverified")
sources?: SourceIds
note?: string
firmware?: string
/**
 * A calendar date, YYYY-MM-DD.
 */
valid_until?: string
/**
 * A calendar date, YYYY-MM-DD.
 */
as_of?: string
}
export interface Compliance {
/**
 * declared: the maker's own declaration was seen (SDoC, declaration of conformity, TAA letter); certified: a third party certified it; not-compliant: a source says it does not comply; not-applicable: the rule does not apply; unknown: no source found; unverified: a claim was seen but not confirmed.
 */
status: ("declared" | "certified" | "not-compliant" | "not-applicable" | "unknown" | "unverified")
sources?: SourceIds
note?: string
/**
 * A calendar date, YYYY-MM-DD.
 */
as_of?: string
}
export interface Warranty {
/**
 * documented: the term is stated in a source read; not-offered: a source says it is not offered; unknown: no source found; unverified: a claim was seen but not confirmed.
 */
status: ("documented" | "not-offered" | "unknown" | "unverified")
sources?: SourceIds
note?: string
value?: string
term_months?: number
}
/**
 * An entry of the sources register.
 */
export interface Source {
/**
 * An exact identifier: lower-case ASCII letters and digits in words joined by single hyphens.
 */
id: string
/**
 * Plain text.
 */
title: string
/**
 * Plain text.
 */
publisher: string
/**
 * An absolute https URL.
 */
url?: string
/**
 * The source's own version date, where it gives one.
 */
published?: string
/**
 * When the source was read, to the precision known.
 */
accessed: string
kind: ("research-notes" | "platform-certification-list" | "vendor-documentation" | "vendor-warranty-terms" | "reseller-listing" | "news-report" | "regulation" | "standard" | "guidance" | "editorial-policy")
/**
 * documented: the primary text was read; reported: third parties report it; unverified: weak or no source.
 */
confidence: ("documented" | "reported" | "unverified")
/**
 * Plain text.
 */
note?: string
}
export interface Links {
/**
 * A root-relative URL path on this site, pointing at a canonical file.
 */
self: string
/**
 * A root-relative URL path on this site, pointing at a canonical file.
 */
first: string
/**
 * A root-relative URL path on this site, pointing at a canonical file.
 */
last: string
/**
 * A root-relative URL path on this site, pointing at a canonical file.
 */
prev?: string
/**
 * A root-relative URL path on this site, pointing at a canonical file.
 */
next?: string
}
/**
 * Counts of this response: `count` items here, `total` in the whole (filtered) collection, on `page_count` pages of at most `page_size`.
 */
export interface Meta {
count: number
total: number
page: number
page_count: number
page_size: number
filters: Filters
/**
 * Evidence only: records across all families.
 */
record_count?: number
/**
 * The content digest of the build this file (or response) was made from: the same as /api/v1/health's. Pages and results of one build carry the same digest.
 */
content_digest: string
}
/**
 * The filters applied to this response; null where a filter is not applied.
 */
export interface Filters {
q: (string | null)
slug: (string | null)
}
