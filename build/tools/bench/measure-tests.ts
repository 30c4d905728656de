/**
 * How long the two test commands take on this machine, from a fresh clone of the commit checked out here, as a
 * newcomer and as CI meet them:
 *
 * - `npm test` with only loopback up (`unshare -n`), after `npm ci`: three runs, the median judged;
 * - `bash .ci/run` (npm ci, then `CI=true npm run test:all`) with the pinned test tools already in the user's
 *   cache: three runs, each in a fresh clone, the median judged; and, with `cold`, one run with an empty tool
 *   cache, which downloads them (reported apart).
 *
 * `npm run bench -- --tests-only [--cold]` runs it and writes the "Tests and CI" section of BENCHMARKS.md.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import path from "node:path";
import { stripVTControlCharacters } from "node:util";
import { median } from "./percentile.ts";
import { ENV, headCommit, ROOT, WORK } from "./workspace.ts";

export interface CommandRun {
  seconds: number;
  /** Tests passed, as Vitest's summary line says (the last summary, for test:all's two runs: their sum). */
  passed: number;
  failed: number;
}

export interface TestsFigures {
  date: string;
  commit: string;
  node: string;
  cpus: number;
  /** `npm ci` in the newcomer's fresh clone. */
  install: number;
  newcomer: CommandRun[];
  ci: CommandRun[];
  /** One run of .ci/run with an empty tool cache: this run's, or the last measured, with its own commit and date. */
  ciCold?: CommandRun & { commit?: string; date?: string };
}

/** The budgets issue 47 gave: npm test in about a minute, CI within 200 s with the tools cached. */
export const TEST_TARGETS = { newcomerSeconds: 60, ciWarmSeconds: 200 };

/** Whether npm test's median meets "about a minute": within a tenth of it. The headline and the table judge alike. */
export function newcomerMet(seconds: number): boolean {
  return seconds <= TEST_TARGETS.newcomerSeconds * 1.1;
}

function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = ENV): CommandRun {
  const started = performance.now();
  const result = spawnSync(command, args, { cwd, env, encoding: "utf8", maxBuffer: 256 * 1024 * 1024 });
  const seconds = (performance.now() - started) / 1000;
  const output = result.stdout + result.stderr;
  if (result.status !== 0) {
    const log = path.join(WORK, "tests-failure.log");
    mkdirSync(WORK, { recursive: true });
    writeFileSync(log, output);
    process.stderr.write(output.slice(-4000));
    throw new Error(`${command} ${args.join(" ")} failed in ${cwd} (exit ${result.status}); its whole output: ${log}`);
  }
  // Vitest's summary, without its colours: "Tests  385 passed (385)", "Tests  1 failed | 384 passed (385)".
  const plain = stripVTControlCharacters(output);
  let passed = 0;
  let failed = 0;
  for (const line of plain.matchAll(/^\s*Tests\s+(.*)$/gm)) {
    passed += Number(/(\d+) passed/.exec(line[1]!)?.[1] ?? 0);
    failed += Number(/(\d+) failed/.exec(line[1]!)?.[1] ?? 0);
  }
  return { seconds, passed, failed };
}

function freshClone(): { folder: string; remove: () => void } {
  const parent = mkdtempSync(path.join(tmpdir(), "avb-tests-bench-"));
  const folder = path.join(parent, "clone");
  const cloned = spawnSync("git", ["clone", "--quiet", ROOT, folder], { encoding: "utf8" });
  if (cloned.status !== 0) throw new Error(`git clone failed: ${cloned.stderr}`);
  return { folder, remove: () => rmSync(parent, { recursive: true, force: true }) };
}

export function measureTests(options: { repeats?: number; cold?: boolean } = {}): TestsFigures {
  const repeats = options.repeats ?? 3;
  const commit = headCommit();
  const newcomer = freshClone();
  let install: number;
  const newcomerRuns: CommandRun[] = [];
  try {
    process.stderr.write("bench: npm ci in a fresh clone…\n");
    install = run("npm", ["ci", "--no-audit", "--no-fund"], newcomer.folder).seconds;
    for (let index = 1; index <= repeats; index++) {
      process.stderr.write(`bench: npm test with only loopback up, ${index} of ${repeats}…\n`);
      newcomerRuns.push(run("unshare", ["-n", "sh", "-c", "ip link set lo up && npm test"], newcomer.folder));
    }
  } finally {
    newcomer.remove();
  }
  const ciRuns: CommandRun[] = [];
  for (let index = 1; index <= repeats; index++) {
    process.stderr.write(`bench: .ci/run in a fresh clone, the tools cached, ${index} of ${repeats}…\n`);
    const clone = freshClone();
    try {
      ciRuns.push(run("bash", [".ci/run"], clone.folder));
    } finally {
      clone.remove();
    }
  }
  let ciCold: TestsFigures["ciCold"];
  if (options.cold) {
    process.stderr.write("bench: .ci/run in a fresh clone with an empty tool cache (downloads about 1 GB)…\n");
    const clone = freshClone();
    const emptyCache = mkdtempSync(path.join(tmpdir(), "avb-tool-cache-"));
    try {
      ciCold = {
        ...run("bash", [".ci/run"], clone.folder, { ...ENV, AVB_TOOL_CACHE: emptyCache }),
        commit,
        date: new Date().toISOString(),
      };
    } finally {
      clone.remove();
      rmSync(emptyCache, { recursive: true, force: true });
    }
  }
  return {
    date: new Date().toISOString(),
    commit,
    node: process.version,
    cpus: cpus().length,
    install,
    newcomer: newcomerRuns,
    ci: ciRuns,
    ciCold,
  };
}

