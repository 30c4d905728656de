// Generated from schemas/answers.schema.json, schemas/evidence.schema.json, schemas/suppliers.schema.json by `npm run types` (build/content/schemas/schema-types.ts). Do not edit: change the schema.

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
/**
 * @minItems 1
 */
export type Criteria = {
/**
 * An exact identifier: lower-case ASCII letters and digits in words joined by single hyphens.
 */
id: string
/**
 * Plain text.
 */
name: string
/**
 * Percentage weight; all weights add up to 100.
 */
weight: number
/**
 * Plain text.
 */
description: string
/**
 * The rubric: what a supplier's facts must show for each score, from 5 down to 0.
 * 
 * @minItems 6
 * @maxItems 6
 */
levels: {
score: number
/**
 * Plain text.
 */
meaning: string
}[]
}[]
/**
 * @minItems 1
 */
export type Changelog = {
version: string
/**
 * A calendar date, YYYY-MM-DD.
 */
date: string
/**
 * Plain text.
 */
change: string
}[]
/**
 * Corrections to the data that a reader of an earlier version should know, newest first; the data changelog (/changelog) lists them.
 */
export type DataCorrections = {
/**
 * A calendar date, YYYY-MM-DD.
 */
date: string
/**
 * Plain text.
 */
summary: string
/**
 * @minItems 1
 * 
 * Items: Plain text.
 */
items: string[]
}[]

export interface Collections {
answers?: AnswersCollection
evidence?: EvidenceRegister
suppliers?: SupplierDirectory
}
/**
 * GET /api/v1/answers, with or without q, slug, sort, match and page: the collection envelope holding answers, in slug order, or best match first with q (meta.matches explains each).
 */
