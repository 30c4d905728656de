/**
 * Methods other than GET and HEAD. OPTIONS answers a CORS preflight; anything else is 405 with Allow. Pure,
 * so that the edge entry and the local server answer alike.
 */
import { problemResponse } from "./problems.ts";
import { ALLOWED_METHODS } from "../../contract/http.ts";
import { methodNotAllowedDetail } from "../../contract/problems.ts";
import { preflightResponse } from "./response-headers.ts";

export function methodGuard(request: Pick<Request, "url" | "method" | "headers">): Response | undefined {
  if (request.method === "GET" || request.method === "HEAD") return undefined;
  if (request.method === "OPTIONS") {
    return preflightResponse(ALLOWED_METHODS, request.headers.get("Access-Control-Request-Headers") ?? "*", {
      Vary: "Access-Control-Request-Headers",
    });
  }
  return problemResponse(request, "method-not-allowed", methodNotAllowedDetail(request.method), {
    headers: { Allow: ALLOWED_METHODS },
  });
}
