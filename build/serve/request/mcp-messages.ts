/**
 * The words every part of the MCP server shares, at the bottom of its imports: a JSON-RPC message, the error
 * codes, the error that carries one, and what answering needs.
 */
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

/** A JSON-RPC 2.0 request or notification (a response or anything else is not). */
export function isMessage(message: unknown): message is JsonRpcMessage {
  if (typeof message !== "object" || message === null) return false;
  const candidate = message as Record<string, unknown>;
  const idOk =
    candidate.id === undefined ||
    typeof candidate.id === "string" ||
    (typeof candidate.id === "number" && Number.isFinite(candidate.id));
  const paramsOk =
    candidate.params === undefined ||
    (typeof candidate.params === "object" && candidate.params !== null && !Array.isArray(candidate.params));
  return candidate.jsonrpc === "2.0" && typeof candidate.method === "string" && idOk && paramsOk;
}

export function idOf(message: unknown): JsonRpcId | null {
  const id = (message as { id?: unknown } | null)?.id;
  return typeof id === "string" || typeof id === "number" ? id : null;
}

export function errorBody(id: JsonRpcId | null, code: number, message: string, data?: unknown) {
  return { jsonrpc: "2.0", id, error: data === undefined ? { code, message } : { code, message, data } };
}
