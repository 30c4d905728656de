/**
 * The documentation, written once, in Markdown (docsMarkdown): its Markdown twin (/docs/index.md) is that text,
 * and its HTML page (/docs/index.html) is the same text rendered by markdown-it, the renderer the build already
 * uses for the answers, with what a page needs beyond Markdown: a heading's id from its `{#id}` (kept out of the
 * twin), a table's caption from the `Table: …` line before it, header cells that say their scope, links relative
 * to the page (so that it works from a downloaded dist/), and the list of the page's sections.
 */
import MarkdownIt, { type Token } from "markdown-it";
import { PROBLEM_TYPE } from "../../contract/http.ts";
import { OUTWARD_MARKERS } from "../../content/load/outward-markers.ts";
import { isSafeLink } from "../../content/markdown/render-markdown.ts";
import { OUTWARD_DAYS } from "../../content/rules/outward-searches.ts";
import {
  AUTH_STATEMENT_FILE,
  answerPath,
  collectionPath,
  CITATION_FILE,
  pagePath,
  MCP_PATH,
  MCP_SERVER_CARD_FILE,
  MCP_SERVER_CARD_PATH,
  MCP_SERVER_CARD_WELL_KNOWN,
  MCP_TOOLS_FILE,
  OAUTH_METADATA_PATHS,
  SCHEMA_LIST_FILE,
  SCHEMAS_FOLDER,
  schemaPath,
  AI_CATALOG_FILE,
  ANSWERS_SEARCH_FOLDER,
  ANSWERS_SEARCH_INDEX_FILE,
  API_ROOT,
  DOCS_FILE,
  ERRORS_PATH,
} from "../../contract/layout.ts";
import {
  BATCH_VERSION,
  MCP_BATCH_MAX_MESSAGES,
  MCP_MAX_BODY_BYTES,
  MCP_PROTOCOL_VERSIONS,
  MODERN_VERSIONS,
} from "../../contract/mcp.ts";
import { groupDigits } from "../../contract/limits.ts";
import { TOOL_DEFINITIONS } from "../../contract/mcp-tools.ts";
import { PROBLEM_TYPES } from "../../contract/problems.ts";
import { CITATION_FILE_NOTE, citationText } from "../compile/citation.ts";
import { FORMULA_GUARD } from "../compile/data-package.ts";
import { EVIDENCE_VOCABULARIES, tallyText } from "../compile/vocabularies.ts";
import { type DocsInput, escapeHtml, page, relativeHref } from "./docs-html.ts";
import { EVIDENCE_GUIDE } from "./evidence-guide.ts";
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
import { SUPPLIER_GUIDE } from "./supplier-guide.ts";
import { STOP_WORDS } from "../../contract/stop-words.ts";
import { irregularForms } from "../../contract/inflection.ts";
import { compareCodeUnits } from "../../search/text-match.ts";

const code = (text: string) => `\`${text}\``;
/** Text for a table cell: no line break, no unescaped pipe. */
const cell = (text: string) => text.replace(/\|/g, "\\|").replace(/\s*\n\s*/g, " ");
const link = (text: string, to: string) => `[${text}](${to})`;

/**
 * When the claims searched outward were searched, by the document that makes them: its claims of absence and of a
 * pending event, the days of their searches and the first day one must be made again. A reader finds a claim's
 * search by the answer, profile or family it is in.
 */
