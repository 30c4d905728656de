/**
 * What the API is, said once: the endpoints, the parameters with their exact rules, the `q` examples, the
 * discovery documents. The OpenAPI document, the HTML docs, the agent skill, llms.txt and auth.md are all
 * generated from these facts, so they cannot disagree.
 */
import {
  ANSWERS_PARAMETERS,
  ANSWERS_PARAMETERS_TEXT,
  CHANGELOG_FEED_FILE,
  CHANGELOG_JSON_FILE,
  CHANGELOG_PAGE,
  CITATION_FILE,
  DCAT_CATALOG_FILE,
  FILES_PAGE_PATH,
  MCP_PATH,
  OPENAPI_ALIAS,
  OPENAPI_FILE,
  URL_LIST_FILE,
  API_CATALOG_FILE,
  AUTH_STATEMENT_FILE,
  AGENT_CARD_FILE,
  AGENT_SKILLS_INDEX_FILE,
  AI_CATALOG_FILE,
  ANSWERS_ENDPOINT,
  ANSWERS_SEARCH_INDEX_FILE,
  API_ROOT,
  CHECKSUMS_FILE,
  DATA_PACKAGE_FILE,
  DOCS_MARKDOWN_FILE,
  HOME_MARKDOWN_FILE,
  LLMS_FILE,
  LLMS_FULL_FILE,
  MCP_SERVER_CARD_FILE,
  MCP_SERVER_CARD_PATH,
  MCP_SERVER_CARD_WELL_KNOWN,
  ROBOTS_FILE,
  ROOT_RESOURCE_FILE,
  SCHEMA_LIST_FILE,
  SECURITY_TXT_FILE,
  SITEMAP_FILE,
  collectionPath,
  pagePath,
  collectionUrl,
  csvFile,
  SKILL_PATH,
} from "../../contract/layout.ts";
import { ALLOWED_HOSTS_VARIABLE, LOOPBACK_HOST_NAMES } from "../../contract/local-hosts.ts";
import { BULK_DOWNLOADS } from "./distributions.ts";
import { describeFile } from "../../contract/routes.ts";
import { mirrorCheck } from "../../contract/unlisted-files.ts";
import { groupDigits, MAX_PAGE, MAX_PARAMETERS, MAX_QUERY_CODE_POINTS } from "../../contract/limits.ts";
import { PROBLEM_TYPES, type ProblemType } from "../../contract/problems.ts";
import { B, FIELD_WEIGHTS, IDF_EXTRA_ANSWERS, IDF_EXTRA_FADES_AT, K1, MATCH_SHARES } from "../../search/relevance.ts";
import { TYPOS_PER_WORD } from "../../search/search-reader.ts";

export interface Endpoint {
  path: string;
  file: string;
  name: string;
  operation: string;
  summary: string;
  description: string;
  schema: string;
  parameters: readonly string[];
  /** Where its pages are, for a collection that is paged once it outgrows one (page 1 is then also `file`). */
  pages?: string;
}

