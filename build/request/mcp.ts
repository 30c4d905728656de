/**
 * The read-only MCP endpoint, `/mcp`: Streamable HTTP, stateless, one JSON response per JSON-RPC request (no
 * session, no SSE stream), over the same prebuilt files and the same query code as the API. A pure function
 * of a web-standard Request, like the answers query: it runs as a Netlify Edge Function and in the local
 * server. POST carries JSON-RPC; OPTIONS is the CORS preflight; every other method gets 405.
 *
 * Protocol revision served: 2025-11-25 (and the earlier ones clients still send, which this server answers
 * the same way). Work in progress for issue 15: 2026-07-28, resources and the remaining tools follow.
 */
import { collectionPath, HEALTH_FILE } from "../api/layout.ts";
import type { AnswersData } from "./answers-data.ts";
import { answersQuery } from "./answers-query.ts";
import { corsHeaders, preflightResponse } from "./response-headers.ts";

export const MCP_PATH = "/mcp";
export const MCP_PROTOCOL_VERSIONS = ["2025-11-25", "2025-06-18", "2025-03-26"] as const;
/** A JSON-RPC request to a read-only API is small; anything larger is refused before it is parsed. */
export const MCP_MAX_BODY_BYTES = 64 * 1024;
const MCP_ALLOWED_HEADERS = "Content-Type, Accept, MCP-Protocol-Version, Mcp-Session-Id, Mcp-Method, Mcp-Name, Last-Event-ID";
const ALLOW = "POST, OPTIONS";

/** JSON-RPC 2.0 error codes. */
const PARSE_ERROR = -32700;
const INVALID_REQUEST = -32600;
const METHOD_NOT_FOUND = -32601;
const INVALID_PARAMS = -32602;
const INTERNAL_ERROR = -32603;

export interface McpSource {
  answers: () => Promise<AnswersData>;
  readText: (path: string) => Promise<string | undefined>;
}

type JsonRpcId = string | number;
interface JsonRpcRequest {
  jsonrpc: "2.0";
  id?: JsonRpcId;
  method: string;
  params?: Record<string, unknown>;
}

export async function mcpHandler(request: Request, source: McpSource): Promise<Response | undefined> {
  const url = new URL(request.url);
  if (url.pathname !== MCP_PATH) return undefined;
  if (request.method === "OPTIONS") return preflightResponse(ALLOW, MCP_ALLOWED_HEADERS);
  if (request.method !== "POST") {
    return jsonResponse(405, errorMessage(null, INVALID_REQUEST, `${request.method} is not served at ${MCP_PATH}: this server is stateless and has no event stream. Send JSON-RPC requests with POST.`), { Allow: ALLOW });
  }
  const version = request.headers.get("MCP-Protocol-Version");
  if (version !== null && !(MCP_PROTOCOL_VERSIONS as readonly string[]).includes(version)) {
    return jsonResponse(400, errorMessage(null, INVALID_REQUEST, `Unsupported MCP-Protocol-Version ${JSON.stringify(version)}. Supported: ${MCP_PROTOCOL_VERSIONS.join(", ")}.`));
  }
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > MCP_MAX_BODY_BYTES) return jsonResponse(413, errorMessage(null, INVALID_REQUEST, `The request body is over ${MCP_MAX_BODY_BYTES} bytes.`));
  const text = await readLimited(request, MCP_MAX_BODY_BYTES);
  if (text === undefined) return jsonResponse(413, errorMessage(null, INVALID_REQUEST, `The request body is over ${MCP_MAX_BODY_BYTES} bytes.`));
  let message: unknown;
  try {
    message = JSON.parse(text);
  } catch {
    return jsonResponse(400, errorMessage(null, PARSE_ERROR, "The body is not JSON."));
  }
  if (Array.isArray(message)) return jsonResponse(400, errorMessage(null, INVALID_REQUEST, "Batches are not supported: send one JSON-RPC message per request."));
  if (!isRequest(message)) return jsonResponse(400, errorMessage(idOf(message), INVALID_REQUEST, 'Not a JSON-RPC 2.0 request: it needs "jsonrpc": "2.0" and a string "method".'));
  // A notification (no id) or a response from the client: accepted, nothing to answer.
  if (message.id === undefined) return new Response(null, { status: 202, headers: corsHeaders() });
  try {
    const result = await dispatch(message, source, url.origin);
    return jsonResponse(200, { jsonrpc: "2.0", id: message.id, result });
  } catch (error) {
    if (error instanceof McpError) return jsonResponse(200, errorMessage(message.id, error.code, error.message));
    return jsonResponse(200, errorMessage(message.id, INTERNAL_ERROR, "The server could not read its data just now; try again in a few seconds."));
  }
}

