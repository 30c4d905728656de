/**
 * The load test against `netlify serve --offline`: Netlify's own emulation, the edge entries running in Deno,
 * in a network namespace with only loopback, using the toolchain the deploy tests install (build/tools/toolchain/).
 * Where that cannot run (no rights to make the namespace), the figures say why instead.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  copyProject,
  installToolchain,
  isolationProblem,
  runIsolated,
  toolchainEnv,
} from "../toolchain/netlify-toolchain.ts";
import type { LoadFigures } from "./measure-servers.ts";
import { ROOT } from "./workspace.ts";

export type NetlifyServeLoad = ({ ran: true } & LoadFigures) | { ran: false; reason: string };

export async function measureNetlifyServeLoad(): Promise<NetlifyServeLoad> {
  const problem = isolationProblem();
  if (problem) return { ran: false, reason: problem };
  installToolchain((line) => process.stderr.write(`${line}\n`));
  const folder = mkdtempSync(path.join(tmpdir(), "bench-netlify-serve-"));
  const site = path.join(folder, "site");
  copyProject(site);
  const driver = path.join(ROOT, "build", "tools", "bench", "serve-and-load.ts");
  const run = await runIsolated(
    process.execPath,
    ["--import", "tsx", driver, site, "18090", path.join(folder, "serve.log")],
    { cwd: ROOT, env: toolchainEnv(), timeoutMs: 600_000 },
  );
  const last = run.output.trim().split("\n").at(-1) ?? "";
  if (run.code !== 0)
    return { ran: false, reason: `the run failed (exit ${run.code}); see ${path.join(folder, "serve.log")}: ${last}` };
  // Kept only when it failed, for its log: a copy of the project each run otherwise.
  rmSync(folder, { recursive: true, force: true });
  return { ran: true, ...(JSON.parse(last) as LoadFigures) };
}