export const ENDPOINTS: readonly Endpoint[] = [
  {
    path: API_ROOT,
    file: ROOT_RESOURCE_FILE,
    name: "Service metadata",
    operation: "ServiceMetadata",
    summary: "What the service is, its licence, how to cite it, and links to everything",
    description:
      "Name, description, version, publisher, contact, data licence, citation, counts, and root-relative links to the collections, health, the OpenAPI document, the docs, the API catalog, the JSON Schemas and the search index.",
    schema: "root.schema.json",
    parameters: [],
  },
  {
    path: ANSWERS_ENDPOINT,
    file: collectionPath("answers"),
    pages: pagePath("answers", "{n}"),
    name: "Buyer answers",
    operation: "Answers",
    summary: "Detailed buyer answers, searched by q, selected by slug, ordered by sort, paged by page",
    description:
      "The answers in the collection envelope. Without parameters: every answer in slug order (first page). `q` searches a question as people type it: the answers holding every word of it first, then those matching some, best match first, each answer explained in meta.matches (score, fields, the words it matched and how, the words it lacks, a snippet), a miss with meta.suggestions; `match=all` asks for every word to start a word of the answer instead; `sort=slug` keeps slug order; `slug` selects one answer by exact match; `page` pages; filters combine.",
    schema: "answers.schema.json",
    parameters: [...ANSWERS_PARAMETERS],
  },
  {
    path: collectionUrl("suppliers"),
    file: collectionPath("suppliers"),
    pages: pagePath("suppliers", "{n}"),
    name: "Supplier directory",
    operation: "Suppliers",
    summary: "Ranked supplier profiles with sources and caveats, and the ownership and methodology disclosure",
    description:
      "Supplier profiles in rank order (rank 1 first), each with what its rank means (`rank_meaning`), its weighted score, per-criterion scores with the facts and sources behind each, products, strengths, caveats, ownership, the same recorded searches for every supplier (`searches`: for platform listings, support terms, ownership and each compliance rule of the evidence register, what was looked for, where, when and what was found) and cited sources, each saying whether it is `primary`; `disclosure` is the ownership disclosure and editorial methodology note, with the rubric.",
    schema: "suppliers.schema.json",
    parameters: [],
  },
  {
    path: collectionUrl("evidence"),
    file: collectionPath("evidence"),
    pages: pagePath("evidence", "{n}"),
    name: "Evidence register",
    operation: "Evidence",
    summary: "Certification, compliance and warranty status by product family",
    description:
      "Product families in their declared order, each with its records (by supplier rank, then product): a current status per platform programme, with what dated versions of its list showed kept apart under `listings`; a status per compliance mark or rule; and the base warranty's terms apart from a paid plan (`paid_plan`). The vocabularies are closed, and unknown and unverified are statuses.",
    schema: "evidence.schema.json",
    parameters: [],
  },
  {
    path: collectionUrl("health"),
    file: collectionPath("health"),
    name: "Health",
    operation: "Health",
    summary: "A small availability response",
    description:
      "status (always ok when served), version, the digest of the content and the time the data was generated.",
    schema: "health.schema.json",
    parameters: [],
  },
];

export interface QueryParameter {
  name: string;
  summary: string;
  rules: readonly string[];
}

