/**
 * The headers the request-time code sets itself (Netlify applies no [[headers]] rules to edge responses).
 * The values match the rules in netlify.toml for the same kinds of response; a test compares them.
 */
import { EXPOSED_HEADERS, PREFLIGHT_MAX_AGE } from "../../contract/http.ts";
import { OPENAPI_FILE, schemaPath } from "../../contract/layout.ts";

export function corsHeaders(): Record<string, string> {
  return {
    "Access-Control-Allow-Origin": "*",
    "Access-Control-Expose-Headers": EXPOSED_HEADERS,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
  };
}

/**
 * A CORS preflight answer (204): any origin may use `allow` with `allowHeaders`, for a day. `extra` adds what
 * one kind of preflight needs (a Vary where the allowed headers echo the request's).
 */
export function preflightResponse(allow: string, allowHeaders: string, extra: Record<string, string> = {}): Response {
  return new Response(null, {
    status: 204,
    headers: {
      ...corsHeaders(),
      Allow: allow,
      "Access-Control-Allow-Methods": allow,
      "Access-Control-Allow-Headers": allowHeaders,
      "Access-Control-Max-Age": String(PREFLIGHT_MAX_AGE),
      "Cache-Control": `public, max-age=${PREFLIGHT_MAX_AGE}`,
      ...extra,
    },
  });
}

/** Relative Link targets: the API catalog, the OpenAPI document and the body's schema. */
export function linkHeader(schemaName: string): string {
  return [
    `<${schemaPath(schemaName)}>; rel="describedby"`,
    `</.well-known/api-catalog>; rel="api-catalog"`,
    `<${OPENAPI_FILE}>; rel="service-desc"`,
  ].join(", ");
}

/** Browsers revalidate every time; the CDN keeps the response until the next deploy. */
export const BROWSER_CACHE = "public, max-age=0, must-revalidate";
export const CDN_CACHE = "public, max-age=31536000";

/** True when an If-None-Match value names this tag (weak comparison, as RFC 9110 asks for GET). */
export function ifNoneMatchHits(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  const opaque = etag.replace(/^W\//, "");
  return ifNoneMatch.split(",").some((candidate) => candidate.trim().replace(/^W\//, "") === opaque);
}
