/**
 * Methods other than GET and HEAD. OPTIONS answers a CORS preflight; anything else is 405 with Allow. Pure,
 * so that the edge entry and the local server answer alike.
 */
import { problemResponse } from "./problems.ts";
import { ALLOWED_METHODS, corsHeaders } from "./response-headers.ts";

export function methodGuard(request: Pick<Request, "url" | "method" | "headers">): Response | undefined {
  if (request.method === "GET" || request.method === "HEAD") return undefined;
  if (request.method === "OPTIONS") {
    return new Response(null, {
      status: 204,
      headers: {
        ...corsHeaders(),
        Allow: ALLOWED_METHODS,
        "Access-Control-Allow-Methods": ALLOWED_METHODS,
        "Access-Control-Allow-Headers": request.headers.get("Access-Control-Request-Headers") ?? "*",
        "Access-Control-Max-Age": "86400",
        "Cache-Control": "public, max-age=86400",
        Vary: "Access-Control-Request-Headers",
      },
    });
  }
  return problemResponse(request, "method-not-allowed", `${request.method} is not allowed: this API is read-only. Use GET or HEAD.`, {
    headers: { Allow: ALLOWED_METHODS },
  });
}
