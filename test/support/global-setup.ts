/**
 * Once per test run: a folder for the shared builds of the shipped content (test/support/shared-build.ts), and at
 * the end the proof that no test changed one of them, since every test file that reads one trusts its bytes.
 */
import { accessSync, constants, statfsSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { readTreeDigests } from "./build-helpers.ts";
import { SHARED_VARIANTS, type SharedVariant, sharedFiles } from "./shared-build.ts";

export default async function setup(project: TestProject) {
  // Each project runs this setup: the first makes the folder, and both projects share it (and its builds).
  const existing = process.env.AVB_SHARED_BUILD_ROOT;
  const root = existing ?? (await mkdtemp(path.join(scratchParent(), "avb-shared-")));
  // Deno reads no path under /dev/ without --allow-all: what it reads has a folder on the disk.
  const diskRoot =
    process.env.AVB_DISK_SCRATCH_ROOT ??
    (root.startsWith("/dev/") ? await mkdtemp(path.join(tmpdir(), "avb-disk-")) : root);
  process.env.AVB_SHARED_BUILD_ROOT = root;
  process.env.AVB_DISK_SCRATCH_ROOT = diskRoot;
  project.provide("sharedBuildRoot", root);
  project.provide("diskScratchRoot", diskRoot);
  if (existing) return;
  return async () => {
    try {
      for (const variant of Object.keys(SHARED_VARIANTS) as SharedVariant[]) {
        const files = sharedFiles(root, variant);
        const recorded = await readFile(files.digests, "utf8").catch(() => undefined);
        if (recorded === undefined) continue;
        const now = Object.fromEntries(await readTreeDigests(files.dist));
        const was = JSON.parse(recorded) as Record<string, string>;
        const changed = [...new Set([...Object.keys(was), ...Object.keys(now)])].filter(
          (file) => was[file] !== now[file],
        );
        if (changed.length > 0) {
          // Vitest only logs an error thrown here, and exits 0: the run fails by its exit code instead.
          process.exitCode = 1;
          process.stderr.write(
            `\nFAIL: a test changed the shared build "${variant}" (${changed.slice(0, 5).join(", ")}${changed.length > 5 ? ", …" : ""}): ` +
              "a test that changes files must work on its own copy (copyOfSharedBuild, copyOfShipped, or buildShipped into its own folder)\n",
          );
        }
      }
    } finally {
      // Both, whatever one of them does, and again while a deleting process a build started still empties a folder.
      await Promise.all([root, diskRoot].map((folder) => rm(folder, { recursive: true, force: true, maxRetries: 5 })));
    }
  };
}

/** Free space a run's scratch folders want on a RAM-backed file system (the quick suite's peaked at some 1 GB). */
const RAM_SCRATCH_BYTES = 4 * 1024 ** 3;

/**
 * Where the run's folders go: a RAM-backed file system (/dev/shm) with room to spare, unless TMPDIR names a
 * place. The tests create and delete tens of thousands of files; on these machines' ext4, mounted with
 * discard, each deletion is trimmed on the disk: the quick suite took 117-119 s there and 106-109 s in /dev/shm
 * (2026-12-06, 2 cores).
 */
function scratchParent(): string {
  if (process.env.TMPDIR) return tmpdir();
  try {
    accessSync("/dev/shm", constants.W_OK);
    const { bavail, bsize } = statfsSync("/dev/shm");
    if (bavail * bsize >= RAM_SCRATCH_BYTES) return "/dev/shm";
  } catch {
    // None here (macOS) or not writable.
  }
  return tmpdir();
}
