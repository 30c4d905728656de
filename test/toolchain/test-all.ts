/**
 * `npm run test:all`: everything `npm test` runs, and what needs more than node_modules, in this order:
 *
 * 1. the pinned test tools, installed into the tool cache if this version of them is not there yet (netlify-cli,
 *    Deno, Node 22 and 20, the MCP Inspector, the MCP conformance suite, Lighthouse, the Frictionless libraries,
 *    ReplayWeb.page: about 900 MB, once; every clone reuses them);
 * 2. the lint, and the type check beside it and the tests;
 * 3. both test projects in one run on this Node: quick (npm test's) and full (test/full/);
 * 4. on the other supported Node (22 where this one is 20, else 20): the build with its byte-identity and
 *    nothing-lost tests, and the HTTP contract tests.
 *
 * Stops at the first phase that fails, and ends with the time each phase took. `.ci/run` runs it with CI=true,
 * under which a test that cannot run its tool fails instead of skipping.
 */
import { spawn, spawnSync } from "node:child_process";
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import path from "node:path";
import { installToolchain, ROOT, TOOLCHAIN } from "./netlify-toolchain.ts";
import { installReplayWebPage } from "./replaywebpage.ts";

/**
 * What the other Node runs: the build (reproducible, atomic, its errors) and what a client sees over HTTP. The local
 * server's swaps, rechecks and clocks (server-behaviour, ten seconds) run on this Node only.
 */
export const OTHER_NODE_FILES = [
  "test/build-output.test.ts",
  "test/server-contract.test.ts",
  // Malformed requests meet the other Node's own HTTP parser (llhttp differs between 20 and 22).
  "test/hostile-requests.test.ts",
  "test/security-headers.test.ts",
];

const VITEST = path.join(ROOT, "node_modules", "vitest", "vitest.mjs");
const BIN = path.join(ROOT, "node_modules", ".bin");
const timings: Array<[string, number]> = [];

function phase(name: string, command: string, args: string[], env: NodeJS.ProcessEnv = process.env): void {
  process.stdout.write(`\n== ${name}\n`);
  const started = performance.now();
  const result = spawnSync(command, args, { cwd: ROOT, env, stdio: "inherit" });
  timings.push([name, (performance.now() - started) / 1000]);
  if (result.status !== 0) {
    report();
    process.stderr.write(
      `\nnpm run test:all: "${name}" failed (${result.error?.message ?? `exit ${result.status}`})\n`,
    );
    process.exit(1);
  }
}

/** A phase run beside the next ones: its output held until it ends, its failure failing the run then. */
function startBeside(name: string, command: string, args: string[]): Promise<void> {
  const started = performance.now();
  // Into a file, not a pipe: the phases beside it block this process's event loop, so a pipe would fill and stall it.
  const log = path.join(mkdtempSync(path.join(tmpdir(), "avb-test-all-")), "output.txt");
  const fd = openSync(log, "w");
  const child = spawn(command, args, { cwd: ROOT, stdio: ["ignore", fd, fd] });
  closeSync(fd);
  return new Promise((resolve) => {
    child.once("close", (code) => {
      timings.push([`${name} (beside the tests)`, (performance.now() - started) / 1000]);
      process.stdout.write(`\n== ${name}\n${readFileSync(log, "utf8")}`);
      rmSync(path.dirname(log), { recursive: true, force: true });
      if (code !== 0) {
        report();
        process.stderr.write(`\nnpm run test:all: "${name}" failed (exit ${code})\n`);
        process.exit(1);
      }
      resolve();
    });
  });
}

function report(): void {
  process.stdout.write("\nnpm run test:all, by phase:\n");
  for (const [name, seconds] of timings) process.stdout.write(`  ${seconds.toFixed(1).padStart(6)} s  ${name}\n`);
}

const tools = performance.now();
process.stdout.write("== the pinned test tools (installed into the tool cache on first use)\n");
try {
  installToolchain((line) => process.stderr.write(`${line}\n`));
  installReplayWebPage((line) => process.stderr.write(`${line}\n`));
} catch (error) {
  process.stderr.write(`\nnpm run test:all: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
timings.push(["the pinned test tools", (performance.now() - tools) / 1000]);

// The type check runs beside the lint and the tests: it keeps one core busy for about 7 s, while the tests' first
// seconds (starting workers, waiting for the shared builds) leave one idle. Its output is shown when it ends.
const typeCheck = startBeside("type check", path.join(BIN, "tsc"), ["--noEmit"]);
phase("lint", path.join(BIN, "biome"), ["check", "."]);
// One worker more than cores: the full project's files spend much of their time waiting on processes of their own
// (Netlify's CLI, Deno, Chromium, Lighthouse, the conformance suite), which left a core idle for about a third of
// this phase; measured side by side on 2 cores, 202 s with three workers against 257 s with two. npm test's quick
// files keep their worker a core: they are busy, and a third worker did not make them faster.
const workers = availableParallelism() + 1;
// AVB_WITH_FULL: a quick test whose whole work a full one repeats (the incremental walk's first 8 steps) stands down.
phase(`quick and full tests, Node ${process.version}`, process.execPath, [VITEST, "run", `--maxWorkers=${workers}`], {
  ...process.env,
  AVB_WITH_FULL: "1",
});

await typeCheck;

const thisMajor = Number(process.versions.node.split(".")[0]);
const otherBin = thisMajor === 22 ? TOOLCHAIN.node20Bin : TOOLCHAIN.nodeBin;
const other = spawnSync(path.join(otherBin, "node"), ["--version"], { encoding: "utf8" }).stdout.trim();
// A PATH that did not lead to the other Node would quietly test this one twice.
if (!other || other.split(".")[0] === `v${thisMajor}`) {
  process.stderr.write(`expected another Node than ${process.version} in ${otherBin}, got "${other}"\n`);
  process.exit(1);
}
phase(
  `the build and the HTTP contract, Node ${other}`,
  path.join(otherBin, "node"),
  [VITEST, "run", "--project", "quick", ...OTHER_NODE_FILES],
  // The tests' own child processes (tsx, the build's CLI) run on that Node too.
  { ...process.env, PATH: [otherBin, process.env.PATH ?? ""].join(path.delimiter), AVB_SUBSET: "other-node" },
);
report();
