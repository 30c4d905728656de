/**
 * The OAuth discovery paths, answered 404 with a JSON problem. Nothing here is protected, so there is no
 * authorization server and no protected-resource metadata; an MCP client that found either (even the site's
 * HTML 404 page served with 200 by a careless host) could start a sign-in flow that cannot succeed.
 * RFC 9728 and RFC 8414 also define path-suffixed forms (`/.well-known/oauth-protected-resource/mcp`).
 */
import { NO_OAUTH_DETAIL, OAUTH_METADATA_PATHS } from "../../contract/layout.ts";
import { problemResponse } from "./problems.ts";

export { OAUTH_METADATA_PATHS };

function isOauthMetadataPath(pathname: string): boolean {
  return OAUTH_METADATA_PATHS.some((path) => pathname === path || pathname.startsWith(`${path}/`));
}

export function noOauthMetadata(request: Request): Response | undefined {
  if (request.method !== "GET" && request.method !== "HEAD") return undefined;
  if (!isOauthMetadataPath(new URL(request.url).pathname)) return undefined;
  return problemResponse(request, "not-found", NO_OAUTH_DETAIL);
}
