/**
 * The human docs: static HTML, readable without JavaScript, requesting nothing from any other site (they
 * work from a downloaded dist/ too). One stylesheet from this site; no script; no inline style.
 */
import type { OutwardClaim } from "../../content/load/outward-claims.ts";
import type { SiteSettings } from "../../content/load/types.ts";
import type { VersioningPolicy } from "../../contract/versioning.ts";
import { PROBLEM_TYPES } from "../../contract/problems.ts";
import { DOCS_META_POLICY } from "../../contract/header-rules.ts";
import {
  FILES_PAGE_PATH,
  OPENAPI_FILE,
  API_CATALOG_FILE,
  CHANGELOG_PAGE,
  DOCS_PATH,
  ERRORS_FILE,
  ERRORS_PATH,
  ICON_FILE,
  MCP_PATH,
  ROOT_RESOURCE_FILE,
  STYLESHEET_FILE,
} from "../../contract/layout.ts";
import { type CollectionCounts, DOWNLOADS, PROBLEM_DESCRIPTIONS, PROBLEM_KINDS } from "./service-facts.ts";

/** A computed `q` response: its q, the query string that asked for it, and its body. */
export interface SearchExample {
  q: string;
  query: string;
  body: { meta: { matches?: unknown[]; suggestions?: unknown[] } };
}

export interface SearchExamples {
  hit: SearchExample;
  miss: SearchExample;
}

export interface DocsInput {
  versioning: VersioningPolicy;
  site: SiteSettings;
  origin: string;
  counts: CollectionCounts;
  /** What each published q example finds, computed at build time with the API's own matching code. */
  /** Computed `q` responses of this build: a hit and a misspelling (none when the collection is past one page). */
  searchExamples?: SearchExamples;
  /** Each example's number of results and the first few, best first. */
  exampleResults: ReadonlyArray<{ q: string; shows: string; total: number; slugs: string[] }>;
  /** The synonym groups of q (content/synonyms.yaml), published on the docs page. */
  synonyms: ReadonlyArray<{ words: readonly string[]; why: string }>;
  /** The claims searched outward (the claim audit's `outward` blocks): the docs say when each document's were searched. */
  outward: ReadonlyArray<Pick<OutwardClaim, "file" | "outward">>;
  /** How many of the evidence register's statuses hold each value, per vocabulary (statusTallies). */
  statusTallies: ReadonlyArray<Readonly<Record<string, number>>>;
  generatedAt: string;
}

/** A plain mark, so that browsers find an icon here rather than asking for /favicon.ico and getting a 404. */
export const ICON = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#1d4ed8"/><path d="M7 23 12 9h2l5 14h-3l-1-3H11l-1 3zm5-6h4l-2-6zM19 9h3l3 10 3-10h3l-5 14h-2z" fill="#fff"/></svg>
`;
export const HTML_PAGES = ["/", DOCS_PATH, ERRORS_PATH, FILES_PAGE_PATH, CHANGELOG_PAGE] as const;

/**
 * A link from one page to a file, relative, with folders spelled out as index.html: the pages then work
 * from a downloaded dist/ opened from disk (file://) as well as on the web. Both are paths from the site's root.
 * It climbs to the root and comes down, never through a folder the two share: a folder's page may be served at the
 * folder's URL without its slash (/docs, as `serve` does), where a browser resolves from the folder above, and
 * from there too the climb ends at the root. An address of another site (https://…, which content may give) is
 * left as it is: read as a path, it had lost its first letter.
 */
export function relativeHref(fromFile: string, to: string): string {
  if (!to.startsWith("/")) return to;
  const hash = to.indexOf("#");
  const target = hash < 0 ? to : to.slice(0, hash);
  const file = target.endsWith("/") ? `${target}index.html` : target;
  if (hash >= 0 && file === fromFile) return to.slice(hash);
  let up = 0;
  for (let at = 1; at < fromFile.length; at++) if (fromFile.charCodeAt(at) === 0x2f) up++;
  return `${"../".repeat(up)}${file.slice(1)}${hash < 0 ? "" : to.slice(hash)}`;
}

/** The downloads (service-facts.ts), as a list of links from the page `fromFile`. */
export function downloadsList(fromFile: string): string {
  return `<ul>
