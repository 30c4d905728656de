/**
 * RFC 9457 problem responses, for the edge entries and the local server alike. Pure web APIs. The catalogue
 * of types and the documents' form are the contract's (../../contract/problems.ts).
 */
import { problemBody, problemText, PROBLEM_TYPES, type ProblemType } from "../../contract/problems.ts";
import { linkHeader, PROBLEM_SCHEMA } from "../../contract/header-rules.ts";
import { corsHeaders } from "./response-headers.ts";
import { MAX_REQUEST_LINE, PROBLEM_TYPE } from "../../contract/http.ts";

/** What a problem response needs of the request: its URL (for the origin) and method (HEAD has no body). */
export type RequestLike = Pick<Request, "url" | "method">;

/** A problem response. Never cached by the browser or the CDN. */
export function problemResponse(
  request: RequestLike,
  kind: ProblemType,
  detail: string,
  extra: { headers?: Record<string, string>; extensions?: Record<string, unknown> } = {},
): Response {
  const origin = new URL(request.url).origin;
  const text = problemText(problemBody(kind, detail, origin, extra.extensions));
  const headers = new Headers({
    ...corsHeaders(),
    "Content-Type": PROBLEM_TYPE,
    Link: linkHeader(PROBLEM_SCHEMA),
    "Cache-Control": "no-store",
    "Netlify-CDN-Cache-Control": "no-store",
    ...extra.headers,
  });
  headers.set("Content-Length", String(new TextEncoder().encode(text).byteLength));
  return new Response(request.method === "HEAD" ? null : text, { status: PROBLEM_TYPES[kind].status, headers });
}

/** The detail of the 414 for a request line of `length` bytes. */
export function uriTooLongDetail(length: number | string): string {
  return `The request line has ${length} bytes; at most ${MAX_REQUEST_LINE} are accepted.`;
}
