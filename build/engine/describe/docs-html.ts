/**
 * The human docs: static HTML, readable without JavaScript, requesting nothing from any other site (they
 * work from a downloaded dist/ too). One stylesheet from this site; no script; no inline style.
 */
import type { SiteSettings } from "../../content/load/types.ts";
import type { VersioningPolicy } from "../../contract/versioning.ts";
import { EVIDENCE_VOCABULARIES } from "../compile/vocabularies.ts";
import { EVIDENCE_GUIDE } from "./evidence-guide.ts";
import { SUPPLIER_GUIDE } from "./supplier-guide.ts";
import { PROBLEM_TYPES } from "../../contract/problems.ts";
import { citationText, CITATION_FILE_NOTE } from "../compile/citation.ts";
import {
  CITATION_FILE,
  FILES_PAGE_PATH,
  MCP_PATH,
  MCP_SERVER_CARD_PATH,
  MCP_TOOLS_FILE,
  OAUTH_METADATA_PATHS,
  OPENAPI_FILE,
  SCHEMA_LIST_FILE,
  schemaPath,
  SCHEMAS_FOLDER,
  API_CATALOG_FILE,
  AUTH_STATEMENT_FILE,
} from "../../contract/layout.ts";
import { MCP_PROTOCOL_VERSIONS, MODERN_VERSIONS } from "../../contract/mcp.ts";
import { TOOL_DEFINITIONS } from "../../contract/mcp-tools.ts";
import { COMPLETION_SOURCES, MCP_PROMPTS_DOC, MCP_STATEMENTS, MCP_TEMPLATES_DOC } from "./mcp-facts.ts";
import {
  AUTHENTICATION_STATEMENT,
  DISCOVERY_DOCUMENTS,
  DOWNLOADS,
  ENDPOINTS,
  MARKDOWN_FOR_AGENTS,
  PARAMETER_RULES,
  PROBLEM_DESCRIPTIONS,
  PROBLEM_KINDS,
  QUERY_PARAMETERS,
  SEARCH_RESULTS,
} from "./service-facts.ts";
import { PROBLEM_TYPE } from "../../contract/http.ts";

export interface SearchExamples {
  hit: { q: string; body: { meta: { matches?: unknown[]; suggestions?: unknown[] } } };
  miss: { q: string; body: { meta: { matches?: unknown[]; suggestions?: unknown[] } } };
}

export interface DocsInput {
  versioning: VersioningPolicy;
  site: SiteSettings;
  origin: string;
  counts: { answers: number; suppliers: number; product_families: number; evidence_records: number };
  /** What each published q example finds, computed at build time with the API's own matching code. */
  /** Computed `q` responses of this build: a hit and a misspelling (none when the collection is past one page). */
  searchExamples?: SearchExamples;
  /** Each example's number of results and the first few, best first. */
  exampleResults: ReadonlyArray<{ q: string; shows: string; total: number; slugs: string[] }>;
  generatedAt: string;
}

export const STYLESHEET_PATH = "/assets/site.css";
export const ICON_PATH = "/assets/icon.svg";
/** A plain mark, so that browsers find an icon here rather than asking for /favicon.ico and getting a 404. */
export const ICON = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#1d4ed8"/><path d="M7 23 12 9h2l5 14h-3l-1-3H11l-1 3zm5-6h4l-2-6zM19 9h3l3 10 3-10h3l-5 14h-2z" fill="#fff"/></svg>
`;
export const HTML_PAGES = ["/", "/docs/", "/docs/errors/", FILES_PAGE_PATH, "/changelog/"] as const;

/**
 * A link from one page to a file, relative, with folders spelled out as index.html: the pages then work
 * from a downloaded dist/ opened from disk (file://) as well as on the web.
 */
export function relativeHref(fromFile: string, to: string): string {
  const [target = "", fragment] = to.split("#");
  const file = target.endsWith("/") ? `${target}index.html` : target;
  const fromFolder = fromFile.slice(0, fromFile.lastIndexOf("/") + 1);
  const fromParts = fromFolder.split("/").filter(Boolean);
  const toParts = file.split("/").filter(Boolean);
  let shared = 0;
  while (shared < fromParts.length && shared < toParts.length - 1 && fromParts[shared] === toParts[shared]) shared++;
  const relative = [...fromParts.slice(shared).map(() => ".."), ...toParts.slice(shared)].join("/");
  const withFragment = fragment === undefined ? relative : `${relative}#${fragment}`;
  return file === fromFile && fragment !== undefined ? `#${fragment}` : withFragment;
}

