/**
 * The build of an earlier commit beside this one's, on the same content in one run: a detached git worktree of
 * the baseline under artifacts/bench/baseline (this checkout's node_modules linked in, nothing installed), and
 * builds taken in turns, baseline then ours, so that the machine's drift touches both alike. Each build goes
 * into a folder that never held files; they are deleted afterwards (the worktree is kept for the next run).
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { symlink } from "node:fs/promises";
import path from "node:path";
import { runBuild } from "./measure-build.ts";
import { deleteOutputs, ROOT, waitOutRecentDeletion, WORK } from "./workspace.ts";
import { median } from "./percentile.ts";

export interface BaselineFigures {
  ref: string;
  commit: string;
  /** Where the baseline is checked out: relative to this checkout when inside it. */
  worktree?: string;
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
  if (!existsSync(path.join(root, "node_modules")))
    await symlink(path.join(ROOT, "node_modules"), path.join(root, "node_modules"), "dir");
  return { root, commit };
}

export async function measureAgainstBaseline(
  ref: string,
  contentDir: string,
  answers: number,
  repeats = 3,
): Promise<BaselineFigures> {
  const { root, commit } = await baselineWorktree(ref);
  const outputs = Array.from({ length: repeats }, (_, at) => ({
    baseline: path.join(WORK, `dist-baseline-${at + 1}`),
    ours: path.join(WORK, `dist-ours-${at + 1}`),
  }));
  // Left by an interrupted run: a build into them would first delete them, inside its time.
  const leftovers = outputs.flatMap(({ baseline, ours }) => [baseline, ours]).filter((folder) => existsSync(folder));
  if (leftovers.length > 0) await deleteOutputs(leftovers);
  await waitOutRecentDeletion();
  const baselineSeconds: number[] = [];
  const oursSeconds: number[] = [];
  for (const [at, out] of outputs.entries()) {
    process.stderr.write(
      `bench: ${answers} answers, baseline ${commit.slice(0, 7)} and ours, round ${at + 1} of ${repeats}…\n`,
    );
    baselineSeconds.push(runBuild(root, `baseline ${commit}`, contentDir, out.baseline).seconds);
    oursSeconds.push(runBuild(ROOT, "ours", contentDir, out.ours).seconds);
  }
  await deleteOutputs(outputs.flatMap(({ baseline, ours }) => [baseline, ours, `${ours}-cache`]));
  const baselineMedian = median(baselineSeconds);
  const oursMedian = median(oursSeconds);
  const worktree = root.startsWith(ROOT + path.sep) ? path.relative(ROOT, root) : root;
  return {
    ref,
    commit,
    worktree,
    answers,
    repeats,
    baselineSeconds,
    oursSeconds,
    baselineMedian,
    oursMedian,
    ratio: oursMedian / baselineMedian,
  };
}
