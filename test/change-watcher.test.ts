/**
 * The dev loop's watcher (build/tools/dev/change-watcher.ts), on real folders: a folder made after it started is watched
 * (its files' saves are reported), and one removed and made again is watched anew.
 */
import { mkdir, rm, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, it } from "vitest";
import { watchFolders } from "../build/tools/dev/change-watcher.ts";
import { temporaryFolder } from "./support/build-helpers.ts";

describe("the dev loop's watcher", () => {
  it("watches the folders made after it started, and again those removed and made anew", async () => {
    const root = await temporaryFolder("change-watcher");
    await mkdir(path.join(root, "answers"));
    const seen = new Set<string>();
    const watcher = watchFolders(
      [root],
      (changed) => {
        for (const file of changed) seen.add(file);
      },
      { settleMs: 10 },
    );
    const reported = async (file: string, change: () => Promise<unknown>) => {
      seen.delete(file);
      await change();
      const started = Date.now();
      while (!seen.has(file)) {
        if (Date.now() - started > 10_000) throw new Error(`${file} was not reported; seen: ${[...seen].join(", ")}`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    };
    try {
      await reported(path.join(root, "answers", "a.md"), () => writeFile(path.join(root, "answers", "a.md"), "a"));
      const made = path.join(root, "made");
      await reported(made, () => mkdir(path.join(made, "inner"), { recursive: true }));
      await reported(path.join(made, "b.md"), () => writeFile(path.join(made, "b.md"), "b"));
      await reported(path.join(made, "inner", "c.md"), () => writeFile(path.join(made, "inner", "c.md"), "c"));
      await reported(made, () => rm(made, { recursive: true }));
      await reported(made, () => mkdir(made));
      await reported(path.join(made, "d.md"), () => writeFile(path.join(made, "d.md"), "d"));
      // A link to its own folder (watched at every level, it ended the process with ELOOP), and a folder replaced by a
      // file (ENOTDIR): reported, and the watcher goes on.
      const loop = path.join(root, "answers", "loop");
      await reported(loop, () => symlink(path.join(root, "answers"), loop));
      await reported(loop, () => rm(loop));
      await reported(made, async () => {
        await rm(made, { recursive: true });
        await writeFile(made, "now a file");
      });
      await reported(path.join(root, "answers", "e.md"), () => writeFile(path.join(root, "answers", "e.md"), "e"));
    } finally {
      watcher.close();
    }
  });
});
