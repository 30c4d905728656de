// Generated from schemas/content-answer.schema.json by `npm run types` (build/content/schemas/schema-types.ts). Do not edit: change the schema.

/**
 * @minItems 1
 * @maxItems 12
 * 
 * Items: An exact identifier: lower-case ASCII letters and digits in words joined by single hyphens.
 */
export type Tags = string[]
/**
 * Every source cited in the body, by id. The body cites each inline as [@id].
 * 
 * @minItems 1
 * 
 * Items: An exact identifier: lower-case ASCII letters and digits in words joined by single hyphens.
 */
export type SourceIds = string[]

/**
 * The YAML front matter of an answer; the Markdown body follows it.
 */
export interface BuyerAnswerFrontMatterContentAnswersSlugMd {
/**
 * The answer's exact identifier; equals the file name.
 */
slug: string
/**
 * Plain text.
 */
title: string
/**
 * Plain text.
 */
question: string
/**
 * Plain text.
 */
summary: string
tags: Tags
/**
 * Slugs of the product families of the evidence register that the answer concerns.
 * 
 * Items: An exact identifier: lower-case ASCII letters and digits in words joined by single hyphens.
 */
product_families: string[]
/**
 * Slugs of related answers.
 * 
 * @maxItems 8
 * 
 * Items: An exact identifier: lower-case ASCII letters and digits in words joined by single hyphens.
 */
related: string[]
sources: SourceIds
/**
 * When the answer was last reviewed.
 */
reviewed: string
}
