import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { readFileSync, renameSync } from "node:fs";
import { mkdir, readdir, readFile, rename, rm, symlink, writeFile } from "node:fs/promises";
import { request as httpRequest } from "node:http";
import { connect } from "node:net";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import { canonicalJson } from "../build/contract/canonical-json.ts";
import { AnswersData } from "../build/serve/request/answers-data.ts";
import { answersQuery } from "../build/serve/request/answers-query.ts";
import { distReader } from "../build/serve/server/mcp-stdio.ts";
import { contractCases } from "../build/tools/smoke/contract-cases.ts";
import { API_NOT_FOUND_FILE } from "../build/contract/layout.ts";
import { MAX_REQUEST_LINE, requestLineLength } from "../build/contract/http.ts";
import { build, copyOfShipped, ROOT, SHIPPED_CONTENT, temporaryFolder } from "./support/build-helpers.ts";
import { nodeScript } from "./support/cli.ts";
import { copyOfSharedBuild, sharedBuild } from "./support/shared-build.ts";
import { untilPrinted } from "./support/wait.ts";
import {
  fileBytes,
  LARGE_FILE_BYTES,
  LOOK_AGAIN_MS,
  REMEMBERED_KEY_MAX,
  StaticFiles,
} from "../build/serve/server/static-files.ts";
import { manualClock, startLocalServer, type RunningServer } from "./support/local-server.ts";

let running: RunningServer;
let dist: string;
const SECRET = "TOP-SECRET-OUTSIDE-DIST";

beforeAll(async () => {
  // A copy of its own: a secret file is put beside it, and one test rebuilds it.
  ({ dist } = await copyOfSharedBuild("behaviour"));
  await writeFile(path.join(path.dirname(dist), "secret.txt"), SECRET);
  running = await startLocalServer(dist);
}, 60_000);

/** A raw HTTP/1.1 exchange, so that the request target reaches the server exactly as written. */
function raw(
  target: string,
  headers: Record<string, string> = {},
  method = "GET",
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  const { port } = new URL(running.origin);
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      { host: "127.0.0.1", port, path: target, method, headers, insecureHTTPParser: false },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
        );
      },
    );
    outgoing.on("error", reject);
    outgoing.end();
  });
}

/** Bytes written straight to the socket: for request lines and headers no client library would send. */
function rawSocket(text: string): Promise<string> {
  const { port } = new URL(running.origin);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), "127.0.0.1", () => socket.end(text));
    const chunks: Buffer[] = [];
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    socket.on("error", reject);
  });
}

