/**
 * The dev loop serves its last good build from memory (build/server/memory-files.ts). Whatever a client asks, the
 * answer must be the one the same files give from disk: one build of the shipped content, compiled in memory and
 * written to a folder, served both ways by the real local server, and every kind of request compared (status,
 * headers but Date, body).
 */
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { compileContent, writeCompiled } from "../build/pipeline.ts";
import { ALIASES, FOLDER_INDEXES, routesFor } from "../build/routes.ts";
import { MemoryFiles } from "../build/server/memory-files.ts";
import { StaticFiles } from "../build/server/static-files.ts";
import { SHIPPED_CONTENT, temporaryFolder } from "./support/build-helpers.ts";
import { EPOCH } from "./support/incremental.ts";
import { type RunningServer, startLocalServer } from "./support/local-server.ts";

let fromDisk: RunningServer;
let fromMemory: RunningServer;
let paths: string[];

beforeAll(async () => {
  const folder = await temporaryFolder("memory-served");
  const dist = path.join(folder, "dist");
  const compiled = await compileContent({ contentDir: SHIPPED_CONTENT, outDir: dist, sourceDateEpoch: EPOCH });
  if (!compiled.ok) throw new Error("the shipped content did not build");
  await writeCompiled(dist, compiled.files, compiled.digests);
  // Its fallback is an empty folder: anything not taken from the published build would be missing.
  const memory = new MemoryFiles(new StaticFiles(path.join(folder, "empty")), path.join(folder, "scratch"));
  await memory.publish(compiled.files, compiled.digests);
  paths = compiled.site.paths;
  fromDisk = await startLocalServer(dist);
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
    const etag = (await fetch(fromDisk.origin + file)).headers.get("etag")!;
    const requests: Array<[string, RequestInit?]> = [
      ...routesFor(paths).map((route): [string] => [route.url]),
      ...ALIASES.map(([alias]): [string] => [alias]),
      ...FOLDER_INDEXES.map(([folder]): [string] => [folder]),
      ["/docs"],
      ["/_headers"],
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
      [file, { headers: { range: "bytes=9-3" } }],
      ["/api/v1/answers?q=ceiling+micro"],
      ["/api/v1/answers?slug=room-sizing"],
      ["/api/v1/nothing-here"],
      ["/nothing-here"],
      ["/api/v1/answers", { method: "POST", body: "{}" }],
    ];
    expect(requests.length).toBeGreaterThan(100);
    for (const [target, init] of requests) {
      const label = `${init?.method ?? "GET"} ${target} ${JSON.stringify(init?.headers ?? {})}`;
      expect(await exchange(fromMemory, target, init), label).toEqual(await exchange(fromDisk, target, init));
    }
  });
});
