/**
 * Where the benchmark works (artifacts/bench/, or BENCH_WORK) and how it clears earlier runs' outputs without the cost of
 * their deletion landing inside a measurement.
 */
import { spawnSync } from "node:child_process";
import { mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { projectRoot } from "../../content/load/project.ts";

export const ROOT = projectRoot();

/** The short name of the commit checked out here, which figures measured alone are named by. */
export function headCommit(): string {
  return spawnSync("git", ["rev-parse", "--short", "HEAD"], { cwd: ROOT, encoding: "utf8" }).stdout.trim();
}
const DEFAULT_WORK = path.join(ROOT, "artifacts", "bench");
/**
 * BENCH_WORK moves everything elsewhere (content, outputs, results.json and the page): a trial run then leaves
 * this checkout's figures and page as they are.
 */
export const WORK = process.env.BENCH_WORK ? path.resolve(process.env.BENCH_WORK) : DEFAULT_WORK;
/** The page of figures: the repository's BENCHMARKS.md, or beside the results of a run elsewhere. */
export const REPORT_FILE = WORK === DEFAULT_WORK ? path.join(ROOT, "BENCHMARKS.md") : path.join(WORK, "BENCHMARKS.md");
/** The environment of measured processes, without Vitest's BASE_URL. */
const { BASE_URL: _viteBaseUrl, ...environment } = process.env;
export const ENV = environment;

/**
 * Outputs of an earlier run are moved aside, not deleted, until this run has measured everything. On ext4
 * without a journal (these machines' disks), creating a file skips every inode deleted in the last one to six
 * minutes, one by one (the kernel's `recently_deleted`, seen with `perf`): a build that follows the deletion of
 * 100,000 files spends seconds of system time in it. The builds are measured into folders that never held files,
 * as a first build is, and the old ones are deleted last.
 */
export async function setAsideEarlierOutputs(contentFingerprint: string): Promise<string> {
  await waitOutRecentDeletion();
  const aside = path.join(WORK, `.earlier-${process.pid}`);
  await mkdir(aside, { recursive: true });
  for (const name of await readdir(WORK)) {
    // With them, content generated for other rules or another generator (some 600 MB a set): it is never used again.
    const stale = /^content-\d+-/.test(name) && !name.endsWith(`-${contentFingerprint}`);
    if (name.startsWith("dist-") || stale) await rename(path.join(WORK, name), path.join(aside, name));
  }
  return aside;
}

export const DELETED_AT = path.join(WORK, ".deleted-at");
export const RECENTLY_DELETED_MS = 65_000;

/**
 * The window is a minute once the deleting is written out (five more while the kernel's buffers are dirty), so
 * an earlier deletion by the bench, which ends with a sync, is waited out if it was less than a minute ago.
 */
export async function waitOutRecentDeletion(): Promise<void> {
  const deletedAt = Number(await readFile(DELETED_AT, "utf8").catch(() => "0"));
  const wait = deletedAt + RECENTLY_DELETED_MS - Date.now();
  if (wait > 0) {
    process.stderr.write(
      `bench: waiting ${Math.ceil(wait / 1000)} s for the file system to stop skipping the files the last run deleted…\n`,
    );
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
}

/** Deletes outputs (or what setAsideEarlierOutputs moved aside), writes the deletion out and notes when it happened. */
export async function deleteOutputs(folders: readonly string[]): Promise<void> {
  for (const folder of folders) await rm(folder, { recursive: true, force: true });
  await deletionDone();
}

/**
 * Notes that files were deleted now, once written out: by this process, or by the processes to which a build that
 * replaced its output left the old one (each incremental rebuild, build/engine/output/), so that the next
 * measurement of a build waits the window out as it does after the bench's own deletions.
 */
export async function deletionDone(): Promise<void> {
  spawnSync("sync");
  await writeFile(DELETED_AT, String(Date.now()));
}

export const deleteEarlierOutputs = (aside: string) => deleteOutputs([aside]);
