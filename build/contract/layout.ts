/**
 * Where things are: the public paths of the API, at the bottom of the import graph (this module imports
 * nothing), so that build-time and request-time code, including the edge entries under Deno, share one
 * statement of the URL and file layout.
 */

export const API_ROOT = "/api/v1";

/** The root resource's file. */
export const ROOT_RESOURCE_FILE = "/api/v1/index.json";

/** The API catalog (RFC 9727), extensionless as the RFC names it. */
export const API_CATALOG_FILE = "/.well-known/api-catalog";
/** The authentication statement: there is none to do. */
export const AUTH_STATEMENT_FILE = "/auth.md";

/** The OpenAPI document, and the same bytes at the site's root, where tools look first. */
export const OPENAPI_FILE = "/api/v1/openapi.json";
export const OPENAPI_ALIAS = "/openapi.json";

/** A collection's public URL (an extensionless rewrite of its own file). */
export function collectionUrl(collection: string): string {
  return `${API_ROOT}/${collection}`;
}

/** A collection's own file: its only page, or its first. */
export function collectionPath(collection: string): string {
  return `${API_ROOT}/${collection}/index.json`;
}

/** Where page N of a paged collection lives; page 1 is also the collection's own file. */
export function pagePath(collection: string, page: number | "{n}"): string {
  return `${API_ROOT}/${collection}/pages/${page}.json`;
}

/**
 * What a slug is: lower-case letters and digits, single hyphens between (the pattern of `$defs/slug` in
 * schemas/common.schema.json, which a test holds it to).
 */
export const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** One answer's file: a collection envelope holding that answer alone. */
export function answerPath(slug: string): string {
  return `${API_ROOT}/answers/${slug}.json`;
}

/** One answer's Markdown twin: front matter, the body with its citations resolved, its sources listed. */
export function answerMarkdownPath(slug: string): string {
  return `${API_ROOT}/answers/${slug}.md`;
}

/**
 * Names that other files of /api/v1/answers/ use, which no answer may take: its files would take the place of the
 * collection's or collide with the folder of pages.
 */
export const RESERVED_ANSWER_SLUGS: ReadonlyMap<string, string> = new Map([
  ["index", `the collection file ${API_ROOT.slice(1)}/answers/index.json`],
  ["pages", `the folder of pages ${API_ROOT.slice(1)}/answers/pages/`],
]);

/** The answer a path names, with its form (its file or its Markdown twin), or undefined for any other path. */
export function answerFileOf(path: string): { slug: string; markdown: boolean } | undefined {
  const found = ANSWER_FILE.exec(path);
  return found && !RESERVED_ANSWER_SLUGS.has(found[1]!) ? { slug: found[1]!, markdown: found[2] === "md" } : undefined;
}
// The slug as SLUG_PATTERN has it, its group not captured.
const ANSWER_FILE = new RegExp(`^${API_ROOT}/answers/([a-z0-9]+(?:-[a-z0-9]+)*)\\.(json|md)$`);

/** The home page (also the offline reader) and its Markdown twin. */
export const HOME_FILE = "/index.html";
export const HOME_MARKDOWN_FILE = "/index.md";
/** The docs, their Markdown twin, and the page of the problem types. */
export const DOCS_PATH = "/docs/";
export const DOCS_FILE = "/docs/index.html";
export const DOCS_MARKDOWN_FILE = "/docs/index.md";
export const ERRORS_PATH = "/docs/errors/";
export const ERRORS_FILE = "/docs/errors/index.html";
/** The pages' one stylesheet and icon. */
export const STYLESHEET_FILE = "/assets/site.css";
export const ICON_FILE = "/assets/icon.svg";

/**
 * Pages that answer `Accept: text/markdown` with a Markdown twin, and the twin's file (also served as itself,
 * for static hosts and mirrors). Only these paths run the negotiation.
 */
export const MARKDOWN_PAGES: ReadonlyArray<readonly [page: string, twin: string]> = [
  ["/", HOME_MARKDOWN_FILE],
  [DOCS_PATH, DOCS_MARKDOWN_FILE],
];

/** Discovery documents at their well-known and conventional places. */
export const AGENT_SKILLS_INDEX_FILE = "/.well-known/agent-skills/index.json";
/** The one skill the index lists, by its name. */
export const SKILL_NAME = "av-buyer-data";
export const SKILL_PATH = `/.well-known/agent-skills/${SKILL_NAME}/SKILL.md`;
export const AGENT_CARD_FILE = "/.well-known/agent-card.json";
export const AI_CATALOG_FILE = "/.well-known/ai-catalog.json";
export const MCP_CATALOG_FILE = "/.well-known/mcp/catalog.json";
export const SECURITY_TXT_FILE = "/.well-known/security.txt";
export const ROBOTS_FILE = "/robots.txt";
export const SITEMAP_FILE = "/sitemap.xml";

/** The llms.txt map (llmstxt.org) and its companion holding every answer in full. */
export const LLMS_FILE = "/llms.txt";
export const LLMS_FULL_FILE = "/llms-full.txt";

/** The public path of the answers collection, where `q`, `slug` and `page` are answered. */
export const ANSWERS_ENDPOINT = `${API_ROOT}/answers`;

/** The query parameters the answers endpoint reads, each at most once; any other is ignored. */
export const ANSWERS_PARAMETERS = ["q", "slug", "sort", "match", "page"] as const;

/** The parameters as a sentence names them: "q, slug, sort, match or page". */
export const ANSWERS_PARAMETERS_TEXT = `${ANSWERS_PARAMETERS.slice(0, -1).join(", ")} or ${ANSWERS_PARAMETERS.at(-1)}`;

