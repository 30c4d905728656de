// Generated from schemas/answers.schema.json by `npm run types` (build/content/schemas/schema-types.ts). Do not edit: change the schema.

/**
 * GET /api/v1/answers, with or without q, slug, sort and page: the collection envelope holding answers, in slug order, or best match first with q (meta.matches explains each).
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
links: {
/**
 * A root-relative URL path on this site, pointing at a canonical file.
 */
self: string
/**
 * A root-relative URL path on this site, pointing at a canonical file.
 */
markdown: string
}
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
