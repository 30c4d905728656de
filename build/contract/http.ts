/**
 * What every response of the API shares, whoever sends it (the CDN's header rules, the edge entries, the local
 * server) and whoever describes it (OpenAPI, the docs): the methods, the CORS answer, the media types that are
 * ours to name.
 */

/** The methods the data API answers (OPTIONS for CORS preflights only). */
export const ALLOWED_METHODS = "GET, HEAD, OPTIONS";

/** The methods the MCP endpoint answers: JSON-RPC by POST, and CORS preflights. */
export const MCP_ALLOWED_METHODS = "POST, OPTIONS";

/** The longest request line accepted (method, target and version); longer gets 414. */
export const MAX_REQUEST_LINE = 8 * 1024;

/** The length of the request line a request was sent with, as HTTP/1.1 writes it. */
export function requestLineLength(method: string, target: string): number {
  return `${method} ${target} HTTP/1.1`.length;
}

/** The response headers a cross-origin script may read. */
export const EXPOSED_HEADERS = "ETag, Link, Deprecation, Sunset";

/** How long a browser may keep a preflight's answer, in seconds. */
export const PREFLIGHT_MAX_AGE = 86400;

/** The API catalog's media type: a linkset with the RFC 9727 profile. */
export const API_CATALOG_TYPE = 'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"';

/** JSON, Markdown and RFC 9457 problem documents as the API serves them. */
export const JSON_TYPE = "application/json; charset=utf-8";
export const MARKDOWN_TYPE = "text/markdown; charset=utf-8";
export const PROBLEM_TYPE = "application/problem+json";
