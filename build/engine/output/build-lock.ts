import { randomUUID } from "node:crypto";
import { link, mkdir, readFile, rm, rmdir, writeFile } from "node:fs/promises";
import path from "node:path";

/**
 * One build at a time per output folder: an exclusive lock file holding the builder's pid. A lock left by a
 * process that no longer exists (a killed build) is taken over; a live one is waited for. The work folder is made
 * for the lock and removed with it when nothing else is left in it, so that no build leaves an empty folder behind.
 */
export async function acquireBuildLock(workDir: string, waitMs = 120_000): Promise<() => Promise<void>> {
  const lockPath = path.join(workDir, "build.lock");
  const deadline = Date.now() + waitMs;
  for (;;) {
    // The lock appears with the pid already in it (a hard link to a file written first): created empty and
    // then written, a lock could be seen empty by another build, taken for a dead one's and removed.
    const claim = `${lockPath}.${process.pid}.${randomUUID()}`;
    try {
      await mkdir(workDir, { recursive: true });
      await writeFile(claim, String(process.pid));
    } catch (error) {
      // The folder was removed between the two by a build that ended: made again.
      if ((error as NodeJS.ErrnoException).code === "ENOENT") continue;
      throw error;
    }
    try {
      await link(claim, lockPath);
      return async () => {
        await rm(lockPath, { force: true });
        // Only if empty: a replaced output being deleted, or a stopped write's stage, keeps it.
        await rmdir(workDir).catch(() => undefined);
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    } finally {
      await rm(claim, { force: true });
    }
    const holder = Number((await readFile(lockPath, "utf8").catch(() => "")).trim());
    if (!Number.isInteger(holder) || holder <= 0 || !isAlive(holder)) {
      await rm(lockPath, { force: true });
      continue;
    }
    if (Date.now() > deadline) {
      throw new Error(
        `another build (pid ${holder}) has held ${lockPath} for over ${waitMs / 1000} s; stop it or delete the lock file.`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Whether a process with this ID runs (one of another user's counts). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