export const QUERY_PARAMETERS: Readonly<Record<string, QueryParameter>> = {
  q: {
    name: "q",
    summary:
      "Search: a question or keywords, as people type them, matched against the title, question, summary, tags and body of each answer.",
    rules: [
      "Text and query are normalised alike: Unicode NFKD, combining marks removed, lower case, and ß→ss, æ→ae, œ→oe, ø→o, ł→l, đ→d, ð→d, þ→th, ı→i. Words are runs of letters and digits; in an answer's text a word joined by hyphens is also a word whole (Wi-Fi holds wi, fi and wifi; not numbers such as dates), so that wifi finds Wi-Fi; with match=any, a query word joined by hyphens with stop words among its parts (all-in-one, built-in) is also asked for whole (allinone, builtin), since its stop words are left out.",
      `With match=any (the default) the stop words of q (published in the docs: how, what, the, should, …) are left out and never decide a match. Each other word matches a word of the answer that is the word itself (exact), another inflection of it (stem: microphones and microphone, mounting and mount), a word of its synonym group or an inflection of one (synonym: tv and display; the groups are published in the docs), or a word it starts (prefix: micro for microphone); a word that matches no answer in those ways matches the ${TYPOS_PER_WORD} words of the index nearest to it, then commonest, a small typo away (typo: one edit for words of 4 to 7 letters, two from 8; never to or from a word holding a digit, such as a number, a model or a standard, and never to a stop word).`,
      "An answer holds a word when it matches it exactly, by stem or as a synonym, or, for the last word of q (which may be half typed), as a prefix. The answers holding every word come first, then those matching some of them in any way; each group best match first (see sort).",
      "match=all keeps the rule before: an answer matches when every word of q (stop words included) starts some word of it; no stems, synonyms or typos.",
      `At most ${MAX_QUERY_CODE_POINTS} code points; a q with no letter or digit, or longer, is a 400 problem, and so is a q of stop words only with match=any (query-only-stop-words).`,
      "Results come best match first (see sort): a BM25F score with the title weighted above the question and tags, those above the summary, the summary above the body; ties in slug order. meta.matches explains each answer: its score, the fields that matched, the words it holds with how each matched and the words it lacks, and a plain-text snippet with the matched words as code-point ranges; meta.ignored lists the stop words left out.",
      "A q that finds nothing gets meta.suggestions: corrected queries (edit distance 1 for words of 3 or 4 letters, 2 for longer ones) made of the index's own words, each with how many answers it finds.",
    ],
  },
  match: {
    name: "match",
    summary:
      "How q matches: any (the default: a question as people type it, the answers holding every word first, then those matching some) or all (every word of q must start a word of the answer, the rule before 2026-11-28).",
    rules: [
      "Any other value, or match given twice, is a 400 problem. Without q, match has no effect. meta.match says which rule answered.",
    ],
  },
  sort: {
    name: "sort",
    summary:
      "Order of the results: relevance (best match first, the default with q) or slug (collection order, the default without q).",
    rules: ["Any other value, or sort given twice, is a 400 problem. Which answers match never depends on the order."],
  },
  slug: {
    name: "slug",
    summary: "Exact, case-sensitive identifier of one answer.",
    rules: ["A slug that matches no answer (an upper-case one, an empty one) gives 200 with an empty data array."],
  },
  page: {
    name: "page",
    summary: `Page number, a whole number from 1 to ${groupDigits(MAX_PAGE)}, in digits with no leading zero.`,
    rules: [
      `Pages hold at most meta.page_size answers; a page past the last gives 200 with an empty data array; anything else (a larger number included) is a 400 problem.`,
    ],
  },
};

export const PARAMETER_RULES: readonly string[] = [
  `Each query parameter (${ANSWERS_PARAMETERS_TEXT}) may be given once; a repeated one is a 400 problem.`,
  "Their values are percent-encoded UTF-8 (+ is a space); a value whose escapes are not valid UTF-8, or a name written with escapes, is a 400 problem (malformed-parameter), never decoded with a replacement character.",
  `Other parameters are ignored, up to ${MAX_PARAMETERS} parameters in all; more is a 400 problem.`,
  "A request line over 8 KiB gets 414, request headers over the server's limit 431.",
];

const FIELD_WEIGHTS_TEXT = Object.entries(FIELD_WEIGHTS)
  .map(([field, weight]) => `${field} ${weight}`)
  .join(", ");