${DOWNLOADS.map((download) => `<li><a href="${relativeHref(fromFile, download.path)}">${escapeHtml(download.name)}</a> (${code(download.path)}): ${prose(download.what)}.</li>`).join("\n")}
</ul>`;
}

export interface PageOptions {
  /** Extra elements for the head (a feed's link, the home page's JSON-LD). */
  head?: string;
  /** The page's Content-Security-Policy, in a meta element for a copy served with no headers: else the docs'. */
  policy?: string;
  /** Elements after the footer (the home page's classic scripts). */
  scripts?: string;
  /** Skip links after the one to the content (the home page's to its answers and their search). */
  skips?: ReadonlyArray<{ href: string; text: string }>;
}

/**
 * Each table in a box of its own that scrolls sideways, so that a wide table (paths kept whole) never makes the
 * page scroll. Every <table> and <pre> of a page is one these modules or a Markdown renderer wrote: other text is
 * escaped. Safari's keyboard scrolls only a box it can focus, so each box and each <pre> (which scrolls too) takes
 * the focus, as a named group (a table's box by its caption): as regions they would be landmarks, hundreds on the
 * home page, each needing a name of its own.
 */
function scrollingBoxes(body: string): string {
  return body
    .replace(
      /<table>(\s*<caption>(.*?)<\/caption>)?/gs,
      (table, _captioned, caption: string | undefined) =>
        `<div class="table-scroll" tabindex="0" role="group" aria-label="${caption?.replace(/<[^>]*>/g, "") ?? "Table"}">${table}`,
    )
    .replace(/<\/table>/g, "</table></div>")
    .replace(/<pre>/g, '<pre tabindex="0" role="group" aria-label="Code">');
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

const code = (text: string) => `<code>${escapeHtml(text)}</code>`;

/** Escaped text in which `backtick spans` (the Markdown of the shared descriptions) become <code>. */
export function prose(text: string): string {
  return escapeHtml(text).replace(/`([^`]+)`/g, "<code>$1</code>");
}

export function page(
  input: Pick<DocsInput, "site" | "generatedAt">,
  file: string,
  title: string,
  body: string,
): string {
  return [...pagePieces(input, file, title, [body])].join("");
}

/**
 * page()'s text in pieces, for a page that grows with the collection: the frame, and each of the body's pieces
 * (made as they are asked for) with its tables made scrollable, so a piece holds whole tables.
 */
export function* pagePieces(
  input: Pick<DocsInput, "site" | "generatedAt">,
  file: string,
  title: string,
  body: Iterable<string>,
  options: PageOptions = {},
): Generator<string> {
  const [before, after] = pageFrame(input, file, title, options);
  yield before;
  for (const piece of body) yield scrollingBoxes(piece);
  yield after;
}

