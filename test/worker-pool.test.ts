import { mkdir, readdir, rm, utimes, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { ContentFileJob } from "../build/content/load/content-file.ts";
import { BUILD_TASK_SET } from "../build/engine/workers/build-tasks.ts";
import { WorkerPool } from "../build/engine/workers/worker-pool.ts";
import { bundleText } from "../build/engine/bundles/bundle-cache.ts";
import { build, copyOfShipped, readTreeDigests, ROOT, SHIPPED_CONTENT } from "./support/build-helpers.ts";
import { EPOCH, setPageSize } from "./support/incremental.ts";

const JOB: ContentFileJob = {
  kind: "answer",
  file: "answers/room-sizing.md",
  path: path.join(SHIPPED_CONTENT, "answers", "room-sizing.md"),
};

describe("the build's worker threads", () => {
  it("rest until a task needs them again, and start anew then; a pool with a task under way is not stopped", async () => {
    const pool = new WorkerPool(BUILD_TASK_SET, 2, 0);
    try {
      const [first] = await pool.run("parse-content-files", [JOB]);
      expect(pool.running).toBe(2);
      const pending = pool.run("parse-content-files", [JOB]);
      await pool.rest();
      expect(pool.running, "a task was under way").toBe(2);
      expect(await pending).toEqual([first]);
      await pool.rest();
      expect(pool.running).toBe(0);
      expect(await pool.run("parse-content-files", [JOB])).toEqual([first]);
      expect(pool.running).toBe(2);
    } finally {
      await pool.close();
    }
  });

  it("fails the tasks of a thread that stops mid-build, and every task after, rather than wait for them forever", async () => {
    const pool = new WorkerPool(BUILD_TASK_SET, 1, 0);
    try {
      const pending = pool.run("parse-content-files", [JOB]);
      // Stopped as a thread that exits without an error event would be (terminated, or process.exit in it).
      const [thread] = (pool as unknown as { threads: Array<{ worker: { terminate(): Promise<number> } }> }).threads;
      await thread!.worker.terminate();
      await expect(pending).rejects.toThrow(/^a build worker thread stopped \(exit code \d+\)$/);
      await expect(pool.run("parse-content-files", [JOB])).rejects.toThrow("a build worker thread stopped");
    } finally {
      await pool.close();
    }
  });

  it("a pool shared across builds (the dev loop's) is left running by a build that rendered on it, and its threads write the next build's answer files as they did the first's", async () => {
    const threads = new WorkerPool(BUILD_TASK_SET, 2, 0);
    try {
      // Pages of 4 answers: the threads write the own files of the answers past the first page themselves, into the
      // build's stage folder, which the next build makes afresh at the same path.
      const { folder, content } = await copyOfShipped("shared-threads");
      await setPageSize(content, 4);
      const out = path.join(folder, "dist");
      expect((await build(content, out, { threads, sourceDateEpoch: EPOCH })).ok).toBe(true);
      expect(threads.running).toBe(2);
      const first = await readTreeDigests(out);
      expect((await build(content, out, { threads, sourceDateEpoch: EPOCH })).ok).toBe(true);
      expect(await readTreeDigests(out)).toEqual(first);
    } finally {
      await threads.close();
    }
  });
});

describe("the kept bundles of the worker threads and the home page's script", () => {
  it("put away only their own old bundles, never the launcher's files beside them", async () => {
    const folder = path.join(ROOT, "node_modules", ".cache", "av-buyer-data", "bundles");
    await mkdir(folder, { recursive: true });
    // Nine of the launcher's kinds of file, older than anything there: without the filter, the bundle made below
    // would put all of them away as the oldest files of the folder.
    const key = "0".repeat(63);
    const foreign = Array.from(
      { length: 9 },
      (_, at) => [`launch-${key}${at}.cjs`, `launch-${key}${at}.cjs.map`, `stamps-test-${at}.json`][at % 3]!,
    );
    const old = new Date(2000, 0, 1);
    for (const name of foreign) {
      await writeFile(path.join(folder, name), "");
      await utimes(path.join(folder, name), old, old);
    }
    try {
      // Options no other bundle has: a new one is made, and the folder put in order.
      bundleText({
        stdin: { contents: `export const made = ${JSON.stringify(String(Math.random()))};` },
        write: false,
      });
      expect((await readdir(folder)).filter((name) => foreign.includes(name)).sort()).toEqual([...foreign].sort());
    } finally {
      await Promise.all(foreign.map((name) => rm(path.join(folder, name), { force: true })));
    }
  });
});
