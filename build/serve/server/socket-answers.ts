/**
 * Answers written straight to the socket, for requests Node never hands to the request handler: CONNECT, and
 * requests it cannot parse. Each is the problem response the request chain would give, then the connection
 * is closed.
 */
import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import { methodGuard } from "../request/method-guard.ts";
import { mcpMethodNotAllowed } from "../request/mcp.ts";
import { MCP_PATH } from "../../contract/layout.ts";
import { MAX_REQUEST_LINE } from "../../contract/http.ts";
import { problemResponse, uriTooLongDetail } from "../request/problems.ts";
import { requestOrigin } from "./node-web-bridge.ts";

/**
 * The 405 of a method no handler took: at the MCP endpoint its own (Allow: POST, OPTIONS), elsewhere the data API's
 * (Allow: GET, HEAD, OPTIONS). For methods no web Request can carry (CONNECT, TRACE) and those Node cannot parse.
 */
export function refuseMethod(url: URL, method: string, headers: Headers): Response {
  return url.pathname === MCP_PATH ? mcpMethodNotAllowed(method) : methodGuard({ url: url.href, method, headers })!;
}

/** CONNECT gets the 405 its target's other methods get. */
export async function answerConnect(socket: Socket, target = "/", host?: string): Promise<void> {
  await writeAndClose(socket, refuseMethod(targetUrl(requestOrigin(socket, host), target), "CONNECT", new Headers()));
}

/**
 * Malformed requests Node refuses before our handler runs: a method its parser does not know (BREW, get) gets the
 * 405 every other method gets, oversized headers 431, the rest 400; a HEAD gets the headers alone. Node counts the
 * request line in its header limit: a request line past that limit is still the 414 a shorter long one gets.
 */
export async function answerClientError(
  error: NodeJS.ErrnoException & { rawPacket?: Buffer },
  socket: Socket,
): Promise<void> {
  if (!socket.writable || error.code === "ECONNRESET") return void socket.destroy();
  // The packet Node was reading: when it starts a request, its method and first line (or all of it, with no line end).
  const packet = error.rawPacket?.toString("latin1") ?? "";
  const [, method, target = "/"] = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+) (\S+)/.exec(packet) ?? [];
  // The origin its Host names, if the packet holds one (a problem's type is named under it, as for every request).
  const origin = requestOrigin(socket, /\r\nhost:[ \t]*([^\r\n]*)/i.exec(packet)?.[1]?.trim());
  const request = { url: `${origin}/`, method: method === "HEAD" ? "HEAD" : "GET", headers: new Headers() };
  let response: Response;
  if (error.code === "HPE_INVALID_METHOD" && method !== undefined)
    response = refuseMethod(targetUrl(origin, target), method, request.headers);
  else if (error.code !== "HPE_HEADER_OVERFLOW")
    response = problemResponse(request, "bad-request", "The request could not be parsed as HTTP/1.1.");
  else {
    const end = packet.indexOf("\r\n");
    const line = method === undefined ? 0 : end === -1 ? packet.length : end;
    response =
      line > MAX_REQUEST_LINE
        ? problemResponse(request, "uri-too-long", uriTooLongDetail(end === -1 ? `more than ${line}` : line))
        : problemResponse(request, "headers-too-large", "The request headers exceed the server's limit of 16 KiB.");
  }
  await writeAndClose(socket, response);
}

/** The URL of a request target as sent (origin-form); any other form, or none, is the root. */
function targetUrl(origin: string, target: string): URL {
  try {
    return new URL(target.startsWith("/") ? target : "/", origin);
  } catch {
    return new URL("/", origin);
  }
}

async function writeAndClose(socket: Socket, response: Response): Promise<void> {
  const body = await response.text();
  // Node's own answers carry a Date (RFC 9110 §6.6.1); these are written by hand.
  const headers = [...response.headers, ["date", new Date().toUTCString()], ["connection", "close"]].map(
    ([name, value]) => `${name}: ${value}`,
  );
  socket.end(`HTTP/1.1 ${response.status} ${STATUS_CODES[response.status]}\r\n${headers.join("\r\n")}\r\n\r\n${body}`);
}
