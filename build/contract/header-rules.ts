/**
 * The header rules of every file the build writes, written once: each kind of file by its URL pattern, with its
 * media type, its response schema where its body has one, its caching and its Link, CSP and Vary headers. The
 * build writes them to dist/_headers (Netlify reads it beside netlify.toml, which holds no header rule), routes.ts
 * takes a file's media type and schema from them, and the request-time code sets the same values on its own
 * responses, to which Netlify applies no rule.
 *
 * Netlify sends every rule that matches a path, joining the values of a header two rules set: so a file matches
 * the rule that sets what every response carries and exactly one other (a test checks this with Netlify's parser).
 * Patterns are Netlify's: a trailing `/*` matches the folder and all below it, `*` any characters, `:name` one
 * segment. Their number does not grow with the number of answers: a rule's value cannot name the path it matched,
 * so an answer names its Markdown twin in its JSON's links.
 */
import { API_CATALOG_TYPE, EXPOSED_HEADERS, JSON_TYPE, MARKDOWN_TYPE, PROBLEM_TYPE } from "./http.ts";
import {
  ANSWERS_NDJSON_FILE,
  API_CATALOG_FILE,
  AUTH_STATEMENT_FILE,
  CHANGELOG_FEED_FILE,
  CHANGELOG_JSON_FILE,
  CITATION_FILE,
  DATASET_ZIP_FILE,
  DCAT_CATALOG_FILE,
  LLMS_FILE,
  LLMS_FULL_FILE,
  MARKDOWN_PAGES,
  MCP_SERVER_CARD_FILE,
  MCP_SERVER_CARD_PATH,
  MCP_SERVER_CARD_WELL_KNOWN,
  MCP_TOOLS_FILE,
  OPENAPI_ALIAS,
  OPENAPI_FILE,
  SCHEMA_LIST_FILE,
  schemaPath,
  URL_LIST_FILE,
} from "./layout.ts";

/** A rule as Netlify's _headers file holds it: a path pattern and the headers it sets. */
export type HeaderBlock = readonly [path: string, values: Readonly<Record<string, string>>];

/** What every response carries, from the CDN, the edge entries and the local server alike. */
export const EVERY_RESPONSE: Readonly<Record<string, string>> = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Expose-Headers": EXPOSED_HEADERS,
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "no-referrer",
};

/** Browsers revalidate every time; the CDN keeps the response until the next deploy. */
export const BROWSER_CACHE = "public, max-age=0, must-revalidate";
export const CDN_CACHE = "public, max-age=31536000";

const TEXT_TYPE = "text/plain; charset=utf-8";
const HTML_TYPE = "text/html; charset=utf-8";

const CATALOG_LINK = `<${API_CATALOG_FILE}>; rel="api-catalog"`;
const SERVICE_DESC_LINK = `<${OPENAPI_FILE}>; rel="service-desc"`;
const SERVICE_DOC_LINK = `</docs/>; rel="service-doc"`;
const CHANGELOG_LINK = `<${CHANGELOG_FEED_FILE}>; rel="alternate"; type="application/atom+xml"; title="Data changelog"`;
const markdownTwinLink = (twin: string) => `<${twin}>; rel="alternate"; type="text/markdown"`;

/**
 * The docs' policy: no script at all, styles only from this site (the home page's, with its hashes, is the build's).
 * Each page carries it in a meta element too, for a copy opened from disk or served with no headers; there it leaves
 * out frame-ancestors, which only a header carries.
 */
export const DOCS_META_POLICY =
  "default-src 'none'; style-src 'self'; img-src 'self'; base-uri 'none'; form-action 'none'";
const DOCS_POLICY = `${DOCS_META_POLICY}; frame-ancestors 'none'`;

/**
 * The Link of a page's Markdown twin served at the page's own URL (Accept: text/markdown): the page's links, its
 * twin's alternate turned to the HTML page, so that both representations name the same catalogue, docs and feed.
 */
export function markdownVariantLink(page: string, twin: string): string {
  const links = FILE_KINDS.find((kind) => kind.for.includes(page))?.link?.split(", ") ?? [];
  return [
    `<${page}>; rel="alternate"; type="text/html"`,
    ...links.filter((link) => link !== markdownTwinLink(twin)),
  ].join(", ");
}

/** Relative Link targets of an API response: its body's schema, the API catalog and the OpenAPI document. */
export function linkHeader(schemaName: string): string {
  return [`<${schemaPath(schemaName)}>; rel="describedby"`, CATALOG_LINK, SERVICE_DESC_LINK].join(", ");
}