describe("HTTP semantics", () => {
  it("compresses with brotli and gzip to exactly the identity bytes, each with its own tag", async () => {
    const identity = await raw("/api/v1/answers");
    for (const [encoding, decompress] of [
      ["br", brotliDecompressSync],
      ["gzip", gunzipSync],
    ] as const) {
      const compressed = await raw("/api/v1/answers", { "Accept-Encoding": encoding });
      expect(compressed.headers["content-encoding"]).toBe(encoding);
      expect(compressed.headers.vary).toBe("Accept-Encoding");
      expect(decompress(compressed.body).equals(identity.body)).toBe(true);
      expect(compressed.body.byteLength).toBeLessThan(identity.body.byteLength / 3);
      expect(compressed.headers.etag).not.toBe(identity.headers.etag);
      const revalidated = await raw("/api/v1/answers", {
        "Accept-Encoding": encoding,
        "If-None-Match": String(compressed.headers.etag),
      });
      expect(revalidated.status).toBe(304);
    }
  });

  it("takes an escaped unreserved character as the character (RFC 3986 §6.2.2.2), and an escaped slash as no separator", async () => {
    for (const [escaped, plain] of [
      ["/api/v1/%61nswers?slug=room-sizing", "/api/v1/answers?slug=room-sizing"],
      ["/api/v1/%61nswers?q=!!", "/api/v1/answers?q=!!"],
      ["/api/v1/answers/room%2Dsizing.json", "/api/v1/answers/room-sizing.json"],
    ]) {
      const [got, wanted] = [await raw(escaped!), await raw(plain!)];
      expect([got.status, got.body.toString("utf8")], escaped).toEqual([wanted.status, wanted.body.toString("utf8")]);
    }
    for (const path of ["/api/v1/answers%2F?page=0", "/api/v1/answers%2Froom-sizing.json", "/api/v1%2fhealth"]) {
      const response = await raw(path);
      expect([response.status, response.headers["content-type"]], path).toEqual([404, "application/problem+json"]);
    }
  });

  it("HEAD gives GET's headers without the body, compressed or not", async () => {
    for (const headers of [{}, { "Accept-Encoding": "br" }] as Array<Record<string, string>>) {
      const get = await raw("/api/v1/evidence", headers);
      const head = await raw("/api/v1/evidence", headers, "HEAD");
      expect(head.body.byteLength).toBe(0);
      expect(head.headers["content-length"]).toBe(get.headers["content-length"]);
      expect(head.headers.etag).toBe(get.headers.etag);
    }
    // A response with no body (a folder's redirect to its slash) says its length is 0 to both: sent chunked to
    // GET, it gave HEAD a header GET lacked and GET one HEAD lacked.
    for (const method of ["GET", "HEAD"]) {
      const redirect = await raw("/docs", {}, method);
      expect([redirect.status, redirect.headers["content-length"], redirect.headers["transfer-encoding"]]).toEqual([
        301,
        "0",
        undefined,
      ]);
    }
  });

  it("changes the ETag when a rebuild changes the file, and never answers 304 for the old one", async () => {
    const before = await raw("/api/v1/health");
    const rebuilt = await build(SHIPPED_CONTENT, dist, { sourceDateEpoch: 1_800_000_000 });
    expect(rebuilt.ok).toBe(true);
    const after = await raw("/api/v1/health", { "If-None-Match": String(before.headers.etag) });
    expect(after.status).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(JSON.parse(after.body.toString("utf8")).generated_at).toBe("2027-01-15T08:00:00Z");
    await build(SHIPPED_CONTENT, dist, { sourceDateEpoch: 1_700_000_000 });
  });

  it("sends a range only to a GET of a 200, and under If-Range only while the tag it names is the file's (RFC 9110 §13.1.5, §14.2)", async () => {
    const whole = await raw("/data/answers.ndjson", { "Accept-Encoding": "identity" });
    const etag = String(whole.headers.etag);
    const part = (headers: Record<string, string>) =>
      raw("/data/answers.ndjson", { Range: "bytes=100-199", "Accept-Encoding": "identity", ...headers });
    const current = await part({ "If-Range": etag });
    expect([current.status, current.body.equals(whole.body.subarray(100, 200))]).toEqual([206, true]);
    // A tag of another version, or a date (no Last-Modified is sent): the whole file, never a splice of two.
    for (const validator of ['"0000stale"', "Sat, 28 Nov 2026 00:00:00 GMT"]) {
      const stale = await part({ "If-Range": validator });
      expect([stale.status, stale.headers["content-range"], stale.body.equals(whole.body)], validator).toEqual([
        200,
        undefined,
        true,
      ]);
    }
    // HEAD has no ranges (RFC 9110 §14.2): it answers as a GET without one.
    const head = await raw("/data/answers.ndjson", { Range: "bytes=100-199", "Accept-Encoding": "identity" }, "HEAD");
    expect([head.status, head.headers["content-range"], head.headers["content-length"]]).toEqual([
      200,
      undefined,
      String(whole.body.byteLength),
    ]);
    // A problem document served as a file (a 404) is whole whatever the Range.
    const missing = await raw(API_NOT_FOUND_FILE, { Range: "bytes=0-9" });
    expect([missing.status, missing.headers["content-range"]]).toEqual([404, undefined]);
    expect(JSON.parse(missing.body.toString("utf8"))).toMatchObject({ status: 404 });
  });

  it("follows the client's weights between brotli and gzip, takes x-gzip as gzip, and compresses the NDJSON", async () => {
    const encoding = async (accept: string, target = "/api/v1/answers") =>
      (await raw(target, { "Accept-Encoding": accept })).headers["content-encoding"];
    expect(await encoding("gzip;q=1, br;q=0.1")).toBe("gzip");
    expect(await encoding("br;q=0.5, gzip;q=0.5")).toBe("br");
    expect(await encoding("x-gzip")).toBe("gzip");
    expect(await encoding("gzip, x-gzip;q=0")).toBe("gzip");
    expect(await encoding("gzip;q=1.5, br")).toBe("br");
    expect(await encoding("gzip;q=0, br;q=0")).toBeUndefined();
    expect(await encoding("gzip", "/data/answers.ndjson")).toBe("gzip");
  });

  it("sends a folder's page asked for without its slash to it (301), as Netlify does, so that its relative links hold", async () => {
    const docs = await raw("/docs?from=here");
    expect([docs.status, docs.headers.location]).toEqual([301, "/docs/?from=here"]);
    expect(docs.headers["access-control-allow-origin"]).toBe("*");
    expect((await raw("/docs/")).status).toBe(200);
    expect((await raw("/docs/index.html")).status).toBe(200);
    // The API's extensionless paths are files, rewritten, never folders to redirect.
    expect((await raw("/api/v1")).status).toBe(200);
  });

  it("answers If-None-Match: * with 304 for a file and for a q page, and never for a problem", async () => {
    for (const target of [
      "/api/v1/health",
      "/api/v1/answers/room-sizing.json",
      "/api/v1/answers?q=room",
      "/api/v1/answers?slug=room-sizing",
    ]) {
      const response = await raw(target, { "If-None-Match": "*" });
      expect([response.status, response.body.byteLength], target).toEqual([304, 0]);
      expect(response.headers.etag, target).toMatch(/^"[0-9a-z-]+"$/);
      // Compared weakly (RFC 9110 13.1.2), wherever the tag stands in the list.
      const etag = String(response.headers.etag);
      for (const given of [`W/${etag}`, `"other", ${etag}`, `"other",W/${etag}`])
        expect((await raw(target, { "If-None-Match": given })).status, `${target} ${given}`).toBe(304);
      expect((await raw(target, { "If-None-Match": '"other"' })).status, target).toBe(200);
    }
    // /api/%FF is answered by the rule for paths no file serves (the 404 problem's file), not by the edge entry.
    for (const target of ["/api/v1/nope", "/api/v1/answers?q=!!", "/api/%FF"])
      expect((await raw(target, { "If-None-Match": "*" })).status, target).toBeGreaterThanOrEqual(400);
  });

  it("answers q with exactly the canonical JSON of its envelope (the answers' prebuilt text spliced in)", async () => {
    for (const q of ["room", "ceiling+micro", "zzzzqqq", "m&page=2", "a&slug=accessibility"]) {
      const text = (await raw(`/api/v1/answers?q=${q}`)).body.toString("utf8");
      expect(text, q).toBe(canonicalJson(JSON.parse(text)));
    }
  });

  it("does not send Content-Disposition or Last-Modified (mirrors and identical builds)", async () => {
    const response = await raw("/api/v1/answers/room-sizing.json");
    expect(response.headers["content-disposition"]).toBeUndefined();
    expect(response.headers["last-modified"]).toBeUndefined();
  });
});

describe("hostile paths never leave dist/", () => {
  it.each([
    "/../secret.txt",
    "/..%2fsecret.txt",
    "/%2e%2e/secret.txt",
    "/%2e%2e%2fsecret.txt",
    "/api/v1/..%2f..%2f..%2fsecret.txt",
    "/api/v1/%2e%2e%5c%2e%2e%5c%2e%2e%5csecret.txt",
    "/api\\..\\..\\secret.txt",
    "/%c0%ae%c0%ae/secret.txt",
    "/%c0%ae%c0%ae%c0%afsecret.txt",
    "/api/v1/index.json%00.txt",
    "/api/v1/%00",
    "//secret.txt",
    "/api/v1/answers?slug=..%2f..%2f..%2fsecret",
    "/api/v1/answers?slug=../../../secret.txt",
    "/api/v1/answers?slug=%2e%2e%2f%2e%2e%2fsecret",
  ])("%s", async (target) => {
    const response = await raw(target);
    expect(response.body.toString("latin1")).not.toContain(SECRET);
    expect(response.status).toBeLessThan(500);
    if (target.startsWith("/api/")) expect(String(response.headers["content-type"])).toMatch(/json/);
  });

  it("nor does a folder in it that is a symbolic link to a folder outside it, while a real folder beside it is served", async () => {
    const out = path.join(await temporaryFolder("linked-folder"), "dist");
    await mkdir(path.join(out, "real"), { recursive: true });
    await writeFile(path.join(out, "real", "inside.txt"), "inside\n");
    await writeFile(path.join(path.dirname(out), "secret.txt"), SECRET);
    await symlink(path.dirname(out), path.join(out, "linked"), "dir");
    const files = new StaticFiles(out);
    expect(await files.resolve("/real/inside.txt")).toBe(path.join(out, "real", "inside.txt"));
    expect(await files.resolve("/linked/secret.txt")).toBeUndefined();
  });

  it("and Netlify's configuration files, _headers and _redirects, are never served, as on Netlify", async () => {
    for (const target of ["/_headers", "/_redirects"]) {
      const response = await raw(target);
      expect(response.status, target).toBe(404);
      expect(response.body.toString("utf8"), target).not.toMatch(/^\/\*|Access-Control-Allow-Origin|200!?$/m);
    }
  });
});

