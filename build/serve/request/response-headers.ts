/**
 * The headers the request-time code sets itself (Netlify applies no header rules to edge responses), with the
 * values of the header rules for the same kinds of response (../../contract/header-rules.ts).
 */
import { EVERY_RESPONSE } from "../../contract/header-rules.ts";
import { PREFLIGHT_MAX_AGE } from "../../contract/http.ts";

/** What every response carries: CORS open to all, nosniff, no referrer. */
export function corsHeaders(): Record<string, string> {
  return { ...EVERY_RESPONSE };
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

/** True when an If-None-Match value names this tag (weak comparison, as RFC 9110 asks for GET). */
export function ifNoneMatchHits(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  const opaque = etag.replace(/^W\//, "");
  return ifNoneMatch.split(",").some((candidate) => candidate.trim().replace(/^W\//, "") === opaque);
}