export interface AnswersCollection {
data: Answer[]
links: Links
meta: Meta
}
export interface Answer {
/**
 * An exact identifier: lower-case ASCII letters and digits in words joined by single hyphens.
 */
slug: string
title: string
question: string
summary: string
/**
 * Items: An exact identifier: lower-case ASCII letters and digits in words joined by single hyphens.
 */
tags: string[]
/**
 * Items: An exact identifier: lower-case ASCII letters and digits in words joined by single hyphens.
 */
product_families: string[]
related: {
/**
 * An exact identifier: lower-case ASCII letters and digits in words joined by single hyphens.
 */
slug: string
title: string
/**
 * A root-relative URL path on this site, pointing at a canonical file.
 */
href: string
}[]
/**
 * The sources the body cites, numbered in this order by its citation marks.
 * 
 * @minItems 1
 */
sources: Source[]
/**
 * A calendar date, YYYY-MM-DD.
 */
reviewed: string
body: {
/**
 * The body as written, Markdown with [@source-id] citations.
 */
markdown: string
/**
 * The body rendered to HTML: raw HTML in the Markdown is shown as text, links are https or root-relative only, citations link to #source-<id>.
 */
html: string
word_count: number
}
links: AnswerLinks
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
 * An absolute https URL, with no punctuation after it.
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
 * documented: the primary text was read (a primary source, always); reported: third parties report or copy it (a secondary source); unverified: weak or no source, such as our notes (secondary).
 */
confidence: ("documented" | "reported" | "unverified")
/**
 * true for a primary source: the supplier's or its owner's own document, a platform's certification list, a regulator or a standards body. false for a secondary one: our own research notes, press and trade reports, interviews, resellers, market-data sites and third-party copies of any document. Only primary sources support a score of 3 or more on platform listings, support terms, ownership or product range.
 */
primary: boolean
/**
 * Plain text.
 */
note?: string
/**
 * Marks the fields of this entry that go beyond our research notes, and says where each was read (or that it was not read).
 */
completed?: {
/**
 * @minItems 1
 */
fields: ("title" | "url" | "published")[]
/**
 * Plain text.
 */
where: string
}
}
export interface AnswerLinks {
/**
 * A root-relative URL path on this site, pointing at a canonical file.
 */
self: string
/**
 * A root-relative URL path on this site, pointing at a canonical file.
 */
markdown: string
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
 * Answers with q only: the order of `data`, relevance (best match first, ties in slug order) or slug (collection order).
 */
sort?: ("relevance" | "slug")
/**
 * Answers with q only: how q matched. any (the default): stop words left out, each word matched as itself, as a prefix, by its inflections, its synonyms or a small typo, the answers holding every word first, then those holding some of them. all: every word of q must start a word of the answer (no stop words, stems, synonyms or typos).
 */
match?: ("any" | "all")
/**
 * Answers with q only: the stop words of q left out (normalised, in q's order); always empty with match=all.
 */
ignored?: string[]
/**
 * Answers with q only: why each answer of `data` matched, in the same order, one entry per answer.
 */
matches?: AnswerMatch[]
/**
 * Answers with q only, when q finds nothing: corrected queries made of the index's own words, nearest first; empty when no correction finds anything.
 * 
 * @maxItems 5
 */
suggestions?: SearchSuggestion[]
/**
 * The digest of the content this response is made from. A page of a collection or a computed result depends on the whole content (its page boundaries, its ranking): it carries the build's content digest, /api/v1/health's, the same on every page and result of one build, so a client paging through can tell that a deploy came between two pages. An answer's own file (/api/v1/answers/{slug}.json, also what ?slug= alone returns) depends on that answer alone: it carries the answer's content digest, SHA-256 of the answer's line in /data/answers.ndjson without its newline, so the file's bytes and ETag change only when the answer does.
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
/**
 * Why one answer matched q. The answer object itself is unchanged; this sits beside it in meta.matches.
 */
export interface AnswerMatch {
/**
 * An exact identifier: lower-case ASCII letters and digits in words joined by single hyphens.
 */
slug: string
/**
 * Relevance points (BM25F: per query word, idf × saturated field-weighted frequency, summed). Higher is better; comparable only between answers of one query of one build. With match=any, the answers holding every word of q come first whatever their points.
 */
score: number
/**
 * Whether the answer holds every word of q: it matches each exactly, by stem or as a synonym, or the last word as a prefix (a typo, or a prefix of another word, does not hold it). With match=any these answers come first; with match=all every answer does.
 */
all_words: boolean
/**
 * The searchable fields some query word matches a word of, heaviest first.
 */
fields: ("title" | "question" | "tags" | "summary" | "body")[]
/**
 * The query words that match a word of the answer, in q's order, each with how it matched and the word it matched. A typo, or a prefix of any word but the last, matches without holding the word: all_words says whether every word is held.
 */
matched: {
/**
 * The query word (normalised).
 */
word: string
/**
 * How it matched, the first of these that holds: exact (the word itself), stem (another inflection of it: microphones for microphone), synonym (a word of its group in the published synonyms, or an inflection of one), prefix (a word it starts: micro for microphone), typo (a word of the index a small edit away, where nothing else matched it in any answer).
 */
how: ("exact" | "stem" | "synonym" | "prefix" | "typo")
/**
 * The answer's word (normalised) it matched, in the heaviest field it matched in.
 */
found: string
}[]
/**
 * The query words that match no word of the answer in any way (not even as a typo or a prefix), in q's order (match=any; never any with match=all).
 */
missing: string[]
/**
 * Plain text (no HTML) around the best match: a sentence or two of one field, cut at word boundaries with … where shortened.
 */
snippet: {
field: ("title" | "question" | "summary" | "body")
text: string
/**
 * [start, end) of each matched word in text, in Unicode code points (Array.from(text) in JavaScript, str indexes in Python), ascending.
 */
matches: unknown[][]
}
}
export interface SearchSuggestion {
/**
 * The corrected query: normalised words, separated by spaces. Request it as q to get its answers.
 */
q: string
/**
 * How many answers it finds.
 */
total: number
/**
 * @minItems 1
 */
corrections: {
/**
 * A word of q, normalised, that starts no word of any answer.
 */
token: string
/**
 * The index's word put in its place.
 */
word: string
/**
 * Edit distance (insertions, deletions, substitutions, swaps of neighbours).
 */
distance: number
}[]
}
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
/**
 * The base warranty of the product (standard_term, extension_window, advance_replacement) and, apart from it, what a paid service plan adds (paid_plan).
 */
warranty: {
standard_term: Warranty
extension_window: Warranty1
advance_replacement: Warranty2
paid_plan: Warranty3
}
sources: Source[]
}
export interface Certification {
/**
 * The current status, at the register's methodology date; what dated versions of a list showed is kept apart in `listings`. certified: listed in the version of the programme's list dated `as_of`, which is the date of a cited source and no more than 12 months before the methodology date, with no end date (`valid_until`) passed by then; expired: a version of the list as recent as that, dated on or after `valid_until`, shows that the listing ended; announced: support announced, not a certification listing; not-certified: the source says it is not certified; unknown: no source read establishes the status at the methodology date (older sightings are in `listings`); unverified: a claim was seen but not confirmed from a primary source. The build refuses a certified or expired status that its sources do not support at their dates.
 */
status: ("certified" | "expired" | "announced" | "not-certified" | "unknown" | "unverified")
sources?: SourceIds
note?: string
/**
 * The firmware the list version behind the current status names.
 */
firmware?: string
/**
 * A calendar date, YYYY-MM-DD.
 */
valid_until?: string
/**
 * A calendar date, YYYY-MM-DD.
 */
as_of?: string
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
 * A calendar date, YYYY-MM-DD.
 */
as_of: string
/**
 * The firmware that version names.
 */
firmware?: string
/**
 * A calendar date, YYYY-MM-DD.
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
sources?: SourceIds
note?: string
/**
 * A calendar date, YYYY-MM-DD.
 */
as_of?: string
}
/**
 * The length of this product's base warranty, as a source states it for this product. A supplier's generic policy (such as '90 days unless longer') is not a product's term: the term is then unknown, with the policy in the note.
 */
export interface Warranty {
/**
 * documented: the term for this product is stated in a source read; not-offered: a source says it is not offered; unknown: no source read states this product's term (a supplier's generic policy, such as '90 days unless longer', goes in the note and does not make the term documented); unverified: a value for this product was seen but not confirmed.
 */
status: ("documented" | "not-offered" | "unknown" | "unverified")
sources?: SourceIds
note?: string
value?: string
term_months?: number
}
/**
 * When an extension of the base warranty can be bought (for example only at purchase or within 30 days).
 */
