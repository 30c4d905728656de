import { writeFile } from "node:fs/promises";
import { connect } from "node:net";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { MAX_PARAMETERS, MAX_QUERY_CODE_POINTS } from "../build/contract/limits.ts";
import { seededRandom } from "../build/tools/synthetic/seeded-random.ts";
import { copyOfSharedBuild } from "./support/shared-build.ts";
import { startLocalServer, type RunningServer } from "./support/local-server.ts";

/**
 * A seeded generator of random and malformed requests (odd methods, huge and strangely encoded paths,
 * traversal in every encoding, NUL and invalid UTF-8, repeated and empty parameters, thousands of
 * parameters, bad Range and If-None-Match values, q as questions, stop words and stray apostrophes with every
 * match and sort value), sent as raw bytes to the real local server.
 */
const CASES = 3000;
const SEED = 20261121;
const SECRET = "SECRET-BESIDE-DIST-7f3a";
let running: RunningServer;

const METHODS = [
  "GET",
  "GET",
  "GET",
  "HEAD",
  "HEAD",
  "OPTIONS",
  "POST",
  "PUT",
  "DELETE",
  "PATCH",
  "TRACE",
  "PROPFIND",
  "MKCOL",
  "BREW",
  "get",
];
const PATHS = [
  "/",
  "/api/v1",
  "/api/v1/",
  "/api/v1/answers",
  "/api/v1/answers/",
  "/api/v1/answers/room-sizing.json",
  "/api/v1/suppliers",
  "/api/v1/evidence/index.json",
  "/api/v1/health",
  "/api/v1/openapi.json",
  "/.well-known/api-catalog",
  "/docs/",
  "/index.html",
  "/errors/api-not-found",
  "/_headers",
  "/api/v2/x",
  "/nope",
];
const TRAVERSALS = [
  "..",
  "%2e%2e",
  "%2E%2E",
  "%252e%252e",
  ".%2e",
  "%c0%ae%c0%ae",
  "%e0%80%ae%e0%80%ae",
  "..%5c..",
  "..\\\\..",
  "%2e%2e%2f",
  "..%252f",
  "..;",
  "%00",
  "%ff%fe",
  "..%00",
  "%2f%2f",
];
const VALUES = [
  "",
  "a",
  "room",
  "ROOM",
  "ceiling+micro",
  "%E2%80%8B",
  "%ff",
  "%c3%28",
  "%00",
  "\u00e9",
  "%e9",
  "1",
  "0",
  "-1",
  "1e3",
  "99999999999999999999",
  "x".repeat(300),
  "%25",
  "%",
  "&",
  "=",
  "a=b",
  "[object]",
  "<script>",
  "' OR 1=1 --",
  "all",
  "any",
  "ALL",
  "how+to",
  "the",
  "what%27s+the+best+way",
  "what%E2%80%99s",
  "how+should+the+screens+be+mounted%3F",
  "cieling+mics+tvs",
  "a+b+c+d+e+f+g+h+i+j+k+l+m+n+o+p+q+r+s+t+u+v+w+x+y+z+0+1+2+3+4+5+6+7+8+9",
  "relevance",
  "slug",
];
const RANGES = [
  "bytes=0-10",
  "bytes=-5",
  "bytes=10-",
  "bytes=999999999-",
  "bytes=abc",
  "bytes=5-1",
  "bytes=0-0,2-3",
  "items=0-1",
  "bytes=",
  "bytes=-0",
];
const TAGS = ['"x"', "*", 'W/"x"', '"', "garbage", `"${"a".repeat(500)}"`, ", , ,"];

function generate(next: () => number): { raw: string; describe: string } {
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
  const method = pick(METHODS);
  let target = pick(PATHS);
  const shape = next();
  if (shape < 0.3)
    target = `${target.replace(/\/$/, "")}/${Array.from({ length: 1 + Math.floor(next() * 4) }, () => pick(TRAVERSALS)).join("/")}/secret.txt`;
  else if (shape < 0.4)
    target =
      target +
      "/" +
      "%" +
      Math.floor(next() * 256)
        .toString(16)
        .padStart(2, "0") +
      pick(["", "x", "%ff"]);
  else if (shape < 0.45) target = `/${"a".repeat(Math.floor(next() * 12000))}`;
  else if (shape < 0.5) target = `//${target}`;
  if (next() < 0.6) {
    const count = next() < 0.05 ? 10000 : Math.floor(next() * 40);
    const names = ["q", "slug", "page", "q", "match", "sort", "utm", "", "Q", "slug[]", "%71", "%6Datch"];
    target += `?${Array.from({ length: count }, () => `${pick(names)}=${pick(VALUES)}`).join("&")}`;
  }
  const headers = [`Host: ${next() < 0.9 ? "127.0.0.1" : pick(["", "evil.example", "a b", "[::1]", "x".repeat(300)])}`];
  if (next() < 0.3) headers.push(`Range: ${pick(RANGES)}`);
  if (next() < 0.3) headers.push(`If-None-Match: ${pick(TAGS)}`);
  if (next() < 0.2) headers.push(`Accept-Encoding: ${pick(["br", "gzip;q=0", "*", "identity;q=0, *;q=0", "x"])}`);
  if (next() < 0.02) headers.push(`X-Big: ${"b".repeat(20 * 1024)}`);
  if (method !== "GET" && method !== "HEAD" && next() < 0.5) headers.push("Content-Length: 5");
  const body = headers.some((header) => header === "Content-Length: 5") ? "hello" : "";
  const raw = `${method} ${target} HTTP/1.1\r\n${headers.join("\r\n")}\r\nConnection: close\r\n\r\n${body}`;
  return {
    raw,
    describe: `${method} ${target.slice(0, 120)}${target.length > 120 ? "…" : ""} [${headers.map((header) => header.slice(0, 40)).join("; ")}]`,
  };
}