class McpError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

async function dispatch(message: JsonRpcRequest, source: McpSource, origin: string): Promise<unknown> {
  const params = message.params ?? {};
  switch (message.method) {
    case "initialize": {
      const asked = typeof params.protocolVersion === "string" ? params.protocolVersion : "";
      const health = JSON.parse((await source.readText(HEALTH_FILE)) ?? "{}") as { version?: string };
      return {
        protocolVersion: (MCP_PROTOCOL_VERSIONS as readonly string[]).includes(asked) ? asked : MCP_PROTOCOL_VERSIONS[0],
        capabilities: { tools: { listChanged: false } },
        serverInfo: { name: "av-buyer-data", title: "AV Buyer Data", version: health.version ?? "unknown" },
        instructions: "Read-only research data on meeting-room audio-visual buying: 20 buyer answers with cited sources, a ranked supplier directory with its disclosure, and an evidence register. Every fact cites the sources register; unknown and unverified are statuses.",
      };
    }
    case "ping":
      return {};
    case "tools/list":
      return { tools: TOOLS.map(({ run: _run, ...tool }) => tool) };
    case "tools/call": {
      const name = params.name;
      const tool = TOOLS.find((candidate) => candidate.name === name);
      if (!tool) throw new McpError(INVALID_PARAMS, `Unknown tool ${JSON.stringify(name)}. The tools: ${TOOLS.map((candidate) => candidate.name).join(", ")}.`);
      const args = params.arguments ?? {};
      if (typeof args !== "object" || args === null || Array.isArray(args)) throw new McpError(INVALID_PARAMS, "arguments must be an object.");
      return tool.run(args as Record<string, unknown>, source, origin);
    }
    default:
      throw new McpError(METHOD_NOT_FOUND, `Method ${JSON.stringify(message.method)} is not served. This server answers initialize, ping, tools/list and tools/call.`);
  }
}

interface Tool {
  name: string;
  title: string;
  description: string;
  inputSchema: Record<string, unknown>;
  annotations: { readOnlyHint: true; openWorldHint: false };
  run(args: Record<string, unknown>, source: McpSource, origin: string): Promise<unknown>;
}

const READ_ONLY = { readOnlyHint: true, openWorldHint: false } as const;

/** The answers query itself, asked through a Request as a client would: the same matches and the same errors. */
async function viaAnswersQuery(query: URLSearchParams, source: McpSource, origin: string): Promise<unknown> {
  const response = await answersQuery(new Request(`${origin}/api/v1/answers?${query}`), () => source.answers());
  const body = (await response!.json()) as Record<string, unknown>;
  if (!response!.ok) return toolError(String(body.detail ?? body.title));
  return toolResult(body);
}

function toolResult(value: unknown): unknown {
  return { content: [{ type: "text", text: JSON.stringify(value) }], structuredContent: value };
}

function toolError(message: string): unknown {
  return { content: [{ type: "text", text: message }], isError: true };
}

function stringArgument(args: Record<string, unknown>, name: string, required: boolean): string | undefined {
  const value = args[name];
  if (value === undefined && !required) return undefined;
  if (typeof value !== "string") throw new McpError(INVALID_PARAMS, `${name} must be a string.`);
  return value;
}