/** What the docs say of search results: the ranking, the explanations, the suggestions (HTML and Markdown alike). */
export const SEARCH_RESULTS: readonly string[] = [
  "Which answers match never depends on the order. With the default `match=any`, an answer matches when it matches some word of `q` (see `q`), and the answers holding every word come first; with `match=all`, every word of `q` must start a word of the answer. With `q`, the answers come best match first (`sort=relevance`, the default); `sort=slug` gives them in collection order. Any other `sort` is a 400 problem (`invalid-sort`), and any other `match` too (`invalid-match`).",
  `The score is BM25F over two groups of fields, computed from the index alone and identical wherever it runs (the edge, the local server, the offline page, the MCP tool). For each answer and word the build stores the word's saturated frequency: its count in each field, weighted (${FIELD_WEIGHTS_TEXT}) and normalised by the field's length against the collection's average, rounded to hundredths (b = ${B}), summed into tf once over the title, question, tags and summary (what the answer is about) and once over the body, each made tf / (${K1} + tf), and their mean as a whole number from 0 to 63: a word the answer is about is not outweighed by a long body's passing mention of another. A query word counts as one term for all the words it matches: its inverse document frequency comes from how many answers it matches, counted as though ${IDF_EXTRA_ANSWERS} more answers lacked it, fewer as the collection grows and none from ${IDF_EXTRA_FADES_AT.toLocaleString("en")} answers (so that in a small collection a word most answers use, such as \`certified\`, still weighs beside a product's name), and its level in an answer is that of its best word there, a prefix scaled by how much of the word it covers (a whole word in full, \`micro\` half of \`microphone\`), a stem keeping ${MATCH_SHARES.stem / 10} % of its level, a synonym ${MATCH_SHARES.synonym / 10} %, a typo ${MATCH_SHARES.typo / 10} %. An answer's score is the sum over the query's words of idf × level, in whole points: higher is better, comparable between the answers of one query only. With \`match=any\`, the answers holding every word rank above the rest whatever their points. Equal scores keep collection order. The figures are also in the index's map (\`relevance\`).`,
  "Each response to `q` says how it matched in `meta.match` and the stop words it left out in `meta.ignored`, and explains its answers in `meta.matches`, one entry per answer of `data`, in the same order, without changing the answers themselves (they stay the bytes of their own files): `slug`, `score`, `all_words` (whether the answer holds every word of `q`: matches each exactly, by stem or as a synonym, or the last word as a prefix; these answers come first; always true with match=all), `fields` (those some query word matches a word of, heaviest first), `matched` (each query word that matches a word of the answer in any way, a typo or the prefix of a word before the last included, though these do not hold it; in the query's order, with `how` it matched, exact, stem, synonym, prefix or typo, and the answer's word it matched, `found`), `missing` (the query words that match no word of it) and `snippet`: plain text (never HTML) of one field, the sentence that holds most of the query's words and the next one when it is short, cut at word boundaries with … to about 240 characters. `snippet.matches` lists the matched words as [start, end) offsets in Unicode code points, so a client highlights by slicing the text: `Array.from(text).slice(start, end)` in JavaScript, `text[start:end]` in Python.",
  "When `q` finds nothing, `meta.suggestions` offers corrected queries: each query word that matches no word of any answer is replaced by the nearest of the index's 20,000 commonest words (edit distance, counting a swap of neighbouring letters as one: at most 1 for words of 3 or 4 letters, 2 for longer ones, none for shorter ones, and never to or from a word holding a digit, nor, with `match=any`, to a stop word), nearest and commonest first, and only corrections that find something are offered, at most five, each with its `total`. With `match=any` a word a small typo away matches already (one edit for 4 to 7 letters, two from 8), so suggestions come only where no word is that near. Suggestions are made of the index's own words, normalised: they never repeat the request's text.",
];

/** The q examples the docs publish (with the default match=any); the tests and the offline page check each against the API. */
export const QUERY_EXAMPLES: ReadonlyArray<{ q: string; shows: string }> = [
  {
    q: "how high should the camera be mounted",
    shows:
      "a question as people type it: how, should, the and be are stop words, left out; mounted matches mount and mounting by its stem",
  },
  { q: "ceiling micro", shows: "the last word may be half typed: micro matches the words it starts (microphone)" },
  { q: "tv size", shows: "tv is in a synonym group with display and screen, so it finds the answers about displays" },
  { q: "cieling", shows: "a typo: no word is cieling, so ceiling, two letters swapped, matches" },
  { q: "Straße", shows: "ß folds to ss, so this is the same query as strasse" },
];