function exchange(raw: string): Promise<string> {
  const { port } = new URL(running.origin);
  return new Promise((resolve, reject) => {
    // Written, not ended: the request says Connection: close, so the server closes when it has answered.
    const socket = connect(Number(port), "127.0.0.1", () => socket.write(raw));
    const chunks: Buffer[] = [];
    socket.setTimeout(10_000, () => socket.destroy(new Error("no answer within 10 s")));
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("close", () => resolve(Buffer.concat(chunks).toString("latin1")));
    socket.on("error", (error: NodeJS.ErrnoException) =>
      error.code === "ECONNRESET" || error.code === "EPIPE"
        ? resolve(Buffer.concat(chunks).toString("latin1"))
        : reject(error),
    );
  });
}

beforeAll(async () => {
  // A copy of its own: a secret file is put beside it, which no request may reach.
  const { dist } = await copyOfSharedBuild("hostile");
  await writeFile(path.join(path.dirname(dist), "secret.txt"), SECRET);
  running = await startLocalServer(dist);
}, 60_000);

describe(`${CASES} seeded hostile requests`, () => {
  it("cannot make the edge code fetch from another host through the Host header or the request target", async () => {
    // A loopback name with another port is answered from this server's own address; another host is refused.
    for (const [host, status] of [
      ["evil.example", 403],
      ["127.0.0.1", 200],
      ["localhost:1", 200],
      ["[::1]:9", 200],
    ] as const) {
      const response = await exchange(
        `GET /api/v1/answers?q=room HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`,
      );
      expect(response, host).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
    }
    for (const [target, status] of [
      ["http://evil.example/api/v1/answers?q=room", 403],
      ["//evil.example/api/v1/answers?q=room", 404],
    ] as const) {
      const response = await exchange(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
      expect(response, target).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
    }
  });

  it("serves nothing through an empty segment or a file's trailing slash, which the header rules would not match, and redirects to no other host", async () => {
    for (const target of [
      "//docs/",
      "//docs",
      "///changelog",
      "/docs//",
      "//index.html",
      "/_headers/",
      "//_redirects",
      "/api/v1/index.json/",
    ]) {
      const response = await exchange(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
      expect(response, target).toMatch(/^HTTP\/1\.1 404 /);
      expect(response, target).not.toMatch(/\r\nlocation:/i);
    }
  });

  it("answers an HTTP/1.1 request without Host with its JSON 400, and ignores an expectation it does not know", async () => {
    const hostless = await exchange("GET /api/v1 HTTP/1.1\r\nConnection: close\r\n\r\n");
    expect(hostless).toMatch(/^HTTP\/1\.1 400 /);
    expect(hostless).toMatch(/\r\naccess-control-allow-origin: \*\r\n/i);
    expect(JSON.parse(hostless.slice(hostless.indexOf("\r\n\r\n") + 4))).toMatchObject({
      type: expect.stringMatching(/#bad-request$/),
    });
    const twoHosts = await exchange(
      "GET /api/v1 HTTP/1.1\r\nHost: localhost\r\nHost: evil.example\r\nConnection: close\r\n\r\n",
    );
    expect(twoHosts).toMatch(/^HTTP\/1\.1 400 /);
    const expecting = await exchange(
      "GET /api/v1 HTTP/1.1\r\nHost: localhost\r\nExpect: foo\r\nConnection: close\r\n\r\n",
    );
    expect(expecting).toMatch(/^HTTP\/1\.1 200 /);
  });

  it("q as a question, stop words only, stray apostrophes and every match value get 200 or the JSON problem that names them", async () => {
    // As many words as fit within the limit on q: "how " (4 code points) before "to", one letter and a space each.
    const hows = Math.floor((MAX_QUERY_CODE_POINTS - 2) / 4);
    const letters = Math.floor((MAX_QUERY_CODE_POINTS + 1) / 2);
    const cases: Array<[string, number, string?]> = [
      ["q=how+to", 400, "query-only-stop-words"],
      ["q=how+to&match=all", 200],
      ["q=what%27s", 400, "query-only-stop-words"],
      ["q=%E2%80%99s", 400, "query-only-stop-words"],
      [`q=${"how+".repeat(hows)}to`, 400, "query-only-stop-words"],
      [`q=${"how+".repeat(hows)}to&match=all`, 200],
      ["q=%21%3F", 400, "invalid-query"],
      ["q=%21%3F&match=all", 400, "invalid-query"],
      ["q=how+should+the+screens+be+mounted%3F", 200],
      ["q=room&match=STRICT", 400, "invalid-match"],
      ["q=room&match=", 400, "invalid-match"],
      ["q=room&match=all&match=any", 400, "repeated-parameter"],
      ["q=room&match=%ff", 400, "malformed-parameter"],
      // A parameter's name written with escapes: a CDN may key its cache by the name as written.
      ["%71=microphone", 400, "malformed-parameter"],
      ["q=room&%73lug=room-sizing", 400, "malformed-parameter"],
      ["match=nonsense", 400, "invalid-match"],
      ["match=all", 200],
      ["match=all&slug=room-sizing&q=how+to", 200],
      ["q=how+to&slug=room-sizing", 400, "query-only-stop-words"],
      // Within the limit: words of a letter or digit each (of them, d, m, s and t are stop words), and one long word.
      [`q=${Array.from({ length: letters }, (_, at) => "bcdefghjkmnpqrstvwxz01234"[at % 25]).join("+")}`, 200],
      [`q=${"z".repeat(MAX_QUERY_CODE_POINTS)}&match=any`, 200],
      // One past each limit: a code point of q (an é is two UTF-8 bytes, one code point), a parameter.
      [`q=${"%C3%A9".repeat(MAX_QUERY_CODE_POINTS + 1)}`, 400, "query-too-long"],
      [`q=${"%C3%A9".repeat(MAX_QUERY_CODE_POINTS)}`, 200],
      [`q=room${"&x=1".repeat(MAX_PARAMETERS)}`, 400, "too-many-parameters"],
      [`q=room${"&x=1".repeat(MAX_PARAMETERS - 1)}`, 200],
    ];
    for (const [query, status, problem] of cases) {
      const response = await fetch(`${running.origin}/api/v1/answers?${query}`);
      const body = (await response.json()) as { type?: string; meta?: { match?: string } };
      expect(response.status, query).toBe(status);
      if (problem) {
        expect(response.headers.get("content-type"), query).toMatch(/^application\/problem\+json/);
        expect(body.type, query).toMatch(new RegExp(`#${problem}$`));
        expect(response.headers.get("link"), query).toContain(
          '</api/v1/schemas/problem.schema.json>; rel="describedby"',
        );
      } else if (query.includes("q="))
        expect(body.meta?.match, query).toBe(query.includes("match=all") ? "all" : "any");
    }
  });

  it("get no 5xx, no byte from outside dist/, JSON problems under /api/, and the server still answers", async () => {
    const next = seededRandom(SEED);
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    for (let index = 0; index < CASES; index++) {
      const { raw, describe: request } = generate(next);
      const response = await exchange(raw);
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(response)?.[1] ?? 0);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      const head = response.slice(0, response.indexOf("\r\n\r\n"));
      const target = raw.split(" ")[1]!;
      // As a CDN or browser sees it: dot segments, encoded ones too, resolved by the WHATWG URL parser.
      const pathOnly = (() => {
        try {
          return new URL(target, "http://x").pathname;
        } catch {
          return target.split("?")[0]!;
        }
      })();
      if (status === 0) failures.push(`no response: ${request}`);
      else if (status >= 500) failures.push(`${status}: ${request}`);
      if (response.includes(SECRET)) failures.push(`leaked a file outside dist/: ${request}`);
      if (status >= 400 && pathOnly.startsWith("/api/") && !/\r\ncontent-type: application\/problem\+json/i.test(head))
        failures.push(`${status} without a JSON problem: ${request}`);
      if (failures.length > 20) break;
    }
    expect(failures, `statuses: ${JSON.stringify(Object.fromEntries(statuses))}`).toEqual([]);
    expect((await fetch(`${running.origin}/api/v1/health`)).status).toBe(200);
    // The generator reaches the outcomes it is meant to: successes, client errors and refusals.
    for (const status of [200, 304, 400, 403, 404, 405, 414])
      expect(statuses.get(status) ?? 0, `status ${status}`).toBeGreaterThan(0);
  }, 120_000);
});
