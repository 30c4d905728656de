/**
 * /docs/files/: every URL of urls.txt as a link, from the same list, so that a crawler that starts at / and
 * reads no JSON (wget --mirror, an archive's crawler) still reaches each answer's files, every schema and every
 * shard of the search index. Written with urls.txt, after every other file, in pieces: at 100,000 answers the
 * page is some 26 MB, which as one string (and its pieces, and its bytes) cost the build's peak memory.
 */
import { FILES_PAGE_FILE, URL_LIST_FILE } from "../../contract/layout.ts";
import { escapeHtml, pageFrame, relativeHref, type DocsInput } from "./docs-html.ts";

/** The page in pieces, in order; `urls` sorted, as urls.txt lists them. */
export function* filesPage(input: Pick<DocsInput, "site" | "generatedAt">, urls: readonly string[]): Iterable<string> {
  // One list per folder: the long runs (answers, shards) stay together and the page can be scanned.
  const folders = new Map<string, string[]>();
  for (const url of urls) {
    const folder = url.slice(0, url.lastIndexOf("/") + 1);
    const list = folders.get(folder);
    if (list) list.push(url);
    else folders.set(folder, [url]);
  }
  const href = (to: string) => relativeHref(FILES_PAGE_FILE, to);
  const [before, after] = pageFrame(input, FILES_PAGE_FILE, `Every file: ${input.site.name}`);
  yield `${before}<h1>Every file</h1>
<p>Every canonical URL of this version, ${urls.length} in all, as in <a href="${href(URL_LIST_FILE)}"><code>${URL_LIST_FILE}</code></a>, grouped by folder. The extensionless API URLs are aliases of these files.</p>
`;
  let first = true;
  for (const [folder, list] of folders) {
    yield `${first ? "" : "\n"}<h2>${escapeHtml(folder)}</h2>
<ul class="files">
`;
    first = false;
    for (const [index, url] of list.entries())
      yield `${index === 0 ? "" : "\n"}<li><a href="${escapeHtml(href(url))}"><code>${escapeHtml(url)}</code></a></li>`;
    yield "\n</ul>";
  }
  yield `\n${after}`;
}
