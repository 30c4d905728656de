/**
 * The words every part of the MCP server shares, at the bottom of its imports: a JSON-RPC message, the error
 * codes, the error that carries one, and what answering needs.
 */
import { MCP_ARGUMENT_MAX_CHARACTERS } from "../../contract/mcp.ts";
import type { AnswersData, ReadFile } from "./answers-data.ts";

/** JSON-RPC 2.0 codes, and the ones the MCP specification reserves (2026-07-28, basic/index, "Error codes"). */
export const ERROR = {
  parse: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internal: -32603,
  headerMismatch: -32020,
  unsupportedProtocolVersion: -32022,
} as const;

export type JsonRpcId = string | number;
export interface JsonRpcMessage {
  jsonrpc: "2.0";
  id?: JsonRpcId;
  method: string;
  params?: Record<string, unknown>;
}

/** A problem answered as a JSON-RPC error; `status` is the HTTP status the Streamable HTTP transport gives it. */
export class McpError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly status = 200,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

/** What answering needs: the prebuilt files, the answers query's data, and the origin resources are named under. */
export interface McpContext {
  answers: () => Promise<AnswersData>;
  read: ReadFile;
  origin: string;
}

/**
 * Why a parsed body is not a JSON-RPC 2.0 request or notification, in one sentence for the error's message, or
 * undefined when it is one. MCP allows no null id (basic/index, "Requests"), which plain JSON-RPC does, nor one this
 * server could not return as sent.
 */
export function messageProblem(message: unknown): string | undefined {
  const not = "Not a JSON-RPC 2.0 request:";
  if (typeof message !== "object" || message === null) return `${not} send a JSON object.`;
  const candidate = message as Record<string, unknown>;
  if (candidate.jsonrpc !== "2.0") return `${not} it needs "jsonrpc": "2.0".`;
  if (typeof candidate.method !== "string") return `${not} it needs a string "method".`;
  const id = candidate.id;
  if (!(id === undefined || typeof id === "string" || (typeof id === "number" && Number.isFinite(id))))
    return `${not} "id" must be a string or a number (MCP allows no null id), or left out for a notification.`;
  if (typeof id === "number" && !exactly(id))
    return `${not} "id" is an integer beyond 2^53, which a JSON number does not carry exactly: the answer's id could differ from it. Send it as a string.`;
  const params = candidate.params;
  if (!(params === undefined || (typeof params === "object" && params !== null && !Array.isArray(params))))
    return `${not} "params" must be an object when it is given.`;
  return undefined;
}

/**
 * Whether a parsed body is a JSON-RPC response (a result or an error for an id, no method): a client's answer to a
 * request, which this server never sends. Streamable HTTP takes one with 202 and no body (2025-11-25, transports,
 * "Sending Messages to the Server"); there is nothing to do with it.
 */
export function isResponse(message: unknown): boolean {
  if (typeof message !== "object" || message === null || Array.isArray(message)) return false;
  const candidate = message as Record<string, unknown>;
  return (
    candidate.jsonrpc === "2.0" &&
    candidate.method === undefined &&
    (typeof candidate.id === "string" || typeof candidate.id === "number") &&
    ("result" in candidate || "error" in candidate)
  );
}

/** The id to answer with: null for one that cannot be returned as it was sent. */
export function idOf(message: unknown): JsonRpcId | null {
  const id = (message as { id?: unknown } | null)?.id;
  return typeof id === "string" || (typeof id === "number" && exactly(id)) ? id : null;
}

/** Whether a number id is returned as sent: not an integer past 2^53, where the parse may have rounded it. */
const exactly = (id: number) => !Number.isInteger(id) || Number.isSafeInteger(id);

export function errorBody(id: JsonRpcId | null, code: number, message: string, data?: unknown) {
  return { jsonrpc: "2.0", id, error: data === undefined ? { code, message } : { code, message, data } };
}

/**
 * A client's value as a message quotes it: a string in JSON quotes, cut after `max` characters; anything else by its
 * kind (a 30,000-deep array overflowed JSON.stringify in the error path, a 60 KB name came back whole).
 */
export function quoted(value: unknown, max = MCP_ARGUMENT_MAX_CHARACTERS): string {
  if (typeof value === "string") return JSON.stringify(value.length > max ? `${value.slice(0, max)}…` : value);
  if (typeof value === "number" || typeof value === "boolean" || value === null) return String(value);
  if (value === undefined) return "nothing";
  if (Array.isArray(value)) return "a list";
  return typeof value === "object" ? "an object" : `a ${typeof value}`;
}
