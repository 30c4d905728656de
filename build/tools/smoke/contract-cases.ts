/**
 * Requests whose answers the contract fixes, beyond the plain routes: query parameters, methods, unknown
 * paths, Markdown negotiation. The smoke check runs them against any deployment; the tests run them against
 * the local server.
 */
import { MAX_QUERY_CODE_POINTS } from "../../contract/limits.ts";

export interface ContractCase {
  name: string;
  method: "GET" | "HEAD" | "POST" | "PUT" | "PATCH" | "DELETE" | "OPTIONS";
  url: string;
  status: number;
  contentType?: string;
  /** For 200 answers: the filters the body's meta must report and how many answers it may hold. */
  filters?: { q: string | null; slug: string | null };
  count?: number | "some";
  /** For `q` answers: the order `meta.sort` must name and `data` must follow, every answer explained in `meta.matches`. */
  order?: "relevance" | "slug";
  /** For `q` answers that find nothing: whether `meta.suggestions` offers something. */
  suggestions?: "some" | "none";
  problemType?: string;
  /** For the MCP endpoint: the JSON-RPC error code the body must carry, or the result keys it must hold. */
  jsonRpcError?: number;
  jsonRpcResult?: string[];
  /** A request body (the MCP endpoint's JSON-RPC POSTs). */
  requestBody?: string;
  /** Response headers with exactly these values. */
  headers?: Record<string, string>;
  /** Request headers beyond the method's usual ones (an Accept to negotiate). */
  requestHeaders?: Record<string, string>;
  /** A field name the response's Vary must list (beside any others, such as Accept-Encoding). */
  varies?: string;
  /** A link the response's Link header must hold. */
  link?: string;
  /** For bodies that are not JSON: how the body begins. */
  bodyStartsWith?: string;
}

import { API_NOT_FOUND_FILE, MCP_PATH, OAUTH_METADATA_PATHS } from "../../contract/layout.ts";

const JSON_TYPE = "application/json; charset=utf-8";
const PROBLEM = "application/problem+json";
const MARKDOWN = "text/markdown; charset=utf-8";
const HTML = "text/html; charset=utf-8";

const MODERN_META = {
  _meta: { "io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": {} },
};
const MODERN_HEADERS = { "MCP-Protocol-Version": "2026-07-28" };

/** A JSON-RPC request to the MCP endpoint; 2026-07-28 requests carry Mcp-Method, as its transport requires. */
function mcpCase(
  name: string,
  method: string,
  params: Record<string, unknown>,
  headers: Record<string, string>,
  expected: Partial<ContractCase> & { status: number },
): ContractCase {
  const modern = "MCP-Protocol-Version" in headers && headers["MCP-Protocol-Version"] === "2026-07-28";
  return {
    name,
    method: "POST",
    url: MCP_PATH,
    contentType: "application/json",
    headers: { "access-control-allow-origin": "*" },
    requestHeaders: {
      "Content-Type": "application/json",
      Accept: "application/json, text/event-stream",
      ...(modern ? { "Mcp-Method": method } : {}),
      ...headers,
    },
    requestBody: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
    ...expected,
  };
}

