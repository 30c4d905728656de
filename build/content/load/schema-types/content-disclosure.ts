// Generated from schemas/content-disclosure.schema.json by `npm run types` (build/content/schemas/schema-types.ts). Do not edit: change the schema.

/**
 * Whether a supplier can pay to be included.
 */
export type PaidInclusion = boolean
/**
 * Whether a supplier can pay for its rank.
 */
export type PaidRanking = boolean
/**
 * Whether any link earns the publisher a commission.
 */
export type AffiliateLinks = boolean
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
export type MethodologyVersion = string
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
paid_inclusion: PaidInclusion
paid_ranking: PaidRanking
affiliate_links: AffiliateLinks
/**
 * Plain text.
 */
selection: string
/**
 * Plain text.
 */
ranking: string
criteria: Criteria
methodology_version: MethodologyVersion
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
sources: SourceIds
/**
 * What a rank means, in one or two sentences; published next to every rank of the supplier directory.
 */
rank_meaning: string
contact: Contact
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
