// Generated from schemas/content-site.schema.json by `npm run types` (build/content/schemas/schema-types.ts). Do not edit: change the schema.

/**
 * The version of the API and its data, MAJOR.MINOR.PATCH.
 */
export type Version = string

export interface SiteSettingsContentSiteYaml {
/**
 * Plain text.
 */
name: string
/**
 * Plain text.
 */
description: string
version: Version
/**
 * Plain text.
 */
publisher: string
contact: Contact
licence: Licence
/**
 * Plain text.
 */
citation: string
page_size: number
/**
 * The origin the API is served from, with no path or trailing slash. The build takes BASE_URL, or Netlify's URL, from the environment before this value.
 */
base_url: string
/**
 * Only when v1 is deprecated. Sunset must come no sooner after the deprecation date than the versioning policy promises.
 */
deprecation?: {
/**
 * When v1 is deprecated (RFC 9745).
 */
deprecated_at: string
/**
 * When v1 stops answering (RFC 8594).
 */
sunset_at?: string
/**
 * The version that replaces v1, such as /api/v2.
 */
successor?: string
}
/**
 * Changes to the form of the published files (not to what the data says), each added at the end of the list (its changelog entry's id holds its place in it, so the list is never reordered): each is an entry of the data changelog, so that a reader or mirror of an earlier version knows why the bytes of a file changed.
 */
format_changes?: {
/**
 * A calendar date, YYYY-MM-DD.
 */
date: string
/**
 * Plain text.
 */
change: string
}[]
}
export interface Contact {
/**
 * Plain text.
 */
name: string
/**
 * A root-relative path on this site: one slash first (//host and /\host name another site), no backslash, quote or angle bracket.
 */
url: string
}
export interface Licence {
/**
 * SPDX identifier.
 */
id: string
/**
 * Plain text.
 */
name: string
/**
 * An absolute https URL, with no punctuation after it.
 */
url: string
}