/** The downloads (service-facts.ts), as a list of links from the page `fromFile`. */
export function downloadsList(fromFile: string): string {
  return `<ul>
${DOWNLOADS.map((download) => `<li><a href="${relativeHref(fromFile, download.path)}">${escapeHtml(download.name)}</a> (${code(download.path)}): ${prose(download.what)}.</li>`).join("\n")}
</ul>`;
}

export interface PageOptions {
  /** Extra elements for the head (the home page's Content-Security-Policy). */
  head?: string;
  /** Elements after the footer (the home page's classic scripts). */
  scripts?: string;
}

/**
 * Each table in a box of its own that scrolls sideways, so that a wide table (paths kept whole) never makes the
 * page scroll. Every <table> of a page is one these modules wrote: text, answer bodies included, is escaped.
 */
function scrollingTables(body: string): string {
  return body.replace(/<table>/g, '<div class="table-scroll"><table>').replace(/<\/table>/g, "</table></div>");
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
  options: PageOptions = {},
): string {
  return [...pagePieces(input, file, title, [body], options)].join("");
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
  for (const piece of body) yield scrollingTables(piece);
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
  const before = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
${options.head ?? ""}<title>${escapeHtml(title)}</title>
<meta name="description" content="${escapeHtml(input.site.description)}">
<link rel="stylesheet" href="${href(STYLESHEET_PATH)}">
<link rel="icon" type="image/svg+xml" href="${href(ICON_PATH)}">
<link rel="service-desc" type="application/json" href="${href(OPENAPI_FILE)}">
<link rel="api-catalog" href="${href(API_CATALOG_FILE)}">
</head>
<body>
<a class="skip" href="#main">Skip to the content</a>
<header>
<p class="brand"><a href="${href("/")}">${escapeHtml(input.site.name)}</a></p>
<nav aria-label="Site">
<ul>
<li><a href="${href("/")}">Home</a></li>
<li><a href="${href("/docs/")}">Documentation</a></li>
<li><a href="${href("/docs/errors/")}">Errors</a></li>
<li><a href="${href("/api/v1/index.json")}">API root</a></li>
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

export function docsPage(input: DocsInput): string {
  const { site, origin } = input;
  const q = QUERY_PARAMETERS.q!;
  const href = (to: string) => relativeHref(DOCS_FILE, to);
  return page(
    input,
    DOCS_FILE,
    `Documentation: ${site.name}`,
    `<h1>Documentation</h1>
<p>${escapeHtml(site.description)} The API lives at ${code(`${origin}/api/v1`)}; it is read-only and answers GET and HEAD.</p>
<nav aria-label="On this page">
<ul>
<li><a href="#endpoints">Endpoints</a></li>
<li><a href="#q">Searching answers: the q rule</a></li>
<li><a href="#ranking">Search results: best match first, why each matched, suggestions</a></li>
<li><a href="#paging">Filters and paging</a></li>
<li><a href="#format">Responses and headers</a></li>
<li><a href="#markdown">Markdown for agents</a></li>
<li><a href="#suppliers">Reading the supplier directory</a></li>
<li><a href="#evidence">Reading the evidence register</a></li>
<li><a href="#errors">Errors</a></li>
<li><a href="#authentication">Authentication and limits</a></li>
<li><a href="#discovery">Discovery documents</a></li>
<li><a href="#mcp">MCP for agents</a></li>
<li><a href="#http-get">The plain HTTP GET binding</a></li>
<li><a href="#licence">Licence and citation</a></li>
<li><a href="#scale">Scale and limits</a></li>
<li><a href="#versioning">Versioning</a></li>
<li><a href="#downloads">Downloads and formats</a></li>
<li><a href="#contact">Contact</a></li>
</ul>
</nav>

<h2 id="endpoints">Endpoints</h2>
<table>
<caption>Every endpoint answers GET and HEAD; the canonical file is what a mirror holds.</caption>
<thead><tr><th scope="col">URL</th><th scope="col">Canonical file</th><th scope="col">What it holds</th></tr></thead>
<tbody>
${ENDPOINTS.map((endpoint) => `<tr><th scope="row">${code(endpoint.path)}</th><td><a href="${href(endpoint.file)}">${code(endpoint.file)}</a></td><td>${escapeHtml(endpoint.summary)}.</td></tr>`).join("\n")}
</tbody>
</table>
${ENDPOINTS.map(
  (endpoint) => `<h3 id="endpoint-${endpoint.operation.toLowerCase()}">${escapeHtml(endpoint.name)}</h3>
<p>${prose(endpoint.description)} Body schema: <a href="${href(schemaPath(endpoint.schema))}">${code(endpoint.schema)}</a>.</p>
<pre><code>curl ${escapeHtml(`${origin}${endpoint.path}`)}</code></pre>`,
).join("\n")}
<p>One answer by its slug, and a text search:</p>
<pre><code>curl '${escapeHtml(origin)}/api/v1/answers?slug=room-sizing'
curl '${escapeHtml(origin)}/api/v1/answers?q=ceiling+microphones'</code></pre>

<h2 id="q">Searching answers: the q rule</h2>
<p>${escapeHtml(q.summary)}</p>
<ul>
${q.rules.map((rule) => `<li>${prose(rule)}</li>`).join("\n")}
</ul>
<table>
<caption>Published examples, with what each finds in this version of the data, best match first.</caption>
<thead><tr><th scope="col">q</th><th scope="col">What it shows</th><th scope="col">Answers found, best first</th></tr></thead>
<tbody>
${input.exampleResults.map((example) => `<tr><th scope="row">${code(example.q)}</th><td>${escapeHtml(example.shows)}</td><td>${example.total === 0 ? "none" : `${example.total}: ${example.slugs.map((slug) => code(slug)).join(", ")}${example.total > example.slugs.length ? ", …" : ""}`}</td></tr>`).join("\n")}
</tbody>
</table>

<h2 id="ranking">Search results: best match first, why each matched, suggestions</h2>
${SEARCH_RESULTS.map((paragraph) => `<p>${prose(paragraph)}</p>`).join("\n")}
${
  input.searchExamples
    ? `<p>For example, ${code(`?q=${input.searchExamples.hit.q}`)} explains its best answer so:</p>
<pre><code>${escapeHtml(JSON.stringify(input.searchExamples.hit.body.meta.matches?.[0], null, 2))}</code></pre>
<p>and ${code(`?q=${input.searchExamples.miss.q}`)}, which finds nothing, suggests:</p>
<pre><code>${escapeHtml(JSON.stringify(input.searchExamples.miss.body.meta.suggestions, null, 2))}</code></pre>`
    : ""
}

<h2 id="paging">Filters and paging</h2>
<ul>
<li>${code("slug")}: ${escapeHtml(QUERY_PARAMETERS.slug!.summary)} ${escapeHtml(QUERY_PARAMETERS.slug!.rules.join(" "))}</li>
<li>${code("page")}: ${escapeHtml(QUERY_PARAMETERS.page!.summary)} ${escapeHtml(QUERY_PARAMETERS.page!.rules.join(" "))}</li>
<li>${code("sort")}: ${escapeHtml(QUERY_PARAMETERS.sort!.summary)} ${escapeHtml(QUERY_PARAMETERS.sort!.rules.join(" "))}</li>
<li>Filters combine: ${code("?q=room&slug=room-sizing")} applies both.</li>
${PARAMETER_RULES.map((rule) => `<li>${escapeHtml(rule)}</li>`).join("\n")}
</ul>
<p>Pages hold at most ${code("meta.page_size")} items (${site.page_size}). ${code("links.next")} and ${code("links.prev")} appear when there are more pages; past the last page, ${code("data")} is empty.</p>

<h2 id="format">Responses and headers</h2>
<p>The three collections share one envelope: the items in ${code("data")}, counts and the filters applied in ${code("meta")}, and ${code("links")} (${code("self")}, ${code("first")}, ${code("last")}, ${code("prev")}, ${code("next")}). Links inside the JSON are root-relative paths of canonical ${code(".json")} files. JSON is UTF-8 with keys sorted, two-space indentation and a final newline.</p>
<ul>
<li>${code("Access-Control-Allow-Origin: *")} on every response, without credentials; OPTIONS answers a CORS preflight with 204.</li>
<li>A strong ${code("ETag")} on every response; ${code("If-None-Match")} gives 304. HEAD gives exactly GET's headers.</li>
<li>${code("Cache-Control: public, max-age=0, must-revalidate")}: browsers revalidate; the CDN keeps files until the next deploy. Problems are never cached.</li>
<li>${code("Link")} headers to the body's JSON Schema (${code('rel="describedby"')}), the API catalog and the OpenAPI document. The schemas are under ${code(SCHEMAS_FOLDER)}, listed in <a href="${href(SCHEMA_LIST_FILE)}">${code(SCHEMA_LIST_FILE)}</a>.</li>
</ul>

<h2 id="markdown">Markdown for agents</h2>
<p>${escapeHtml(MARKDOWN_FOR_AGENTS.summary)}</p>
<ul>
${MARKDOWN_FOR_AGENTS.files.map((file) => `<li>${file.path.includes("{") ? code(file.path) : `<a href="${href(file.path)}">${code(file.path)}</a>`}: ${prose(file.what)}.</li>`).join("\n")}
</ul>
<p>${prose(MARKDOWN_FOR_AGENTS.negotiation)}</p>

<h2 id="suppliers">Reading the supplier directory</h2>
<p>${prose(SUPPLIER_GUIDE.scores)}</p>
<p>${prose(SUPPLIER_GUIDE.primary)}</p>
<p>${prose(SUPPLIER_GUIDE.searches)}</p>

<h2 id="evidence">Reading the evidence register</h2>
<p>${prose(EVIDENCE_GUIDE.current)}</p>
<p>${prose(EVIDENCE_GUIDE.listings)}</p>
<p>${prose(EVIDENCE_GUIDE.warranty)}</p>
<table>
<caption>The closed status vocabularies, as the schemas define them (the data package's CSV schemas carry them as ${code("enum")} constraints).</caption>
<thead><tr><th scope="col">Vocabulary</th><th scope="col">Values</th><th scope="col">Meaning</th></tr></thead>
<tbody>
${EVIDENCE_VOCABULARIES.map((vocabulary) => `<tr><th scope="row">${escapeHtml(vocabulary.name)}</th><td>${vocabulary.values.map(code).join(", ")}</td><td>${prose(vocabulary.meaning)}</td></tr>`).join("\n")}
</tbody>
</table>

<h2 id="errors">Errors</h2>
<p>Errors are RFC 9457 problem documents (${code(PROBLEM_TYPE)}) with ${code("type")}, ${code("title")}, ${code("status")} and ${code("detail")}; each ${code("type")} is the address of its section on the <a href="${href("/docs/errors/")}">errors page</a>.</p>
<table>
<caption>Problem types</caption>
<thead><tr><th scope="col">Status</th><th scope="col">Type</th><th scope="col">Title</th></tr></thead>
<tbody>
${PROBLEM_KINDS.map((kind) => `<tr><td>${PROBLEM_TYPES[kind].status}</td><th scope="row"><a href="${href(`/docs/errors/#${kind}`)}">${code(kind)}</a></th><td>${escapeHtml(PROBLEM_TYPES[kind].title)}</td></tr>`).join("\n")}
</tbody>
</table>

<h2 id="authentication">Authentication and limits</h2>
<p>${escapeHtml(AUTHENTICATION_STATEMENT)} See the <a href="${href(AUTH_STATEMENT_FILE)}">authentication statement</a>.</p>
<p>There are no rate limits and no quotas.</p>

<h2 id="discovery">Discovery documents</h2>
<table>
<caption>Where clients, crawlers and agents find the API</caption>
<thead><tr><th scope="col">Document</th><th scope="col">Served as</th><th scope="col">What it says</th></tr></thead>
<tbody>
${DISCOVERY_DOCUMENTS.map((document) => `<tr><th scope="row"><a href="${href(document.path)}">${escapeHtml(document.name)}</a></th><td>${code(document.type)}</td><td>${escapeHtml(document.what)}</td></tr>`).join("\n")}
</tbody>
</table>

<h2 id="mcp">MCP for agents</h2>
<p>${code(MCP_PATH)} is a read-only <a href="https://modelcontextprotocol.io/">Model Context Protocol</a> server over Streamable HTTP: POST one JSON-RPC request, get one JSON response. It is stateless (no session id, no event stream; GET and DELETE get 405) and speaks the revisions ${MCP_PROTOCOL_VERSIONS.map(code).join(", ")}: the 2025 ones after ${code("initialize")}, and ${code(MODERN_VERSIONS[0])} with no handshake, ${code("server/discover")}, the ${code("_meta")} envelope on every request and the ${code("MCP-Protocol-Version")}, ${code("Mcp-Method")} and ${code("Mcp-Name")} headers, which must agree with the body. A request for another revision gets an error that lists these.</p>
<p>Tools, in this order, each read-only and closed-world, with an input schema and an output schema made from this API's own response schemas: ${TOOL_DEFINITIONS.map((tool) => `${code(tool.name)} (${escapeHtml(tool.title.toLowerCase())})`).join(", ")}. ${code("search_answers")} is the ${code("q")} rule itself, with the API's matches and errors. Resources: each answer, the supplier directory and the evidence register, named by their API URLs. The tool list is also a file: <a href="${href(MCP_TOOLS_FILE)}">${code(MCP_TOOLS_FILE)}</a>.</p>
<h3 id="mcp-prompts">Prompts</h3>
<p>Tasks a person picks by name (prompts/list, prompts/get), in this order:</p>
<ul>
${MCP_PROMPTS_DOC.map((prompt) => `<li>${code(prompt.name)} (${escapeHtml(prompt.title)}): ${prose(prompt.description)} Arguments: ${prompt.arguments.map((argument) => `${code(argument.name)} (${argument.required ? "required" : "optional"}${argument.completes ? `; completes ${argument.completes}` : ""}): ${prose(argument.description)}`).join(" ")}${prompt.restsOn.length > 0 ? ` It rests on the answers ${prompt.restsOn.map(code).join(", ")}.` : ""}</li>`).join("\n")}
</ul>
<p>${prose(MCP_STATEMENTS.prompts)}</p>
<h3 id="mcp-templates">Resource templates and the resource list</h3>
<ul>
${MCP_TEMPLATES_DOC.map((template) => `<li>${code(template.uriTemplate)} (${escapeHtml(template.title)}, ${code(template.mimeType)}; completes ${template.completes})</li>`).join("\n")}
</ul>
<p>${prose(MCP_STATEMENTS.resources)} The templates name this server's origin before the path.</p>
<h3 id="mcp-completions">Completions</h3>
<p>${prose(MCP_STATEMENTS.completions)}</p>
<ul>
${Object.entries(COMPLETION_SOURCES)
  .map(([source, what]) => `<li>${code(source)}: ${prose(what)}</li>`)
  .join("\n")}
</ul>
<p>${prose(MCP_STATEMENTS.limits)}</p>
<h3 id="mcp-logging">No logging</h3>
<p>${prose(MCP_STATEMENTS.logging)}</p>
<h3 id="mcp-origins">Origins</h3>
<p>The endpoint is public and read-only and takes no credentials, so on the CDN any origin may call it (${code("Access-Control-Allow-Origin: *")}, the MCP request headers allowed in the preflight); no cookie or token is read. ${prose(MCP_STATEMENTS.localServer)} There is no OAuth: ${OAUTH_METADATA_PATHS.map(code).join(", ")} and their path-suffixed forms answer 404, because a client that found authorization metadata would start a sign-in that nothing here needs. The <a href="${href(MCP_SERVER_CARD_PATH)}">MCP Server Card</a> (also at ${code("/.well-known/mcp/server-card.json")}) names the endpoint and, under its ${code("_meta")}, the tools, prompts, templates and completions; <a href="${href("/.well-known/ai-catalog.json")}">${code("/.well-known/ai-catalog.json")}</a> lists the card. Offline, ${code("npm run mcp")} serves the same tools, prompts, templates and completions over stdio from a local ${code("dist/")}.</p>

<h2 id="http-get">The plain HTTP GET binding</h2>
<p>The A2A Agent Card names this section as its protocol binding. It means: this service implements no A2A operations. Its interface is plain HTTP GET and HEAD on the URLs above, as the OpenAPI document describes, returning JSON.</p>

<h2 id="licence">Licence and citation</h2>
<p>The data is licensed under <a href="${escapeHtml(site.licence.url)}">${escapeHtml(site.licence.name)}</a>. ${escapeHtml(citationText(site))} ${escapeHtml(CITATION_FILE_NOTE)} <a href="${href(CITATION_FILE)}">${code(CITATION_FILE)}</a>.</p>

<h2 id="scale">Scale and limits</h2>
<p>This version holds ${input.counts.answers} answers, which fit one page. The same build and request handler serve collections of any size:</p>
<ul>
<li><strong>Paging.</strong> Past ${site.page_size} answers, the collection is written as prebuilt pages (${code("/api/v1/answers/pages/N.json")}, page 1 also at ${code("index.json")}) linked by ${code("links.next")} and ${code("links.prev")}; ${code("?page=N")} answers with the page's exact bytes. Results of ${code("q")} are paged the same way, computed.</li>
<li><strong>The index.</strong> Sharded, so that a query reads and parses only what it needs: the map ${code("/api/v1/search/answers.json")} names the first word of each words shard (about 48 KB of postings each, under ${code("/api/v1/search/answers/terms/")}, each word with the number of answers holding it; a word in most answers written one character per answer), the chunks of slugs that turn positions into answers (${code("documents/")}: thousands of slugs a chunk, front-coded in blocks of 64, so that a page of hits scattered over the collection reads a few chunks; beside each slug the first 48 bits of its answer's content digest (8 base-64 digits), so that an answer's file of another deploy is never spliced in), and the suggestion words. A query word reads the shard(s) of the words it starts, usually one (a word every answer of a large collection holds weighs nothing, and is not decoded); a page of hits reads the chunks of its hits; the snippets come from the hits' own answer files. What was decoded is kept per isolate (a word's matches, a query's ranking), within bounds. The format is in ${code("schemas/search-index.schema.json")}; sizes and timings at 10,000 and 100,000 answers are in BENCHMARKS.md.</li>
<li><strong>At the edge.</strong> The edge function carries no data: it fetches the index and the collection's pages from the CDN (never one file per answer) and keeps them while the deploy lasts, checking that every file is of the same build (a response never mixes two deploys; if the origin fails, it answers 503 with Retry-After), so it stays far inside Netlify's limits (20 MB of code and data, 50 ms of CPU per request) at 10,000 answers; figures in BENCHMARKS.md.</li>
<li><strong>The build.</strong> From 2,000 files the build parses and renders on worker threads, one per core, while one thread checks and writes; it holds the front matter and the index, never the output, so its memory grows by a few kilobytes per answer. Times and peak memory at 1,000, 10,000 and 100,000 answers are in BENCHMARKS.md.</li>
<li><strong>Offline.</strong> While every answer fits on the home page, it carries them all and the offline search; past one page it shows the first page and points at the JSON pages and the CSV of every answer.</li>
<li><strong>Limits.</strong> ${code("q")} up to 200 code points; at most 32 query parameters; a request line up to 8 KiB. There are no rate limits.</li>
</ul>

<h2 id="versioning">Versioning</h2>
<p>${escapeHtml(input.versioning.promise)}</p>
<p>${escapeHtml(input.versioning.breaking)}</p>
<p>${escapeHtml(input.versioning.deprecation)}</p>
<p>Now: version ${code(input.versioning.current)}; deprecated: ${input.versioning.deprecation_date ? code(input.versioning.deprecation_date) : "no"}; sunset: ${input.versioning.sunset_date ? code(input.versioning.sunset_date) : "none announced"}. The root resource ${code("/api/v1")} repeats this under ${code("versioning")}.</p>

<h2 id="downloads">Downloads and formats</h2>
<p>Every URL above is an alias of a canonical ${code(".json")} file, so a plain copy of the files works anywhere; only ${code("q")} needs the request handler. Opened from disk, <a href="${href("/")}">the home page</a> browses every answer, supplier and evidence record and filters answers with the same ${code("q")} rule.</p>
${downloadsList(DOCS_FILE)}

<h2 id="contact">Contact</h2>
<p>${escapeHtml(site.contact.name)}. Corrections to the data are welcome: name the resource and the source that shows the error. This service publishes no separate e-mail address or security contact yet; use the contact channel of the operator's website.</p>
`,
  );
}

export const DOCS_FILE = "/docs/index.html";
export const ERRORS_FILE = "/docs/errors/index.html";

export function errorsPage(input: DocsInput): string {
  return page(
    input,
    ERRORS_FILE,
    `Errors: ${input.site.name}`,
    `<h1>Errors</h1>
<p>Every error is an RFC 9457 problem document whose ${code("type")} is the address of one section below.</p>
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

export const STYLESHEET = `:root { color-scheme: light dark; --accent: #1d4ed8; }
body { font: 1rem/1.55 system-ui, sans-serif; max-width: 62rem; margin: 0 auto; padding: 0 1rem 3rem; overflow-wrap: break-word; }
.skip { position: absolute; left: -999px; }
.skip:focus { left: 1rem; top: 1rem; background: Canvas; padding: .5rem; }
header { display: flex; flex-wrap: wrap; align-items: baseline; gap: 1rem; border-bottom: 1px solid GrayText; }
header ul { display: flex; flex-wrap: wrap; gap: 1rem; list-style: none; padding: 0; }
.brand { font-weight: 700; }
a { color: var(--accent); }
@media (prefers-color-scheme: dark) { :root { --accent: #93c5fd; } }
.table-scroll { overflow-x: auto; margin: 1rem 0; }
table { border-collapse: collapse; width: 100%; }
caption { text-align: left; font-style: italic; }
th, td { border: 1px solid GrayText; padding: .35rem .5rem; text-align: left; vertical-align: top; }
pre { overflow-x: auto; padding: .75rem; border: 1px solid GrayText; }
code { font-family: ui-monospace, monospace; }
td code, th code { white-space: nowrap; }
footer { margin-top: 3rem; border-top: 1px solid GrayText; font-size: .9rem; }
`;