describe("limits", () => {
  it("answers a request line over 8 KiB with a JSON 414", async () => {
    const response = await raw(`/api/v1/answers?q=${"a".repeat(9 * 1024)}`);
    expect(response.status).toBe(414);
    expect(response.headers["content-type"]).toBe("application/problem+json");
    expect(JSON.parse(response.body.toString("utf8"))).toMatchObject({
      status: 414,
      type: expect.stringMatching(/#uri-too-long$/),
    });
  });

  it("measures the request line to the byte: 8 KiB is taken, one byte more is 414, for a file as for q", async () => {
    for (const [start, taken] of [
      ["/api/v1/health?pad=", 200],
      // Taken, then refused for the length of q, not of the line.
      ["/api/v1/answers?q=", 400],
    ] as const) {
      const target = (length: number) => start + "a".repeat(length - requestLineLength("GET", start));
      expect(requestLineLength("GET", target(MAX_REQUEST_LINE))).toBe(MAX_REQUEST_LINE);
      expect((await raw(target(MAX_REQUEST_LINE))).status, start).toBe(taken);
      expect((await raw(target(MAX_REQUEST_LINE + 1))).status, start).toBe(414);
    }
  });

  it("answers a request line past Node's header limit with the same 414, not 431, and dates what it writes by hand", async () => {
    const text = await rawSocket(`GET /api/v1/answers?q=${"a".repeat(17 * 1024)} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
    expect(text).toMatch(/^HTTP\/1\.1 414 /);
    expect(text).toMatch(/\r\ndate: \w{3}, \d\d \w{3} \d{4} \d\d:\d\d:\d\d GMT\r\n/i);
    expect(JSON.parse(text.slice(text.indexOf("\r\n\r\n") + 4))).toMatchObject({ status: 414 });
  });

  it("refuses the asterisk form but for OPTIONS (RFC 9112 §3.2.4): it named the home page", async () => {
    const text = await rawSocket("GET * HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n");
    expect(text).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(text.slice(text.indexOf("\r\n\r\n") + 4))).toMatchObject({ status: 400 });
  });

  it("answers a client that sends its request and closes its half of the connection at once (HTTP/1.0 tools)", async () => {
    // Node drops such a request by default when the answer is not written in the same tick, as ours never is.
    const requests: [string, string][] = [
      ["GET /api/v1/health HTTP/1.0\r\nHost: localhost\r\n\r\n", "HTTP/1.1 200"],
      ["GET /api/v1/answers/index.json HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n", "HTTP/1.1 200"],
      ["GET /nowhere HTTP/1.1\r\nHost: localhost\r\n\r\n", "HTTP/1.1 404"],
    ];
    const exchanges = await Promise.all(
      [...requests, ...requests, ...requests, ...requests].map(async ([request, status]) => ({
        request,
        status,
        text: await rawSocket(request),
      })),
    );
    for (const { request, status, text } of exchanges) expect(text.slice(0, 12), request).toBe(status);
    const [, answers] = exchanges;
    expect(JSON.parse(answers?.text.slice(answers.text.indexOf("\r\n\r\n") + 4) ?? "").data.length).toBeGreaterThan(0);
  });

  it("answers 20 KiB of headers with a JSON 431", async () => {
    const text = await rawSocket(`GET /api/v1 HTTP/1.1\r\nHost: localhost\r\nX-Big: ${"b".repeat(20 * 1024)}\r\n\r\n`);
    expect(text).toMatch(/^HTTP\/1\.1 431 /);
    expect(text).toMatch(/\r\ncontent-type: application\/problem\+json\r\n/i);
    expect(JSON.parse(text.slice(text.indexOf("\r\n\r\n") + 4))).toMatchObject({
      status: 431,
      type: expect.stringMatching(/#headers-too-large$/),
    });
  });

  it("names the problem types of the answers it writes to the socket under the origin the request named, as it does every other's", async () => {
    const port = Number(new URL(running.origin).port);
    const typeOf = async (request: string) => {
      const text = await rawSocket(request);
      return (JSON.parse(text.slice(text.indexOf("\r\n\r\n") + 4)) as { type: string }).type;
    };
    const big = `X-Big: ${"b".repeat(20 * 1024)}\r\n`;
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`]) {
      expect(await typeOf(`GET /api/v1 HTTP/1.1\r\nHost: ${host}\r\n${big}\r\n`)).toBe(
        `http://${host}/docs/errors/#headers-too-large`,
      );
      expect(await typeOf(`GET /api/v1/answers?q=Stra\u00dfe HTTP/1.1\r\nHost: ${host}\r\n\r\n`)).toBe(
        `http://${host}/docs/errors/#bad-request`,
      );
    }
    // No loopback name on this port: the address the connection came to.
    expect(await typeOf(`GET /api/v1 HTTP/1.1\r\nHost: localhost\r\n${big}\r\n`)).toBe(
      `http://127.0.0.1:${port}/docs/errors/#headers-too-large`,
    );
  });

  it("keeps the connection of a POST answered 405 before its small body arrived, and closes one whose body is large", async () => {
    const port = Number(new URL(running.origin).port);
    // The headers alone; the body once the answer is in; then a second request on the same connection.
    const answers = await new Promise<string>((resolve, reject) => {
      let text = "";
      const socket = connect(port, "127.0.0.1", () =>
        socket.write("POST /api/v1/answers HTTP/1.1\r\nHost: localhost\r\nContent-Length: 2\r\n\r\n"),
      );
      socket.on("data", (chunk: Buffer) => {
        const first = !text.includes("\r\n\r\n");
        text += chunk.toString("latin1");
        if (first && text.includes("\r\n\r\n"))
          socket.write("{}GET /api/v1/health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n");
      });
      socket.on("close", () => resolve(text)).on("error", reject);
    });
    expect(answers.match(/HTTP\/1\.1 \d{3} /g)).toEqual(["HTTP/1.1 405 ", "HTTP/1.1 200 "]);
    expect(answers.slice(0, answers.indexOf("\r\n\r\n"))).not.toMatch(/\r\nconnection: close/i);
    // A body past what is read and dropped: the connection closes rather than wait for it.
    // Sent without ending the socket: a client that ends it with the body short makes an incomplete request, which
    // may be answered 400 before the 405 (it was, on busy cores).
    const large = await new Promise<string>((resolve, reject) => {
      let text = "";
      const socket = connect(port, "127.0.0.1", () =>
        socket.write(`POST /api/v1/answers HTTP/1.1\r\nHost: localhost\r\nContent-Length: ${1024 * 1024}\r\n\r\n{}`),
      );
      socket.on("data", (chunk: Buffer) => (text += chunk.toString("latin1")));
      socket.on("close", () => resolve(text)).on("error", reject);
    });
    expect(large).toMatch(/^HTTP\/1\.1 405 [\s\S]*\r\nconnection: close\r\n/i);
  });

  it("keeps an idle connection 65 s and says so in Keep-Alive, so that a client slow to read a large q page finds it open", async () => {
    // Node's 5 s closed connections under the bench's load as their next request arrived (local-server.ts).
    const answered = await raw("/api/v1/answers?q=c");
    expect(answered.status).toBe(200);
    expect(answered.headers["keep-alive"]).toBe("timeout=65");
  });

  it("refuses methods fetch cannot represent (TRACE, CONNECT-like, WebDAV) with 405", async () => {
    for (const method of ["TRACE", "PROPFIND", "MKCOL"]) {
      const response = await raw("/api/v1", {}, method);
      expect(response.status, method).toBe(405);
      expect(response.headers.allow).toBe("GET, HEAD, OPTIONS");
    }
    // Methods Node's parser does not know, answered before the handler runs: the same 405, not a 400.
    for (const method of ["BREW", "get"]) {
      const text = await rawSocket(`${method} /api/v1 HTTP/1.1\r\nHost: localhost\r\n\r\n`);
      expect(text, method).toMatch(/^HTTP\/1\.1 405 [\s\S]*\r\nallow: GET, HEAD, OPTIONS\r\n/i);
      expect(JSON.parse(text.slice(text.indexOf("\r\n\r\n") + 4))).toMatchObject({ status: 405 });
    }
  });

  it("refuses a fragment or a backslash in the path of a request target with a 400 problem, and lets a backslash of the query through", async () => {
    for (const target of ["/api/v1\\answers", "/api/v1/answers#top", "/api/v1/answers?q=room#top"]) {
      const text = await rawSocket(`GET ${target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`);
      expect(text, target).toMatch(/^HTTP\/1\.1 400 [\s\S]*\r\ncontent-type: application\/problem\+json\r\n/i);
      expect(JSON.parse(text.slice(text.indexOf("\r\n\r\n") + 4)).type, target).toMatch(/#bad-request$/);
    }
    const query = await rawSocket(
      "GET /api/v1/answers?q=room\\ HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n",
    );
    expect(query).toMatch(/^HTTP\/1\.1 200 /);
  });

  it("refuses a POST anywhere but the MCP endpoint with a detail that names it (/mcp/ with its slash too), and no other method so", async () => {
    for (const target of ["/mcp/", "/api/v1"]) {
      const response = await raw(target, {}, "POST");
      expect(response.status, target).toBe(405);
      expect(JSON.parse(response.body.toString("utf8")).detail, target).toBe(
        "POST is not allowed: this API is read-only. Use GET or HEAD (JSON-RPC goes by POST to the MCP endpoint, /mcp).",
      );
    }
    const put = await raw("/api/v1", {}, "PUT");
    expect(JSON.parse(put.body.toString("utf8")).detail).toBe(
      "PUT is not allowed: this API is read-only. Use GET or HEAD.",
    );
  });

  it("refuses those methods at the MCP endpoint with its own 405: Allow POST, OPTIONS, a JSON-RPC error", async () => {
    const refusals = [
      ...(await Promise.all(
        ["TRACE", "PROPFIND"].map(async (method) => {
          const response = await raw("/mcp", {}, method);
          const head = Object.entries(response.headers).map(([name, value]) => `${name}: ${value}`);
          return [method, response.status, head.join("\r\n"), response.body.toString("utf8")] as const;
        }),
      )),
      ...(await Promise.all(
        ["BREW", "CONNECT"].map(async (method) => {
          const text = await rawSocket(`${method} /mcp HTTP/1.1\r\nHost: localhost\r\n\r\n`);
          const status = Number(/^HTTP\/1\.1 (\d+)/.exec(text)?.[1]);
          return [
            method,
            status,
            text.slice(0, text.indexOf("\r\n\r\n")),
            text.slice(text.indexOf("\r\n\r\n") + 4),
          ] as const;
        }),
      )),
    ];
    for (const [method, status, head, body] of refusals) {
      expect([method, status], head).toEqual([method, 405]);
      expect(head, method).toMatch(/(^|\r\n)allow: POST, OPTIONS(\r\n|$)/i);
      expect(JSON.parse(body), method).toMatchObject({
        jsonrpc: "2.0",
        error: { message: expect.stringContaining(method) },
      });
    }
  });

  it("answers a HEAD refused before the handler runs with the headers alone: 414, 431 and 400", async () => {
    for (const [request, status] of [
      [`HEAD /api/v1/answers?q=${"a".repeat(17 * 1024)} HTTP/1.1\r\nHost: localhost\r\n\r\n`, 414],
      [`HEAD /api/v1 HTTP/1.1\r\nHost: localhost\r\nX-Big: ${"b".repeat(20 * 1024)}\r\n\r\n`, 431],
      ["HEAD /api/v1/\u00e9 HTTP/1.1\r\nHost: localhost\r\n\r\n", 400],
    ] as const) {
      const text = await rawSocket(request);
      expect(text).toMatch(new RegExp(`^HTTP/1\\.1 ${status} [\\s\\S]*\\r\\ncontent-length: [1-9]\\d*\\r\\n`, "i"));
      expect(text.slice(text.indexOf("\r\n\r\n") + 4), String(status)).toBe("");
    }
  });

  it("answers a file it cannot read with a logged internal-error problem (500), not a 404", async () => {
    // A file seen a moment ago (the resolution is remembered for 250 ms) that is now a folder: reading it
    // fails with EISDIR, which is the server's failure, not an absent file.
    const file = path.join(dist, "llms.txt");
    const kept = await readFile(file);
    expect((await raw("/llms.txt")).status).toBe(200);
    await rm(file);
    await mkdir(file);
    try {
      const response = await raw("/llms.txt");
      expect(response.status).toBe(500);
      expect(response.headers["content-type"]).toBe("application/problem+json");
      expect(JSON.parse(response.body.toString("utf8"))).toMatchObject({
        status: 500,
        type: expect.stringMatching(/#internal-error$/),
      });
      expect(running.log.some((line) => line.includes("EISDIR"))).toBe(true);
    } finally {
      await rm(file, { recursive: true });
      await writeFile(file, kept);
    }
  });

  it("answers a path it cannot resolve for a reason other than absence (a link loop) with the 500 problem", async () => {
    const loop = path.join(dist, "loop");
    await symlink("loop", loop);
    try {
      const response = await raw("/loop/x.json");
      expect([response.status, JSON.parse(response.body.toString("utf8")).type]).toEqual([
        500,
        expect.stringMatching(/#internal-error$/),
      ]);
      expect(running.log.some((line) => line.includes("ELOOP"))).toBe(true);
    } finally {
      await rm(loop);
    }
  });

  it("answers CONNECT (which Node never hands to the request handler) with the 405 problem, and closes", async () => {
    const { port } = new URL(running.origin);
    const text = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), "127.0.0.1", () =>
        socket.write("CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n"),
      );
      let received = "";
      socket
        .setEncoding("utf8")
        .on("data", (chunk: string) => (received += chunk))
        .on("end", () => resolve(received))
        .on("error", reject);
      socket.setTimeout(5000, () => reject(new Error(`no answer to CONNECT; received ${JSON.stringify(received)}`)));
    });
    expect(text).toMatch(/^HTTP\/1\.1 405 /);
    expect(text).toMatch(/\r\nallow: GET, HEAD, OPTIONS\r\n/i);
    expect(JSON.parse(text.slice(text.indexOf("\r\n\r\n") + 4))).toMatchObject({
      status: 405,
      type: expect.stringMatching(/#method-not-allowed$/),
    });
  });

  it("still answers after all of the above", async () => {
    expect((await raw("/api/v1/health")).status).toBe(200);
  });
});

