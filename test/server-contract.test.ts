import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { loadNetlifyConfig } from "../build/serve/server/netlify-config.ts";
import { freePort } from "../build/serve/server/free-port.ts";
import { runSmoke, formatReport, type SmokeReport, SmokeStopped } from "../build/tools/smoke/smoke.ts";
import { ROOT, SHIPPED_CONTENT } from "./support/build-helpers.ts";
import { sharedBuild } from "./support/shared-build.ts";
import { startLocalServer, type RunningServer } from "./support/local-server.ts";

let running: RunningServer;
let report: SmokeReport;
let dist: string;

beforeAll(async () => {
  ({ dist } = await sharedBuild());
  running = await startLocalServer(dist);
  report = await runSmoke(running.origin, SHIPPED_CONTENT);
}, 60_000);

describe("the smoke check against the local server", () => {
  it("finds no difference from the contract on any public URL or contract case", () => {
    expect(report.differences, formatReport(running.origin, report)).toEqual([]);
    // Every route is fetched with GET, HEAD and a conditional GET, plus every contract case.
    expect(report.requests).toBeGreaterThan(200);
  });

  it("reaches every rule of netlify.toml: a rule no test reaches fails here", async () => {
    // Exactly what the server loaded: netlify.toml and the _headers file of the build.
    const config = await loadNetlifyConfig(path.join(ROOT, "netlify.toml"), {
      headersFiles: [path.join(dist, "_headers")],
      redirectsFiles: [path.join(dist, "_redirects")],
    });
    const declared = [
      ...config.redirects.map((rule) => `redirect:${rule.index}`),
      ...config.headers.map((rule) => `header:${rule.index}`),
      ...config.edgeEntries.map((entry) => `edge:${entry.name}`),
    ];
    // The request-path rule for /api/v1 answers only where Netlify matches header rules on the requested path.
    await fetch(`${running.origin}/api/v1`);
    // The /api/* 404 rule answers what the api-not-found edge entry hands on: a path it cannot decode. (Not a
    // contract case: netlify serve crashes on it, with "URIError: URI malformed".)
    const undecodable = await fetch(`${running.origin}/api/v1/%E0%A4%A`);
    expect([undecodable.status, undecodable.headers.get("content-type")]).toEqual([404, "application/problem+json"]);
    expect(declared.filter((rule) => !running.rulesReached.has(rule))).toEqual([]);
  });

  it("logs one line per request", () => {
    expect(running.log.length).toBeGreaterThanOrEqual(report.requests);
    expect(running.log.find((line) => line.startsWith("GET /api/v1/answers?q=microphones 200 "))).toBeDefined();
  });
});

describe("the smoke check against nothing", () => {
  it("stops with what it could not reach, as an error its command tells in a line", async () => {
    const closed = await freePort();
    const stopped = await runSmoke(`http://127.0.0.1:${closed}`, SHIPPED_CONTENT).catch((error: unknown) => error);
    expect(stopped).toBeInstanceOf(SmokeStopped);
    expect((stopped as Error).message).toMatch(
      new RegExp(`^cannot reach http://127\\.0\\.0\\.1:${closed}/\\S* \\(ECONNREFUSED\\)$`),
    );
  });
});
