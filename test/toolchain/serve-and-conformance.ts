/**
 * Runs inside the loopback-only namespace (see netlify-toolchain.ts): starts `netlify serve --offline` in a copy of
 * the project (it builds the site, and runs the edge entries, /mcp among them, in Deno behind Netlify's routing) and
 * the local server on the same build, and runs the official MCP conformance suite (`conformance server --suite
 * all`, under the toolchain's Node 22) against each one's /mcp. The report (the last line of stdout, as JSON) holds
 * every scenario's checks, per server, and the suite's own list of server scenarios.
 */
import { execFile } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { promisify } from "node:util";
import { createLocalServer } from "../../build/server/local-server.ts";
import { startNetlifyServe } from "./netlify-serve.ts";
import { TOOLCHAIN } from "./netlify-toolchain.ts";

export interface ConformanceCheck {
  id: string;
  status: "SUCCESS" | "FAILURE" | "WARNING" | "INFO" | string;
  errorMessage?: string;
  details?: unknown;
}

const run = promisify(execFile);
const node22 = path.join(TOOLCHAIN.nodeBin, "node");

/** `conformance server --suite all` against `url`; every scenario's checks, by scenario. */
async function conformance(
  url: string,
  output: string,
): Promise<{ exit: number; checks: Record<string, ConformanceCheck[]> }> {
  // Asynchronously: the local server answers from this same process. The suite exits 1 when a check fails.
  const exit = await run(node22, [TOOLCHAIN.conformance, "server", "--url", url, "--suite", "all", "-o", output], {
    timeout: 300_000,
    maxBuffer: 64 * 1024 * 1024,
  }).then(
    () => 0,
    (error: { code?: number }) => error.code ?? -1,
  );
  const checks: Record<string, ConformanceCheck[]> = {};
  for (const folder of readdirSync(output)) {
    // Each scenario's folder: server-<scenario>-<ISO time with : and . as ->.
    const scenario = /^server-(.+)-\d{4}-\d{2}-\d{2}T[\d-]+Z$/.exec(folder)?.[1];
    if (scenario) checks[scenario] = JSON.parse(readFileSync(path.join(output, folder, "checks.json"), "utf8"));
  }
  return { exit, checks };
}

const [site, portText, logFile, results] = process.argv.slice(2);
if (!site || !portText || !logFile || !results)
  throw new Error("usage: serve-and-conformance.ts <site folder> <port> <log file> <results folder>");
const listed = (await run(node22, [TOOLCHAIN.conformance, "list", "--server"])).stdout
  .split("\n")
  .map((line) => /^\s+- (\S+)/.exec(line)?.[1])
  .filter((name): name is string => name !== undefined);
const netlify = await startNetlifyServe(site, portText, logFile);
const local: Server = await createLocalServer({
  dist: path.join(site, "dist"),
  netlifyConfigPath: path.join(site, "netlify.toml"),
});
await new Promise<void>((resolve) => local.listen(0, "127.0.0.1", resolve));
const localOrigin = `http://127.0.0.1:${(local.address() as AddressInfo).port}`;
const startedAt = performance.now();
const localServer = await conformance(`${localOrigin}/mcp`, path.join(results, "local-server"));
const localMs = performance.now() - startedAt;
const netlifyServe = await conformance(`${netlify.origin}/mcp`, path.join(results, "netlify-serve"));
const report = {
  listed,
  localServer: { ...localServer, ms: Math.round(localMs) },
  netlifyServe: { ...netlifyServe, ms: Math.round(performance.now() - startedAt - localMs) },
};
process.stdout.write(`${JSON.stringify(report)}\n`);
netlify.stop();
local.closeAllConnections();
local.close();
process.exit(0);