export const PROBLEM_DESCRIPTIONS: Readonly<Record<ProblemType, string>> = {
  "invalid-query":
    "q holds no letter or digit (it is empty, or only punctuation and spaces), so it could match nothing. Give at least one letter or digit.",
  "query-too-long": `q is longer than ${MAX_QUERY_CODE_POINTS} code points. Shorten it: a few distinctive words find more than a sentence.`,
  "repeated-parameter": `${ANSWERS_PARAMETERS_TEXT} appears more than once in the query string. Give each at most once; the problem's parameter member names it.`,
  "malformed-parameter": `${ANSWERS_PARAMETERS_TEXT} holds a % that does not begin a valid percent-escape of UTF-8 (for example 100% with its % sign not written %25, %ZZ, %E0%A4%A, or a lone %FF), or its name is written with escapes (%71 for q, which a cache may take for another parameter). It is refused rather than read with a replacement character. Encode the value as UTF-8 (encodeURIComponent does) and write the name as it is.`,
  "invalid-page": "page is not a whole number from 1 (for example 0, -1, 1.5 or x). Pages are numbered from 1.",
  "invalid-sort":
    "sort is neither relevance (best match first, the default with q) nor slug (collection order, the default without q). The values are case-sensitive.",
  "invalid-match":
    "match is neither any (the default: stop words left out, inflections, synonyms and typos matched, answers holding every word first) nor all (every word of q must start a word of the answer, as before). The values are case-sensitive.",
  "query-only-stop-words":
    "With the default match=any, q holds only stop words (common words such as how, the or should, listed in the docs), which never decide a match, so it would find nothing better than the whole collection. Add a word that names what you are looking for, or give match=all to match these words as they are.",
  "too-many-parameters": `The query string holds more than ${MAX_PARAMETERS} parameters. Remove the ones the API does not use.`,
  "host-not-allowed": `Only the local server (npm start, npm run serve, npm run dev) gives this, never the CDN: it protects a server on your own machine from DNS rebinding, where a web page points its own name at 127.0.0.1 and calls the server as its own site. The request's Host names neither a loopback name (${LOOPBACK_HOST_NAMES.join(", ")}, with any port) nor a host in ${ALLOWED_HOSTS_VARIABLE}; or, on ${MCP_PATH}, its Origin is neither a loopback origin nor one of those hosts (the data API takes every origin). The problem's \`header\` member names the header. To reach the server by another name, start it with ${ALLOWED_HOSTS_VARIABLE}=name[:port],… (listening beyond loopback, HOST=0.0.0.0, requires it).`,
  "not-found": "Nothing is published at this path under /api/. The API's resources are listed at /api/v1.",
  "method-not-allowed": `The API is read-only: only GET, HEAD and OPTIONS (CORS preflight) are answered. The Allow header lists them. The MCP endpoint, ${MCP_PATH}, alone takes POST (JSON-RPC). On Netlify, TRACE and CONNECT cannot be routed to the API's code, so Netlify's platform answers them itself, not with this document; the local server answers them with it.`,
  "uri-too-long": "The request line is longer than 8 KiB, usually because of a very long q. Shorten the query.",
  "headers-too-large":
    "The request headers exceed the server's limit. Send fewer or shorter headers (cookies are never needed here).",
  "bad-request": "The request could not be read as HTTP/1.1. Check the client.",
  "service-unavailable":
    "A computed answer (q, slug or page) needs the API's prebuilt files, and reading them failed: the origin did not answer in time, answered with an error, gave an incomplete file, or was being redeployed. Nothing is cached; wait the Retry-After seconds and ask again. Static files are not affected.",
  "internal-error":
    "The server failed while answering (for example, it could not read a file it has). The request was valid: try again later. The static files on the CDN never give this; the local server logs the cause.",
  "range-not-satisfiable":
    "A Range header asked for bytes past the end of the file (Content-Range gives its size). A malformed Range header is ignored and the whole file sent.",
};

export const PROBLEM_KINDS = Object.keys(PROBLEM_TYPES) as ProblemType[];

