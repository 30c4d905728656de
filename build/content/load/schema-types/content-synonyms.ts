// Generated from schemas/content-synonyms.schema.json by `npm run types` (build/content/schemas/schema-types.ts). Do not edit: change the schema.

/**
 * Groups of words people use for the same thing. When q is answered with match=any (the default), a query word of a group also matches the group's other words and their inflections. Published in the docs and in the search index's map (synonyms).
 */
export interface SynonymsOfQContentSynonymsYaml {
groups: {
/**
 * The words of the group, at least two. Give the base form: plurals and other inflections match anyway.
 * 
 * @minItems 2
 * @maxItems 12
 * 
 * Items: One word as q is normalised: lower-case ASCII letters and digits, no space or hyphen.
 */
words: string[]
/**
 * The group's words that are also stop words of q, listed to say they are meant: a query never asks for a stop word, but a group's stop word makes every answer that says it match the group's other words, which is right only where the answers use it for the group's thing (m for metre).
 * 
 * @minItems 1
 */
stop_words?: string[]
/**
 * Why buyers use these words for the same thing, for the reviewer.
 */
why: string
}[]
}
