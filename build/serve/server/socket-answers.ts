/**
 * Answers written straight to the socket, for requests Node never hands to the request handler: CONNECT, and
 * requests it cannot parse. Each is the problem response the request chain would give, then the connection
 * is closed.
 */
import { STATUS_CODES, type Server } from "node:http";
import type { Socket } from "node:net";
import { methodGuard } from "../request/method-guard.ts";
import { problemResponse } from "../request/problems.ts";

/** CONNECT gets the 405 every other method but GET, HEAD and OPTIONS gets. */
export async function answerConnect(server: Server, socket: Socket): Promise<void> {
  await writeAndClose(
    socket,
    methodGuard({ url: `${ownOrigin(server)}/`, method: "CONNECT", headers: new Headers() })!,
  );
}

/** Malformed requests Node refuses before our handler runs: oversized headers get 431, the rest 400. */
export async function answerClientError(server: Server, error: NodeJS.ErrnoException, socket: Socket): Promise<void> {
  if (!socket.writable || error.code === "ECONNRESET") return void socket.destroy();
  const request = { url: `${ownOrigin(server)}/`, method: "GET" };
  const response =
    error.code === "HPE_HEADER_OVERFLOW"
      ? problemResponse(request, "headers-too-large", "The request headers exceed the server's limit of 16 KiB.")
      : problemResponse(request, "bad-request", "The request could not be parsed as HTTP/1.1.");
  await writeAndClose(socket, response);
}

function ownOrigin(server: Server): string {
  const address = server.address();
  return address && typeof address === "object" ? `http://localhost:${address.port}` : "http://localhost";
}

async function writeAndClose(socket: Socket, response: Response): Promise<void> {
  const body = await response.text();
  const headers = [...response.headers, ["connection", "close"]].map(([name, value]) => `${name}: ${value}`);
  socket.end(`HTTP/1.1 ${response.status} ${STATUS_CODES[response.status]}\r\n${headers.join("\r\n")}\r\n\r\n${body}`);
}