/** The discovery documents the docs list, each with the media type its header rule serves it with. */
export const DISCOVERY_DOCUMENTS: ReadonlyArray<{ path: string; name: string; type: string; what: string }> = (
  [
    {
      path: API_CATALOG_FILE,
      name: "API catalog (RFC 9727)",
      what: "a linkset naming this API, its OpenAPI document, docs, status and data",
    },
    {
      path: OPENAPI_FILE,
      name: "OpenAPI 3.1 document",
      what: `every operation, parameter, response and header; also at ${OPENAPI_ALIAS}`,
    },
    {
      path: AGENT_SKILLS_INDEX_FILE,
      name: "Agent Skills index (discovery v0.2.0)",
      what: `one skill that teaches an agent to use this API, ${SKILL_PATH}, with the SHA-256 digest of its bytes`,
    },
    {
      path: AGENT_CARD_FILE,
      name: "A2A Agent Card",
      what: "says plainly that this is a read-only HTTP API, not an A2A agent, and points at the OpenAPI document",
    },
    {
      // The file, not its alias /mcp/server-card: a page opened from the disk or a plain static host finds only files.
      path: MCP_SERVER_CARD_FILE,
      name: "MCP Server Card",
      what: `names the MCP endpoint /mcp (Streamable HTTP) and the protocol revisions it speaks; also at ${MCP_SERVER_CARD_PATH}, and as application/json at ${MCP_SERVER_CARD_WELL_KNOWN}`,
    },
    {
      path: AI_CATALOG_FILE,
      name: "AI Catalog",
      what: "lists the MCP Server Card (the server-card extension's draft catalog; also at /.well-known/mcp/catalog.json)",
    },
    {
      path: DCAT_CATALOG_FILE,
      name: "DCAT catalog (DCAT-AP 3)",
      what: "the data set, its downloads and this API as its data service, for data portals and harvesters",
    },
    {
      path: AUTH_STATEMENT_FILE,
      name: "Authentication statement",
      what: "no account, no token, no registration: anonymous GET and HEAD",
    },
    {
      path: LLMS_FILE,
      name: "llms.txt",
      what: "a short map of the API for language models, linking every answer's Markdown twin",
    },
    {
      path: LLMS_FULL_FILE,
      name: "llms-full.txt",
      what: "every answer in full, as its Markdown twin, in one file",
    },
    {
      path: ROBOTS_FILE,
      name: "robots.txt",
      what: "everything may be crawled; content signals; the sitemap",
    },
    { path: SITEMAP_FILE, name: "Sitemap", what: "the pages and main resources" },
    {
      path: SECURITY_TXT_FILE,
      name: "security.txt (RFC 9116)",
      what: "where to report a security problem: the docs' contact section (no separate security contact is published yet)",
    },
  ] as const satisfies ReadonlyArray<{ path: string; name: string; what: string }>
).map((document) => ({ ...document, type: describeFile(document.path).contentType }));

