/** Builds measured: time and peak memory per size, the search index's figures, and `q` (measure-search.ts). */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
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
    runs.push(runBuild(ROOT, label, contentDir, out));
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

/** How `npm run build` starts the CLI of the project at `root`: from its kept bundle, or (a baseline before it) through tsx. */
function buildCommand(root: string): string[] {
  return existsSync(path.join(root, "build", "tools", "launch.mjs"))
    ? ["build/tools/launch.mjs", "build/tools/cli.ts"]
    : ["--import", "tsx", "build/tools/cli.ts"];
}

/**
 * One build by the CLI of the project at `root` (this one, or a baseline's worktree), into a folder that never
 * held files. This checkout's CLI keeps a build cache: each measured build gets an empty one of its own beside its
 * output (a first `npm run build`, cache writing included), never the cache an earlier build filled.
 */
export function runBuild(root: string, label: string, contentDir: string, out: string): BuildRun {
  const cache = root === ROOT ? ["--cache", `${out}-cache`] : [];
  // Start every build with the disk's write-back done, so that one build's writing is not charged to the next.
  spawnSync("sync");
  const started = performance.now();
  const run = spawnSync(process.execPath, [...buildCommand(root), "--content", contentDir, "--out", out, ...cache], {
    cwd: root,
    encoding: "utf8",
    env: { ...ENV, SOURCE_DATE_EPOCH: "1763683200", AVB_REPORT_RESOURCES: "1" },
    maxBuffer: 64 * 1024 * 1024,
  });
  const seconds = (performance.now() - started) / 1000;
  if (run.status !== 0) throw new Error(`the build of ${label} failed: ${run.stderr.slice(0, 2000)}`);
  const resources = JSON.parse(/resources: (\{.*\})/.exec(run.stderr)![1]!) as { maxRssKiB: number };
  return { seconds, peakMiB: resources.maxRssKiB / 1024, files: Number(/wrote (\d+) files/.exec(run.stdout)![1]) };
}