function outwardTable(claims: DocsInput["outward"]): string {
  if (claims.length === 0) return "This version's content makes no such claim.";
  const byFile = new Map<string, Array<DocsInput["outward"][number]["outward"]>>();
  for (const { file, outward } of claims) {
    const searches = byFile.get(file);
    if (searches) searches.push(outward);
    else byFile.set(file, [outward]);
  }
  const rows = [...byFile].sort(([a], [b]) => compareCodeUnits(a, b));
  const days = (values: string[]) => {
    const sorted = [...new Set(values)].sort();
    return sorted.length === 1 ? sorted[0]! : `${sorted[0]} to ${sorted[sorted.length - 1]}`;
  };
  return `Table: When the ${claims.length} claims searched outward were last searched, by the document that makes them, and the first day one of them is due to be searched again (${code("npm run stale")} lists each claim).

| Document | Claims of absence | Claims of a pending event | Searched | Due again by |
|---|---|---|---|---|
${rows
  .map(([file, searches]) => {
    const count = (kind: string) => searches.filter((search) => search.kind === kind).length;
    const due = searches.map((search) => search.expires).sort()[0]!;
    return `| ${outwardDocument(file)} | ${count("absence")} | ${count("pending")} | ${days(searches.map((search) => search.searched))} | ${due} |`;
  })
  .join("\n")}`;
}

/** The served document a content file becomes, linked where it has a file of its own. */
function outwardDocument(file: string): string {
  const [folder, name = ""] = file.split("/");
  const id = name.replace(/\.(md|ya?ml)$/, "");
  if (folder === "answers") return `Answer ${link(code(id), answerPath(id))}`;
  if (folder === "suppliers") return `Supplier profile ${code(id)} (${link("suppliers", collectionPath("suppliers"))})`;
  if (folder === "evidence") return `Evidence family ${code(id)} (${link("evidence", collectionPath("evidence"))})`;
  return code(file);
}

/** The docs, with each section's id after its heading (`{#id}`) and a caption before each table (`Table: …`). */
function docsSource(input: DocsInput): string {
  const { site, origin } = input;
  const q = QUERY_PARAMETERS.q!;
  const parameter = (name: "slug" | "page" | "sort" | "match") =>
    `- ${code(name)}: ${QUERY_PARAMETERS[name]!.summary} ${QUERY_PARAMETERS[name]!.rules.join(" ")}`;
  return `# Documentation: ${site.name}

${site.description} The API lives at ${code(`${origin}/api/v1`)}; it is read-only and answers GET and HEAD.

## Endpoints {#endpoints}

Table: Every endpoint answers GET and HEAD; the canonical file is what a mirror holds.

| URL | Canonical file | What it holds |
|---|---|---|
${ENDPOINTS.map((endpoint) => `| ${code(endpoint.path)} | ${link(code(endpoint.file), endpoint.file)} | ${cell(endpoint.summary)}. |`).join("\n")}

${ENDPOINTS.map(
  (endpoint) => `### ${endpoint.name} {#endpoint-${endpoint.operation.toLowerCase()}}

${endpoint.description} Body schema: ${link(code(endpoint.schema), schemaPath(endpoint.schema))}.

\`\`\`sh
curl ${origin}${endpoint.path}
\`\`\``,
).join("\n\n")}

One answer by its slug, and a text search:

\`\`\`sh
curl '${origin}/api/v1/answers?slug=room-sizing'
curl '${origin}/api/v1/answers?q=where+should+the+ceiling+microphones+go'
curl '${origin}/api/v1/answers?q=ceiling+micro&match=all'
\`\`\`

## Searching answers: the q rule {#q}

${q.summary}

${q.rules.map((rule) => `- ${rule}`).join("\n")}
${parameter("match")}

### Stop words {#stop-words}

With ${code("match=any")} these ${STOP_WORDS.length} words are left out of ${code("q")} (after normalising; an apostrophe splits a word, so ${code("what's")} is ${code("what")} and ${code("s")}), and ${code("meta.ignored")} lists those a query held. They are the Snowball project's English stop words (all but cannot and the pieces of let's, shan't and mustn't), with the pieces an apostrophe leaves, their spellings without one (${code("whats")}) and the filler words of a question (${code("advice")}, ${code("best")}, ${code("difference")}, ${code("happens")}, ${code("matter")}, ${code("need")}, ${code("use")}, ${code("way")}, ${code("work")}), the words an agent frames its user's question with (${code("user")}, ${code("asks")}, ${code("wants")}, ${code("know")}: "my user wants to know…"), each verb in all its forms (${code("working")}, ${code("worked")}), and of a buyer's (${code("buy")}, ${code("choose")}, which most answers here say in passing); ${code("us")} is one of them, so a question about the United States is found by its other words (${code("federal")}, ${code("government")}): ${STOP_WORDS.map(code).join(", ")}. A ${code("q")} of nothing but stop words (${code("?q=how+to")}) is a 400 problem, ${link(code("query-only-stop-words"), `${ERRORS_PATH}#query-only-stop-words`)}, as a ${code("q")} with no letter or digit is: it names nothing to look for. With ${code("match=all")} nothing is left out, so ${code("?q=how+to&match=all")} finds the answers with words starting ${code("how")} and ${code("to")}.