/** What a researcher downloads, in the order the home page and the docs list it. */
export const DOWNLOADS: ReadonlyArray<{ path: string; name: string; what: string }> = [
  {
    path: DATA_PACKAGE_FILE,
    name: "Data package",
    what: "a Frictionless Data Package describing the four CSV tables below, with a Table Schema for each",
  },
  {
    path: csvFile("answers"),
    name: "answers.csv",
    what: "every answer, one row each, with its summary, tags, related answers, cited sources and the links to its JSON and Markdown (the bodies are in answers.ndjson)",
  },
  { path: csvFile("suppliers"), name: "suppliers.csv", what: "the ranked suppliers, with their scores per criterion" },
  {
    path: csvFile("evidence"),
    name: "evidence.csv",
    what: "every evidence record, one column per programme, mark and warranty term",
  },
  {
    path: csvFile("sources"),
    name: "sources.csv",
    what: "the sources register: title, publisher, address and the date each was read",
  },
  ...BULK_DOWNLOADS.map((download) => ({
    path: download.path,
    name: download.path.slice(download.path.lastIndexOf("/") + 1),
    what: download.what,
  })),
  {
    path: CITATION_FILE,
    name: "CITATION.cff",
    what: "how to cite the data set (Citation File Format 1.2.0), the same file as the repository's",
  },
  {
    path: DCAT_CATALOG_FILE,
    name: "DCAT catalog",
    what: "the data set and its distributions for data portals (DCAT-AP 3, JSON-LD)",
  },
  {
    path: CHANGELOG_PAGE,
    name: "Changelog",
    what: "what changed in the data in each version, and which answers were reviewed when",
  },
  { path: CHANGELOG_JSON_FILE, name: "changelog.json", what: "the same changelog as JSON" },
  {
    path: CHANGELOG_FEED_FILE,
    name: "changelog.atom",
    what: "the same changelog as an Atom feed, for harvesters that poll",
  },
  { path: LLMS_FULL_FILE, name: "llms-full.txt", what: "every answer in full, as Markdown, in one file" },
  {
    path: OPENAPI_FILE,
    name: "OpenAPI 3.1 document",
    what: `the API's operations and response schemas (also at ${OPENAPI_ALIAS})`,
  },
  {
    path: SCHEMA_LIST_FILE,
    name: "JSON Schemas",
    what: "the list of every schema under /api/v1/schemas/: response bodies and content files",
  },
  {
    path: ANSWERS_SEARCH_INDEX_FILE,
    name: "Search index",
    what: "the map of the prebuilt search index, which names its shards under /api/v1/search/answers/",
  },
  { path: URL_LIST_FILE, name: "urls.txt", what: "every canonical URL, one per line, for `wget -i` or any crawler" },
  {
    path: CHECKSUMS_FILE,
    name: "SHA256SUMS",
    what: `the SHA-256 of every other file; \`sha256sum -c SHA256SUMS\` in a copy of dist/ proves it complete and unaltered, and in a mirror of the served URLs, which lacks Netlify's \`_headers\` and \`_redirects\` and the body of every unknown /api/ path's 404 (not served as files), \`${mirrorCheck()}\` does`,
  },
  {
    path: FILES_PAGE_PATH,
    name: "Every file",
    what: "a page linking every URL of urls.txt: each answer's JSON and Markdown, the schemas, the search shards",
  },
];

export const AUTHENTICATION_STATEMENT =
  "No authentication: there is no account, no token, no API key and no registration. Every endpoint answers anonymous GET and HEAD requests, and CORS is open to every origin (without credentials).";

/** Markdown for agents: what exists as Markdown, and how `/` and `/docs/` choose it. */
export const MARKDOWN_FOR_AGENTS = {
  summary:
    "Every answer, the home page and the docs are also plain Markdown, for language models and for reading as text. The JSON and HTML point at them.",
  files: [
    {
      path: "/api/v1/answers/{slug}.md",
      what: "each answer's Markdown twin: YAML front matter (slug, title, question, reviewed date, the register entries it cites with id, title, publisher, URL where there is one, and the date read, and the paths of its JSON and Markdown files), then the answer, its citations numbered as its list of sources at the end and its links to other answers naming their twins. Each answer names it in its JSON, as `links.markdown`",
    },
    { path: HOME_MARKDOWN_FILE, what: "the home page as Markdown" },
    { path: DOCS_MARKDOWN_FILE, what: "this documentation as Markdown" },
    { path: LLMS_FILE, what: "the llms.txt map: the docs, the API and every answer's twin" },
    { path: LLMS_FULL_FILE, what: "every answer in full, the twins one after another" },
  ],
  negotiation:
    '`/` and `/docs/` answer `Accept: text/markdown` with their Markdown (`text/markdown; charset=utf-8`) when the Accept header prefers it to `text/html`: by q-value, then by how specific the matching range is (`text/markdown` over `text/*` over `*/*`), then by order in the header (`text/markdown, text/html` gives Markdown); a full tie (`*/*`, `text/*`) and a missing Accept header give HTML. Both carry `Vary: Accept`, and the HTML links its twin with `rel="alternate"; type="text/markdown"`.',
} as const;

/** How many of each the collections hold, as the docs, the discovery documents and the products tell them. */
export interface CollectionCounts {
  answers: number;
  suppliers: number;
  product_families: number;
  evidence_records: number;
}