/** The section of BENCHMARKS.md these figures make, between markers so that the rest of the page is left as it is. */
export function testsSection(figures: TestsFigures): string {
  const seconds = (runs: CommandRun[]) => runs.map((entry) => entry.seconds.toFixed(0)).join(", ");
  const newcomer = median(figures.newcomer.map((entry) => entry.seconds));
  const ci = median(figures.ci.map((entry) => entry.seconds));
  const status = (met: boolean) => (met ? "met" : "**missed**");
  const lines = [
    TESTS_SECTION_START,
    "## Tests and CI",
    "",
    `Each from a fresh clone of ${figures.commit}, on ${figures.date.slice(0, 10)}: Node ${figures.node}, ${figures.cpus} cores. Measured by \`npm run bench\` at the end of its run, or alone with \`npm run bench -- --tests-only${figures.ciCold?.commit === figures.commit ? " --cold" : ""}\` (build/tools/bench/measure-tests.ts).`,
    "",
    "| command | what it runs | runs (s) | median (s) | tests passed | target | status |",
    "|---|---|---|---|---|---|---|",
    `| \`npm test\`, only loopback up | type check, lint, the quick suite (test/*.test.ts) | ${seconds(figures.newcomer)} | ${newcomer.toFixed(0)} | ${figures.newcomer[0]?.passed ?? 0} | about ${TEST_TARGETS.newcomerSeconds} s | ${status(newcomerMet(newcomer))} |`,
    `| \`bash .ci/run\`, test tools cached | npm ci, then CI=true npm run test:all: quick and full suites on Node 20, the quick suite on Node 26 | ${seconds(figures.ci)} | ${ci.toFixed(0)} | ${figures.ci[0]?.passed ?? 0} | ${TEST_TARGETS.ciWarmSeconds} s at most | ${status(ci <= TEST_TARGETS.ciWarmSeconds)} |`,
    ...(figures.ciCold
      ? [
          `| \`bash .ci/run\`, empty tool cache${figures.ciCold.commit && figures.ciCold.commit !== figures.commit ? ` (measured at ${figures.ciCold.commit} on ${figures.ciCold.date?.slice(0, 10)})` : ""} | the same, downloading the pinned test tools first (about 1.1 GB) | ${figures.ciCold.seconds.toFixed(0)} | — | ${figures.ciCold.passed} | — | — |`,
        ]
      : []),
    "",
    `The newcomer's \`npm ci\` took ${figures.install.toFixed(0)} s before those runs (not counted in them). \`npm test\` needs only \`node_modules\`: it passes with the network switched off, which is how it is run here. \`npm run test:all\` prints the time of each of its phases at its end.`,
    TESTS_SECTION_END,
  ];
  return lines.join("\n");
}

const TESTS_SECTION_START = "<!-- tests-and-ci: written by npm run bench (or with -- --tests-only) -->";
const TESTS_SECTION_END = "<!-- /tests-and-ci -->";

/** `page` with its tests section replaced by `section` (or, where it has none, with `section` after its first paragraph). */
export function withTestsSection(page: string, section: string): string {
  // Wherever the page held it, the section goes right after the headline: the headline first, the detail after.
  const start = page.indexOf(TESTS_SECTION_START);
  const end = page.indexOf(TESTS_SECTION_END);
  const without =
    start >= 0 && end > start
      ? `${page.slice(0, start).trimEnd()}\n\n${page.slice(end + TESTS_SECTION_END.length).trimStart()}`
      : page;
  const headline = without.indexOf("\n## Headline");
  const after = without.indexOf("\n## ", headline < 0 ? 0 : headline + 1);
  return after < 0
    ? `${without.trimEnd()}\n\n${section}\n`
    : `${without.slice(0, after + 1)}${section}\n\n${without.slice(after + 1)}`;
}

/** The tests section a page holds, to be kept when the rest of the page is rendered again. */
export function testsSectionOf(page: string): string | undefined {
  const start = page.indexOf(TESTS_SECTION_START);
  const end = page.indexOf(TESTS_SECTION_END);
  return start >= 0 && end > start ? page.slice(start, end + TESTS_SECTION_END.length) : undefined;
}
