/**
 * The versioning policy, said once: in the docs, and in the root resource, because a downloaded or mirrored
 * copy loses the Deprecation and Sunset headers that would announce the end of v1.
 */
import { SUNSET_NOTICE_MONTHS, type VersioningPolicy } from "../../contract/versioning.ts";
import type { SiteSettings } from "../../content/load/types.ts";

export function versioningPolicy(site: SiteSettings): VersioningPolicy {
  return {
    api_version: "v1",
    current: site.version,
    promise:
      "v1 promises that every URL under /api/v1 keeps answering with the same shape: fields are never removed, renamed or given another meaning or type, and the rules of q, slug and page do not change. New fields, new statuses in a documented vocabulary, new resources and corrected data may arrive in any version; clients should ignore fields they do not know.",
    breaking:
      "A change that would break a client (a removed or renamed field, a changed type or meaning, a stricter parameter rule) is published as v2 under /api/v2, beside v1, never in place. The data version (MAJOR.MINOR.PATCH in `version`) counts corrections and additions within v1.",
    deprecation: `Deprecation is announced at least ${SUNSET_NOTICE_MONTHS} months before a sunset: every v1 response then carries a Deprecation header (RFC 9745) and a Sunset header (RFC 8594), and because headers are lost in a downloaded or mirrored copy, the same dates appear here, under versioning in the root resource, with the successor version.`,
    deprecation_date: site.deprecation?.deprecated_at ?? null,
    sunset_date: site.deprecation?.sunset_at ?? null,
    successor_version: site.deprecation?.successor ?? null,
    policy: "/docs/index.html#versioning",
  };
}