const TOOLS: readonly Tool[] = [
  {
    name: "search_answers",
    title: "Search the buyer answers",
    description: "Answers in which every word of q starts some word of the title, question, summary, tags or body (the API's q rule), in collection order, 100 to a page.",
    inputSchema: {
      type: "object",
      properties: { q: { type: "string", minLength: 1, maxLength: 200 }, page: { type: "integer", minimum: 1 } },
      required: ["q"],
      additionalProperties: false,
    },
    annotations: READ_ONLY,
    async run(args, source, origin) {
      const query = new URLSearchParams({ q: stringArgument(args, "q", true)! });
      if (args.page !== undefined) {
        if (!Number.isInteger(args.page) || (args.page as number) < 1) throw new McpError(INVALID_PARAMS, "page must be a whole number from 1.");
        query.set("page", String(args.page));
      }
      return viaAnswersQuery(query, source, origin);
    },
  },
  {
    name: "get_answer",
    title: "Get one buyer answer",
    description: "One answer by its exact slug, with its body and its cited sources.",
    inputSchema: { type: "object", properties: { slug: { type: "string", minLength: 1 } }, required: ["slug"], additionalProperties: false },
    annotations: READ_ONLY,
    async run(args, source, origin) {
      const slug = stringArgument(args, "slug", true)!;
      const result = (await viaAnswersQuery(new URLSearchParams({ slug }), source, origin)) as { structuredContent?: { data?: unknown[] } };
      if (result.structuredContent?.data?.length === 0) return toolError(`No answer has the slug ${JSON.stringify(slug)}.`);
      return result;
    },
  },
  {
    name: "list_suppliers",
    title: "List the supplier directory",
    description: "The ranked supplier directory, each supplier with what its rank means, its weighted score, criterion scores with the facts and sources behind each, claims and sources, and the ownership and editorial-methodology disclosure.",
    inputSchema: { type: "object", properties: {}, additionalProperties: false },
    annotations: READ_ONLY,
    async run(_args, source) {
      return fileResult(source, collectionPath("suppliers"));
    },
  },
  {
    name: "get_evidence",
    title: "Get the evidence register",
    description: "Certification, compliance and warranty status by product family; optionally one family by its slug.",
    inputSchema: { type: "object", properties: { family: { type: "string", minLength: 1 } }, additionalProperties: false },
    annotations: READ_ONLY,
    async run(args, source) {
      const family = stringArgument(args, "family", false);
      const result = (await fileResult(source, collectionPath("evidence"))) as { structuredContent: { data: Array<{ family: string }> } };
      if (family === undefined) return result;
      const data = result.structuredContent.data.filter((entry) => entry.family === family);
      if (data.length === 0) return toolError(`No product family is named ${JSON.stringify(family)}.`);
      return toolResult({ ...result.structuredContent, data });
    },
  },
];

async function fileResult(source: McpSource, path: string): Promise<unknown> {
  const text = await source.readText(path);
  if (text === undefined) throw new Error(`${path} is missing`);
  return toolResult(JSON.parse(text));
}

function isRequest(message: unknown): message is JsonRpcRequest {
  if (typeof message !== "object" || message === null) return false;
  const candidate = message as Record<string, unknown>;
  const idOk = candidate.id === undefined || typeof candidate.id === "string" || (typeof candidate.id === "number" && Number.isFinite(candidate.id));
  const paramsOk = candidate.params === undefined || (typeof candidate.params === "object" && candidate.params !== null && !Array.isArray(candidate.params));
  return candidate.jsonrpc === "2.0" && typeof candidate.method === "string" && idOk && paramsOk;
}

function idOf(message: unknown): JsonRpcId | null {
  const id = (message as { id?: unknown } | null)?.id;
  return typeof id === "string" || typeof id === "number" ? id : null;
}

function errorMessage(id: JsonRpcId | null, code: number, message: string) {
  return { jsonrpc: "2.0", id, error: { code, message } };
}

function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...corsHeaders(), "Content-Type": "application/json", "Cache-Control": "no-store", ...headers },
  });
}

/** The body as text, or undefined past `limit` bytes (read no further than that). */
async function readLimited(request: Request, limit: number): Promise<string | undefined> {
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (let part = await reader.read(); !part.done; part = await reader.read()) {
    size += part.value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(part.value);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return new TextDecoder().decode(bytes);
}
