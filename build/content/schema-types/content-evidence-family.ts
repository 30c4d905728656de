// Generated from schemas/content-evidence-family.schema.json by `npm run types` (build/schemas/schema-types.ts). Do not edit: change the schema.

/**
 * Ids of entries of the sources register.
 * 
 * @minItems 1
 * 
 * Items: An exact identifier: lower-case ASCII letters and digits in words joined by single hyphens.
 */
export type SourceIds = string[]

export interface EvidenceRegisterOneProductFamilyContentEvidenceFamilyYaml {
/**
 * The family's slug; equals the file name.
 */
family: string
/**
 * Plain text.
 */
name: string
/**
 * The family's position in the register, 1 first.
 */
order: number
/**
 * Plain text.
 */
description: string
records: Record[]
}
export interface Record {
/**
 * Slug of a supplier of the directory.
 */
supplier: string
/**
 * Plain text.
 */
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
}
export interface Certification {
/**
 * certified: on the programme's list as of `as_of`; expired: the listing for the recorded firmware has ended (`valid_until`); announced: support announced, not a certification listing; not-certified: the source says it is not certified; unknown: no source found; unverified: a claim was seen but not confirmed from a primary source.
 */
status: ("certified" | "expired" | "announced" | "not-certified" | "unknown" | "unverified")
/**
 * The firmware the listing names.
 */
firmware?: string
/**
 * The listing's end date.
 */
valid_until?: string
/**
 * The date of the list read.
 */
as_of?: string
sources?: SourceIds
/**
 * Plain text.
 */
note?: string
}
export interface Compliance {
/**
 * declared: the maker's own declaration was seen (SDoC, declaration of conformity, TAA letter); certified: a third party certified it; not-compliant: a source says it does not comply; not-applicable: the rule does not apply; unknown: no source found; unverified: a claim was seen but not confirmed.
 */
status: ("declared" | "certified" | "not-compliant" | "not-applicable" | "unknown" | "unverified")
/**
 * A calendar date, YYYY-MM-DD.
 */
as_of?: string
sources?: SourceIds
/**
 * Plain text.
 */
note?: string
}
export interface Warranty {
/**
 * documented: the term is stated in a source read; not-offered: a source says it is not offered; unknown: no source found; unverified: a claim was seen but not confirmed.
 */
status: ("documented" | "not-offered" | "unknown" | "unverified")
/**
 * The term as the source states it.
 */
value?: string
term_months?: number
sources?: SourceIds
/**
 * Plain text.
 */
note?: string
}
