// Generated from schemas/content-disclosure.schema.json by `npm run types` (build/schemas/schema-types.ts). Do not edit: change the schema.

/**
 * Ids of entries of the sources register.
 * 
 * @minItems 1
 * 
 * Items: An exact identifier: lower-case ASCII letters and digits in words joined by single hyphens.
 */
export type SourceIds = string[]

export interface OwnershipDisclosureAndEditorialMethodologyContentDisclosureYaml {
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
 * @minItems 1
 */
criteria: {
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
methodology_version: string
/**
 * A calendar date, YYYY-MM-DD.
 */
methodology_date: string
/**
 * @minItems 1
 */
changelog: {
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
sources: SourceIds
/**
 * Plain text.
 */
rank_meaning: string
/**
 * Who answers for the directory and how to reach them, as far as the project knows it.
 */
contact: {
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
}
