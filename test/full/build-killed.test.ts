/**
 * A build killed at any moment leaves a complete output: 20 builds of the shipped content, each killed at its own
 * moment from process start to a little past the end, then repaired as every command repairs it. Twenty seconds of
 * builds, so it runs in npm run test:all.
 */
import { spawn, spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { repairOutput } from "../../build/engine/output/atomic-output.ts";
import { readTreeDigests, ROOT, SHIPPED_CONTENT, temporaryFolder } from "../support/build-helpers.ts";
import { cleanEnv, cli, NODE } from "../support/cli.ts";

describe("nothing is lost", () => {
  it("a build killed at any moment leaves a complete output (after the repair every command runs)", async () => {
    const folder = await temporaryFolder("killed");
    const out = path.join(folder, "dist");
    const env = { ...cleanEnv, SOURCE_DATE_EPOCH: "1700000000" };
    // Timed on the second build: the first fills the build cache, and the builds killed below, like it, use it.
    expect(
      spawnSync(NODE, cli("--content", SHIPPED_CONTENT, "--out", out), { env, encoding: "utf8", cwd: ROOT }).status,
    ).toBe(0);
    const started = performance.now();
    const first = spawnSync(NODE, cli("--content", SHIPPED_CONTENT, "--out", out), {
      env,
      encoding: "utf8",
      cwd: ROOT,
    });
    // Kept to the shortest build seen: a build that ends before its kill says how long builds take now (the machine's
    // load changes while the other test files run), so that the later points still fall inside builds.
    let duration = performance.now() - started;
    expect(first.status, first.stderr).toBe(0);
    // Compared by digest: a deep comparison of buffers takes seconds per tree.
    const complete = await readTreeDigests(out);
    // 20 kill points spread evenly from process start to a little past the end of an uninterrupted build, so that
    // they fall in every stage (start, load, compile, writing, the swap) on any machine.
    const outcomes = { before: 0, after: 0 };
    for (let index = 0; index < 20; index++) {
      const delay = Math.round((index * 1.15 * duration) / 19);
      const spawned = performance.now();
      const child = spawn(NODE, cli("--content", SHIPPED_CONTENT, "--out", out), { env, stdio: "ignore", cwd: ROOT });
      const exited = new Promise<number | null>((resolve) =>
        child.once("exit", (code) => {
          if (code === 0) duration = Math.min(duration, performance.now() - spawned);
          resolve(code);
        }),
      );
      await new Promise((resolve) => setTimeout(resolve, delay));
      child.kill("SIGKILL");
      outcomes[(await exited) === 0 ? "after" : "before"]++;
      await repairOutput(out);
      expect(await readTreeDigests(out), `killed after ${delay} ms`).toEqual(complete);
    }
    // Most kills land inside a build; the last few may come after it finished.
    expect(outcomes.before).toBeGreaterThanOrEqual(10);
  }, 180_000);
});
