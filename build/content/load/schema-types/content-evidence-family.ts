// Generated from schemas/content-evidence-family.schema.json by `npm run types` (build/content/schemas/schema-types.ts). Do not edit: change the schema.

/**
 * Ids of entries of the sources register.
 * 
 * @minItems 1
 * 
 * Items: An exact identifier: lower-case ASCII letters and digits in words joined by single hyphens.
 */
export type SourceIds = string[]
/**
 * Dated versions of the programme's list that name the product, each with what that version showed.
 * 
 * @minItems 1
 */
export type Listings = Listing[]

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
/**
 * The base warranty of the product (standard_term, extension_window, advance_replacement) and, apart from it, what a paid service plan adds (paid_plan).
 */
warranty: {
standard_term: Warranty
extension_window: Warranty1
advance_replacement: Warranty2
paid_plan: Warranty3
}
}
export interface Certification {
/**
 * The current status, at the register's methodology date; what dated versions of a list showed is kept apart in `listings`. certified: listed in the version of the programme's list dated `as_of`, which is the date of a cited source and no more than 12 months before the methodology date, with no end date (`valid_until`) passed by then; expired: a version of the list as recent as that, dated on or after `valid_until`, shows that the listing ended; announced: support announced, not a certification listing; not-certified: the source says it is not certified; unknown: no source read establishes the status at the methodology date (older sightings are in `listings`); unverified: a claim was seen but not confirmed from a primary source. The build refuses a certified or expired status that its sources do not support at their dates.
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
 * The date of the list version the current status rests on: the date of a cited source.
 */
as_of?: string
sources?: SourceIds
/**
 * Plain text.
 */
note?: string
listings?: Listings
}
/**
 * What one dated version of a programme's list showed: the product was listed in the version dated `as_of` (the date of a cited source, which the build checks), with the firmware and end date that version gives. A listing says nothing about the status after that date: an end date it gives may since have been extended or ended.
 */
export interface Listing {
/**
 * listed: the product appears in the version of the list dated `as_of`.
 */
status: "listed"
/**
 * The date of the version of the list read.
 */
as_of: string
/**
 * The firmware that version names.
 */
firmware?: string
/**
 * The certification end date that version gives.
 */
valid_until?: string
sources: SourceIds
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
/**
 * The length of this product's base warranty, as a source states it for this product. A supplier's generic policy (such as '90 days unless longer') is not a product's term: the term is then unknown, with the policy in the note.
 */
export interface Warranty {
/**
 * documented: the term for this product is stated in a source read; not-offered: a source says it is not offered; unknown: no source read states this product's term (a supplier's generic policy, such as '90 days unless longer', goes in the note and does not make the term documented); unverified: a value for this product was seen but not confirmed.
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
/**
 * When an extension of the base warranty can be bought (for example only at purchase or within 30 days).
 */
export interface Warranty1 {
/**
 * documented: the term for this product is stated in a source read; not-offered: a source says it is not offered; unknown: no source read states this product's term (a supplier's generic policy, such as '90 days unless longer', goes in the note and does not make the term documented); unverified: a value for this product was seen but not confirmed.
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
/**
 * Whether the base warranty sends a replacement before the faulty unit comes back. Advance replacement sold with a paid plan belongs under paid_plan, not here.
 */
export interface Warranty2 {
/**
 * documented: the term for this product is stated in a source read; not-offered: a source says it is not offered; unknown: no source read states this product's term (a supplier's generic policy, such as '90 days unless longer', goes in the note and does not make the term documented); unverified: a value for this product was seen but not confirmed.
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
/**
 * What a paid service plan adds (support hours, advance replacement, updates), kept apart from the base warranty.
 */
export interface Warranty3 {
/**
 * documented: the term for this product is stated in a source read; not-offered: a source says it is not offered; unknown: no source read states this product's term (a supplier's generic policy, such as '90 days unless longer', goes in the note and does not make the term documented); unverified: a value for this product was seen but not confirmed.
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
