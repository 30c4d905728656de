/**
 * The lists an archivist needs, written last, over every other file of the output: urls.txt (every canonical
 * URL, root-relative, sorted, for `wget -i` or any crawler), the same list as a page of links (for a crawler
 * that starts at / and follows links) and SHA256SUMS (every file, in the format `sha256sum -c` reads, sorted).
 * All are made from the digests the output sink recorded, and written in pieces: at 100,000 answers they are
 * some 57 MB, which made whole (with the lines they are joined from) were the build's peak of memory.
 */
import { FILES_PAGE_FILE, URL_LIST_FILE, CHECKSUMS_FILE } from "../../contract/layout.ts";
import { UNLISTED_FILES } from "../../contract/unlisted-files.ts";
import { type OutputStream, writePieces } from "../output/output-sink.ts";

/** Where the manifests are written: streams, and the digests of every file finished (theirs too, once closed). */
export interface ManifestOutput {
  stream(path: string): Promise<OutputStream>;
  readonly digests: ReadonlyMap<string, string>;
}

/** `filesPage` renders the page of links from the URL list, in pieces. */
export async function writeArchiveManifests(
  output: ManifestOutput,
  filesPage: (urls: readonly string[]) => Iterable<string>,
): Promise<void> {
  // Every path, the manifests' own included, in one order: by code unit, which is sha256sum's order of the
  // paths without their leading slash too.
  const paths = [...output.digests.keys(), URL_LIST_FILE, FILES_PAGE_FILE, CHECKSUMS_FILE].sort();
  // The lists are listed too, so that a mirror made from urls.txt carries its own checksums.
  const urls = paths.filter((path) => !UNLISTED_FILES.has(path));
  await writePieces(
    await output.stream(URL_LIST_FILE),
    urls.map((url) => `${url}\n`),
  );
  await writePieces(await output.stream(FILES_PAGE_FILE), filesPage(urls));
  await writePieces(await output.stream(CHECKSUMS_FILE), checksumLines(paths, output.digests));
}

function* checksumLines(paths: readonly string[], digests: ReadonlyMap<string, string>): Iterable<string> {
  for (const path of paths) if (path !== CHECKSUMS_FILE) yield `${digests.get(path)}  ${path.slice(1)}\n`;
}
