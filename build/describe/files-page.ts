/**
 * /docs/files/: every URL of urls.txt as a link, from the same list, so that a crawler that starts at / and
 * reads no JSON (wget --mirror, an archive's crawler) still reaches each answer's files, every schema and every
 * shard of the search index. Written with urls.txt, after every other file.
 */
import { FILES_PAGE_FILE, URL_LIST_FILE } from "../api/layout.ts";
import { escapeHtml, page, relativeHref, type DocsInput } from "./docs-html.ts";

export function filesPage(input: Pick<DocsInput, "site" | "generatedAt">, urls: readonly string[]): string {
  // One list per folder: the long runs (answers, shards) stay together and the page can be scanned.
  const folders = new Map<string, string[]>();
  for (const url of urls) {
    const folder = url.slice(0, url.lastIndexOf("/") + 1);
    const list = folders.get(folder);
    if (list) list.push(url);
    else folders.set(folder, [url]);
  }
  const href = (to: string) => relativeHref(FILES_PAGE_FILE, to);
  return page(
    input,
    FILES_PAGE_FILE,
    `Every file: ${input.site.name}`,
    `<h1>Every file</h1>
<p>Every canonical URL of this version, ${urls.length} in all, as in <a href="${href(URL_LIST_FILE)}"><code>${URL_LIST_FILE}</code></a>, grouped by folder. The extensionless API URLs are aliases of these files.</p>
${[...folders]
  .map(
    ([folder, list]) => `<h2>${escapeHtml(folder)}</h2>
<ul class="files">
${list.map((url) => `<li><a href="${escapeHtml(href(url))}"><code>${escapeHtml(url)}</code></a></li>`).join("\n")}
</ul>`,
  )
  .join("\n")}
`,
  );
}
