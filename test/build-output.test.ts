import { spawn, spawnSync } from "node:child_process";
import { cp, mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { repairOutput } from "../build/output/atomic-output.ts";
import { build, FIXTURES, fixtureWithCase, readTree, ROOT, SHIPPED_CONTENT, temporaryFolder } from "./support/build-helpers.ts";

const BASE = path.join(FIXTURES, "base");
const CLI = path.join(ROOT, "build", "cli.ts");
// One process, with tsx as a loader: killing the tsx wrapper would leave its node child building.
const NODE = process.execPath;
const cli = (...args: string[]) => ["--import", "tsx", CLI, ...args];
// Vitest puts Vite's BASE_URL ("/") in the environment; the build reads BASE_URL as its origin.
const { BASE_URL: _viteBaseUrl, ...cleanEnv } = process.env;

describe("nothing is lost", () => {
  it("a failed build leaves the existing output exactly as it was", async () => {
    const out = path.join(await temporaryFolder("keep"), "dist");
    expect((await build(BASE, out)).ok).toBe(true);
    const before = await readTree(out);
    const broken = await fixtureWithCase("rank-gap");
    expect((await build(broken, out)).ok).toBe(false);
    expect(await readTree(out)).toEqual(before);
  });

  it("a build killed at any moment leaves a complete output (after the repair every command runs)", async () => {
    const folder = await temporaryFolder("killed");
    const out = path.join(folder, "dist");
    const env = { ...cleanEnv, SOURCE_DATE_EPOCH: "1700000000" };
    const first = spawnSync(NODE, cli("--content", SHIPPED_CONTENT, "--out", out), { env, encoding: "utf8", cwd: ROOT });
    expect(first.status, first.stderr).toBe(0);
    const complete = await readTree(out);
    // Kill points spread from process start to past the end of a build (about 0.5 to 1 s here).
    for (const delay of [50, 250, 400, 500, 600, 700, 850, 1000]) {
      const child = spawn(NODE, cli("--content", SHIPPED_CONTENT, "--out", out), { env, stdio: "ignore", cwd: ROOT });
      const exited = new Promise((resolve) => child.once("exit", resolve));
      await new Promise((resolve) => setTimeout(resolve, delay));
      child.kill("SIGKILL");
      await exited;
      await repairOutput(out);
      expect(await readTree(out), `killed after ${delay} ms`).toEqual(complete);
    }
  }, 60_000);

  it("two builds at once into one output wait for each other and leave it whole", async () => {
    const out = path.join(await temporaryFolder("concurrent"), "dist");
    const results = await Promise.all([build(BASE, out), build(BASE, out), build(BASE, out)]);
    expect(results.every((result) => result.ok)).toBe(true);
    const reference = path.join(await temporaryFolder("reference"), "dist");
    await build(BASE, reference);
    expect(await readTree(out)).toEqual(await readTree(reference));
  });
});

describe("reproducible", () => {
  it("two builds of the same content in different folders are byte-identical", async () => {
    const one = await temporaryFolder("one");
    const two = await temporaryFolder("two");
    // The content itself is copied too, so that no absolute path can leak into the output.
    await cp(SHIPPED_CONTENT, path.join(two, "content"), { recursive: true });
    await build(SHIPPED_CONTENT, path.join(one, "dist"), { sourceDateEpoch: 1_750_000_000 });
    await build(path.join(two, "content"), path.join(two, "dist"), { sourceDateEpoch: 1_750_000_000 });
    const first = await readTree(path.join(one, "dist"));
    expect(first.size).toBeGreaterThan(30);
    expect(await readTree(path.join(two, "dist"))).toEqual(first);
  });

  it("without SOURCE_DATE_EPOCH, generation time comes from the content, not the clock", async () => {
    const out = path.join(await temporaryFolder("no-epoch"), "dist");
    await build(BASE, out);
    const health = JSON.parse((await readTree(out)).get("api/v1/health/index.json")!.toString("utf8"));
    expect(health.generated_at).toBe("2026-11-02T00:00:00Z");
  });
});

describe("the command line", () => {
  it("prints every problem once and exits 1 on bad content", async () => {
    const content = await fixtureWithCase("bad-date");
    const run = spawnSync(NODE, cli("--content", content, "--out", path.join(path.dirname(content), "dist")), { encoding: "utf8", cwd: ROOT, env: cleanEnv });
    expect(run.status).toBe(1);
    expect(run.stdout).toBe("");
    expect(run.stderr).toMatch(/^.*content\/answers\/beta-mics\.md:10:11 error schema\/format /m);
    expect(run.stderr).toMatch(/3 problems in 2 files\. Nothing was written/);
  });

  it("says plainly when the output cannot be written, and exits 1", async () => {
    const folder = await temporaryFolder("unwritable");
    await writeFile(path.join(folder, "a-file"), "not a folder");
    const out = path.join(folder, "a-file", "dist");
    const run = spawnSync(NODE, cli("--content", BASE, "--out", out), { encoding: "utf8", cwd: ROOT, env: cleanEnv });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/^build failed: cannot write the output folder .*a-file\/dist: a file stands where a folder is needed \((EEXIST|ENOTDIR) on .*\)\. The previous output, if any, is unchanged\.\n$/);
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });

  it("refuses a BASE_URL that is not an origin", async () => {
    const run = spawnSync(NODE, cli("--content", BASE, "--out", path.join(await temporaryFolder("bad-base"), "dist")), {
      encoding: "utf8",
      cwd: ROOT,
      env: { ...cleanEnv, BASE_URL: "/" },
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('BASE_URL must be an origin such as https://example.org, with no path (got "/")');
  });

  it("refuses a malformed SOURCE_DATE_EPOCH", async () => {
    const out = path.join(await temporaryFolder("bad-epoch"), "dist");
    await mkdir(out);
    const run = spawnSync(NODE, cli("--content", BASE, "--out", out), { encoding: "utf8", cwd: ROOT, env: { ...cleanEnv, SOURCE_DATE_EPOCH: "yesterday" } });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain("SOURCE_DATE_EPOCH must be whole seconds");
  });
});
