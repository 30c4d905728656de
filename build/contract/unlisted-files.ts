/**
 * Files of the output that are not public URLs, which the URL list, the routes and the local server leave out.
 * Apart from ./layout.ts so that the offline page's bundle, which takes its paths from there, does not carry them.
 */
import { API_NOT_FOUND_FILE } from "./layout.ts";

/** The header rules and the redirect rules, as the build writes them for Netlify. */
export const HEADERS_FILE_PATH = "/_headers";
export const REDIRECTS_FILE_PATH = "/_redirects";
/** Files Netlify reads as configuration and never serves: in the checksums, never in the URL list. */
export const NETLIFY_CONFIGURATION_FILES: ReadonlySet<string> = new Set([HEADERS_FILE_PATH, REDIRECTS_FILE_PATH]);
/**
 * Files in the checksums but not public URLs: the configuration, and the body of the /api/* 404 rule, which
 * answers 404 when requested itself (so a crawler or a mirror has nothing to fetch there).
 */
export const UNLISTED_FILES: ReadonlySet<string> = new Set([...NETLIFY_CONFIGURATION_FILES, API_NOT_FOUND_FILE]);

/**
 * The check a mirror of the served URLs passes against a copy of SHA256SUMS (at `sums`): every line but the unlisted
 * files', which a mirror has not got. `sha256sum --check --ignore-missing` passed a mirror that lacked any file.
 */
export function mirrorCheck(sums = "SHA256SUMS"): string {
  const unlisted = [...UNLISTED_FILES].map((file) => file.slice(1).replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  return `grep -v -E ' (${unlisted.join("|")})$' ${sums} | sha256sum --check --strict --quiet`;
}
