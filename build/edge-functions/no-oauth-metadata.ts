// Netlify Edge Function entry: a JSON problem 404 at the OAuth discovery paths, with its own headers (header
// rules do not reach rewritten or edge responses reliably). The logic is in ../serve/request/no-oauth-metadata.ts.
import { noOauthMetadata, OAUTH_METADATA_PATHS } from "../serve/request/no-oauth-metadata.ts";

export default function handler(request: Request): Response | undefined {
  return noOauthMetadata(request);
}

// No `method`, so that it sees HEAD; it hands on every other method (the method guard answers those).
export const config = {
  path: OAUTH_METADATA_PATHS.flatMap((path) => [path, `${path}/*`]),
};