/** `slug` is an answer that exists in the content being checked. */
export function contractCases(slug: string): ContractCase[] {
  const get = (name: string, url: string, status: number, rest: Partial<ContractCase> = {}): ContractCase => ({
    name,
    method: "GET",
    url,
    status,
    contentType: status === 200 ? JSON_TYPE : PROBLEM,
    ...rest,
  });
  return [
    get("slug, known", `/api/v1/answers?slug=${slug}`, 200, { filters: { q: null, slug }, count: 1 }),
    get("slug, known, with a parameter the API ignores", `/api/v1/answers?slug=${slug}&utm=1`, 200, {
      filters: { q: null, slug },
      count: 1,
    }),
    get("slug, unknown", "/api/v1/answers?slug=no-such-answer", 200, {
      filters: { q: null, slug: "no-such-answer" },
      count: 0,
    }),
    get("slug, upper case", `/api/v1/answers?slug=${slug.toUpperCase()}`, 200, {
      filters: { q: null, slug: slug.toUpperCase() },
      count: 0,
    }),
    get("slug, empty", "/api/v1/answers?slug=", 200, { filters: { q: null, slug: "" }, count: 0 }),
    get("slug, repeated", `/api/v1/answers?slug=${slug}&slug=${slug}`, 400, { problemType: "repeated-parameter" }),
    get("slug, with other parameters", `/api/v1/answers?utm_source=x&slug=${slug}&lang=en`, 200, {
      filters: { q: null, slug },
      count: 1,
    }),
    get("slug and q, both match", `/api/v1/answers?slug=${slug}&q=${slug.split("-")[0]}`, 200, {
      filters: { q: slug.split("-")[0]!, slug },
      count: 1,
    }),
    get("slug and q, q misses", `/api/v1/answers?slug=${slug}&q=zzzzqqq`, 200, {
      filters: { q: "zzzzqqq", slug },
      count: 0,
    }),
    get("q, a word: best match first", "/api/v1/answers?q=microphones", 200, {
      filters: { q: "microphones", slug: null },
      count: "some",
      order: "relevance",
    }),
    get("q, sort=relevance", "/api/v1/answers?q=room&sort=relevance", 200, {
      filters: { q: "room", slug: null },
      count: "some",
      order: "relevance",
    }),
    get("q, sort=slug: collection order", "/api/v1/answers?q=room&sort=slug", 200, {
      filters: { q: "room", slug: null },
      count: "some",
      order: "slug",
    }),
    get("q, a question as people type it", "/api/v1/answers?q=where+should+the+ceiling+microphones+go", 200, {
      filters: { q: "where should the ceiling microphones go", slug: null },
      count: "some",
      order: "relevance",
    }),
    get("q, misspelt: the typo matches", "/api/v1/answers?q=microphnes", 200, {
      filters: { q: "microphnes", slug: null },
      count: "some",
    }),
    get("q, misspelt with match=all: suggestions", "/api/v1/answers?q=microphnes&match=all", 200, {
      filters: { q: "microphnes", slug: null },
      count: 0,
      suggestions: "some",
    }),
    get("q, stop words only", "/api/v1/answers?q=how+to", 400, { problemType: "query-only-stop-words" }),
    get("q, stop words only with match=all", "/api/v1/answers?q=how+to&match=all", 200, {
      filters: { q: "how to", slug: null },
      count: "some",
    }),
    get("match=all", "/api/v1/answers?q=ceiling+micro&match=all", 200, {
      filters: { q: "ceiling micro", slug: null },
      count: "some",
      order: "relevance",
    }),
    get("match=any", "/api/v1/answers?q=room&match=any", 200, { filters: { q: "room", slug: null }, count: "some" }),
    get("match, unknown", "/api/v1/answers?q=room&match=strict", 400, { problemType: "invalid-match" }),
    get("match, wrong case", "/api/v1/answers?q=room&match=ALL", 400, { problemType: "invalid-match" }),
    get("match, empty", "/api/v1/answers?q=room&match=", 400, { problemType: "invalid-match" }),
    get("match, repeated", "/api/v1/answers?q=room&match=all&match=all", 400, {
      problemType: "repeated-parameter",
    }),
    get("match, broken percent-escape", "/api/v1/answers?q=room&match=%E0%A4%A", 400, {
      problemType: "malformed-parameter",
    }),
    get("match=all alone: the collection", "/api/v1/answers?match=all", 200, {
      filters: { q: null, slug: null },
      count: "some",
    }),
    get("sort, unknown", "/api/v1/answers?q=room&sort=score", 400, { problemType: "invalid-sort" }),
    get("sort, wrong case", "/api/v1/answers?sort=Slug", 400, { problemType: "invalid-sort" }),
    get("sort, empty", "/api/v1/answers?q=room&sort=", 400, { problemType: "invalid-sort" }),
    get("sort, repeated", "/api/v1/answers?q=room&sort=slug&sort=slug", 400, { problemType: "repeated-parameter" }),
    get("sort, broken percent-escape", "/api/v1/answers?q=room&sort=%E0%A4%A", 400, {
      problemType: "malformed-parameter",
    }),
    get("sort=slug alone: the collection", "/api/v1/answers?sort=slug", 200, {
      filters: { q: null, slug: null },
      count: "some",
    }),
    get("q, one letter", "/api/v1/answers?q=w", 200, { filters: { q: "w", slug: null }, count: "some" }),
    get("q, one letter that is a stop word", "/api/v1/answers?q=a", 400, { problemType: "query-only-stop-words" }),
    get("q, no match", "/api/v1/answers?q=zzzzqqq", 200, {
      filters: { q: "zzzzqqq", slug: null },
      count: 0,
      suggestions: "none",
    }),
    get("q, empty", "/api/v1/answers?q=", 400, { problemType: "invalid-query" }),
    get("q, punctuation only", "/api/v1/answers?q=%21%3F-", 400, { problemType: "invalid-query" }),
    get(`q, ${MAX_QUERY_CODE_POINTS} code points`, `/api/v1/answers?q=${"a".repeat(MAX_QUERY_CODE_POINTS)}`, 200, {
      count: 0,
    }),
    get(
      `q, ${MAX_QUERY_CODE_POINTS + 1} code points`,
      `/api/v1/answers?q=${"a".repeat(MAX_QUERY_CODE_POINTS + 1)}`,
      400,
      { problemType: "query-too-long" },
    ),
    get("q, unicode", "/api/v1/answers?q=MICRÓPHONES", 200, {
      filters: { q: "MICRÓPHONES", slug: null },
      count: "some",
    }),
    get("q, %20 space", "/api/v1/answers?q=ceiling%20microphones", 200, {
      filters: { q: "ceiling microphones", slug: null },
      count: "some",
    }),
    get("q, + space", "/api/v1/answers?q=ceiling+microphones", 200, {
      filters: { q: "ceiling microphones", slug: null },
      count: "some",
    }),
    get("q, repeated", "/api/v1/answers?q=a&q=b", 400, { problemType: "repeated-parameter" }),
    get("page 1", "/api/v1/answers?page=1", 200, { filters: { q: null, slug: null }, count: "some" }),
    get("page past the end", "/api/v1/answers?page=999", 200, { filters: { q: null, slug: null }, count: 0 }),
    get("q with a broken percent-escape", "/api/v1/answers?q=%E0%A4%A", 400, { problemType: "malformed-parameter" }),
    get("slug with a lone %FF", "/api/v1/answers?slug=%FF", 400, { problemType: "malformed-parameter" }),
    get("page 0", "/api/v1/answers?page=0", 400, { problemType: "invalid-page" }),
    get("page x", "/api/v1/answers?page=x", 400, { problemType: "invalid-page" }),
    get("page with a leading zero", "/api/v1/answers?page=01", 400, { problemType: "invalid-page" }),
    get("page repeated", "/api/v1/answers?page=1&page=1", 400, { problemType: "repeated-parameter" }),
    get(
      "32 parameters",
      `/api/v1/answers?q=room&${Array.from({ length: 31 }, (_, index) => `p${index}=1`).join("&")}`,
      200,
      { count: "some" },
    ),
    get(
      "33 parameters",
      `/api/v1/answers?q=room&${Array.from({ length: 32 }, (_, index) => `p${index}=1`).join("&")}`,
      400,
      { problemType: "too-many-parameters" },
    ),
    get("unknown path under /api/", "/api/v1/no-such-thing", 404, { problemType: "not-found" }),
    get("unknown answer file", "/api/v1/answers/no-such-answer.json", 404, { problemType: "not-found" }),
    get("unknown version", "/api/v2", 404, { problemType: "not-found" }),
    get("the /api/* 404 rule's own file, requested directly", API_NOT_FOUND_FILE, 404, { problemType: "not-found" }),
    ...OAUTH_METADATA_PATHS.flatMap((path) => [
      get(`no OAuth: ${path}`, path, 404, { problemType: "not-found" }),
      get(`no OAuth: ${path}/mcp`, `${path}/mcp`, 404, { problemType: "not-found" }),
    ]),
    { name: "HEAD, no OAuth", method: "HEAD", url: OAUTH_METADATA_PATHS[0], status: 404, contentType: PROBLEM },
    {
      name: "MCP, GET refused",
      method: "GET",
      url: MCP_PATH,
      status: 405,
      contentType: "application/json",
      jsonRpcError: -32600,
      headers: { allow: "POST, OPTIONS", "access-control-allow-origin": "*" },
    },
    {
      name: "MCP, preflight",
      method: "OPTIONS",
      url: MCP_PATH,
      status: 204,
      headers: { allow: "POST, OPTIONS", "access-control-allow-origin": "*" },
    },
    mcpCase(
      "MCP 2025-11-25, initialize",
      "initialize",
      { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "smoke", version: "1" } },
      {},
      { status: 200, jsonRpcResult: ["protocolVersion", "capabilities", "serverInfo"] },
    ),
    mcpCase("MCP 2026-07-28, server/discover", "server/discover", MODERN_META, MODERN_HEADERS, {
      status: 200,
      jsonRpcResult: ["supportedVersions", "ttlMs", "cacheScope"],
    }),
    mcpCase(
      "MCP 2026-07-28, a tool",
      "tools/call",
      { name: "search_answers", arguments: { q: "microphones" }, ...MODERN_META },
      { ...MODERN_HEADERS, "Mcp-Name": "search_answers" },
      { status: 200, jsonRpcResult: ["content", "structuredContent"] },
    ),
    mcpCase(
      "MCP 2026-07-28, Mcp-Name missing",
      "tools/call",
      { name: "search_answers", arguments: { q: "microphones" }, ...MODERN_META },
      MODERN_HEADERS,
      { status: 400, jsonRpcError: -32020 },
    ),
    mcpCase(
      "MCP, unsupported revision",
      "tools/list",
      {},
      { "MCP-Protocol-Version": "1999-01-01" },
      { status: 400, jsonRpcError: -32022 },
    ),
    get("home, Accept: text/markdown", "/", 200, {
      contentType: MARKDOWN,
      requestHeaders: { Accept: "text/markdown" },
      varies: "Accept",
      bodyStartsWith: "# ",
    }),
    get("home, Markdown preferred by q", "/", 200, {
      contentType: MARKDOWN,
      requestHeaders: { Accept: "text/markdown, text/html;q=0.5" },
      varies: "Accept",
      bodyStartsWith: "# ",
    }),
    get("home, HTML preferred by q", "/", 200, {
      contentType: HTML,
      requestHeaders: { Accept: "text/markdown;q=0.9, text/html" },
      varies: "Accept",
      link: '</index.md>; rel="alternate"; type="text/markdown"',
      bodyStartsWith: "<!doctype html>",
    }),
    get("home, Accept: */*", "/", 200, {
      contentType: HTML,
      requestHeaders: { Accept: "*/*" },
      varies: "Accept",
      bodyStartsWith: "<!doctype html>",
    }),
    get("docs, Accept: text/markdown", "/docs/", 200, {
      contentType: MARKDOWN,
      requestHeaders: { Accept: "text/markdown" },
      varies: "Accept",
      link: '</docs/>; rel="alternate"; type="text/html"',
      bodyStartsWith: "# Documentation",
    }),
    get("docs, Accept: text/html", "/docs/", 200, {
      contentType: HTML,
      requestHeaders: { Accept: "text/html,application/xhtml+xml,*/*;q=0.8" },
      varies: "Accept",
      link: '</docs/index.md>; rel="alternate"; type="text/markdown"',
      bodyStartsWith: "<!doctype html>",
    }),
    {
      name: "HEAD of the home page as Markdown",
      method: "HEAD",
      url: "/",
      status: 200,
      contentType: MARKDOWN,
      requestHeaders: { Accept: "text/markdown" },
      varies: "Accept",
    },
    { name: "HEAD with q", method: "HEAD", url: "/api/v1/answers?q=room", status: 200, contentType: JSON_TYPE },
    {
      name: "OPTIONS preflight",
      method: "OPTIONS",
      url: "/api/v1/answers",
      status: 204,
      headers: { "access-control-allow-origin": "*", allow: "GET, HEAD, OPTIONS" },
    },
    ...(["POST", "PUT", "PATCH", "DELETE"] as const).map((method) => ({
      name: `${method} refused`,
      method,
      url: "/api/v1/health",
      status: 405,
      contentType: PROBLEM,
      problemType: "method-not-allowed",
      headers: { allow: "GET, HEAD, OPTIONS" },
    })),
  ];
}