/** A kind of file: the patterns it is served under and what it is served with. */
interface FileKind {
  for: readonly string[];
  type: string;
  /** The response schema in schemas/, for a JSON body that has one: its Link names it. */
  schema?: string;
  cache?: string;
  link?: string;
  policy?: string;
  /** Patterns of the kind whose response also varies on Accept (the pages that answer text/markdown too). */
  negotiated?: readonly string[];
}

const api = (patterns: readonly string[], schema: string, extraLinks: readonly string[] = []): FileKind => ({
  for: patterns,
  type: JSON_TYPE,
  schema,
  link: [linkHeader(schema), ...extraLinks].join(", "),
});
const plain = (type: string, ...patterns: string[]): FileKind => ({ for: patterns, type });
/** A document whose schema is another standard's (or none): its Link names the API catalog and the OpenAPI document. */
const discoverable = (type: string, ...patterns: string[]): FileKind => ({
  ...plain(type, ...patterns),
  link: [CATALOG_LINK, SERVICE_DESC_LINK].join(", "),
});
/** A document of another kind than the API's, whose schema the API publishes all the same. */
const described = (patterns: readonly string[], type: string, schema: string): FileKind => ({
  ...api(patterns, schema),
  type,
});

/** The schema of every problem document, whoever sends it. */
export const PROBLEM_SCHEMA = "problem.schema.json";
const MCP_SERVER_CARD_SCHEMA = "discovery-mcp-server-card.schema.json";

/** Every kind of file of a build, in the order of the rules written. */
const FILE_KINDS: readonly FileKind[] = [
  api(["/api/v1", "/api/v1/index.json"], "root.schema.json", [SERVICE_DOC_LINK, CHANGELOG_LINK]),
  // The answers: each answer's own JSON and the collection's pages, by one pattern, and the extensionless alias.
  api(["/api/v1/answers/*.json", "/api/v1/answers"], "answers.schema.json"),
  // The answers' Markdown twins are the API's too: the catalog and the OpenAPI document, as the JSON names them.
  discoverable(MARKDOWN_TYPE, "/api/v1/answers/*.md"),
  api(["/api/v1/suppliers/*"], "suppliers.schema.json"),
  api(["/api/v1/evidence/*"], "evidence.schema.json"),
  api(["/api/v1/health/*"], "health.schema.json"),
  api(["/api/v1/search/*"], "search-index.schema.json"),
  api([SCHEMA_LIST_FILE], "schema-list.schema.json"),
  { for: ["/api/v1/schemas/*"], type: "application/schema+json", link: [CATALOG_LINK, SERVICE_DESC_LINK].join(", ") },
  // The problem document of the /api/* 404 rule: never kept by the CDN or the browser.
  { ...described(["/errors/*"], PROBLEM_TYPE, PROBLEM_SCHEMA), cache: "no-store" },
  { for: [OPENAPI_FILE, OPENAPI_ALIAS], type: JSON_TYPE, link: CATALOG_LINK },
  // Discovery documents, each with the schema the API publishes for it. The catalog is extensionless: its type
  // comes only from here.
  described([API_CATALOG_FILE], API_CATALOG_TYPE, "discovery-linkset.schema.json"),
  described(["/.well-known/agent-skills/index.json"], JSON_TYPE, "discovery-agent-skills-index.schema.json"),
  plain(MARKDOWN_TYPE, "/.well-known/agent-skills/:name/SKILL.md"),
  discoverable(JSON_TYPE, "/.well-known/agent-card.json"),
  described([MCP_SERVER_CARD_WELL_KNOWN], JSON_TYPE, MCP_SERVER_CARD_SCHEMA),
  // The MCP Server Card at its own place, with its own media type (the server-card extension's draft).
  described([MCP_SERVER_CARD_FILE, MCP_SERVER_CARD_PATH], "application/mcp-server-card+json", MCP_SERVER_CARD_SCHEMA),
  discoverable(JSON_TYPE, MCP_TOOLS_FILE),
  // The AI catalog's own media type (the server-card extension's draft), at both of its places.
  discoverable("application/ai-catalog+json", "/.well-known/ai-catalog.json", "/.well-known/mcp/catalog.json"),
  plain(TEXT_TYPE, "/.well-known/security.txt"),
  plain(MARKDOWN_TYPE, AUTH_STATEMENT_FILE),
  plain(TEXT_TYPE, LLMS_FILE, LLMS_FULL_FILE, "/robots.txt"),
  plain("application/xml; charset=utf-8", "/sitemap.xml"),
  // The home page at / and /index.html; / also answers Accept: text/markdown (an edge entry), so it varies on Accept.
  {
    for: ["/", "/index.html"],
    type: HTML_TYPE,
    link: [CATALOG_LINK, SERVICE_DESC_LINK, SERVICE_DOC_LINK, markdownTwinLink("/index.md"), CHANGELOG_LINK].join(", "),
    negotiated: ["/"],
  },
  {
    for: ["/docs/", "/docs/index.html"],
    type: HTML_TYPE,
    policy: DOCS_POLICY,
    link: [CATALOG_LINK, SERVICE_DESC_LINK, markdownTwinLink("/docs/index.md")].join(", "),
    negotiated: ["/docs/"],
  },
  // The error pages, the page linking every file of urls.txt, and the data changelog's page (one rule per path:
  // /changelog/* would match /changelog.atom and /changelog.json too).
  {
    for: ["/docs/errors/*", "/docs/files/*", "/changelog/", "/changelog/index.html"],
    type: HTML_TYPE,
    policy: DOCS_POLICY,
  },
  discoverable(JSON_TYPE, CHANGELOG_JSON_FILE),
  plain("application/atom+xml; charset=utf-8", CHANGELOG_FEED_FILE),
  plain(MARKDOWN_TYPE, ...MARKDOWN_PAGES.map(([, twin]) => twin)),
  plain("text/css; charset=utf-8", "/assets/*.css"),
  plain("image/svg+xml", "/assets/*.svg"),
  // Archives and tables. CFF is YAML with no registered media type of its own: text/plain shows it in a browser
  // (application/yaml would download it) and any YAML parser reads it. NDJSON's type is its own name for it.
  plain(TEXT_TYPE, URL_LIST_FILE, "/SHA256SUMS", CITATION_FILE),
  discoverable("application/ld+json", DCAT_CATALOG_FILE),
  discoverable(JSON_TYPE, "/data/datapackage.json"),
  plain("application/x-ndjson", ANSWERS_NDJSON_FILE),
  plain("application/zip", DATASET_ZIP_FILE),
  plain("text/csv; charset=utf-8; header=present", "/data/*.csv"),
];