export interface Warranty1 {
/**
 * documented: the term for this product is stated in a source read; not-offered: a source says it is not offered; unknown: no source read states this product's term (a supplier's generic policy, such as '90 days unless longer', goes in the note and does not make the term documented); unverified: a value for this product was seen but not confirmed.
 */
status: ("documented" | "not-offered" | "unknown" | "unverified")
sources?: SourceIds
note?: string
value?: string
term_months?: number
}
/**
 * Whether the base warranty sends a replacement before the faulty unit comes back. Advance replacement sold with a paid plan belongs under paid_plan, not here.
 */
export interface Warranty2 {
/**
 * documented: the term for this product is stated in a source read; not-offered: a source says it is not offered; unknown: no source read states this product's term (a supplier's generic policy, such as '90 days unless longer', goes in the note and does not make the term documented); unverified: a value for this product was seen but not confirmed.
 */
status: ("documented" | "not-offered" | "unknown" | "unverified")
sources?: SourceIds
note?: string
value?: string
term_months?: number
}
/**
 * What a paid service plan adds (support hours, advance replacement, updates), kept apart from the base warranty.
 */
export interface Warranty3 {
/**
 * documented: the term for this product is stated in a source read; not-offered: a source says it is not offered; unknown: no source read states this product's term (a supplier's generic policy, such as '90 days unless longer', goes in the note and does not make the term documented); unverified: a value for this product was seen but not confirmed.
 */
status: ("documented" | "not-offered" | "unknown" | "unverified")
sources?: SourceIds
note?: string
value?: string
term_months?: number
}
/**
 * GET /api/v1/suppliers: supplier profiles in rank order, with the disclosure.
 */
export interface SupplierDirectory {
data: Supplier[]
disclosure: Disclosure
links: Links
meta: Meta
}
export interface Supplier {
/**
 * An exact identifier: lower-case ASCII letters and digits in words joined by single hyphens.
 */
slug: string
name: string
rank: number
/**
 * What the rank means: its place among how many suppliers, the methodology version, and the disclosure's rank_meaning.
 */
rank_meaning: string
/**
 * The weighted score the rank follows.
 */
score: number
scores: Scores
website: (string | null)
summary: string
makes: Makes
strengths: Claim[]
caveats: Claim[]
ownership: Ownership
searches: Searches
sources: Source[]
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
 * A calendar date, YYYY-MM-DD.
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
/**
 * The ownership disclosure and editorial methodology note (the specification names this one part both ways).
 */
export interface Disclosure {
/**
 * Plain text.
 */
title: string
/**
 * Plain text.
 */
publisher: string
/**
 * Plain text.
 */
owner: string
contact: Contact
/**
 * Plain text.
 */
funding: string
/**
 * Whether a supplier can pay to be included.
 */
paid_inclusion: boolean
/**
 * Whether a supplier can pay for its rank.
 */
paid_ranking: boolean
/**
 * Whether any link earns the publisher a commission.
 */
affiliate_links: boolean
/**
 * Plain text.
 */
selection: string
/**
 * Plain text.
 */
ranking: string
/**
 * What a rank means, in one or two sentences; published next to every rank of the supplier directory.
 */
rank_meaning: string
criteria: Criteria
methodology_version: string
/**
 * A calendar date, YYYY-MM-DD.
 */
methodology_date: string
changelog: Changelog
claim_audit?: ClaimAudit
data_corrections?: DataCorrections
/**
 * Plain text.
 */
conflicts: string
/**
 * Plain text.
 */
corrections: string
/**
 * Plain text.
 */
practices: string
sources: Source[]
}
/**
 * Who answers for the directory and how to reach them, as far as the project knows it.
 */
export interface Contact {
/**
 * Plain text.
 */
name: string
/**
 * Plain text.
 */
how_to_reach: string
/**
 * A page where the contact is described: a path of this site or an https address.
 */
url?: string
}
/**
 * The summary of the claim audit kept in content/audit/ (not served): how many claims were checked against their sources, how many were wrong and mended, by kind, and the day of the latest check. The build checks these figures against the audit's entries.
 */
export interface ClaimAudit {
/**
 * A calendar date, YYYY-MM-DD.
 */
date: string
claims_checked: number
defects_found: number
defects_mended: number
by_kind: {
/**
 * What was wrong. wrong-source: the cited source does not say it (another one does, or none); overstated-strength: the source says it less strongly, less generally or less precisely (recommends, not requires; our notes, not a document); stale: a newer version of the source, or a source read since, says otherwise; arithmetic: a number or worked example does not compute; summary-mismatch: a summary or description says other than the body or records it summarises; provenance: the record does not say where the source can be read, or stands for no document; other: anything else, said in `mended`.
 */
kind: ("wrong-source" | "overstated-strength" | "stale" | "arithmetic" | "summary-mismatch" | "provenance" | "other")
found: number
mended: number
}[]
/**
 * Plain text.
 */
summary: string
}