### Inflections {#inflections}

A word matches the other inflections of its word: ${code("microphones")} and ${code("microphone")}, ${code("mounting")}, ${code("mounted")} and ${code("mount")}, ${code("batteries")} and ${code("battery")}, ${code("licensed")} and ${code("license")}. The rule is the part of Martin Porter's stemmer (1980) that takes off inflections, its steps 1 (plurals, -ed, -ing, a final y) and 5 (a final e, a double l), without its steps 2 to 4, which would join words of different meaning (${code("access")} and ${code("accessibility")}, ${code("certified")} and ${code("certification")} stay apart). Before it, these irregular forms, and the comparatives and superlatives of the adjectives rooms are measured with (which step 1 leaves alone: taking -er off every word would join ${code("speaker")} and ${code("speak")}), are read as their base word: ${Object.entries(
    irregularForms(),
  )
    .map(([base, forms]) => `${forms.map(code).join(", ")} as ${code(base)}`)
    .join(
      "; ",
    )}. Words of fewer than three letters, words holding a digit or a letter beyond a to z, and words whose stem's words would start with fewer than three letters (${code("uses")}) match only as themselves and as a prefix.

### Synonyms {#synonyms}

A word of one of these groups also matches the group's other words and their inflections (${code("match=any")}); the groups are content, in ${code("content/synonyms.yaml")}, checked against ${link(code("content-synonyms.schema.json"), schemaPath("content-synonyms.schema.json"))}, and the search index's map holds them too (${code("synonyms")}).

Table: The synonym groups of q, each with why buyers use its words for the same thing.

| words | why |
|---|---|
${input.synonyms.map((group) => `| ${group.words.map(code).join(", ")} | ${cell(group.why)} |`).join("\n")}

Table: Published examples, with what each finds in this version of the data, best match first.

| q | What it shows | Answers found, best first |
|---|---|---|
${input.exampleResults.map((example) => `| ${code(example.q)} | ${cell(example.shows)} | ${example.total === 0 ? "none" : `${example.total}: ${example.slugs.map(code).join(", ")}${example.total > example.slugs.length ? ", …" : ""}`} |`).join("\n")}

## Search results: best match first, why each matched, suggestions {#ranking}

${SEARCH_RESULTS.join("\n\n")}
${
  input.searchExamples
    ? `
For example, ${code(`?${input.searchExamples.hit.query}`)} explains its best answer so:

\`\`\`json
${JSON.stringify(input.searchExamples.hit.body.meta.matches?.[0], null, 2)}
\`\`\`

and ${code(`?${input.searchExamples.miss.query}`)}, which finds nothing (with ${code("match=all")} a typo matches nothing), suggests:

\`\`\`json
${JSON.stringify(input.searchExamples.miss.body.meta.suggestions, null, 2)}
\`\`\`
`
    : ""
}
## Filters and paging {#paging}

${parameter("slug")}
${parameter("page")}
${parameter("sort")}
- Filters combine: ${code("?q=room&slug=room-sizing")} applies both.
${PARAMETER_RULES.map((rule) => `- ${rule}`).join("\n")}

