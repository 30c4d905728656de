// Generated from schemas/content-supplier.schema.json by `npm run types` (build/content/schemas/schema-types.ts). Do not edit: change the schema.

/**
 * Ids of entries of the sources register.
 * 
 * @minItems 1
 * 
 * Items: An exact identifier: lower-case ASCII letters and digits in words joined by single hyphens.
 */
export type SourceIds = string[]
/**
 * Product lines by family, as the cited sources name them; empty where our sources name no product.
 * 
 * @minItems 0
 */
export type Makes = {
/**
 * An exact identifier: lower-case ASCII letters and digits in words joined by single hyphens.
 */
family: string
/**
 * @minItems 1
 * 
 * Items: Plain text.
 */
products: string[]
sources: SourceIds
}[]

export interface SupplierProfileContentSuppliersSlugYaml {
/**
 * The supplier's exact identifier; equals the file name.
 */
slug: string
/**
 * Plain text.
 */
name: string
/**
 * Position in the directory, 1 first; follows the weighted score of the disclosure's criteria (the disclosure's rank_meaning says what it measures).
 */
rank: number
/**
 * The supplier's own home page, only where certain.
 */
website?: string
/**
 * Plain text.
 */
summary: string
makes: Makes
/**
 * @minItems 1
 */
strengths: Claim[]
/**
 * @minItems 1
 */
caveats: Claim[]
ownership: Ownership
scores: Scores
searches: Searches
}
export interface Claim {
/**
 * Plain text.
 */
text: string
sources: SourceIds
}
export interface Ownership {
status: ("documented" | "reported" | "unknown")
/**
 * Plain text.
 */
text: string
sources?: SourceIds
}
/**
 * The supplier's score, 0 to 5, on each criterion of the disclosure, each with the facts that justify it.
 */
export interface Scores {
[k: string]: CriterionScore
}
export interface CriterionScore {
/**
 * The level of the disclosure's rubric for this criterion that the facts reach.
 */
score: number
/**
 * Plain text.
 */
basis: string
/**
 * Ids of the register entries the basis rests on; required for a score above 0.
 * 
 * Items: An exact identifier: lower-case ASCII letters and digits in words joined by single hyphens.
 */
sources?: string[]
}
/**
 * The searches made for this supplier, the same for every supplier: for each of the three areas that Documented areas counts (platform-certification: the platforms' certified-device lists; support-transparency: the warranty, replacement, service and support terms the supplier publishes; ownership-transparency: who owns the supplier, in its own and its owner's documents, filings and terms) and for each compliance rule of the evidence register (fcc: FCC equipment authorisations and the maker's FCC declarations; ce-ukca: EU and UK declarations of conformity; rohs: RoHS declarations; taa: Trade Agreements Act statements; ndaa-889: section 889 representations; en-301-549: accessibility conformance reports against EN 301 549), what was looked for, where, when, and what was found. The build refuses a supplier without all nine.
 */
export interface Searches {
"platform-certification": Search
"support-transparency": Search
"ownership-transparency": Search
fcc: Search
"ce-ukca": Search
rohs: Search
taa: Search
"ndaa-889": Search
"en-301-549": Search
}
/**
 * One recorded search: what was looked for, where, when, and what was found.
 */
export interface Search {
/**
 * Plain text.
 */
looked_for: string
/**
 * Where it was looked for: each list version, public page or document searched, as a reader can find it again (never the tool used to find it).
 * 
 * @minItems 1
 * 
 * Items: Plain text.
 */
where: string[]
/**
 * When the search was made.
 */
searched: string
/**
 * Ids of the register entries the search found; empty when it found nothing.
 * 
 * Items: An exact identifier: lower-case ASCII letters and digits in words joined by single hyphens.
 */
found: string[]
/**
 * Plain text.
 */
result: string
}
