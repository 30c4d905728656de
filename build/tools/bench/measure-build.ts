/** Builds measured: time and peak memory per size, the search index's figures, and `q` (measure-search.ts). */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { measureIndex, type IndexFigures, type QueryFigures } from "./measure-search.ts";
import { ROOT, WORK, ENV } from "./workspace.ts";

export interface BuildFigures {
  label: string;
  answers: number;
  /** The median of `repeats` builds. */
  seconds: number;
  secondsRange: [number, number];
  repeats: number;
  msPerAnswer: number;
  /** The highest of the builds. */
  peakMiB: number;
  files: number;
  index: IndexFigures;
  query?: QueryFigures;
}

/**
 * Builds one content `repeats` times, each into a folder of its own that never held files, and reports the
 * median time (with the range) and the highest peak memory: one build's time moves by a tenth from run to run
 * on these machines.
 */
export async function measureBuild(
  label: string,
  contentDir: string,
  answers: number,
  repeats: number,
): Promise<BuildFigures> {
  const runs: BuildRun[] = [];
  let out = "";
  for (let attempt = 1; attempt <= repeats; attempt++) {
    out = path.join(WORK, attempt === repeats ? `dist-${label}` : `dist-${label}-run${attempt}`);
    runs.push(runBuild(label, contentDir, out));
  }
  const times = runs.map((run) => run.seconds).sort((a, b) => a - b);
  const seconds = times[Math.floor(times.length / 2)]!;
  const peakMiB = Math.max(...runs.map((run) => run.peakMiB));
  const files = runs[0]!.files;
  return {
    label,
    answers,
    seconds,
    secondsRange: [times[0]!, times[times.length - 1]!],
    repeats,
    msPerAnswer: (seconds * 1000) / answers,
    peakMiB,
    files,
    index: await measureIndex(out, answers),
  };
}

export interface BuildRun {
  seconds: number;
  peakMiB: number;
  files: number;
}

/**
 * One build as `npm run build` starts it, into a folder that never held files. The CLI keeps a build cache: each
 * measured build gets an empty one of its own beside its output (a first `npm run build`, cache writing included),
 * never the cache an earlier build filled.
 */
export function runBuild(
  label: string,
  contentDir: string,
  out: string,
  /** More of the CLI's options (--no-cache: no cache of its own; --threads N). */
  options: string[] = [],
): BuildRun {
  const cache = options.includes("--no-cache") ? [] : ["--cache", `${out}-cache`];
  const { stdout, ...run } = timedBuild(
    ["build/tools/launch.mjs", "build/tools/cli.ts", "--content", contentDir, "--out", out, ...cache, ...options],
    `the build of ${label}`,
  );
  return { ...run, files: Number(/wrote (\d+) files/.exec(stdout)![1]) };
}

/** A build run as `node <args>`: its wall time, its peak memory (as the CLI reports it) and its output. */
export function timedBuild(args: string[], what: string): { seconds: number; peakMiB: number; stdout: string } {
  // Start every build with the disk's write-back done, so that one build's writing is not charged to the next.
  spawnSync("sync");
  const started = performance.now();
  const run = spawnSync(process.execPath, args, {
    cwd: ROOT,
    encoding: "utf8",
    env: { ...ENV, SOURCE_DATE_EPOCH: "1763683200", AVB_REPORT_RESOURCES: "1" },
    maxBuffer: 64 * 1024 * 1024,
  });
  const seconds = (performance.now() - started) / 1000;
  if (run.status !== 0) throw new Error(`${what} failed: ${run.stderr.slice(0, 2000)}`);
  const { maxRssKiB } = JSON.parse(/resources: (\{.*\})/.exec(run.stderr)![1]!) as { maxRssKiB: number };
  return { seconds, peakMiB: maxRssKiB / 1024, stdout: run.stdout };
}

/**
 * A large build on one worker thread and on two, in turns: what share of it stays on one thread (Amdahl's: with
 * two threads the time is serial + parallel / 2, so the serial share is 2 × T2 / T1 − 1), and so what more cores would
 * give. The main thread works beside the workers in both, so the share is of the build as it runs here, not of code.
 */
export function threadsShare(contentDir: string, repeats = 2): { one: number[]; two: number[]; serialShare: number } {
  const one: number[] = [];
  const two: number[] = [];
  for (let round = 1; round <= repeats; round++) {
    one.push(runBuild("threads", contentDir, path.join(WORK, `dist-threads-1-${round}`), ["--threads", "1"]).seconds);
    two.push(runBuild("threads", contentDir, path.join(WORK, `dist-threads-2-${round}`), ["--threads", "2"]).seconds);
  }
  const least = (values: number[]) => Math.min(...values);
  return { one, two, serialShare: Math.max(0, Math.min(1, (2 * least(two)) / least(one) - 1)) };
}
