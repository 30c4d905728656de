/**
 * The incremental build's random walk at full length: 16 steps of seeded random edits, renames, deletions,
 * additions and breakages, each built incrementally (as npm run build and as the dev loop builds) and compared byte
 * for byte with a clean build (test/incremental-build.test.ts runs the first 6 in npm test). It takes some 40 s on two idle cores: its own
 * time limit leaves room for cores shared with other work (the suite's 90 s did not, once).
 */
import { appendFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { BuildCache } from "../../build/engine/cache/build-cache.ts";
import { generateContent } from "../../build/tools/synthetic/generate.ts";
import { temporaryFolder } from "../support/build-helpers.ts";
import {
  answerFiles,
  compareWithClean,
  expectIncrementalPathsExercised,
  randomEdits,
  setPageSize,
} from "../support/incremental.ts";

describe("the incremental build", () => {
  it("gives the clean build's output, byte for byte, after every step of 16 seeded random edits, renames, deletions and additions, built as npm run build builds and as the dev loop does", async () => {
    // The steps exercised the incremental paths: most builds reused most answers and linked unchanged files.
    const walk = await randomEdits(18, 16, ["build", "dev"], 4);
    expectIncrementalPathsExercised(walk.of("build"), { built: 6, reused: 5, spliced: 4 });
    expectIncrementalPathsExercised(walk.of("dev"), { built: 6, reused: 5 });
  }, 300_000);

  it("keeps the unchanged files of 300 answers by links made on a thread of their own, and gives the clean build's output", async () => {
    const folder = await temporaryFolder("incremental-links");
    const content = path.join(folder, "content");
    await generateContent({ answers: 300, out: content });
    // Pages of 20: the answers past the first page are spliced from the last output, their own files kept as they are.
    await setPageSize(content, 20);
    const incremental = path.join(folder, "dist");
    const buildAgain = async (clean: string) =>
      compareWithClean(
        content,
        incremental,
        await BuildCache.open(content, incremental, path.join(folder, "cache")),
        path.join(folder, clean),
      );
    await buildAgain("clean-0");
    await appendFile(path.join(content, "answers", (await answerFiles(content))[150]!), "\nA sentence a test added.\n");
    // Each spliced answer's own file and Markdown twin: past the first 512, linked on the thread (file-links.ts).
    const { stats } = await buildAgain("clean-1");
    expect(stats.rendered.replayed).toBeGreaterThan(270);
    expect(stats.output.linked).toBeGreaterThan(2 * 270);
  }, 120_000);
});
