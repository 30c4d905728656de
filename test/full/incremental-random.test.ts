/**
 * The incremental build's random walk at full length: 16 steps of seeded random edits, renames, deletions,
 * additions and breakages, each built incrementally (as npm run build and as the dev loop builds) and compared byte
 * for byte with a clean build (test/incremental-build.test.ts runs the first 6 in npm test). It takes some 40 s on two idle cores: its own
 * time limit leaves room for cores shared with other work (the suite's 90 s did not, once).
 */
import { describe, it } from "vitest";
import { expectIncrementalPathsExercised, randomEdits } from "../support/incremental.ts";

describe("the incremental build", () => {
  it("gives the clean build's output, byte for byte, after every step of 16 seeded random edits, renames, deletions and additions, built as npm run build builds and as the dev loop does", async () => {
    // The steps exercised the incremental paths: most builds reused most answers and linked unchanged files.
    const walk = await randomEdits(18, 16, ["build", "dev"], 4);
    expectIncrementalPathsExercised(walk.of("build"), { built: 6, reused: 5, spliced: 4 });
    expectIncrementalPathsExercised(walk.of("dev"), { built: 6, reused: 5 });
  }, 300_000);
});
