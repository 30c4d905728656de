/**
 * The incremental build's random walk at full length: 16 steps of seeded random edits, renames, deletions,
 * additions and breakages, each built incrementally and compared byte for byte with a clean build
 * (test/incremental-build.test.ts runs 8 of them in npm test).
 */
import { describe, expect, it } from "vitest";
import { randomEdits } from "../support/incremental.ts";

describe("the incremental build", () => {
  it("gives the clean build's output, byte for byte, after every step of 16 seeded random edits, renames, deletions and additions", async () => {
    const { outcomes, steps } = await randomEdits(18, 16);
    const built = outcomes.filter((outcome) => outcome.ok);
    // The steps exercised the incremental paths: most builds reused most answers and linked unchanged files.
    expect(built.length, steps.join("\n")).toBeGreaterThanOrEqual(6);
    expect(
      outcomes.some((outcome) => !outcome.ok),
      steps.join("\n"),
    ).toBe(true);
    expect(
      built.slice(1).filter((outcome) => outcome.stats.rendered.hits > 0 && outcome.stats.output.linked > 0).length,
    ).toBeGreaterThanOrEqual(5);
    expect(built.slice(1).some((outcome) => outcome.stats.rendered.misses > 0)).toBe(true);
  });
});
