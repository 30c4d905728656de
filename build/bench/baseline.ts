/**
 * The build of an earlier commit beside this one's, on the same content in one run: a detached git worktree of
 * the baseline under artifacts/bench/baseline (this checkout's node_modules linked in, nothing installed), and
 * builds taken in turns, baseline then ours, so that the machine's drift touches both alike.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { symlink } from "node:fs/promises";
import path from "node:path";
import { runBuild } from "./measure-build.ts";
import { ROOT, WORK } from "./workspace.ts";

export interface BaselineFigures {
  ref: string;
  commit: string;
  answers: number;
  repeats: number;
  baselineSeconds: number[];
  oursSeconds: number[];
  baselineMedian: number;
  oursMedian: number;
  /** Ours over the baseline's: at most 1 is no slower. */
  ratio: number;
}

function git(args: string[], cwd = ROOT): string {
  const run = spawnSync("git", args, { cwd, encoding: "utf8" });
  if (run.status !== 0) throw new Error(`git ${args.join(" ")} failed: ${run.stderr}`);
  return run.stdout.trim();
}

async function baselineWorktree(ref: string): Promise<{ root: string; commit: string }> {
  const commit = git(["rev-parse", "--verify", `${ref}^{commit}`]);
  const root = path.join(WORK, "baseline");
  if (!existsSync(root) || git(["rev-parse", "HEAD"], root) !== commit) {
    if (existsSync(root)) git(["worktree", "remove", "--force", root]);
    git(["worktree", "add", "--detach", root, commit]);
  }
  if (!existsSync(path.join(root, "node_modules"))) await symlink(path.join(ROOT, "node_modules"), path.join(root, "node_modules"), "dir");
  return { root, commit };
}

const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function measureAgainstBaseline(ref: string, contentDir: string, answers: number, repeats = 3): Promise<BaselineFigures> {
  const { root, commit } = await baselineWorktree(ref);
  const baselineSeconds: number[] = [];
  const oursSeconds: number[] = [];
  for (let attempt = 1; attempt <= repeats; attempt++) {
    process.stderr.write(`bench: ${answers} answers, baseline ${commit.slice(0, 7)} and ours, round ${attempt} of ${repeats}…\n`);
    baselineSeconds.push(runBuild(root, `baseline ${commit}`, contentDir, path.join(WORK, `dist-baseline-${attempt}`)).seconds);
    oursSeconds.push(runBuild(ROOT, "ours", contentDir, path.join(WORK, `dist-ours-${attempt}`)).seconds);
  }
  const baselineMedian = median(baselineSeconds);
  const oursMedian = median(oursSeconds);
  return { ref, commit, answers, repeats, baselineSeconds, oursSeconds, baselineMedian, oursMedian, ratio: oursMedian / baselineMedian };
}
