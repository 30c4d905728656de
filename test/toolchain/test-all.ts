/**
 * `npm run test:all`: everything `npm test` runs, and what needs more than node_modules, in this order:
 *
 * 1. the pinned test tools, installed into the tool cache if this version of them is not there yet (netlify-cli,
 *    Deno, Node 26 and 20, the MCP Inspector, the MCP conformance suite, Lighthouse, the Frictionless libraries,
 *    ReplayWeb.page: about 1.1 GB, once; every clone reuses them);
 * 2. the lint;
 * 3. side by side: the type check; both test projects on this Node, quick (npm test's) and full (test/full/); and on
 *    the other supported Node (26, the current LTS line, where this one is older, else 20) the quick project again.
 *
 * Stops after the first step that fails (the three side by side all run to their end), and ends with the time each phase took. `.ci/run` runs it with CI=true,
 * under which a test that cannot run its tool fails instead of skipping.
 */
import { spawn, spawnSync } from "node:child_process";
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import path from "node:path";
import { commandArguments } from "../../build/content/load/command-line.ts";
import { installToolchain, otherNode, ROOT } from "../../build/tools/toolchain/netlify-toolchain.ts";
import { installReplayWebPage } from "./replaywebpage.ts";

const VITEST = path.join(ROOT, "node_modules", "vitest", "vitest.mjs");
const BIN = path.join(ROOT, "node_modules", ".bin");
const timings: Array<[string, number]> = [];

/** A phase run to its end before the next: its output as it comes. */
function phase(name: string, command: string, args: string[]): void {
  process.stdout.write(`\n== ${name}\n`);
  const started = performance.now();
  const result = spawnSync(command, args, { cwd: ROOT, stdio: "inherit" });
  timings.push([name, (performance.now() - started) / 1000]);
  if (result.status !== 0) fail(name, result.error?.message ?? `exit ${result.status}`);
}

/**
 * A phase run beside others, resolving to whether it passed. `held`: its output is kept in a file (not a pipe, which
 * would fill while nobody reads it) and shown whole when it ends, so that it does not interleave with the phase whose
 * output is shown as it comes.
 */
function beside(name: string, command: string, args: string[], env = process.env, held = true): Promise<boolean> {
  const started = performance.now();
  const log = held ? path.join(mkdtempSync(path.join(tmpdir(), "avb-test-all-")), "output.txt") : undefined;
  const fd = log ? openSync(log, "w") : undefined;
  if (!held) process.stdout.write(`\n== ${name}\n`);
  const child = spawn(command, args, { cwd: ROOT, env, stdio: fd === undefined ? "inherit" : ["ignore", fd, fd] });
  if (fd !== undefined) closeSync(fd);
  return new Promise((resolve) => {
    const ended = (outcome: string | undefined) => {
      timings.push([name, (performance.now() - started) / 1000]);
      if (log) {
        process.stdout.write(`\n== ${name}\n${readFileSync(log, "utf8")}`);
        rmSync(path.dirname(log), { recursive: true, force: true });
      }
      if (outcome) process.stderr.write(`\nnpm run test:all: "${name}" failed (${outcome})\n`);
      resolve(outcome === undefined);
    };
    child.once("error", (error) => ended(error.message));
    child.once("close", (code) => ended(code === 0 ? undefined : `exit ${code}`));
  });
}

function fail(name: string, reason: string): never {
  report();
  process.stderr.write(`\nnpm run test:all: "${name}" failed (${reason})\n`);
  process.exit(1);
}

function report(): void {
  process.stdout.write("\nnpm run test:all, by phase:\n");
  for (const [name, seconds] of timings) process.stdout.write(`  ${seconds.toFixed(1).padStart(6)} s  ${name}\n`);
}

// Before anything is installed or run: `-- --help` prints this, and any argument is refused.
commandArguments(
  "test:all",
  [
    "usage: npm run test:all",
    "Runs npm test's suite and everything that needs more than node_modules; it takes no arguments. Its environment:",
    "  CI=true (a test whose tool cannot run fails instead of skipping, as .ci/run sets it)",
    "  AVB_TOOL_CACHE, else XDG_CACHE_HOME/av-buyer-data, else ~/.cache/av-buyer-data (where the pinned test tools go)",
  ].join("\n"),
  {},
);

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

phase("lint", path.join(BIN, "biome"), ["check", "."]);

let other: ReturnType<typeof otherNode>;
try {
  other = otherNode();
} catch (error) {
  fail("the other Node", error instanceof Error ? error.message : String(error));
}

// The type check, the tests on this Node and those on the other run side by side: one after another they left a core
// idle for about a third of the time (waiting on Netlify's CLI, Deno, Chromium, npm ci's disk, the type check's one
// thread). The tests on this Node show their output as it comes; the others' is shown when each ends.
// One worker more than cores for this Node's tests: the full project's files spend much of their time waiting on
// processes of their own; measured side by side on 2 cores, 202 s with three workers against 257 s with two.
const workers = availableParallelism() + 1;
const passed = await Promise.all([
  beside("type check", path.join(BIN, "tsc"), ["--noEmit"]),
  beside(
    // All of npm test's suite, not a part: Node 26 keeps a short slice of a string in one byte a character where
    // Node 20 does not, and with four files run there a newcomer's npm test on the current LTS line failed unseen
    // (2026-12-07). It costs CI some 40 s on 2 cores (191 against 233 s).
    `the quick tests, Node ${other.version}`,
    other.node,
    [VITEST, "run", "--project", "quick"],
    // The tests' own child processes (tsx, the build's CLI) run on that Node too. AVB_TEST_ALL: the full project
    // runs beside, so this run does not end by telling what it leaves out (left-out-reporter.ts).
    {
      ...process.env,
      AVB_TEST_ALL: "1",
      PATH: [path.dirname(other.node), process.env.PATH ?? ""].join(path.delimiter),
    },
  ),
  // AVB_WITH_FULL: a quick test whose whole work a full one repeats (the incremental walk's first 8 steps) stands down.
  beside(
    `quick and full tests, Node ${process.version}`,
    process.execPath,
    [VITEST, "run", `--maxWorkers=${workers}`],
    { ...process.env, AVB_WITH_FULL: "1" },
    false,
  ),
]);
report();
if (passed.includes(false)) process.exit(1);
