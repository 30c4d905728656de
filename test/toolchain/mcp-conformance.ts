/**
 * The official MCP conformance suite (`conformance server --suite all`, pinned in the toolchain, under its Node 26)
 * against a server's /mcp, and the suite's own list of server scenarios. Used by serve-and-check.ts, inside the
 * loopback-only namespace.
 */
import { execFile } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { TOOLCHAIN } from "../../build/tools/toolchain/netlify-toolchain.ts";

export interface ConformanceCheck {
  id: string;
  status: "SUCCESS" | "FAILURE" | "WARNING" | "INFO" | string;
  errorMessage?: string;
  details?: unknown;
}

const run = promisify(execFile);
const toolchainNode = path.join(TOOLCHAIN.nodeBin, "node");

/** `conformance server --suite all` against `url`; every scenario's checks, by scenario. */
export async function conformance(
  url: string,
  output: string,
): Promise<{ exit: number; checks: Record<string, ConformanceCheck[]> }> {
  // Asynchronously: the local server answers from this same process. The suite exits 1 when a check fails.
  const exit = await run(
    toolchainNode,
    [TOOLCHAIN.conformance, "server", "--url", url, "--suite", "all", "-o", output],
    {
      timeout: 300_000,
      maxBuffer: 64 * 1024 * 1024,
    },
  ).then(
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

/** The server scenarios of the pinned suite (`conformance list --server`). */
export async function listedScenarios(): Promise<string[]> {
  return (await run(toolchainNode, [TOOLCHAIN.conformance, "list", "--server"])).stdout
    .split("\n")
    .map((line) => /^\s+- (\S+)/.exec(line)?.[1])
    .filter((name): name is string => name !== undefined);
}
