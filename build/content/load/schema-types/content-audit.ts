// Generated from schemas/content-audit.schema.json by `npm run types` (build/content/schemas/schema-types.ts). Do not edit: change the schema.

/**
 * One claim checked. `claim` quotes the claim as the file states it now (after any mend), so that the build can tell when the file changes under it; `was` keeps what a mended or removed claim said before. A claim of an answer, a supplier profile, an evidence family or the disclosure that something was not found, or has not happened yet, also records the search made for it outside the source register (`outward`), which expires.
 */
export type Entry = {
/**
 * The line of the file where the claim starts (for a removed claim, where it stood), at the time of the check.
 */
line: number
/**
 * The claim as the file states it now, quoted exactly (line breaks and indentation may differ).
 */
claim?: string
/**
 * What the claim said before it was mended or removed.
 */
was?: string
sources: SourceIds
/**
 * What those sources say on the point, at the version and date read.
 */
source_says: string
/**
 * supported: the sources say it, as strongly and as of the dates the claim gives; mended: the claim was wrong and now says what the sources support (or unknown); removed: the claim could not be supported and was taken out.
 */
verdict: ("supported" | "mended" | "removed")
defect?: DefectKind
/**
 * How a defect was mended.
 */
mended?: string
/**
 * The day the claim was checked against its sources.
 */
checked: string
outward?: Outward
}
/**
 * The register ids of the sources the claim was checked against (after a mend, the ones it now cites).
 * 
 * @minItems 1
 * 
 * Items: An exact identifier: lower-case ASCII letters and digits in words joined by single hyphens.
 */
export type SourceIds = string[]
/**
 * What was wrong. wrong-source: the cited source does not say it (another one does, or none); overstated-strength: the source says it less strongly, less generally or less precisely (recommends, not requires; our notes, not a document); stale: a newer version of the source, or a source read since, says otherwise; arithmetic: a number or worked example does not compute; summary-mismatch: a summary or description says other than the body or records it summarises; provenance: the record does not say where the source can be read, or stands for no document; other: anything else, said in `mended`.
 */
export type DefectKind = ("wrong-source" | "overstated-strength" | "stale" | "arithmetic" | "summary-mismatch" | "provenance" | "other")
/**
 * The register ids of what the search found, when it found anything.
 * 
 * @minItems 1
 * 
 * Items: An exact identifier: lower-case ASCII letters and digits in words joined by single hyphens.
 */
export type SourceIds1 = string[]

/**
 * The record of a claim-by-claim check of one content file against the sources its claims cite: for each claim, where it stands, what it says now, which sources it rests on, what they say, the verdict and how a defect was mended, and the day of the check. The audit is kept beside the content and checked by the build (every quote must still be in its file, every source must exist and be read by the day of the check), and the disclosure states its summary; it is not served by the API.
 */
export interface ClaimAuditOfOneContentFileContentAuditYaml {
/**
 * The content file the claims are in, relative to the content folder.
 */
file: string
/**
 * @minItems 1
 */
entries: Entry[]
}
/**
 * The search made outside the source register for a claim of absence (something not found, not seen, not established) or of a pending event (announced, expected, not yet): when, for what words, where, what it found, and when it must be made again. Facts expire: `npm run stale` lists the claims whose search is due, and the build counts those past their expiry. A date never fails a build.
 */
export interface Outward {
/**
 * absence: the claim says something was not found, not seen or not established; pending: it says something is announced, expected or has not happened yet. A pending event expires sooner.
 */
kind: ("absence" | "pending")
/**
 * The day of the search.
 */
searched: string
/**
 * The words searched, one query an item, as typed.
 * 
 * @minItems 1
 * 
 * Items: Plain text.
 */
queries: string[]
/**
 * What was searched: the issuer's own filings and pages first, then platform lists, regulators and the press; each as anyone could search it again.
 * 
 * @minItems 1
 * 
 * Items: Plain text.
 */
where: string[]
/**
 * Plain text.
 */
found: string
sources?: SourceIds1
/**
 * The day the search must be made again: after `searched`, at most 183 days after it for a pending event and 366 for plain absence.
 */
expires: string
}