/** A page's markup before its body and after it, for a page written in pieces (page() puts the body between). */
export function pageFrame(
  input: Pick<DocsInput, "site" | "generatedAt">,
  file: string,
  title: string,
  options: PageOptions = {},
): [before: string, after: string] {
  const href = (to: string) => relativeHref(file, to);
  // The link to the page itself, named so for a screen reader (WCAG's 2.4.8 location).
  const self = href(file);
  const current = (to: string) => (href(to) === self ? ' aria-current="page"' : "");
  const before = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="${escapeHtml(options.policy ?? DOCS_META_POLICY)}">
${options.head ?? ""}<title>${escapeHtml(title)}</title>
<meta name="description" content="${escapeHtml(input.site.description)}">
<link rel="stylesheet" href="${href(STYLESHEET_FILE)}">
<link rel="icon" type="image/svg+xml" href="${href(ICON_FILE)}">
<link rel="service-desc" type="application/json" href="${href(OPENAPI_FILE)}">
<link rel="api-catalog" href="${href(API_CATALOG_FILE)}">
</head>
<body>
<a class="skip" href="#main">Skip to the content</a>
${(options.skips ?? []).map(({ href, text }) => `<a class="skip" href="${escapeHtml(href)}">${escapeHtml(text)}</a>\n`).join("")}<header>
<p class="brand"><a href="${href("/")}">${escapeHtml(input.site.name)}</a></p>
<nav aria-label="Site">
<ul>
<li><a href="${href("/")}"${current("/")}>Home</a></li>
<li><a href="${href(DOCS_PATH)}"${current(DOCS_PATH)}>Documentation</a></li>
<li><a href="${href(ERRORS_PATH)}"${current(ERRORS_PATH)}>Errors</a></li>
<li><a href="${href(ROOT_RESOURCE_FILE)}">API root</a></li>
<li><a href="${href(OPENAPI_FILE)}">OpenAPI</a></li>
</ul>
</nav>
</header>
<main id="main">
`;
  const after = `
</main>
<footer>
<p>Data: <a href="${escapeHtml(input.site.licence.url)}">${escapeHtml(input.site.licence.name)}</a>. Version ${escapeHtml(input.site.version)}, generated ${escapeHtml(input.generatedAt)}.</p>
</footer>
${options.scripts ?? ""}</body>
</html>
`;
  return [before, after];
}

export function errorsPage(input: DocsInput): string {
  return page(
    input,
    ERRORS_FILE,
    `Errors: ${input.site.name}`,
    `<h1>Errors</h1>
<p>Every error of the HTTP API (the JSON-RPC errors of ${code(MCP_PATH)} apart) is an RFC 9457 problem document whose ${code("type")} is the address of one section below.</p>
${PROBLEM_KINDS.map(
  (kind) => `<section aria-labelledby="${kind}">
<h2 id="${kind}">${PROBLEM_TYPES[kind].status}: ${escapeHtml(PROBLEM_TYPES[kind].title)}</h2>
<p>${escapeHtml(PROBLEM_DESCRIPTIONS[kind])}</p>
<pre><code>{ "type": "${escapeHtml(input.origin)}/docs/errors/#${kind}", "status": ${PROBLEM_TYPES[kind].status}, "title": "${escapeHtml(PROBLEM_TYPES[kind].title)}", "detail": "…" }</code></pre>
</section>`,
).join("\n")}
`,
  );
}

export const STYLESHEET = `:root { color-scheme: light dark; --accent: #1d4ed8; background: Canvas; color: CanvasText; }
body { font: 1rem/1.55 system-ui, sans-serif; max-width: 62rem; margin: 0 auto; padding: 0 1rem 3rem; overflow-wrap: break-word; }
.skip { position: absolute; left: -999px; }
/* Read out, not shown: the twenty "Read the answer" toggles each say which answer they open. */
.for-screen-readers { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
/* Focused, the skip link takes its own line above the header rather than covering the links under it. */
.skip:focus { position: static; display: inline-block; margin-top: .5rem; background: Canvas; padding: .25rem .5rem; }
/* On a phone the name and the links wrap: lines close together, not each item's paragraph margins apart. */
header { display: flex; flex-wrap: wrap; align-items: baseline; gap: 0 1.5rem; border-bottom: 1px solid GrayText; }
header p, header ul { margin: .5rem 0; }
header ul { display: flex; flex-wrap: wrap; gap: .5rem 1rem; list-style: none; padding: 0; }
.brand { font-weight: 700; }
a { color: var(--accent); }
@media (prefers-color-scheme: dark) { :root { --accent: #93c5fd; } }
.table-scroll { overflow-x: auto; margin: 1rem 0; }
table { border-collapse: collapse; width: 100%; }
caption { text-align: left; font-style: italic; }
th, td { border: 1px solid GrayText; padding: .35rem .5rem; text-align: left; vertical-align: top; }
pre { overflow-x: auto; padding: .75rem; border: 1px solid GrayText; }
code { font-family: ui-monospace, monospace; }
input, button { font: inherit; }
/* A whole question fits: the box spans the column, on a line of its own. */
#q { display: block; box-sizing: border-box; width: 100%; margin: .25rem 0 .5rem; }
td code, th code { white-space: nowrap; }
/* A table of many columns squeezed to a phone's width is a column of a word a line: it scrolls at a readable width. */
@media (max-width: 40rem) { table:has(th:nth-child(5)) :is(th, td) { min-width: 9rem; } }
footer { margin-top: 3rem; border-top: 1px solid GrayText; font-size: .9rem; }
/* Printed, nothing scrolls out of the page; a search prints what it searched and how many answers it shows. */
@media print {
  .table-scroll, pre { overflow: visible; }
  pre { white-space: pre-wrap; }
  td code, th code { white-space: normal; }
  #answer-search:not(.searching), #search-suggestions, #answer-search .hint { display: none; }
}
`;
