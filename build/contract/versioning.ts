/**
 * The versioning block of the root resource and the headers computed responses carry from it (RFC 9745
 * Deprecation, RFC 8594 Sunset): the shape is the contract's; its wording is the docs' (describe/versioning.ts).
 */
export interface VersioningPolicy {
  api_version: "v1";
  current: string;
  promise: string;
  breaking: string;
  deprecation: string;
  /** RFC 9745: when v1 was or will be deprecated (an RFC 3339 date); null while it is not. */
  deprecation_date: string | null;
  /** RFC 8594: when v1 stops answering (an RFC 3339 date); null while none is announced. */
  sunset_date: string | null;
  successor_version: string | null;
  policy: string;
}

/** The months a sunset comes after the deprecation at least: the versioning policy's promise. */
export const SUNSET_NOTICE_MONTHS = 6;

/** Header values for the deprecation dates (RFC 9745 wants a structured-field date, RFC 8594 an HTTP date). */
export function deprecationHeaders(policy: VersioningPolicy): Record<string, string> {
  const headers: Record<string, string> = {};
  if (policy.deprecation_date) headers.Deprecation = `@${Math.floor(Date.parse(policy.deprecation_date) / 1000)}`;
  if (policy.sunset_date) headers.Sunset = new Date(policy.sunset_date).toUTCString();
  return headers;
}
