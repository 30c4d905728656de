/**
 * The read-only MCP endpoint, `/mcp`, over Streamable HTTP: stateless, one JSON response per JSON-RPC request
 * (no session, no SSE stream). A pure function of a web-standard Request, like the answers query: it runs as
 * a Netlify Edge Function and in the local server. POST carries JSON-RPC; OPTIONS is the CORS preflight;
 * every other method gets 405, with CORS headers like every answer here.
 *
 * This module is the transport: limits, JSON-RPC framing, the 2026-07-28 request headers (which must agree
 * with the body) and HTTP statuses. What a message means is ./mcp-protocol.ts.
 */
import { MCP_ALLOWED_METHODS } from "../../contract/http.ts";
import { MCP_PATH } from "../../contract/layout.ts";
import { MCP_MAX_BODY_BYTES } from "../../contract/mcp.ts";
import type { AnswersData, ReadFile } from "./answers-data.ts";
import { ERROR, errorBody, McpError, quoted, type JsonRpcMessage } from "./mcp-messages.ts";
import { answerBody } from "./mcp-protocol.ts";
import { corsHeaders, preflightResponse } from "./response-headers.ts";

const MCP_ALLOWED_HEADERS =
  "Content-Type, Accept, MCP-Protocol-Version, Mcp-Session-Id, Mcp-Method, Mcp-Name, Last-Event-ID";
/** The methods whose target the 2026-07-28 `Mcp-Name` header mirrors, and where in params it is. */
const NAMED: Readonly<Record<string, "name" | "uri">> = {
  "tools/call": "name",
  "prompts/get": "name",
  "resources/read": "uri",
};

export interface McpSource {
  answers: () => Promise<AnswersData>;
  read: ReadFile;
}

export async function mcpHandler(request: Request, source: McpSource): Promise<Response | undefined> {
  const url = new URL(request.url);
  if (url.pathname !== MCP_PATH) return undefined;
  if (request.method === "OPTIONS") return preflightResponse(MCP_ALLOWED_METHODS, MCP_ALLOWED_HEADERS);
  if (request.method !== "POST") return mcpMethodNotAllowed(request.method);
  // JSON-RPC is sent as JSON (as the SDK's servers require): a form or text/plain, which a web page may post
  // without a preflight, and fetch's default for a string body, get 415 and what to send.
  const type = request.headers.get("Content-Type");
  if (!isJsonType(type))
    return jsonResponse(
      415,
      errorBody(
        null,
        ERROR.invalidRequest,
        `Send the JSON-RPC request with Content-Type: application/json (${type === null ? "it had none" : `not ${quoted(type)}`}).`,
      ),
    );
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  const text = declared > MCP_MAX_BODY_BYTES ? undefined : await readLimited(request, MCP_MAX_BODY_BYTES);
  if (text === undefined)
    return jsonResponse(
      413,
      errorBody(null, ERROR.invalidRequest, `The request body is over ${MCP_MAX_BODY_BYTES} bytes.`),
    );
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return jsonResponse(400, errorBody(null, ERROR.parse, "The body is not JSON."));
  }
  const reply = await answerBody(
    body,
    {
      declaredVersion: request.headers.get("MCP-Protocol-Version"),
      check: (message, era) => {
        if (era.kind === "modern") checkRequestHeaders(request.headers, message, era.version);
      },
      internal: () => "The server could not read its data just now; try again in a few seconds.",
      answersFailedNotifications: true,
    },
    { answers: source.answers, read: source.read, origin: url.origin },
  );
  // Nothing to answer (notifications): accepted.
  if (reply.json === undefined) return new Response(null, { status: 202, headers: corsHeaders() });
  return jsonResponse(reply.status, reply.json);
}

/**
 * 2026-07-28 (transports/streamable-http, "Server Validation"): `MCP-Protocol-Version`, `Mcp-Method` and, for
 * the named methods, `Mcp-Name` are required and must equal the body's values, or the request is refused
 * with 400 and HeaderMismatch: a proxy routing on a header must see what the server executes.
 */
function checkRequestHeaders(headers: Headers, message: JsonRpcMessage, version: string): void {
  const expect = (name: string, actual: string | null, wanted: string) => {
    if (actual === null)
      throw new McpError(
        ERROR.headerMismatch,
        `Header mismatch: the ${name} header is required and must be ${quoted(wanted)}.`,
        400,
      );
    if (actual !== wanted)
      throw new McpError(
        ERROR.headerMismatch,
        `Header mismatch: ${name} header value ${quoted(actual)} does not match body value ${quoted(wanted)}.`,
        400,
      );
  };
  expect("MCP-Protocol-Version", headers.get("MCP-Protocol-Version"), version);
  if (message.id === undefined) return; // the revision sets no header rules for notifications
  expect("Mcp-Method", headers.get("Mcp-Method"), message.method);
  const field = NAMED[message.method];
  if (field) {
    const target = message.params?.[field];
    if (typeof target === "string") expect("Mcp-Name", decodeHeaderValue(headers.get("Mcp-Name")), target);
  }
}

/** A header value in the revision's Base64 sentinel form (`=?base64?…?=`, UTF-8) decoded; other values as they are. */
function decodeHeaderValue(value: string | null): string | null {
  const sentinel = value === null ? null : /^=\?base64\?([A-Za-z0-9+/]*={0,2})\?=$/.exec(value);
  if (!sentinel) return value;
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(
      Uint8Array.from(atob(sentinel[1]!), (char) => char.charCodeAt(0)),
    );
  } catch {
    throw new McpError(
      ERROR.headerMismatch,
      "Header mismatch: a Base64-encoded header value does not decode to UTF-8.",
      400,
    );
  }
}

/** The 405 of every method but POST and OPTIONS at the MCP endpoint, as JSON-RPC, with the endpoint's own Allow. */
export function mcpMethodNotAllowed(method: string): Response {
  return jsonResponse(
    405,
    errorBody(
      null,
      ERROR.invalidRequest,
      `${method} is not served at ${MCP_PATH}: this server is stateless and has no event stream. Send JSON-RPC requests with POST.`,
    ),
    { Allow: MCP_ALLOWED_METHODS },
  );
}

/** application/json, or a type of the +json suffix, with any parameters. */
function isJsonType(type: string | null): boolean {
  const essence = (type ?? "").split(";")[0]!.trim().toLowerCase();
  return essence === "application/json" || /^application\/[!#$&^_.+\w-]+\+json$/.test(essence);
}

/**
 * The answer while a server takes no more MCP requests at once (the local server's limit): a JSON-RPC error, as every
 * /mcp error is, with Retry-After.
 */
export function mcpBusyResponse(): Response {
  return jsonResponse(
    503,
    errorBody(
      null,
      ERROR.internal,
      "The server is answering as many MCP requests as it takes at once; ask again in a moment.",
    ),
    { "Retry-After": "1" },
  );
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
