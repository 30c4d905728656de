import path from "node:path";
import { describe, expect, it } from "vitest";
import type { ContentFileJob } from "../build/content/load/content-file.ts";
import { BUILD_TASK_SET } from "../build/engine/workers/build-tasks.ts";
import { WorkerPool } from "../build/engine/workers/worker-pool.ts";
import { build, copyOfShipped, readTreeDigests, SHIPPED_CONTENT } from "./support/build-helpers.ts";
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