/** The prebuilt search index `q` is answered from: its map, which names the files of its shards. */
export const ANSWERS_SEARCH_INDEX_FILE = `${API_ROOT}/search/answers.json`;
export const ANSWERS_SEARCH_FOLDER = `${API_ROOT}/search/answers`;

/** Shard `shard` (from 1) of the search index's words, with their postings. */
export function searchTermsPath(shard: number): string {
  return `${ANSWERS_SEARCH_FOLDER}/terms/${shard}.json`;
}

/** Chunk `chunk` (from 1) of the search index's documents: the slugs of a run of positions. */
export function searchDocumentsPath(chunk: number): string {
  return `${ANSWERS_SEARCH_FOLDER}/documents/${chunk}.json`;
}

/** The prebuilt matches of a one-letter (or digit) token. */
export function searchPrefixPath(initial: string): string {
  return `${ANSWERS_SEARCH_FOLDER}/prefixes/${initial}.json`;
}

/** The words suggestions are chosen from, most common first. */
export const SEARCH_SUGGESTIONS_FILE = `${ANSWERS_SEARCH_FOLDER}/suggestions.json`;

/** Extensionless public URLs and the files they are rewrites of (the rules in _redirects, redirect-rules.ts). */
export const ALIASES: ReadonlyArray<readonly [string, string]> = [
  ["/mcp/server-card", "/mcp/server-card.json"],
  [API_ROOT, ROOT_RESOURCE_FILE],
  ...["answers", "suppliers", "evidence", "health"].map(
    (collection) => [collectionUrl(collection), collectionPath(collection)] as const,
  ),
];

/** The health file: its content digest changes with every change of the built files. */
export const HEALTH_FILE = collectionPath("health");

/** Every canonical URL of a build, one root-relative path per line (for archivists and crawlers). */
export const URL_LIST_FILE = "/urls.txt";

/** The same list as an HTML page of links, so that a crawler starting at / reaches every file. */
export const FILES_PAGE_PATH = "/docs/files/";
export const FILES_PAGE_FILE = "/docs/files/index.html";

/** The data set's citation metadata (Citation File Format 1.2.0), the same bytes as the repository's CITATION.cff. */
export const CITATION_FILE = "/CITATION.cff";

/** Every answer, one JSON object per line in collection order: the bulk download of the answers. */
export const ANSWERS_NDJSON_FILE = "/data/answers.ndjson";

/** The whole data set in one ZIP file: the JSON collections, the CSV tables, the schemas, a README. */
export const DATASET_ZIP_FILE = "/data/av-buyer-data.zip";

/** The DCAT catalog (DCAT-AP 3 as JSON-LD) of the data set; DCAT names no well-known path, so it sits at the root. */
export const DCAT_CATALOG_FILE = "/catalog.jsonld";

/** The data package (Frictionless) and its tables. */
export const DATA_PACKAGE_FILE = "/data/datapackage.json";
export function csvFile(table: string): string {
  return `/data/${table}.csv`;
}

/** Every file's SHA-256, in the format `sha256sum -c` reads. */
export const CHECKSUMS_FILE = "/SHA256SUMS";

/** What changed in the data: as JSON, as an Atom feed (RFC 4287) and as a page. */
export const CHANGELOG_JSON_FILE = "/changelog.json";
export const CHANGELOG_FEED_FILE = "/changelog.atom";
export const CHANGELOG_PAGE = "/changelog/";
export const CHANGELOG_PAGE_FILE = "/changelog/index.html";

/**
 * The problem document of the `/api/*` 404 rule, for servers without edge functions (mirrors, `serve`). Not a
 * public URL: requested itself, a forced rule answers it with 404, and urls.txt leaves it out.
 */
export const API_NOT_FOUND_FILE = "/errors/api-not-found";

/** The OAuth discovery paths (RFC 8414, RFC 9728, OpenID), each also with path suffixes: all 404 here. */
export const OAUTH_METADATA_PATHS = [
  "/.well-known/oauth-protected-resource",
  "/.well-known/oauth-authorization-server",
  "/.well-known/openid-configuration",
] as const;

/** What a 404 at an OAuth discovery path says. */
export const NO_OAUTH_DETAIL =
  "This service has no OAuth authorization server and no protected resource: every endpoint, /mcp included, is public and read-only, and needs no token. See /auth.md.";

/** What a 404 under /api/ says, wherever it is answered from. */
export const API_NOT_FOUND_DETAIL = "Nothing is published at this path. The API's resources are listed at /api/v1.";

/** The MCP endpoint (Streamable HTTP, POST). */
export const MCP_PATH = "/mcp";

/** The tools/list result as the build writes it, output schemas included; the MCP endpoint serves it. */
export const MCP_TOOLS_FILE = "/mcp/tools.json";

/** The MCP Server Card: its current place (the server-card extension) and the older well-known one. */
export const MCP_SERVER_CARD_FILE = "/mcp/server-card.json";
export const MCP_SERVER_CARD_PATH = "/mcp/server-card";
export const MCP_SERVER_CARD_WELL_KNOWN = "/.well-known/mcp/server-card.json";

/** The folder the JSON Schemas are published in, beside the data; a schema's `$id` is its URL there. */
export const SCHEMAS_FOLDER = `${API_ROOT}/schemas/`;

/** Where schema `name` (a file name such as answers.schema.json) is published. */
export function schemaPath(name: string): string {
  return `${SCHEMAS_FOLDER}${name}`;
}

/** The list of the published schemas. */
export const SCHEMA_LIST_FILE = `${API_ROOT}/schema-index.json`;
