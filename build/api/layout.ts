/**
 * Where things are: the public paths the API's own code needs to know, at the bottom of the import graph
 * (this module imports nothing), so that build-time and request-time code, including the edge entries under
 * Deno, share one statement of the layout.
 */

/** Extensionless public URLs and the files they are rewrites of (the rules in netlify.toml). */
export const ALIASES: ReadonlyArray<readonly [string, string]> = [
  ["/api/v1", "/api/v1/index.json"],
  ["/api/v1/answers", "/api/v1/answers/index.json"],
  ["/api/v1/suppliers", "/api/v1/suppliers/index.json"],
  ["/api/v1/evidence", "/api/v1/evidence/index.json"],
  ["/api/v1/health", "/api/v1/health/index.json"],
];

/** The health file: its content digest changes with every change of the built files. */
export const HEALTH_FILE = "/api/v1/health/index.json";

/** Every canonical URL of a build, one root-relative path per line (for archivists and crawlers). */
export const URL_LIST_FILE = "/urls.txt";

/** The problem document of the `/api/*` 404 rule, for servers without edge functions (mirrors, `serve`). */
export const API_NOT_FOUND_FILE = "/errors/api-not-found";

/** What a 404 under /api/ says, wherever it is answered from. */
export const API_NOT_FOUND_DETAIL = "Nothing is published at this path. The API's resources are listed at /api/v1.";