describe("a file over LARGE_FILE_BYTES", () => {
  it("is sent from the disk as it is, whole or by a range, with the strong tag of its bytes: never read whole nor compressed in memory", async () => {
    const { dist } = await copyOfSharedBuild("large-file");
    // llms-full.txt grown past the threshold (at 100,000 answers it is some 400 MB): text, which is compressed when small.
    const bytes = Buffer.alloc(LARGE_FILE_BYTES + 1000, "All work and no play. ");
    await writeFile(path.join(dist, "llms-full.txt"), bytes);
    const { origin } = await startLocalServer(dist);
    const url = `${origin}/llms-full.txt`;
    const etag = `"${createHash("sha256").update(bytes).digest("hex").slice(0, 32)}"`;

    const whole = await fetch(url, { headers: { "Accept-Encoding": "br, gzip" } });
    expect(whole.status).toBe(200);
    expect(whole.headers.get("content-encoding")).toBeNull();
    expect(whole.headers.get("content-length")).toBe(String(bytes.length));
    expect(whole.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(whole.headers.get("etag")).toBe(etag);
    expect(Buffer.from(await whole.arrayBuffer()).equals(bytes)).toBe(true);

    const part = await fetch(url, { headers: { Range: "bytes=10-19", "Accept-Encoding": "gzip" } });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 10-19/${bytes.length}`);
    expect(await part.text()).toBe(bytes.subarray(10, 20).toString());

    // From the byte past the end (a download resumed when it was whole): 416, the problem that says the length.
    const past = await fetch(url, { headers: { Range: `bytes=${bytes.length}-` } });
    expect([past.status, past.headers.get("content-type"), past.headers.get("content-range")]).toEqual([
      416,
      "application/problem+json",
      `bytes */${bytes.length}`,
    ]);
    await past.body?.cancel();
    // A suffix longer than the file is all of it (RFC 9110 §14.1.2), as 206; what is ignored gets the whole file.
    const suffix = await fetch(url, { headers: { Range: `bytes=-${bytes.length + 5}` } });
    expect([suffix.status, suffix.headers.get("content-range")]).toEqual([
      206,
      `bytes 0-${bytes.length - 1}/${bytes.length}`,
    ]);
    await suffix.body?.cancel();
    for (const ignored of ["items=0-5", "bytes=5-2", "bytes=abc", "bytes=0-1,5-6"]) {
      const response = await fetch(url, { headers: { Range: ignored } });
      expect([response.status, response.headers.get("content-length")], ignored).toEqual([200, String(bytes.length)]);
      await response.body?.cancel();
    }

    const head = await fetch(url, { method: "HEAD" });
    expect([head.status, head.headers.get("content-length"), await head.text()]).toEqual([
      200,
      String(bytes.length),
      "",
    ]);
    expect((await fetch(url, { headers: { "If-None-Match": etag } })).status).toBe(304);

    // Served through a link to the folder (DIST=/tmp/… on macOS, where /tmp is one), whole and by a range.
    const link = `${dist}-link`;
    await symlink(dist, link);
    const viaLink = `${(await startLocalServer(link)).origin}/llms-full.txt`;
    const linkedPart = await fetch(viaLink, { headers: { Range: "bytes=10-19" } });
    expect([linkedPart.status, await linkedPart.text()]).toEqual([206, bytes.subarray(10, 20).toString()]);
    const linkedWhole = await fetch(viaLink);
    expect([linkedWhole.status, Buffer.from(await linkedWhole.arrayBuffer()).equals(bytes)]).toEqual([200, true]);
  });
});

describe("the edge entries", () => {
  it("answer exactly as the server does over HTTP when imported and called with a Request", async () => {
    const answersEntry = (await import("../build/edge-functions/answers-query.ts")).default;
    const guardEntry = (await import("../build/edge-functions/method-guard.ts")).default;
    const notFoundEntry = (await import("../build/edge-functions/api-not-found.ts")).default;
    const mcpEntry = (await import("../build/edge-functions/mcp.ts")).default;
    const noOauthEntry = (await import("../build/edge-functions/no-oauth-metadata.ts")).default;
    const markdownEntry = (await import("../build/edge-functions/markdown-negotiation.ts")).default;
    const cases = contractCases("room-sizing");
    const handedOn: string[] = [];
    let compared = 0;
    for (const contractCase of cases) {
      const url = running.origin + contractCase.url;
      const request = () =>
        new Request(url, {
          method: contractCase.method,
          headers: contractCase.requestHeaders,
          body: contractCase.requestBody,
        });
      // In the manifest's order, each entry only on its own paths: the negotiation and /mcp, then the guard, the OAuth 404s, the API's.
      const pathname = new URL(url).pathname;
      const direct =
        pathname === "/mcp"
          ? await mcpEntry(request())
          : ((await markdownEntry(request())) ??
            guardEntry(request()) ??
            noOauthEntry(request()) ??
            (await answersEntry(request())) ??
            (await notFoundEntry(request())));
      if (!direct) {
        handedOn.push(contractCase.name); // handed on to the static files: nothing of the entries' to compare
        continue;
      }
      compared++;
      const viaServer = await fetch(url, {
        method: contractCase.method,
        headers: { ...contractCase.requestHeaders, "Accept-Encoding": "identity" },
        body: contractCase.requestBody,
      });
      expect(direct.status, contractCase.name).toBe(viaServer.status);
      // A server sends no body in answer to HEAD, whatever the handler gave (it gives the GET body, for its length).
      expect(contractCase.method === "HEAD" ? "" : await direct.text(), contractCase.name).toBe(await viaServer.text());
      for (const name of [
        "content-type",
        "etag",
        "cache-control",
        "link",
        "allow",
        "access-control-allow-origin",
        "netlify-vary",
        "vary",
      ]) {
        expect(direct.headers.get(name), `${contractCase.name}: ${name}`).toBe(viaServer.headers.get(name));
      }
    }
    // Exactly the successful GETs and HEADs with no q, slug or page and not negotiated to Markdown are the files',
    // with the 404 rule's own file (a forced rule serves it); every other case is an entry's.
    const filesAnswer = cases.filter(
      (contractCase) =>
        contractCase.url === API_NOT_FOUND_FILE ||
        (["GET", "HEAD"].includes(contractCase.method) &&
          contractCase.status === 200 &&
          !/[?&](q|slug|page)=/.test(contractCase.url) &&
          !contractCase.contentType?.startsWith("text/markdown")),
    );
    expect(handedOn).toEqual(filesAnswer.map((contractCase) => contractCase.name));
    expect(compared).toBe(cases.length - filesAnswer.length);
    expect(compared).toBeGreaterThan(20);
  });

  it("hand a path under /api/ on to the files while the deploy's URL list is unreadable or still being read", async () => {
    const { apiNotFound } = await import("../build/serve/request/api-not-found.ts");
    const request = () => new Request(`${running.origin}/api/v1/answers/room-sizing.json`);
    expect(await apiNotFound(request(), async () => undefined)).toBeUndefined();
    expect(await apiNotFound(request(), () => Promise.reject(new Error("urls.txt is missing")))).toBeUndefined();
    // Judged, the same path is published, and one that is not gets the problem.
    expect(await apiNotFound(request(), async () => new Set(["/api/v1/answers/room-sizing.json"]))).toBeUndefined();
    expect((await apiNotFound(request(), async () => new Set<string>()))?.status).toBe(404);
  });

  it("refuse a request line over 8 KiB where Netlify would hand it on (the answers' entry), as the local server does", async () => {
    const answersEntry = (await import("../build/edge-functions/answers-query.ts")).default;
    const response = await answersEntry(new Request(`${running.origin}/api/v1/answers?q=${"a".repeat(9 * 1024)}`));
    expect(response?.status).toBe(414);
    expect(await response?.json()).toMatchObject({ type: expect.stringMatching(/#uri-too-long$/) });
  });

  it("read their own deploy from the server's files, not over HTTP from the server itself", async () => {
    // An origin this server's entries have not looked at yet (localhost, not 127.0.0.1): their first look reads the
    // health file and the URL list.
    const origin = running.origin.replace("127.0.0.1", "localhost");
    const before = running.log.length;
    const response = await fetch(`${origin}/api/v1/nothing-here-at-all`);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ status: 404 });
    expect(running.log.slice(before).map((line) => line.split(" ").slice(0, 2).join(" "))).toEqual([
      "GET /api/v1/nothing-here-at-all",
    ]);
  });

  it("import only relative modules with extensions, never node: or remote modules (Deno at the edge)", async () => {
    const seen = new Set<string>();
    const pending = (await readdir(path.join(ROOT, "build", "edge-functions"))).map((file) =>
      path.join(ROOT, "build", "edge-functions", file),
    );
    while (pending.length > 0) {
      const file = pending.pop()!;
      if (seen.has(file)) continue;
      seen.add(file);
      const source = await readFile(file, "utf8");
      for (const match of source.matchAll(/^\s*(?:import|export)\s+(type\s+)?[^"';]*?from\s+["']([^"']+)["']/gm)) {
        const [, typeOnly, specifier] = match;
        expect(specifier, `${path.relative(ROOT, file)} imports ${specifier}`).toMatch(/^\.\.?\/.*\.(ts|js)$/);
        if (!typeOnly) pending.push(path.resolve(path.dirname(file), specifier!));
      }
      expect(source, path.relative(ROOT, file)).not.toMatch(/\bDeno\.|from\s+["']node:|require\(/);
    }
    expect(seen.size).toBeGreaterThan(5);
  });
});

describe("npm start's server process", () => {
  it("says the port the system chose for PORT=0, and stops cleanly on SIGTERM", async () => {
    const child = spawn(process.execPath, nodeScript("start"), {
      cwd: ROOT,
      env: { ...process.env, BASE_URL: undefined, PORT: "0", DIST: dist },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = await untilPrinted(child, "(Ctrl-C to stop)");
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const port = Number(/^Serving .* at http:\/\/localhost:(\d+)\/api\/v1 /m.exec(output)?.[1]);
    expect(port).toBeGreaterThan(0);
    expect((await fetch(`http://127.0.0.1:${port}/api/v1/health`)).status).toBe(200);
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect(output).toMatch(/GET \/api\/v1\/health 200 /);
  }, 30_000);

  it("stops when the shell an npm script ran it in stops (npm passes its SIGTERM to that shell alone), and prints the address it listens on", async () => {
    // As npm runs a script: `sh -c`, here made to wait for node rather than become it.
    const command = ["node", ...nodeScript("start")].map((word) => `'${word}'`).join(" ");
    const shell = spawn("sh", ["-c", `${command}; exit $?`], {
      cwd: ROOT,
      env: {
        ...process.env,
        BASE_URL: undefined,
        PORT: "0",
        HOST: "127.0.0.2",
        DIST: dist,
        npm_lifecycle_event: "start",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = await untilPrinted(shell, "(Ctrl-C to stop)");
    const server = Number(readFileSync(`/proc/${shell.pid}/task/${shell.pid}/children`, "utf8").trim());
    try {
      shell.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
      const origin = /^Serving .* at (http:\/\/127\.0\.0\.2:\d+)\/api\/v1 /m.exec(output)?.[1];
      expect((await fetch(`${origin}/api/v1/health`)).status).toBe(200);
      // The server holds the pipe's other end until it exits.
      const closed = new Promise((resolve) => shell.stdout.once("close", resolve));
      shell.kill("SIGTERM");
      await closed;
      expect(output).toContain("the npm script's shell stopped: finishing open requests, then stopping");
      await expect(fetch(`${origin}/api/v1/health`)).rejects.toThrow();
    } finally {
      try {
        process.kill(server);
      } catch {
        // Gone, as it should be: only a failed test finds it running.
      }
    }
  }, 30_000);
});

describe("the edge entries after a rebuild", () => {
  it("pick up the new data (the deploy digest is rechecked), and a q page's ETag follows a change in one answer's body alone", async () => {
    // The shipped content's build, copied: a build of the copy of the content would be the same bytes.
    const { content } = await copyOfShipped("edge-reload");
    const { dist: out } = await copyOfSharedBuild("edge-reload-dist");
    const clock = manualClock();
    const server = await startLocalServer(out, { now: clock.now });
    const query = `${server.origin}/api/v1/answers?q=room`;
    const before = await fetch(query);
    const beforeBody = (await before.json()) as { meta: unknown; links: unknown; data: Array<{ slug: string }> };

    // One sentence more in one matching answer's body: the same answers match, the same envelope.
    const file = path.join(content, "answers", "room-sizing.md");
    const text = await readFile(file, "utf8");
    await writeFile(
      file,
      text.replace(
        "Measure the room before you look at",
        "Write the measurements down. Measure the room before you look at",
      ),
    );
    expect((await build(content, out, { sourceDateEpoch: 1_700_000_000 })).ok).toBe(true);
    // Until the entries' time to look at the deploy's digest again, they answer from what they keep.
    expect(await (await fetch(query)).text()).not.toContain("Write the measurements down.");
    clock.advance(LOOK_AGAIN_MS);
    const after = await fetch(query);
    const afterText = await after.text();
    const afterBody = JSON.parse(afterText) as typeof beforeBody;
    expect(afterText).toContain("Write the measurements down.");
    // The same answers and links; the meta differs only in the build it names.
    const { content_digest: afterDigest, ...afterMeta } = afterBody.meta as { content_digest: string };
    const { content_digest: beforeDigest, ...beforeMeta } = beforeBody.meta as { content_digest: string };
    expect(afterDigest).not.toBe(beforeDigest);
    expect([afterMeta, afterBody.links, afterBody.data.map((answer) => answer.slug)]).toEqual([
      beforeMeta,
      beforeBody.links,
      beforeBody.data.map((answer) => answer.slug),
    ]);
    expect(after.headers.get("etag")).not.toBe(before.headers.get("etag"));
    const revalidated = await fetch(query, { headers: { "If-None-Match": String(before.headers.get("etag")) } });
    expect(revalidated.status).toBe(200);

    // The tag also follows the answers' text alone: the same files, one sentence changed inside a page, the
    // envelope (its content digest included) unchanged.
    const files = new Map<string, string>();
    const read = async (file: string) =>
      files.get(file) ??
      (await readFile(path.join(out, ...file.split("/").filter(Boolean)), "utf8").catch(() => undefined));
    const tagOf = async () =>
      (await answersQuery(new Request(query), new AnswersData(utf8Reader(read))))!.headers.get("etag");
    const original = await tagOf();
    // Wherever the handler takes the answer from (its page, or its own file when the hits are few on a page).
    for (const source of ["/api/v1/answers/index.json", "/api/v1/answers/room-sizing.json"]) {
      files.set(source, (await read(source))!.replace("Write the measurements down.", "Write the measurements down!"));
    }
    expect(await tagOf()).not.toBe(original);
  }, 60_000);
});

describe("a rebuild's swap of the output folder", () => {
  /** An output folder holding a.json, and the local server's view of it. */
  const outputWithOneFile = async (name: string) => {
    const out = path.join(await temporaryFolder(name), "dist");
    await mkdir(out);
    await writeFile(path.join(out, "a.json"), "{}\n");
    return { out, files: new StaticFiles(out), file: path.join(out, "a.json") };
  };

  it("remembers a lookup only of a short path: a cache counted in entries holds no 64 KB keys", async () => {
    const { out } = await outputWithOneFile("long-paths");
    const files = new StaticFiles(out, { now: () => 0 });
    // Folders of 200 letters (a name has at most 255 bytes), then x.json: a path of at least `length` characters.
    const named = (length: number) => `${"/".padEnd(201, "b").repeat(Math.ceil(length / 201))}/x.json`;
    for (const length of [64, REMEMBERED_KEY_MAX + 1]) {
      expect(await files.resolve(named(length))).toBeUndefined();
      await mkdir(path.dirname(path.join(out, named(length).slice(1))), { recursive: true });
      await writeFile(path.join(out, named(length).slice(1)), "{}\n");
      // The clock stands still: a remembered miss stays a miss, one not remembered is looked up again.
      expect(await files.resolve(named(length)), String(length)).toBe(
        length > REMEMBERED_KEY_MAX ? path.join(out, named(length).slice(1)) : undefined,
      );
    }
  });

  it("is waited for, not answered 404, when a file is looked up or read between its two renames", async () => {
    const { out, file } = await outputWithOneFile("swap");
    // As atomic-output does: the live folder renamed away, then the new one renamed in, here once the lookup or
    // read has found the folder absent and waits.
    let nextBuild = "";
    let swapIn: Promise<void> | undefined;
    const files = new StaticFiles(out, {
      onSwapWait: () => {
        swapIn = (async () => {
          await mkdir(`${out}.ready`);
          await writeFile(path.join(`${out}.ready`, "a.json"), nextBuild);
          await rename(`${out}.ready`, out);
        })();
      },
    });
    await rename(out, `${out}.previous-1`);
    nextBuild = '{"build":2}\n';
    expect(await files.resolve("/a.json")).toBe(file);
    await rename(out, `${out}.previous-2`);
    nextBuild = '{"build":3}\n';
    const loaded = await files.load(file);
    expect((await fileBytes(loaded)).toString()).toBe('{"build":3}\n');
    await swapIn;
    // A file that is not there, in a folder that is, is not found at once.
    expect(await files.resolve("/b.json")).toBeUndefined();
  });

  it("is looked through again when the folder is back by the time a miss in it is handled", async () => {
    const { out, files, file } = await outputWithOneFile("swap-race");
    expect(await files.resolve("/a.json")).toBe(file);
    const lookups: Array<[string, () => Promise<unknown>]> = [
      ["lookup", () => new StaticFiles(out).resolve("/a.json")],
      ["read", () => files.load(file).then((loaded) => loaded.disk?.path)],
    ];
    for (const [what, lookup] of lookups) {
      renameSync(out, `${out}.away`);
      const pending = lookup();
      // Its file-system calls run on libuv's pool while this thread is held: they miss, and before the miss is
      // handled here the folder is back (the second rename of a swap, seen late on a loaded machine).
      for (let tick = 0; tick < 10; tick++) await null;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100);
      renameSync(`${out}.away`, out);
      expect(await pending, what).toBe(file);
    }
  });

  it("keeps the header rules of _headers on a response asked for between its two renames", async () => {
    const { dist } = await copyOfSharedBuild("swap-headers");
    const clock = manualClock();
    // The swap is finished when the request is seen waiting for it.
    let swapBack: Promise<void> | undefined;
    const server = await startLocalServer(dist, {
      now: clock.now,
      onSwapWait: () => {
        swapBack ??= rename(`${dist}.previous`, dist);
      },
    });
    const url = `${server.origin}/api/v1/answers/room-sizing.json`;
    const link = (await fetch(url)).headers.get("link");
    expect(link).toContain('rel="describedby"');
    await rename(dist, `${dist}.previous`);
    // Past the time for which the server trusts its last look at _headers.
    clock.advance(LOOK_AGAIN_MS);
    const response = await fetch(url);
    expect(swapBack, "the request waited for the swap").toBeDefined();
    expect([response.status, response.headers.get("link")]).toEqual([200, link]);
  });
});

describe("an answer's own file across builds", () => {
  it("keeps its bytes when another answer changes, and one of another build is never mixed into a response", async () => {
    const { folder, content } = await copyOfShipped("answer-file-builds");
    // Only read: the shipped content's shared build is that of the copy before the change.
    const { dist: distA } = await sharedBuild();
    const distB = path.join(folder, "dist-b");
    const file = path.join(content, "answers", "room-sizing.md");
    await writeFile(
      file,
      (await readFile(file, "utf8")).replace(
        "Measure the room before you look at",
        "Write the measurements down. Measure the room before you look at",
      ),
    );
    expect((await build(content, distB, { sourceDateEpoch: 1_700_000_000 })).ok).toBe(true);

    const readFrom = (dist: string) => async (file: string) =>
      await readFile(path.join(dist, ...file.split("/").filter(Boolean)), "utf8").catch(() => undefined);
    const readBytesFrom = (dist: string) => utf8Reader(readFrom(dist));
    // Only the changed answer's file differs; the collection's page and health name the new build.
    const answerFiles = (await readdir(path.join(distA, "api", "v1", "answers"))).filter(
      (name) => name.endsWith(".json") && name !== "index.json",
    );
    expect(answerFiles.length).toBe(20);
    const changed: string[] = [];
    for (const name of answerFiles)
      if ((await readFrom(distA)(`/api/v1/answers/${name}`)) !== (await readFrom(distB)(`/api/v1/answers/${name}`)))
        changed.push(name);
    expect(changed).toEqual(["room-sizing.json"]);
    for (const shared of ["/api/v1/health/index.json", "/api/v1/answers/index.json"])
      expect(await readFrom(distB)(shared)).not.toBe(await readFrom(distA)(shared));

    // Build A's index and pages with build B's file of the changed answer: whether the answer is sent as its file
    // (?slug=) or spliced into an explained result (one hit, taken from its own file), the handler refuses the mixture.
    const mixed = async (file: string) =>
      (file === "/api/v1/answers/room-sizing.json" ? readBytesFrom(distB) : readBytesFrom(distA))(file);
    for (const url of [
      "http://x.test/api/v1/answers?slug=room-sizing",
      "http://x.test/api/v1/answers?q=room&slug=room-sizing",
    ]) {
      const refused = (await answersQuery(new Request(url), new AnswersData(mixed)))!;
      expect([refused.status, refused.headers.get("retry-after")], url).toEqual([503, "5"]);
      expect(((await refused.json()) as { detail: string }).detail, url).toMatch(
        /room-sizing\.json holds the answer of digest sha256:[0-9a-f]{64}, the search index one of [A-Za-z0-9_-]{8}…/,
      );
      // Read again (as the edge entry does on a mixture), all of one build: build A's answer.
      const loads: boolean[] = [];
      const retried = (await answersQuery(new Request(url), async (fresh) => {
        loads.push(fresh);
        return new AnswersData(fresh ? readBytesFrom(distA) : mixed);
      }))!;
      expect([retried.status, loads], url).toEqual([200, [false, true]]);
      const body = await retried.text();
      expect(body).not.toContain("Write the measurements down.");
      expect(body).toContain("Measure the room before you look at");
    }
    // And build B's collection page with build A's index, as ?page= and a page of hits read it: refused alike.
    const mixedPage = async (file: string) =>
      (file === "/api/v1/answers/index.json" ? readBytesFrom(distB) : readBytesFrom(distA))(file);
    for (const url of ["http://x.test/api/v1/answers?page=1", "http://x.test/api/v1/answers?q=room"]) {
      const refused = (await answersQuery(new Request(url), new AnswersData(mixedPage)))!;
      expect([refused.status, refused.headers.get("retry-after")], url).toEqual([503, "5"]);
      expect(((await refused.json()) as { detail: string }).detail, url).toMatch(
        /\/api\/v1\/answers\/index\.json is of build sha256:[0-9a-f]{64}, the search index of sha256:[0-9a-f]{64}/,
      );
    }
  }, 60_000);
});

describe("what the answers data keeps", () => {
  it("keeps the files it read up to its bound, the most recently used, and reads the rest again", async () => {
    const reads: string[] = [];
    const readFrom = distReader(dist);
    // Nothing outside the folder, whatever path it is asked for.
    const outside = path.relative(dist, path.join(ROOT, "package.json")).split(path.sep).join("/");
    expect(await readFrom(`/${outside}`)).toBeUndefined();
    const data = new AnswersData(
      async (file) => {
        reads.push(file);
        return readFrom(file);
      },
      // About three answers' files: the shipped answers' own files are 20 to 80 KB each.
      { keptBytes: 150_000 },
    );
    const slugs = (
      JSON.parse(await readFile(path.join(dist, "api", "v1", "answers", "index.json"), "utf8")) as {
        data: Array<{ slug: string }>;
      }
    ).data.map((answer) => answer.slug);
    const ask = async (slug: string) =>
      (await answersQuery(new Request(`http://localhost/api/v1/answers?slug=${slug}`), data))!.text();
    const first = await ask(slugs[0]!);
    expect(first).toBe(await readFile(path.join(dist, "api", "v1", "answers", `${slugs[0]}.json`), "utf8"));
    // Asked again at once: kept, not read again.
    const readsBefore = reads.length;
    expect(await ask(slugs[0]!)).toBe(first);
    expect(reads.length).toBe(readsBefore);
    // Every other answer asked for, then the first again: it was let go, and is read again, the same bytes.
    for (const slug of slugs.slice(1)) await ask(slug);
    const readsAfter = reads.length;
    expect(await ask(slugs[0]!)).toBe(first);
    expect(reads.slice(readsAfter)).toContain(`/api/v1/answers/${slugs[0]}.json`);
  });
});

describe("the answers entry when its origin fails", () => {
  it("answers a JSON 503 with Retry-After while the search index is missing, and 200 as soon as it is back", async () => {
    const { dist } = await copyOfSharedBuild("origin-fault");
    const clock = manualClock();
    const server = await startLocalServer(dist, { now: clock.now });
    const index = path.join(dist, "api", "v1", "search", "answers.json");
    await rename(index, `${index}.away`);
    const missing = await fetch(`${server.origin}/api/v1/answers?q=room`);
    expect([
      missing.status,
      missing.headers.get("content-type"),
      missing.headers.get("retry-after"),
      missing.headers.get("cache-control"),
    ]).toEqual([503, "application/problem+json", "5", "no-store"]);
    expect(await missing.json()).toMatchObject({
      status: 503,
      type: expect.stringMatching(/#service-unavailable$/),
      detail: expect.stringContaining("/api/v1/search/answers.json is missing"),
    });
    await rename(`${index}.away`, index);
    // The server sees a file appear as soon as it stops trusting what it remembers of the folder.
    clock.advance(LOOK_AGAIN_MS);
    expect((await fetch(`${server.origin}/api/v1/answers?q=room`)).status).toBe(200);
  });
});

/** A reader of files' bytes from a reader of their text (tests change files as text). */
function utf8Reader(read: (file: string) => Promise<string | undefined>) {
  return async (file: string) => {
    const text = await read(file);
    return text === undefined ? undefined : new TextEncoder().encode(text);
  };
}
