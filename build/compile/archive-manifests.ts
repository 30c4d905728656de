/**
 * The lists an archivist needs, written last, over every other file of the output: urls.txt (every canonical
 * URL, root-relative, sorted, for `wget -i` or any crawler), the same list as a page of links (for a crawler
 * that starts at / and follows links) and SHA256SUMS (every file, in the format `sha256sum -c` reads, sorted).
 * All are made from the digests the output sink recorded.
 */
import { createHash } from "node:crypto";
import { API_NOT_FOUND_FILE, FILES_PAGE_FILE, URL_LIST_FILE } from "../api/layout.ts";

export const URLS_PATH = URL_LIST_FILE;
export const CHECKSUMS_PATH = "/SHA256SUMS";
/** Files Netlify reads as configuration and never serves: in the checksums, never in the URL list. */
export const NETLIFY_CONFIGURATION_FILES = new Set(["/_headers"]);
/**
 * Files in the checksums but not public URLs: the configuration, and the body of the /api/* 404 rule, which
 * answers 404 when requested itself (so a crawler or a mirror has nothing to fetch there).
 */
export const UNLISTED_FILES: ReadonlySet<string> = new Set([...NETLIFY_CONFIGURATION_FILES, API_NOT_FOUND_FILE]);

/** `filesPage` renders the page of links from the URL list. */
export function archiveManifests(
  digests: ReadonlyMap<string, string>,
  filesPage: (urls: readonly string[]) => string,
): Array<{ path: string; contents: string }> {
  // The lists are listed too, so that a mirror made from urls.txt carries its own checksums.
  const urls = [
    ...[...digests.keys()].filter((path) => !UNLISTED_FILES.has(path)),
    URLS_PATH,
    FILES_PAGE_FILE,
    CHECKSUMS_PATH,
  ].sort();
  const urlsFile = { path: URLS_PATH, contents: `${urls.join("\n")}\n` };
  const pageFile = { path: FILES_PAGE_FILE, contents: filesPage(urls) };
  const all = new Map(digests);
  for (const file of [urlsFile, pageFile]) all.set(file.path, createHash("sha256").update(file.contents).digest("hex"));
  const checksums = [...all]
    .map(([path, digest]) => ({ path: path.slice(1), digest }))
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
    .map(({ path, digest }) => `${digest}  ${path}`);
  return [urlsFile, pageFile, { path: CHECKSUMS_PATH, contents: `${checksums.join("\n")}\n` }];
}
