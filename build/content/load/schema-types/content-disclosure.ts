// Generated from schemas/content-disclosure.schema.json by `npm run types` (build/content/schemas/schema-types.ts). Do not edit: change the schema.

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
 * The summary of the claim audit kept in content/audit/ (not served): how many claims were checked against their sources, how many were wrong and mended, by kind, and the day of the latest check. The build checks these figures against the audit's entries.
 */
claim_audit?: {
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
/**
 * Corrections to the data that a reader of an earlier version should know, newest last; the data changelog (/changelog) lists them.
 */
data_corrections?: {
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
