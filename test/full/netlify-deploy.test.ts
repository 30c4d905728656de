/**
 * The proof of a deploy is Netlify's own toolchain, run offline in a loopback-only network namespace: its build
 * (with the edge bundler), its local server with the edge functions in Deno (the smoke check, three MCP clients and
 * the official MCP conformance suite against it and the local server), and Deno itself on the edge entries.
 * The toolchain is pinned by build/tools/toolchain/package-lock.json and installed on demand (see netlify-toolchain.ts).
 */
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { cp, readFile, writeFile, mkdir } from "node:fs/promises";
import path from "node:path";
import { stripVTControlCharacters } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { loadNetlifyConfig } from "../../build/serve/server/netlify-config.ts";
import type { Difference } from "../../build/tools/smoke/smoke.ts";
import { contractCases } from "../../build/tools/smoke/contract-cases.ts";
import { build as buildContent, temporaryFolder } from "../support/build-helpers.ts";
import { freePort } from "../../build/serve/server/free-port.ts";
import { startLocalServer } from "../support/local-server.ts";
import { CALLS, type ClientReport } from "../toolchain/mcp-clients.ts";
import type { ConformanceCheck } from "../toolchain/mcp-conformance.ts";
import { ON_NETLIFY_SERVE, SCENARIOS } from "../toolchain/mcp-conformance-scenarios.ts";
import {
  copyProject,
  DENO_DIR,
  installToolchain,
  isolationProblem,
  ROOT,
  runIsolated,
  TOOLCHAIN,
  toolchainEnv,
} from "../../build/tools/toolchain/netlify-toolchain.ts";

const problem = isolationProblem();
const HINT =
  "The Netlify deploy tests run Netlify's CLI and Deno in a loopback-only network namespace (unshare -n -m, as root).";
if (problem) {
  // In CI this is a failure, not a skip: the deploy proof must run on every change.
  if (process.env.CI) throw new Error(`${HINT} ${problem}. CI must not skip them.`);
  process.stderr.write(`\nSkipping the Netlify deploy tests: ${problem}. ${HINT}\n`);
}

/** A difference of the CLI's emulation from the contract, for the URLs the anchored pattern `urls` matches. */
interface KnownDifference {
  method: string;
  check: string;
  urls: string;
  /** What the CLI gives instead, where it is fixed (left out where it varies, e.g. a generated tag). */
  actual?: string;
  source: string;
  why: string;
}

/** What serve-and-check.ts reports. */
interface ServedReport {
  smoke: {
    requests: number;
    differences: Difference[];
    fault: {
      missing: { status: number; type: string; retryAfter: string; body: string };
      repaired: { status: number };
    };
  };
  clients: Record<"netlifyServe" | "localServer", Record<string, ClientReport>>;
  conformance: {
    listed: string[];
    localServer: { exit: number; checks: Record<string, ConformanceCheck[]>; ms: number };
    netlifyServe: { exit: number; checks: Record<string, ConformanceCheck[]>; ms: number };
  };
}

/** Whichever test asks first waits for the whole serve-and-check run (a minute or two under load). */
const SERVED_TIMEOUT = 600_000;

const KNOWN_DIFFERENCES_FILE = path.join(ROOT, "test", "toolchain", "netlify-serve-differences.json");