Pages hold at most ${code("meta.page_size")} items (${site.page_size}). ${code("links.next")} and ${code("links.prev")} appear when there are more pages; past the last page, ${code("data")} is empty.

## Responses and headers {#format}

The three collections share one envelope: the items in ${code("data")}, counts and the filters applied in ${code("meta")}, and ${code("links")} (${code("self")}, ${code("first")}, ${code("last")}, ${code("prev")}, ${code("next")}). Links inside the JSON are root-relative paths: of canonical ${code(".json")} files for collections, pages and items, of the Markdown twins, pages and documents the root names; a response to ${code("q")}, or to a ${code("slug")} or ${code("page")} that names no file, links to its own query URL, which only the request handler answers (a ${code("slug")} or ${code("page")} that names a file is answered with that file's bytes and links). JSON is UTF-8 with keys sorted, two-space indentation and a final newline.

- ${code("Access-Control-Allow-Origin: *")} on every response, without credentials; OPTIONS answers a CORS preflight with 204.
- A strong ${code("ETag")} on every 200 and 206 response (but the MCP endpoint's answers to POST); ${code("If-None-Match")} gives 304. HEAD gives exactly GET's headers. The CORS preflight's 204 carries none, and is cached for a day.
- ${code("Cache-Control: public, max-age=0, must-revalidate")}: browsers revalidate; the CDN keeps files until the next deploy. Problems are never cached, nor are the MCP endpoint's answers to POST (${code("no-store")}, no ETag).
- On JSON responses and the answers' Markdown twins, ${code("Link")} headers to the API catalog and the OpenAPI document (the OpenAPI document links only the catalog), and to the body's JSON Schema (${code('rel="describedby"')}) where one is published for it: every API response and most discovery documents, not the JSON Schemas themselves, the data changelog, the data package's descriptor, the DCAT catalog, the A2A card, the MCP tool list or the AI catalog. The schemas are under ${code(SCHEMAS_FOLDER)}, listed in ${link(code(SCHEMA_LIST_FILE), SCHEMA_LIST_FILE)}.

## Markdown for agents {#markdown}

${MARKDOWN_FOR_AGENTS.summary}

${MARKDOWN_FOR_AGENTS.files.map((file) => `- ${file.path.includes("{") ? code(file.path) : link(code(file.path), file.path)}: ${file.what}.`).join("\n")}

${MARKDOWN_FOR_AGENTS.negotiation}

## Reading the supplier directory {#suppliers}

${SUPPLIER_GUIDE.scores}

${SUPPLIER_GUIDE.primary}

${SUPPLIER_GUIDE.searches}

## Reading the evidence register {#evidence}

${EVIDENCE_GUIDE.current}

${EVIDENCE_GUIDE.listings}

${EVIDENCE_GUIDE.warranty}

Table: The closed status vocabularies, as the schemas define them (the data package's CSV schemas carry them as ${code("enum")} constraints), and how many of this register's statuses hold each value (a status other than ${code("unknown")} is given only where a source says it).

| Vocabulary | Values | Meaning | In this register |
|---|---|---|---|
${EVIDENCE_VOCABULARIES.map((vocabulary, at) => `| ${cell(vocabulary.name)} | ${vocabulary.values.map(code).join(", ")} | ${cell(vocabulary.meaning)} | ${tallyText(input.statusTallies[at]!, code)} |`).join("\n")}

## How facts expire {#facts-expire}

A claim that something was not found, not seen or not established, or that an event is announced, expected or has not
happened yet, is true only of a search on a day. Every such claim in the supplier directory, the evidence register and
the methodology has been searched for outside our register (the issuer's own filings and pages first, then platform
lists, regulators and the press), and its text says what was searched and when: a profile's recorded searches give
their ${code("searched")} day, and the evidence register's notes name the day of the search they rest on. What a search
finds becomes a source, and the disclosure's data corrections list each fact it changed.

The claim audit, kept with the content and not served, records each search beside its claim: the day, the words
searched, where, what was found and the day by which it must be made again, at most ${OUTWARD_DAYS.pending} days later
for an event yet to happen and ${OUTWARD_DAYS.absence} for plain absence (many claims on facts that move fast are given
less: platform lists, certification dates, prices and warranty terms). The build refuses such a claim without a recorded search,
and finds those claims by the phrases below; a phrase that is not such a claim is reworded. The methodology's audit
summary gives the number of claims checked and the day of the latest check. The table below gives, for each answer,
supplier profile and evidence family, the days its claims were searched and the first day one of them is due again.

${outwardTable(input.outward)}

Table: The phrases that mark a claim of absence or of a pending event.

| Phrase | Kind |
|---|---|
${OUTWARD_MARKERS.map((marker) => `| ${cell(marker.phrase)} | ${marker.kind} |`).join("\n")}

## Errors {#errors}

Errors of the HTTP API (not the JSON-RPC errors of ${code(MCP_PATH)}) are RFC 9457 problem documents (${code(PROBLEM_TYPE)}) with ${code("type")}, ${code("title")}, ${code("status")} and ${code("detail")}; each ${code("type")} is the address of its section on the ${link("errors page", ERRORS_PATH)}.

Table: Problem types

| Type | Status | Title | When |
|---|---|---|---|
${PROBLEM_KINDS.map((kind) => `| ${link(code(kind), `/docs/errors/#${kind}`)} | ${PROBLEM_TYPES[kind].status} | ${cell(PROBLEM_TYPES[kind].title)} | ${cell(PROBLEM_DESCRIPTIONS[kind])} |`).join("\n")}

## Authentication and limits {#authentication}

${AUTHENTICATION_STATEMENT} See the ${link("authentication statement", AUTH_STATEMENT_FILE)}.

There are no rate limits and no quotas.

## Discovery documents {#discovery}

Table: Where clients, crawlers and agents find the API

| Document | Served as | What it says |
|---|---|---|
${DISCOVERY_DOCUMENTS.map((document) => `| ${link(cell(document.name), document.path)} | ${code(document.type)} | ${cell(document.what)} |`).join("\n")}

## MCP for agents {#mcp}

${code(MCP_PATH)} is a read-only ${link("Model Context Protocol", "https://modelcontextprotocol.io/")} server over Streamable HTTP: POST one JSON-RPC request, get one JSON response. It is stateless (no session id, no event stream; GET and DELETE get 405) and speaks the revisions ${MCP_PROTOCOL_VERSIONS.map(code).join(", ")}: the 2025 ones after ${code("initialize")}, and ${code(MODERN_VERSIONS[0])} with no handshake, ${code("server/discover")}, the ${code("_meta")} envelope on every request and the ${code("MCP-Protocol-Version")}, ${code("Mcp-Method")} and ${code("Mcp-Name")} headers, which must agree with the body. A request for another revision gets an error that lists these. A ${code(BATCH_VERSION)} client may send a JSON-RPC batch (an array of up to ${MCP_BATCH_MAX_MESSAGES} messages, ${code("initialize")} apart), as that revision requires a server to take; the later ones have no batches. A body is at most ${groupDigits(MCP_MAX_BODY_BYTES)} bytes (413 past that).

Tools, in this order, each read-only and closed-world, with an input schema and an output schema made from this API's own response schemas: ${TOOL_DEFINITIONS.map((tool) => `${code(tool.name)} (${tool.title.toLowerCase()})`).join(", ")}. ${code("search_answers")} is the ${code("q")} rule itself, with the API's matches and errors; with ${code('detail: "summary"')} it gives each answer's slug, title, question, summary, tags, product families, reviewed date and links instead of the whole answer (some 1.5 KB a hit with its explanation, against some 50 KB), for clients that limit a tool result's size. Resources: each answer, the supplier directory and the evidence register, named by their API URLs. The tool list is also a file: ${link(code(MCP_TOOLS_FILE), MCP_TOOLS_FILE)}.

### Prompts {#mcp-prompts}

Tasks a person picks by name (prompts/list, prompts/get), in this order:

${MCP_PROMPTS_DOC.map((prompt) => `- ${code(prompt.name)} (${prompt.title}): ${prompt.description} Arguments: ${prompt.arguments.map((argument) => `${code(argument.name)} (${argument.required ? "required" : "optional"}${argument.completes ? `; completes ${argument.completes}` : ""}): ${argument.description}`).join(" ")}${prompt.restsOn.length > 0 ? ` It rests on the answers ${prompt.restsOn.map(code).join(", ")}.` : ""}`).join("\n")}

${MCP_STATEMENTS.prompts}

### Resource templates and the resource list {#mcp-templates}

${MCP_TEMPLATES_DOC.map((template) => `- ${code(template.uriTemplate)} (${template.title}, ${code(template.mimeType)}; completes ${template.completes})`).join("\n")}

${MCP_STATEMENTS.resources} The templates name this server's origin before the path.

### Completions {#mcp-completions}

${MCP_STATEMENTS.completions}

${Object.entries(COMPLETION_SOURCES)
  .map(([source, what]) => `- ${code(source)}: ${what}`)
  .join("\n")}

${MCP_STATEMENTS.limits}

### No logging {#mcp-logging}

${MCP_STATEMENTS.logging}

### Origins {#mcp-origins}

The endpoint is public and read-only and takes no credentials, so on the CDN any origin may call it (${code("Access-Control-Allow-Origin: *")}, the MCP request headers allowed in the preflight); no cookie or token is read. ${MCP_STATEMENTS.localServer} There is no OAuth: ${OAUTH_METADATA_PATHS.map(code).join(", ")} and their path-suffixed forms answer 404, because a client that found authorization metadata would start a sign-in that nothing here needs. The ${link("MCP Server Card", MCP_SERVER_CARD_FILE)} (also at ${code(MCP_SERVER_CARD_PATH)} and ${code(MCP_SERVER_CARD_WELL_KNOWN)}) names the endpoint and, under its ${code("_meta")}, the tools, prompts, templates and completions; ${link(code(AI_CATALOG_FILE), AI_CATALOG_FILE)} lists the card. Offline, ${code("npm run --silent mcp")} serves the same tools, prompts, templates and completions over stdio from a local ${code("dist/")}.

## The plain HTTP GET binding {#http-get}

The A2A Agent Card names this section as its protocol binding. It means: this service implements no A2A operations. Its interface is plain HTTP GET and HEAD on the URLs above, as the OpenAPI document describes, returning JSON.

## Licence and citation {#licence}

The data is licensed under ${link(site.licence.name, site.licence.url)}. ${citationText(site)} ${CITATION_FILE_NOTE} ${link(code(CITATION_FILE), CITATION_FILE)}.

## Scale and limits {#scale}

This version holds ${input.counts.answers} answers, which fit one page. The same build and request handler serve collections of any size:

- **Paging.** Past ${site.page_size} answers, the collection is written as prebuilt pages (${code("/api/v1/answers/pages/N.json")}, page 1 also at ${code("index.json")}) linked by ${code("links.next")} and ${code("links.prev")}; ${code("?page=N")} answers with the page's exact bytes. Results of ${code("q")} are paged the same way, computed.
- **The index.** Sharded, so that a query reads and parses only what it needs: the map ${code(ANSWERS_SEARCH_INDEX_FILE)} names the first word of each words shard (about 48 KB of postings each, under ${code(`${ANSWERS_SEARCH_FOLDER}/terms/`)}, each word with the number of answers holding it; a word in most answers written one character per answer), the chunks of slugs that turn positions into answers (${code("documents/")}: thousands of slugs a chunk, front-coded in blocks of 64, so that a page of hits scattered over the collection reads a few chunks; beside each slug the first 48 bits of its answer's content digest (8 base-64 digits), so that an answer's file of another deploy is never spliced in), and the suggestion words. A query word reads the shard(s) of the words it starts, usually one (a word every answer of a large collection holds weighs nothing, and is not decoded); a page of hits reads the chunks of its hits; the snippets come from the hits' own answer files. What was decoded is kept per isolate (a word's matches, a query's ranking), within bounds. The format is in ${code("schemas/search-index.schema.json")}; sizes and timings at 10,000 and 100,000 answers are in BENCHMARKS.md.
- **At the edge.** The edge function carries no data: it fetches the index and the collection's pages from the CDN (never one file per answer) and keeps them while the deploy lasts, checking that every file is of the same build (a response never mixes two deploys; if the origin fails, it answers 503 with Retry-After), so it stays far inside Netlify's limits (20 MB of code and data, 50 ms of CPU per request) at 10,000 answers; figures in BENCHMARKS.md.
- **The build.** From 2,000 files the build parses and renders on worker threads, one per core (at most four), while one thread checks and writes; it holds the front matter and the index, never the output, so its memory grows by a few kilobytes per answer. Times and peak memory at 1,000, 10,000 and 100,000 answers are in BENCHMARKS.md.
- **Offline.** While every answer fits on the home page, it carries them all and the offline search; past one page it shows the first page and points at the JSON pages and the CSV of every answer.
- **Limits.** ${code("q")} up to 200 code points; at most 32 query parameters on ${code("/api/v1/answers")} (other files ignore their query); a request line up to 8 KiB. There are no rate limits.

## Versioning {#versioning}

${input.versioning.promise}

${input.versioning.breaking}

${input.versioning.deprecation}

Now: version ${code(input.versioning.current)}; deprecated: ${input.versioning.deprecation_date ? code(input.versioning.deprecation_date) : "no"}; sunset: ${input.versioning.sunset_date ? code(input.versioning.sunset_date) : "none announced"}. The root resource ${code(API_ROOT)} repeats this under ${code("versioning")}.

## Downloads and formats {#downloads}

Every URL above is an alias of a canonical ${code(".json")} file, so a plain copy of the files works anywhere, read at those files: ${code(`${API_ROOT}/answers?slug=S`)} is ${code(answerPath("S"))}, and ${code(`${API_ROOT}/answers?page=N`)} is ${code(pagePath("answers", "{n}").replace("{n}", "N"))} past ${site.page_size} answers (page 1 is ${code(`${API_ROOT}/answers/index.json`)}, the only page up to then). The query parameters are answered at ${code(`${API_ROOT}/answers`)} (and ${code(`${API_ROOT}/answers/`)}) only: on a canonical file (${code(`${API_ROOT}/answers/index.json?q=…`)}) they are ignored, as any parameter is, and the file is answered whole. A plain static server (a mirror, ${code("python3 -m http.server")}) ignores every query parameter (${code("q")}, ${code("slug")}, ${code("page")}, ${code("sort")}, ${code("match")}) and answers the file or folder the path names, with 200, never the query's result: only the request handler answers them, and ${code("q")} and ${code("sort")} have no file. Opened from disk, ${link("the home page", "/")} browses every answer, supplier and evidence record and filters answers with the same ${code("q")} rule.

${DOWNLOADS.map((download) => `- ${link(download.name, download.path)} (${code(download.path)}): ${download.what}.`).join("\n")}

In the CSV tables: ${FORMULA_GUARD}

## Contact {#contact}

${site.contact.name}. Corrections to the data are welcome: name the resource and the source that shows the error. This service publishes no separate e-mail address or security contact yet; use the contact channel of the operator's website.
`;
}

const HEADING_ID = / \{#([a-z0-9-]+)\}$/;

/** The Markdown twin of the docs (/docs/index.md): the docs' own text, without the headings' ids. */
export function docsMarkdown(input: DocsInput): string {
  return docsSource(input)
    .replace(/^(#+ .*?) \{#[a-z0-9-]+\}$/gm, "$1")
    .replace(/^(# .*)\n\n(.*)\n/, "$1\n\n$2 This is the Markdown version of /docs/.\n");
}

/** The docs page (/docs/index.html): the same text rendered, with the list of its sections after the introduction. */
export function docsPage(input: DocsInput): string {
  const source = docsSource(input);
  const sections = [...source.matchAll(/^## (.*) \{#([a-z0-9-]+)\}$/gm)].map(([, title, id]) => ({ title, id }));
  const body = DOCS_RENDERER.render(source, { file: DOCS_FILE });
  const nav = `<nav aria-label="On this page">
<ul>
${sections.map(({ title, id }) => `<li><a href="#${id}">${escapeHtml(title!)}</a></li>`).join("\n")}
</ul>
</nav>
`;
  const first = body.indexOf("<h2");
  return page(input, DOCS_FILE, `Documentation: ${input.site.name}`, body.slice(0, first) + nav + body.slice(first));
}

/** markdown-it with tables, no raw HTML, and the few rules a page of the docs needs beyond Markdown. */
const DOCS_RENDERER = (() => {
  const markdown = new MarkdownIt("default", { html: false, linkify: false, typographer: false });
  // The content's own words (the site's, the synonyms' reasons) stand in the page: links and images as in an answer's
  // body (and the page's own #fragments), so that an image (a request from a copy opened from disk) or an http: or
  // data: link cannot come in with them.
  markdown.disable("image");
  markdown.validateLink = (destination) => isSafeLink(destination) || destination.startsWith("#");
  markdown.core.ruler.push("docs-page", (state) => {
    const tokens = state.tokens;
    for (let at = 0; at < tokens.length; at++) {
      const token = tokens[at]!;
      if (token.type === "heading_open") headingId(token, tokens[at + 1]!);
      // A paragraph "Table: …" right before a table is its caption.
      if (
        token.type === "paragraph_open" &&
        tokens[at + 3]?.type === "table_open" &&
        tokens[at + 1]!.content.startsWith("Table: ")
      ) {
        const caption = new state.Token("html_block", "", 0);
        caption.content = `<caption>${markdown.renderInline(tokens[at + 1]!.content.slice("Table: ".length))}</caption>\n`;
        tokens.splice(at, 3);
        tokens.splice(at + 1, 0, caption);
      }
      if (token.type === "th_open") token.attrSet("scope", "col");
      // The first cell of a body row names the row.
      if (token.type === "tr_open" && tokens[at + 1]?.type === "td_open") {
        const open = tokens[at + 1]!;
        const close = tokens.slice(at + 2).find((candidate) => candidate.type === "td_close")!;
        open.tag = close.tag = "th";
        open.attrSet("scope", "row");
      }
    }
  });
  // Root-relative links become relative to the page: the docs then work opened from disk too.
  const linkOpen =
    markdown.renderer.rules.link_open ?? ((tokens, at, options, _env, self) => self.renderToken(tokens, at, options));
  markdown.renderer.rules.link_open = (tokens, at, options, env, self) => {
    const href = tokens[at]!.attrGet("href");
    if (typeof href === "string" && href.startsWith("/"))
      tokens[at]!.attrSet("href", relativeHref((env as { file: string }).file, href));
    return linkOpen(tokens, at, options, env, self);
  };
  return markdown;
})();

/** A heading's `{#id}`: taken off its text and set as its id. */
function headingId(open: Token, inline: Token): void {
  const id = HEADING_ID.exec(inline.content)?.[1];
  if (!id) return;
  open.attrSet("id", id);
  inline.content = inline.content.replace(HEADING_ID, "");
  const last = inline.children?.at(-1);
  if (last?.type === "text") last.content = last.content.replace(HEADING_ID, "");
}
