// Generated from schemas/content-sources.schema.json by `npm run types` (build/content/schemas/schema-types.ts). Do not edit: change the schema.

/**
 * An entry of the sources register.
 */
export type Source = ({
/**
 * Text that says where anyone can read the source and when, without how we read it (a stored copy or version, a tool of ours).
 */
note?: string
completed?: {
/**
 * Text that says where anyone can read the source and when, without how we read it (a stored copy or version, a tool of ours).
 */
where?: string
}
} & {
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
})

/**
 * The one register of sources that every factual claim cites.
 */
export interface SourcesRegisterContentSourcesYaml {
/**
 * @minItems 1
 */
sources: Source[]
}
