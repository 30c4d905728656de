/**
 * RFC 9457 problem documents: the catalogue of types (each `type` is the absolute URI of its section in the
 * docs) and their one JSON form. Part of the contract: the build writes the 404 document with it, the
 * request-time code answers with it, the docs and the OpenAPI document describe it.
 */
import { canonicalJson } from "./canonical-json.ts";
import { MCP_PATH } from "./layout.ts";
import { MAX_PARAMETERS, MAX_QUERY_CODE_POINTS } from "./limits.ts";

export const PROBLEM_TYPES = {
  "invalid-query": { status: 400, title: "The q parameter has no letter or digit" },
  "query-too-long": { status: 400, title: `The q parameter is longer than ${MAX_QUERY_CODE_POINTS} characters` },
  "repeated-parameter": { status: 400, title: "A parameter is given more than once" },
  "invalid-page": { status: 400, title: "The page parameter is not a whole number from 1" },
  "invalid-sort": { status: 400, title: "The sort parameter is neither relevance nor slug" },
  "invalid-match": { status: 400, title: "The match parameter is neither any nor all" },
  "query-only-stop-words": { status: 400, title: "The q parameter has only common words" },
  "malformed-parameter": {
    status: 400,
    title: "A parameter is malformed: its value is not valid percent-encoded UTF-8, or its name is escaped",
  },
  "too-many-parameters": { status: 400, title: `The request has more than ${MAX_PARAMETERS} query parameters` },
  "host-not-allowed": { status: 403, title: "The local server does not answer this host or origin" },
  "not-found": { status: 404, title: "No resource at this path" },
  "method-not-allowed": { status: 405, title: "Only GET, HEAD and OPTIONS are allowed" },
  "uri-too-long": { status: 414, title: "The request line is longer than 8 KiB" },
  "headers-too-large": { status: 431, title: "The request headers are too large" },
  "range-not-satisfiable": { status: 416, title: "The byte range selects nothing in the file" },
  "bad-request": { status: 400, title: "The request is not valid HTTP" },
  "internal-error": { status: 500, title: "The server failed to answer this request" },
  "service-unavailable": { status: 503, title: "The API's own data could not be read just now" },
} as const;

export type ProblemType = keyof typeof PROBLEM_TYPES;

/**
 * The detail of a method-not-allowed problem, here because the OpenAPI document shows it as an example. A POST names
 * the one path that takes it: a JSON-RPC client that posted to /mcp/ or under /api/ learns where to.
 */
export function methodNotAllowedDetail(method: string): string {
  const mcp = method === "POST" ? ` (JSON-RPC goes by POST to the MCP endpoint, ${MCP_PATH})` : "";
  return `${method} is not allowed: this API is read-only. Use GET or HEAD${mcp}.`;
}

/** The detail of a malformed-parameter problem, here because the OpenAPI document shows it as an example. */
export function malformedParameterDetail(name: string): string {
  return `${name} holds a % that does not begin a valid percent-escape of UTF-8 (a % sign itself is written %25); encode its value as UTF-8.`;
}

/** The detail of a query-only-stop-words problem, here because the OpenAPI document shows it as an example. */
export const ONLY_STOP_WORDS_DETAIL =
  "q has only common words (stop words such as how, the or should), which never decide a match. Add a word that names what you are looking for, or give match=all to match these words as they are.";

/** Where the docs describe the problems; the docs page has one section per type, with this anchor. */
const PROBLEM_DOCS_PATH = "/docs/errors/";

export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  [extension: string]: unknown;
}

export function problemBody(
  kind: ProblemType,
  detail: string,
  origin: string,
  extensions: Record<string, unknown> = {},
): Problem {
  const { status, title } = PROBLEM_TYPES[kind];
  return { type: `${origin}${PROBLEM_DOCS_PATH}#${kind}`, title, status, detail, ...extensions };
}

/** The exact text of a problem document, in the one JSON form of the API (sorted keys, final newline). */
export function problemText(problem: Problem): string {
  return canonicalJson(problem);
}
