/**
 * The words every part of the MCP server shares, at the bottom of its imports: a JSON-RPC message, the error
 * codes, the error that carries one, and what answering needs.
 */
import type { AnswersData, ReadText } from "./answers-data.ts";

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
  readText: ReadText;
  origin: string;
}

