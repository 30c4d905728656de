/**
 * The dev loop serves its last good build from memory (build/serve/server/memory-files.ts), each product run when a file
 * of it is first asked for (build/engine/run/lazy-site.ts). Whatever a client asks, the answer must be the one the
 * same build's files give from disk: the shipped content prepared in memory and served, every kind of request made
 * (so the products run in the order the requests want them), then the build completed, written to a folder and
 * served from there, and every answer compared (status, headers but Date, body).
 */
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { prepareInMemory, writeCompiled } from "../build/engine/run/pipeline.ts";
import { type LazySite, lazyTiming } from "../build/engine/run/lazy-site.ts";
import { ALIASES, FOLDER_INDEXES, routesFor } from "../build/contract/routes.ts";
import { MemoryFiles } from "../build/serve/server/memory-files.ts";
import { StaticFiles } from "../build/serve/server/static-files.ts";
import { SHIPPED_CONTENT, temporaryFolder } from "./support/build-helpers.ts";
import { EPOCH } from "./support/incremental.ts";
import { type RunningServer, startLocalServer } from "./support/local-server.ts";

let fromMemory: RunningServer;
let site: LazySite;
let folder: string;

beforeAll(async () => {
  folder = await temporaryFolder("memory-served");
  const prepared = await prepareInMemory({
    contentDir: SHIPPED_CONTENT,
    outDir: path.join(folder, "dist"),
    sourceDateEpoch: EPOCH,
  });
  if (!prepared.ok) throw new Error("the shipped content did not build");
  site = prepared.site;
  // Its fallback is an empty folder: anything not taken from the published build would be missing.
  const memory = new MemoryFiles(new StaticFiles(path.join(folder, "empty")), path.join(folder, "scratch"));
  memory.publish(site);
  fromMemory = await startLocalServer(path.join(folder, "empty"), { files: memory });
}, 60_000);

async function exchange(running: RunningServer, target: string, init: RequestInit = {}) {
  const response = await fetch(running.origin + target, { redirect: "manual", ...init });
  // A problem names the server's own origin: the two servers differ by their ports only.
  const own = (text: string) => text.replaceAll(running.origin, "ORIGIN");
  const headers = Object.fromEntries(
    [...response.headers].filter(([name]) => name !== "date").map(([name, value]) => [name, own(value)]),
  );
  const bytes = Buffer.from(await response.arrayBuffer());
  const text = bytes.toString("utf8");
  const body = Buffer.from(text, "utf8").equals(bytes) ? own(text) : bytes.toString("base64");
  return { status: response.status, headers, body };
}

describe("the dev loop's build served from memory", () => {
  it("answers every request as the same files on disk do", async () => {
    const file = "/api/v1/answers/room-sizing.json";
    const first = await fetch(fromMemory.origin + file, { headers: { "accept-encoding": "identity" } });
    const etag = first.headers.get("etag")!;
    // The first byte past the end (a resumed download that was already whole): 416, as from the disk.
    const size = (await first.arrayBuffer()).byteLength;
    const requests: Array<[string, RequestInit?]> = [
      ["/api/v1/answers/room-sizing.md"],
      [
        "/mcp",
        {
          method: "POST",
          headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
          body: '{"jsonrpc":"2.0","id":1,"method":"tools/list"}',
        },
      ],
      ...ALIASES.map(([alias]): [string] => [alias]),
      ...FOLDER_INDEXES.map(([folder]): [string] => [folder]),
      ["/docs"],
      ["/_headers"],
      // A file is not also a folder: a slash after its name finds nothing, as on disk and on Netlify.
      ["/_headers/"],
      [`${file}/`],
      ["/netlify.toml"],
      ["/api/v1/../../etc/passwd"],
      ["/%2e%2e/%2e%2e/etc/passwd"],
      [file, { method: "HEAD" }],
      [file, { headers: { "if-none-match": etag } }],
      [file, { headers: { "accept-encoding": "gzip" } }],
      [file, { headers: { "accept-encoding": "br" } }],
      ["/data/answers.ndjson", { headers: { "accept-encoding": "gzip, br" } }],
      [file, { headers: { range: "bytes=0-9" } }],
      [file, { headers: { range: "bytes=-5" } }],
      [file, { headers: { range: "bytes=10-" } }],
      [file, { headers: { range: "bytes=10-99999999" } }],
      [file, { method: "HEAD", headers: { range: "bytes=0-9" } }],
      [file, { headers: { range: "bytes=999999999-" } }],
      [file, { headers: { range: `bytes=${size}-` } }],
      [file, { headers: { range: `bytes=${size - 1}-` } }],
      [file, { headers: { range: "bytes=9-3" } }],
      // A suffix longer than the file is the whole file (RFC 9110 §14.1.2); another unit, or several ranges, ignored.
      [file, { headers: { range: "bytes=-999999999" } }],
      [file, { headers: { range: "items=0-5" } }],
      [file, { headers: { range: "bytes=0-1,5-6" } }],
      ["/api/v1/answers?q=ceiling+micro"],
      ["/api/v1/answers?slug=room-sizing"],
      ["/api/v1/nothing-here"],
      ["/nothing-here"],
      ["/api/v1/answers", { method: "POST", body: "{}" }],
    ];
    const fromMemoryAnswers = [];
    for (const [target, init] of requests) fromMemoryAnswers.push(await exchange(fromMemory, target, init));
    // Then the build completed and written, and every published file asked for too.
    const completed = await site.complete();
    if (!completed) throw new Error("the build was not completed");
    const dist = path.join(folder, "dist");
    await writeCompiled(dist, completed.files, completed.digests);
    const published = routesFor(completed.site.paths).map((route): [string, RequestInit?] => [route.url]);
    expect(published.length).toBeGreaterThan(100);
    for (const [target, init] of published) fromMemoryAnswers.push(await exchange(fromMemory, target, init));
    const fromDisk = await startLocalServer(dist);
    for (const [index, [target, init]] of [...requests, ...published].entries()) {
      const label = `${init?.method ?? "GET"} ${target} ${JSON.stringify(init?.headers ?? {})}`;
      expect(fromMemoryAnswers[index], label).toEqual(await exchange(fromDisk, target, init));
    }
  });

  it("lets requests in while its products run, not only between two products", async () => {
    const prepared = await prepareInMemory({
      contentDir: SHIPPED_CONTENT,
      outDir: path.join(folder, "dist-turns"),
      sourceDateEpoch: EPOCH,
    });
    if (!prepared.ok) throw new Error("the shipped content did not build");
    const { turnMs } = lazyTiming;
    // A turn at every step: each answer handed to a product and each file written lets the thread's other work in.
    lazyTiming.turnMs = 0;
    try {
      let turns = 0;
      let done = false;
      const count = () => {
        turns++;
        if (!done) setImmediate(count);
      };
      setImmediate(count);
      const completed = await prepared.site.complete();
      done = true;
      if (!completed) throw new Error("the build was not completed");
      // Between two products only, there would be one turn a product (16).
      expect(turns).toBeGreaterThanOrEqual(completed.files.length);
    } finally {
      lazyTiming.turnMs = turnMs;
    }
  });
});
