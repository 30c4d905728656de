/**
 * Node's HTTP messages as web-standard Requests and Responses and back: what the edge entries and the problem
 * responses are written against, on the local server's Node sockets.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { Readable } from "node:stream";
import { isLoopbackName } from "../../contract/local-hosts.ts";
import type { ProblemType } from "../../contract/problems.ts";
import { problemResponse } from "../request/problems.ts";
import { corsHeaders } from "../request/response-headers.ts";

export function sendNotFound(outgoing: ServerResponse, incoming: IncomingMessage, url: URL): void {
  // Netlify answers a path no rule and no file covers with its own HTML page; under /api/ a rule covers every path.
  const body = `Not Found: ${url.pathname}\n`;
  outgoing.writeHead(404, {
    ...corsHeaders(),
    "Content-Type": "text/plain; charset=utf-8",
    "Content-Length": String(Buffer.byteLength(body)),
    "Cache-Control": "no-store",
  });
  outgoing.end(incoming.method === "HEAD" ? undefined : body);
}

export function sendProblem(
  outgoing: ServerResponse,
  incoming: IncomingMessage,
  kind: ProblemType,
  detail: string,
): void {
  void sendWebResponse(
    outgoing,
    problemResponse({ url: requestUrl(incoming).href, method: incoming.method ?? "GET" }, kind, detail),
  );
}

/** The largest unread request body a connection is kept for (Node reads and drops it after the response). */
const DRAINED_BODY_BYTES = 64 * 1024;

export async function sendWebResponse(outgoing: ServerResponse, response: Response): Promise<void> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  // A body left part read (an MCP POST over its limit, answered 413), or a large one not yet read, is not waited for:
  // the connection closes. A small one not read (a POST answered 405) Node reads and drops after the response, and
  // the connection is kept, however its packets arrived.
  const { req } = outgoing;
  if (!req.complete && (req.readableDidRead || !(Number(req.headers["content-length"]) <= DRAINED_BODY_BYTES)))
    headers.connection = "close";
  // No body (a redirect): its length, 0, to GET and HEAD alike, where Node would send GET an empty chunked body.
  if (!response.body && response.status !== 204 && response.status !== 304) headers["content-length"] ??= "0";
  outgoing.writeHead(response.status, headers);
  if (!response.body || outgoing.req.method === "HEAD") return void outgoing.end();
  // Streamed in the body's own chunks, waiting on the socket: no second copy of a large answer per request.
  // A client that goes away ends it (the socket closes instead of draining).
  const reader = response.body.getReader();
  try {
    for (let part = await reader.read(); !part.done; part = await reader.read()) {
      if (outgoing.destroyed) return;
      if (!outgoing.write(part.value)) {
        await new Promise<void>((resolve) => {
          const done = () => {
            outgoing.off("drain", done).off("close", done);
            resolve();
          };
          outgoing.once("drain", done).once("close", done);
        });
      }
    }
    outgoing.end();
  } finally {
    reader.releaseLock();
  }
}

/**
 * This server's origin as a request names it: its Host when that is a loopback name on the port the connection
 * came to, else the address and port it came to. Also for the answers written straight to the socket.
 */
export function requestOrigin(socket: Socket, host: string | undefined): string {
  const address = socket.localAddress ?? "127.0.0.1";
  const port = socket.localPort ?? 80;
  try {
    const claimed = new URL(`http://${host ?? ""}`);
    if (isLoopbackName(claimed.hostname) && Number(claimed.port || 80) === port) return claimed.origin;
  } catch {
    // Not a host at all: this server's own address stands.
  }
  return `http://${address.includes(":") ? `[${address}]` : address}:${port}`;
}

/**
 * The URL of a request, for the rules and the edge entries. The Host header is believed only when it names
 * this server on the loopback interface: the edge code fetches its data from the request's origin, and a
 * client must not be able to point that at another host.
 */
export function requestUrl(incoming: IncomingMessage): URL {
  const origin = requestOrigin(incoming.socket, incoming.headers.host);
  // Only a path and query are taken from the target: an absolute one (`GET http://elsewhere/x`) names a host of its
  // own, and one that starts with `//` would be read as naming one.
  let target = incoming.url ?? "/";
  if (!target.startsWith("/")) {
    try {
      const absolute = new URL(target);
      target = `${absolute.pathname}${absolute.search}`;
    } catch {
      target = "/";
    }
  }
  try {
    const url = new URL(`${origin}${target}`);
    // RFC 3986 §6.2.2.2: an unreserved character percent-encoded (/api/v1/%61nswers) is the URI of the character
    // itself, so the edge entries, the rules and the files all see it decoded.
    if (url.pathname.includes("%"))
      url.pathname = url.pathname.replace(ENCODED_UNRESERVED, (encoded) =>
        String.fromCharCode(parseInt(encoded.slice(1), 16)),
      );
    return url;
  } catch {
    return new URL("/", origin);
  }
}

export function webHeaders(incoming: IncomingMessage): Headers {
  const headers = new Headers();
  const raw = incoming.rawHeaders;
  for (let index = 0; index + 1 < raw.length; index += 2) {
    try {
      headers.append(raw[index]!, raw[index + 1]!);
    } catch {
      // A header fetch cannot hold (invalid bytes in its value) plays no part in any rule: drop it.
    }
  }
  return headers;
}

/** A web Request for the edge entries, or undefined for methods fetch refuses to represent (CONNECT, TRACE). */
export function webRequest(url: URL, method: string, headers: Headers, body?: IncomingMessage): Request | undefined {
  try {
    // A POST's body streams from the socket as it arrives (the handler bounds how much it reads).
    const withBody =
      body && method !== "GET" && method !== "HEAD"
        ? { body: Readable.toWeb(body) as ReadableStream<Uint8Array>, duplex: "half" }
        : {};
    return new Request(url, { method, headers, ...withBody } as RequestInit);
  } catch {
    return undefined;
  }
}

/** Percent-encoded unreserved characters: letters, digits, "-", ".", "_" and "~". */
const ENCODED_UNRESERVED = /%(?:[46][1-9a-f]|[57][0-9a]|3[0-9]|2[de]|5f|7e)/gi;

/**
 * The decoded path, bytes that are not UTF-8 becoming U+FFFD: such a path matches no file, but the rules
 * still see it (under /api/ it gets the JSON 404 rather than no rule at all).
 */
export function decodePath(pathname: string): string {
  if (!pathname.includes("%")) return pathname;
  const bytes: number[] = [];
  for (let at = 0; at < pathname.length; at++) {
    const hex = pathname[at] === "%" ? pathname.slice(at + 1, at + 3) : "";
    // An escaped slash is a character of its segment (RFC 3986 §2.2), never a separator: no file is named by one.
    if (/^[0-9a-fA-F]{2}$/.test(hex) && hex.toLowerCase() !== "2f") {
      bytes.push(parseInt(hex, 16));
      at += 2;
    } else bytes.push(...new TextEncoder().encode(pathname[at]!));
  }
  return new TextDecoder("utf-8", { fatal: false }).decode(new Uint8Array(bytes));
}
