import { spawn, spawnSync } from "node:child_process";
import { once } from "node:events";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { build, fixtureWithCase, ROOT } from "./support/build-helpers.ts";
import { cleanEnv, cli, NODE } from "./support/cli.ts";
import type { OutwardClaim } from "../build/content/load/outward-claims.ts";
import { lineNow, staleLines } from "../build/tools/stale.ts";

// Facts expire (issue 48): a claim of absence or of a pending event records its outward search and when it expires;
// `npm run stale` lists what is due on a day, and the build counts what is past its expiry without failing.
describe("outward searches that expire", async () => {
  const content = await fixtureWithCase("outward", "variants");
  const stale = (...args: string[]) =>
    spawnSync(
      NODE,
      [
        path.join(ROOT, "build/tools/launch.mjs"),
        path.join(ROOT, "build/tools/stale.ts"),
        "--content",
        content,
        ...args,
      ],
      {
        encoding: "utf8",
        env: cleanEnv,
      },
    );

  it("the build passes them, a date never failing it, and knows each claim's search", async () => {
    const result = await build(content, path.join(path.dirname(content), "dist"));
    expect(
      result.ok ? result.outward.map(({ line, outward }) => [line, outward.kind, outward.expires]) : result,
    ).toEqual([
      [11, "pending", "2027-03-01"],
      [16, "absence", "2027-11-01"],
    ]);
    // The docs say when each document's claims were searched, and when the first is due again.
    const docs = await readFile(path.join(path.dirname(content), "dist", "docs", "index.md"), "utf8");
    expect(docs).toMatch(/\| Answer \[`alpha-room`\]\([^)]+\) \| 1 \| 1 \| 2026-11-01( to [0-9-]+)? \| 2027-03-01 \|/);
  });

  it("npm run stale lists the claims due on a day, with where they stand, when they were searched and where each search is recorded, to renew", () => {
    const run = stale("--on", "2027-03-01");
    expect(run.status).toBe(0);
    expect(run.stdout).toBe(
      "content/answers/alpha-room.md:12: The room fits a widget [@fixture-list]. (pending; searched 2026-11-01, expired 2027-03-01; its search: content/audit/answer-alpha-room.yaml:9)\n" +
        "stale: 1 of 2 claims searched outward are due on 2027-03-01.\n",
    );
    expect(stale("--on", "2027-02-28").stdout).toBe("stale: 0 of 2 claims searched outward are due on 2027-02-28.\n");
    const all = stale("--on", "2028-01-01").stdout;
    expect(all.split("\n")).toHaveLength(4);
    // Two claims, each its own search: a search that several claims share is one to make again.
    expect(all).toMatch(/^stale: 2 of 2 claims searched outward are due on 2028-01-01, resting on 2 searches /m);
  });

  it("counts a search that several claims rest on once", () => {
    const outward = {
      kind: "absence",
      searched: "2026-11-28",
      queries: ["a list"],
      where: ["its pages"],
      expires: "2027-02-28",
    };
    const claims = [3, 9].map((line) => ({
      file: "answers/alpha-room.md",
      line,
      claim: "No list was found.",
      outward,
    }));
    expect(staleLines(claims as OutwardClaim[], "2027-03-01").at(-1)).toMatch(
      /are due on 2027-03-01, resting on 1 search /,
    );
  });

  it("lists the claims due by file, then line, whatever order the audits give them in", () => {
    const outward = { kind: "absence", searched: "2026-11-28", expires: "2027-02-28" };
    const claims = [
      ["answers/beta.md", 9],
      ["suppliers/zenith.yaml", 3],
      ["answers/beta.md", 2],
    ].map(([file, line]) => ({ file, line, claim: "No list was found.", outward }) as OutwardClaim);
    expect(staleLines(claims, "2027-03-01").map((line) => line.slice(0, line.indexOf(": ")))).toEqual([
      "content/answers/beta.md:2",
      "content/answers/beta.md:9",
      "content/suppliers/zenith.yaml:3",
      "stale",
    ]);
  });

  it("finds a claim where it stands nearest the line its audit recorded, not where its words first appear", () => {
    // An answer's summary often repeats its body's first sentence.
    const text = "summary: The room fits a widget.\n---\nx\nx\nThe room fits a widget.\n";
    expect(lineNow(text, "The room fits a widget.", 5)).toBe(5);
    expect(lineNow(text, "The room fits a widget.", 2)).toBe(1);
    expect(lineNow(text, "Not in the text.", 4)).toBe(4);
  });

  it("does not cut a claim short inside a date it gives, which an editor compares with the search's", () => {
    const claim = {
      file: "answers/alpha-room.md",
      line: 3,
      claim: `${"x".repeat(84)} 2026-11-26, and words enough to be cut short.`,
      outward: { kind: "absence", searched: "2026-11-28", expires: "2027-02-28" },
    } as OutwardClaim;
    expect(staleLines([claim], "2027-03-01")[0]).toContain(" 2026-11-26… (absence;");
  });

  it("says where a claim stands now when lines were added above it after its check (the audit keeps the line checked)", async () => {
    const moved = await fixtureWithCase("outward", "variants");
    const answer = path.join(moved, "answers", "alpha-room.md");
    const text = await readFile(answer, "utf8");
    await writeFile(answer, text.replace("---\nThe room fits", "---\nA new opening line.\n\nThe room fits"));
    const run = stale("--on", "2027-03-01", "--content", moved);
    expect(run.stdout).toMatch(/^content\/answers\/alpha-room\.md:14: The room fits a widget/);
  });

  it("ends as it would, quietly, when its reader stops reading (npm run stale | head)", async () => {
    const child = spawn(NODE, [path.join(ROOT, "build/tools/launch.mjs"), path.join(ROOT, "build/tools/stale.ts")], {
      env: cleanEnv,
      stdio: ["ignore", "pipe", "pipe"],
    });
    // The read end closed before the command writes: its write fails with EPIPE.
    child.stdout.destroy();
    let stderr = "";
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    const [status] = (await once(child, "close")) as [number | null];
    expect({ status, stderr }).toEqual({ status: 0, stderr: "" });
  });

  it("refuses a day that is not a date, and says how to write one", () => {
    const run = stale("--on", "2027-02-30");
    expect(run.status).toBe(2);
    expect(run.stderr).toContain("--on takes a date as YYYY-MM-DD");
  });

  it("names an audit file that is not YAML and goes on, and refuses a content folder with no audit", async () => {
    const broken = await fixtureWithCase("outward", "variants");
    await writeFile(path.join(broken, "audit", "broken.yaml"), "claims: [\n");
    const run = stale("--on", "2027-03-01", "--content", broken);
    expect(run.status).toBe(0);
    expect(run.stderr).toBe(
      "stale: content/audit/broken.yaml does not pass its schema (npm run build says why); skipped.\n",
    );
    expect(run.stdout).toMatch(/^stale: 1 of 2 claims searched outward are due on 2027-03-01\.$/m);
    const none = stale("--content", path.join(broken, "answers"));
    expect({ status: none.status, stderr: none.stderr }).toEqual({
      status: 2,
      stderr: `stale: there is no folder ${path.join(broken, "answers", "audit")} (--content names the content folder; content/ by default).\n`,
    });
  });

  it("the build's command prints one line counting the claims due today, by the machine's clock", () => {
    const run = spawnSync(
      NODE,
      cli("--content", content, "--out", path.join(path.dirname(content), "out"), "--no-cache"),
      {
        encoding: "utf8",
        env: cleanEnv,
      },
    );
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(
      /^facts: [0-2] of 2 claims searched outward are due on \d{4}-\d{2}-\d{2}, by this machine's clock \(npm run stale lists them\)\.$/m,
    );
  });
});