describe.skipIf(problem !== undefined)("Netlify's own toolchain, offline", () => {
  let site: string;
  let build: { code: number | null; output: string };

  beforeAll(async () => {
    installToolchain((line) => process.stderr.write(`${line}\n`));
    site = path.join(await temporaryFolder("netlify-site", { onDisk: true }), "site");
    copyProject(site);
    build = await runIsolated("netlify", ["build", "--offline"], {
      cwd: site,
      env: toolchainEnv(),
      timeoutMs: 300_000,
    });
  }, 900_000);

  /** One netlify serve and one local server for the smoke, MCP client and conformance tests (serve-and-check.ts). */
  let serving: Promise<ServedReport> | undefined;
  const served = () => {
    serving ??= (async () => {
      const folder = await temporaryFolder("netlify-serve", { onDisk: true });
      const log = path.join(folder, "serve.log");
      const driver = path.join(ROOT, "test", "toolchain", "serve-and-check.ts");
      const run = await runIsolated(
        process.execPath,
        ["--import", "tsx", driver, site, String(await freePort()), log, path.join(folder, "conformance")],
        { cwd: ROOT, env: toolchainEnv(), timeoutMs: 600_000 },
      );
      if (run.code !== 0)
        throw new Error(
          `serve-and-check.ts failed (exit ${run.code}):\n${run.output}\n${await readFile(log, "utf8").catch(() => "")}`,
        );
      return JSON.parse(run.output.trim().split("\n").at(-1) ?? "{}") as ServedReport;
    })();
    return serving;
  };

  it("netlify build --offline passes, edge functions bundling included", async () => {
    expect(build.output).toContain("Edge Functions bundling");
    expect(build.output).toContain("Netlify Build Complete");
    expect(build.code, build.output).toBe(0);
    const manifest = JSON.parse(
      await readFile(path.join(site, ".netlify", "edge-functions-dist", "manifest.json"), "utf8"),
    ) as {
      routes: Array<Record<string, unknown>>;
      post_cache_routes: Array<Record<string, unknown>>;
      bundles: unknown[];
    };
    expect(manifest.bundles).toHaveLength(1);
    // The local server routes by the same manifest, generated by the same bundler code.
    const local = await loadNetlifyConfig(path.join(site, "netlify.toml"));
    const routes = [...manifest.routes, ...manifest.post_cache_routes].map((route) => [
      route.function,
      route.path,
      route.methods,
    ]);
    expect(local.edgeEntries.map((entry) => [entry.name, entry.declaredPath, entry.methods])).toEqual(routes);
  });

  it("refuses an edge declaration Netlify refuses, and the local server refuses it with the same message", async () => {
    const bad = path.join(await temporaryFolder("netlify-bad-edge", { onDisk: true }), "site");
    await mkdir(path.join(bad, "edge"), { recursive: true });
    await mkdir(path.join(bad, "public"), { recursive: true });
    await writeFile(path.join(bad, "public", "index.html"), "<!doctype html><title>x</title>\n");
    await writeFile(path.join(bad, "netlify.toml"), '[build]\n  publish = "public"\n  edge_functions = "edge"\n');
    await writeFile(
      path.join(bad, "edge", "heads.ts"),
      'export default () => new Response("x");\nexport const config = { path: "/x", method: ["GET", "HEAD"] };\n',
    );
    const netlify = await runIsolated("netlify", ["build", "--offline"], {
      cwd: bad,
      env: toolchainEnv(),
      timeoutMs: 180_000,
    });
    expect(netlify.code, netlify.output).not.toBe(0);
    const local = await loadNetlifyConfig(path.join(bad, "netlify.toml")).then(
      () => undefined,
      (error: Error) => error.message,
    );
    expect(local).toBeDefined();
    // The bundler's report, line by line, as both print it (the code frames' line numbers differ: Netlify's
    // manifest also lists its bundle; the values refused and the rules they break do not).
    const messageLines = (text: string) =>
      stripVTControlCharacters(text)
        .split("\n")
        .map((line) => line.trim())
        .filter((line) => /^(Validation of|[A-Z]+ must)|^> *\d+ \|/.test(line))
        .map((line) => line.replace(/^> *\d+ \| */, "> "));
    expect(messageLines(local!)).toEqual([
      "Validation of Edge Functions manifest failed",
      "ENUM must be equal to one of the allowed values",
      '> "HEAD"',
    ]);
    expect(messageLines(netlify.output)).toEqual(messageLines(local!));
  });

  it(
    "netlify serve --offline answers the smoke check with no difference outside the committed list of the CLI's",
    async () => {
      const report = (await served()).smoke;
      // The origin's search index removed: JSON 503 with Retry-After from the edge; put back, 200 at once.
      expect(
        [report.fault.missing.status, report.fault.missing.type, report.fault.missing.retryAfter],
        report.fault.missing.body,
      ).toEqual([503, "application/problem+json", "5"]);
      expect(report.fault.repaired.status).toBe(200);
      // Kept for reading when this fails: artifacts/ is git-ignored.
      await mkdir(path.join(ROOT, "artifacts"), { recursive: true });
      await writeFile(path.join(ROOT, "artifacts", "netlify-serve-smoke.json"), `${JSON.stringify(report, null, 2)}\n`);
      expect(report.requests).toBeGreaterThan(100);

      const known = JSON.parse(await readFile(KNOWN_DIFFERENCES_FILE, "utf8")) as KnownDifference[];
      const isKnown = (difference: Difference, entry: KnownDifference) =>
        entry.method === difference.method &&
        entry.check === difference.check &&
        new RegExp(`^(?:${entry.urls})$`).test(difference.url) &&
        (entry.actual === undefined || entry.actual === difference.actual);
      const unexplained = report.differences.filter((difference) => !known.some((entry) => isKnown(difference, entry)));
      expect(unexplained, "differences of netlify serve from the contract that are not on the committed list").toEqual(
        [],
      );
      // The list can only shrink: an entry that no longer happens must go.
      const stale = known.filter((entry) => !report.differences.some((difference) => isKnown(difference, entry)));
      expect(stale, `entries of ${path.relative(ROOT, KNOWN_DIFFERENCES_FILE)} that no longer happen`).toEqual([]);
      for (const entry of known)
        expect(entry.source, `${entry.method} ${entry.check} names its source`).toMatch(/netlify-cli|https:\/\//);
    },
    SERVED_TIMEOUT,
  );

  it(
    "the MCP clients (the SDK's 1.x client, its 2.x client on 2026-07-28, the Inspector's CLI) list and call every tool under netlify serve and on the local server, with the API's data",
    async () => {
      const report = (await served()).clients;
      const tools = ["search_answers", "get_answer", "list_suppliers", "get_evidence", "get_source"];
      for (const [server, clients] of Object.entries(report)) {
        for (const [client, got] of Object.entries(clients)) {
          const label = `${client} on ${server}`;
          expect(got.error, label).toBeUndefined();
          expect(got.tools, label).toEqual(tools);
          expect(got.sameAsApi, label).toEqual(Object.fromEntries(CALLS.map((call) => [call.call ?? call.tool, true])));
        }
        expect([clients.legacy!.protocolVersion, clients.modern!.protocolVersion], server).toEqual([
          "2025-11-25",
          "2026-07-28",
        ]);
      }
      expect(Object.keys(report)).toEqual(["netlifyServe", "localServer"]);
    },
    SERVED_TIMEOUT,
  );

  it(
    "the official MCP conformance suite: every server scenario of the pinned suite is classified, and ran against both servers",
    async () => {
      const { conformance } = await served();
      expect(Object.keys(SCENARIOS).sort()).toEqual([...conformance.listed].sort());
      expect(Object.keys(conformance.localServer.checks).sort()).toEqual([...conformance.listed].sort());
      expect(Object.keys(conformance.netlifyServe.checks).sort()).toEqual([...conformance.listed].sort());
    },
    SERVED_TIMEOUT,
  );

  it.each([
    ["the local server", "localServer", SCENARIOS],
    ["netlify serve (the edge entry in Deno)", "netlifyServe", ON_NETLIFY_SERVE],
  ] as const)(
    "the official MCP conformance suite on %s: every scenario that applies passes, and each that does not fails only for its stated reason",
    async (name, server, table) => {
      const ran = (await served()).conformance[server];
      const summary: string[] = [];
      for (const [scenario, expectation] of Object.entries(table)) {
        const checks = ran.checks[scenario] ?? [];
        const graded = checks.filter((check) => check.status !== "INFO");
        if (expectation.applies) {
          expect(graded.length, scenario).toBeGreaterThan(0);
          expect(
            graded.filter((check) => check.status !== "SUCCESS").map((check) => `${check.id}: ${check.errorMessage}`),
            scenario,
          ).toEqual([]);
          summary.push(`pass  ${scenario}`);
        } else {
          const unmet = graded.filter((check) => check.status === "FAILURE" || check.status === "WARNING");
          expect(unmet.length, `${scenario} no longer fails: it may apply now`).toBeGreaterThan(0);
          for (const check of unmet) {
            const said = check.errorMessage ?? (check.details as { message?: string } | undefined)?.message ?? "";
            expect(said, `${scenario}: ${check.id}`).toMatch(expectation.shows);
          }
          summary.push(`n/a   ${scenario}: ${expectation.reason}`);
        }
      }
      process.stderr.write(`\nMCP conformance on ${name} (${ran.ms} ms):\n${summary.join("\n")}\n`);
    },
    SERVED_TIMEOUT,
  );

  it("the edge entries under Deno answer every contract case byte for byte as the local server does", async () => {
    const dist = path.join(site, "dist");
    const server = await startLocalServer(dist);
    const slug = JSON.parse(await readFile(path.join(dist, "api/v1/answers/index.json"), "utf8")).data[0]
      .slug as string;
    const cases = contractCases(slug).flatMap((contractCase) => {
      const headers: Record<string, string> = {
        ...(contractCase.method === "OPTIONS"
          ? { Origin: "https://example.org", "Access-Control-Request-Method": "GET" }
          : {}),
        ...contractCase.requestHeaders,
      };
      const base = {
        url: server.origin + contractCase.url,
        method: contractCase.method,
        headers,
        body: contractCase.requestBody,
      };
      // Each GET also as HEAD, and revalidated with a tag that matches nothing and with "*".
      return contractCase.method === "GET"
        ? [
            base,
            { ...base, method: "HEAD" },
            { ...base, headers: { ...headers, "If-None-Match": '"nothing"' } },
            { ...base, headers: { ...headers, "If-None-Match": "*" } },
          ]
        : [base];
    });
    const casesFile = path.join(await temporaryFolder("deno-cases", { onDisk: true }), "cases.json");
    await writeFile(casesFile, JSON.stringify(cases));
    const deno = spawnSync(
      path.join(TOOLCHAIN.denoBin, "deno"),
      [
        "run",
        "--no-config",
        "--no-npm",
        "--no-remote",
        "--no-prompt",
        `--allow-read=${site},${casesFile}`,
        path.join(ROOT, "test", "toolchain", "edge-under-deno.js"),
        path.join(site, ".netlify", "edge-functions-dist", "manifest.json"),
        path.join(site, "build", "edge-functions"),
        dist,
        casesFile,
      ],
      { encoding: "utf8", env: { ...toolchainEnv(), DENO_DIR }, maxBuffer: 64 * 1024 * 1024 },
    );
    expect(deno.status, deno.stderr).toBe(0);
    const answers = JSON.parse(deno.stdout) as Array<{
      function: string;
      status: number;
      headers: Array<[string, string]>;
      body: string;
    } | null>;
    expect(answers).toHaveLength(cases.length);

    let compared = 0;
    const unanswered: typeof cases = [];
    const local = await loadNetlifyConfig(path.join(site, "netlify.toml"));
    for (const [index, testCase] of cases.entries()) {
      const answer = answers[index];
      if (!answer) {
        // No entry answered under Deno: none answers under Node either, and the static files do.
        unanswered.push(testCase);
        const request = new Request(testCase.url, {
          method: testCase.method,
          headers: testCase.headers,
          body: testCase.body,
        });
        for (const entry of local.edgeEntries.filter((candidate) =>
          candidate.matches(testCase.method, new URL(testCase.url).pathname),
        )) {
          expect(await entry.handler(request), `${testCase.method} ${testCase.url}: ${entry.name}`).toBeUndefined();
        }
        continue;
      }
      const response = await fetch(testCase.url, {
        method: testCase.method,
        headers: testCase.headers,
        body: testCase.body,
      });
      const label = `${testCase.method} ${testCase.url} ${JSON.stringify(testCase.headers)}`;
      expect(response.status, label).toBe(answer.status);
      const transport = new Set(["date", "connection", "keep-alive", "transfer-encoding"]);
      const headers = (pairs: Iterable<[string, string]>) =>
        [...pairs].filter(([name]) => !transport.has(name)).sort(([a], [b]) => (a < b ? -1 : 1));
      expect(headers(response.headers), label).toEqual(headers(answer.headers));
      expect(
        Buffer.from(await response.arrayBuffer()).equals(Buffer.from(answer.body, "base64")),
        `${label}: body bytes`,
      ).toBe(true);
      compared++;
    }
    // The contract cases are the edge's (q, slug, page, their problems, OPTIONS, the refused methods, Markdown by
    // Accept) but those the static files answer, which no entry answers under Node either (checked above): pages
    // whose Accept prefers HTML, and the collection with only parameters that do not change it (sort=slug, match
    // without q).
    const isStatic = (url: URL) =>
      !url.pathname.startsWith("/api/") ||
      (url.pathname === "/api/v1/answers" &&
        [...url.searchParams.keys()].every((key) => key === "sort" || key === "match"));
    expect(unanswered.filter((testCase) => !isStatic(new URL(testCase.url))).map((testCase) => testCase.url)).toEqual(
      [],
    );
    expect(compared + unanswered.length).toBe(cases.length);
  });

  it("the answers entry under Deno turns every origin fault into a JSON 503 with Retry-After, recovers at once, and never mixes two builds", async () => {
    const distA = path.join(site, "dist");
    // Build B: the same content but for one sentence of one answer.
    const contentB = path.join(await temporaryFolder("deno-build-b", { onDisk: true }), "content");
    await cp(path.join(site, "content"), contentB, { recursive: true });
    const answer = path.join(contentB, "answers", "room-sizing.md");
    await writeFile(
      answer,
      (await readFile(answer, "utf8")).replace(
        "Measure the room before you look at",
        "Write the measurements down. Measure the room before you look at",
      ),
    );
    const distB = path.join(path.dirname(contentB), "dist");
    expect((await buildContent(contentB, distB)).ok).toBe(true);
    const deno = spawnSync(
      path.join(TOOLCHAIN.denoBin, "deno"),
      [
        "run",
        "--no-config",
        "--no-npm",
        "--no-remote",
        "--no-prompt",
        `--allow-read=${site},${distB}`,
        path.join(ROOT, "test", "toolchain", "edge-faults-under-deno.js"),
        path.join(site, "build", "edge-functions"),
        distA,
        distB,
      ],
      { encoding: "utf8", env: { ...toolchainEnv(), DENO_DIR }, maxBuffer: 64 * 1024 * 1024 },
    );
    expect(deno.status, deno.stderr).toBe(0);
    type Answer = {
      status: number;
      type: string | null;
      retryAfter: string | null;
      cache: string | null;
      body: string;
      ms: number;
    };
    const results = JSON.parse(deno.stdout) as Record<string, { failed: Answer; repaired?: { status: number } }> & {
      flip: Array<{ target: string; status: number; build: string }>;
      switch: { status: number; build: string };
    };
    for (const fault of ["fail", "hang", "500", "truncated", "missing", "everything"]) {
      const { failed, repaired } = results[fault]!;
      expect([failed.status, failed.type, failed.retryAfter, failed.cache], fault).toEqual([
        503,
        "application/problem+json",
        "5",
        "no-store",
      ]);
      expect(JSON.parse(failed.body), fault).toMatchObject({
        status: 503,
        type: expect.stringMatching(/#service-unavailable$/),
      });
      if (repaired) expect(repaired.status, `${fault}, then repaired`).toBe(200);
    }
    // A hanging read is cut at the timeout (4 s), well inside Netlify's limits.
    expect(results.hang!.failed.ms).toBeGreaterThanOrEqual(3900);
    expect(results.hang!.failed.ms).toBeLessThan(10_000);
    // Reads alternating between two builds: each answer is all of one build, or a 503; never a mixture.
    expect(results.flip.filter((answer) => answer.build === "mixed")).toEqual([]);
    expect(results.flip.every((answer) => answer.status === 503 || answer.status === 200)).toBe(true);
    // A deploy that changes after the first reads: everything is read again, and the answer is the new build's.
    expect(results.switch).toEqual({ status: 200, build: "B" });
  }, 120_000);

  it("deno check passes on the edge entries: they import no Node-only module, even for types", () => {
    const folder = path.join(ROOT, "build", "edge-functions");
    const entries = readdirSync(folder)
      .filter((name) => name.endsWith(".ts"))
      .map((name) => path.join(folder, name));
    const check = spawnSync(
      path.join(TOOLCHAIN.denoBin, "deno"),
      ["check", "--no-config", "--no-npm", "--no-remote", ...entries],
      { encoding: "utf8", env: { ...toolchainEnv(), DENO_DIR } },
    );
    expect(check.status, `${check.stdout}${check.stderr}`).toBe(0);
  });
});
