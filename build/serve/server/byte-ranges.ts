/**
 * Range requests: which kind of answer a Range header asks for, and serve-handler sending the part from the
 * disk, with the rules' headers and our status winning over its own.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { realpathSync } from "node:fs";
import path from "node:path";
import handler from "serve-handler";

/** serve-handler sends the bytes (with Range support); the rules' headers and our status win over its own. */
export async function serveWithServeHandler(
  incoming: IncomingMessage,
  outgoing: ServerResponse,
  folder: string,
  absolutePath: string,
  status: number,
  headers: Record<string, string>,
): Promise<void> {
  const writeHead = outgoing.writeHead.bind(outgoing) as (
    code: number,
    headers?: Record<string, unknown>,
  ) => ServerResponse;
  (outgoing as { writeHead: unknown }).writeHead = (code: number, own: Record<string, unknown> = {}) => {
    // Content-Disposition misleads `wget --content-disposition`; Last-Modified would differ between identical builds.
    const { "Content-Disposition": _disposition, "Last-Modified": _modified, ...kept } = own;
    return writeHead(status === 200 ? code : status, { ...kept, ...headers });
  };
  // The file's path is the folder's real one (static-files.ts resolves links): so is the folder's here, or a DIST that
  // is a link (macOS's /tmp) made every range a path above the folder, which serve-handler refused with 400.
  const relative = path
    .relative(realpathSync(path.resolve(folder)), absolutePath)
    .split(path.sep)
    .map(encodeURIComponent)
    .join("/");
  incoming.url = `/${relative}`;
  await handler(incoming, outgoing, {
    public: folder,
    cleanUrls: false,
    directoryListing: false,
    etag: false,
    symlinks: false,
    trailingSlash: undefined,
  });
}

/**
 * RFC 9110: a Range header that is not one well-formed byte range may be ignored (the whole file is sent);
 * a well-formed one that selects no byte is unsatisfiable (416).
 */
export function byteRange(header: string, size: number): "whole" | "partial" | "unsatisfiable" {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === "" && match[2] === "")) return "whole";
  const [, first, last] = match;
  if (first === "") return Number(last) === 0 ? "unsatisfiable" : "partial";
  if (last !== "" && Number(last) < Number(first)) return "whole";
  return Number(first) >= size ? "unsatisfiable" : "partial";
}

/**
 * The bytes a range byteRange called partial selects, first and last: a suffix longer than the file is the whole file
 * (RFC 9110 §14.1.2), an end past it is its last byte.
 */
export function rangeBounds(header: string, size: number): { start: number; end: number } {
  const [, first, last] = /^bytes=(\d*)-(\d*)$/.exec(header.trim())!;
  const start = first === "" ? Math.max(0, size - Number(last)) : Number(first);
  const end = first === "" || last === "" ? size - 1 : Math.min(Number(last), size - 1);
  return { start, end };
}

/**
 * One byte range of a file held in memory (the dev loop's output), answered as serve-handler answers it from the
 * disk: 206 with Content-Range, or our status when a rule gave one. `header` is a range byteRange called partial.
 */
export function sendRange(
  outgoing: ServerResponse,
  method: string,
  bytes: Uint8Array,
  header: string,
  status: number,
  headers: Record<string, string>,
): void {
  const size = bytes.byteLength;
  const { start, end } = rangeBounds(header, size);
  outgoing.writeHead(status === 200 ? 206 : status, {
    ...headers,
    "Accept-Ranges": "bytes",
    "Content-Range": `bytes ${start}-${end}/${size}`,
    "Content-Length": String(end - start + 1),
  });
  outgoing.end(method === "HEAD" ? undefined : bytes.subarray(start, end + 1));
}
