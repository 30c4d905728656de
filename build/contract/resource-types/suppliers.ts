// Generated from schemas/suppliers.schema.json by `npm run types` (build/content/schemas/schema-types.ts). Do not edit: change the schema.

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
 * Corrections to the data that a reader of an earlier version should know, newest last; the data changelog (/changelog) lists them.
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
 * The facts that put the supplier at this level, with products and dates; for 0, what was searched and not found.
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
 * What a rank means, in one or two sentences; published next to every rank.
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
 * A page where the contact is described: root-relative or https.
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
 * The query words the answer holds, in q's order, each with how it matched and the word it matched.
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
 * The query words the answer does not hold, in q's order (match=any; never any with match=all).
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