/** The rules, the one every response matches first: what dist/_headers holds before the build's own. */
export function headerRules(): HeaderBlock[] {
  const rules: HeaderBlock[] = [["/*", EVERY_RESPONSE]];
  for (const kind of FILE_KINDS)
    for (const pattern of kind.for) {
      const values: Record<string, string> = {
        "Content-Type": kind.type,
        "Cache-Control": kind.cache ?? BROWSER_CACHE,
      };
      if (kind.cache === "no-store") values["Netlify-CDN-Cache-Control"] = "no-store";
      if (kind.policy) values["Content-Security-Policy"] = kind.policy;
      if (kind.negotiated?.includes(pattern)) values.Vary = "Accept";
      if (kind.link) values.Link = kind.link;
      rules.push([pattern, values]);
    }
  return rules;
}

/** Netlify's _headers format: a path line, indented "Name: value" lines, a blank line between blocks. */
export function headersFileText(blocks: readonly HeaderBlock[]): string {
  return blocks
    .map(
      ([path, values]) =>
        `${path}\n${Object.entries(values)
          .map(([name, value]) => `  ${name}: ${value}\n`)
          .join("")}\n`,
    )
    .join("");
}

/** A Netlify path pattern as the regular expression Netlify's own header parser makes of it. */
function patternRegExp(pattern: string): RegExp {
  const literal = (text: string) => text.replace(/[.+?^${}()|[\]\\*]/g, "\\$&");
  const parts = pattern
    .split("/")
    .filter(Boolean)
    .map((part) => {
      if (part.startsWith(":")) return "([^/]+)";
      if (part === "*") return "?(.*)";
      return part.split("*").map(literal).join("(.*)");
    });
  return new RegExp(`^/${parts.join("/")}/?$`, "iu");
}

const MATCHERS = FILE_KINDS.map((kind) => ({ kind, patterns: kind.for.map(patternRegExp) }));

/** The kind of file a path is, by the first pattern it matches; undefined for a path no rule describes. */
export function fileKind(file: string): { contentType: string; schema?: string } | undefined {
  const found = MATCHERS.find(({ patterns }) => patterns.some((pattern) => pattern.test(file)))?.kind;
  if (!found) return undefined;
  return found.schema ? { contentType: found.type, schema: found.schema } : { contentType: found.type };
}
