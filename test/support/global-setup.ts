/**
 * Once per test run: a folder for the shared builds of the shipped content (test/support/shared-build.ts), and at
 * the end the proof that no test changed one of them, since every test file that reads one trusts its bytes.
 */
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { readTreeDigests } from "./build-helpers.ts";
import { SHARED_VARIANTS, type SharedVariant, sharedFiles } from "./shared-build.ts";

export default async function setup(project: TestProject) {
  // Each project runs this setup: the first makes the folder, and both projects share it (and its builds).
  const existing = process.env.AVB_SHARED_BUILD_ROOT;
  const root = existing ?? (await mkdtemp(path.join(tmpdir(), "avb-shared-")));
  process.env.AVB_SHARED_BUILD_ROOT = root;
  project.provide("sharedBuildRoot", root);
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
      await rm(root, { recursive: true, force: true });
    }
  };
}
