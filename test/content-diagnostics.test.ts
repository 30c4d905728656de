import { readdirSync } from "node:fs";
import { cp, stat, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { formatDiagnostics } from "../build/diagnostics/format-diagnostics.ts";
import { DIAGNOSTIC_CATALOGUE } from "../build/diagnostics/catalogue.ts";
import { build, FIXTURES, fixtureWithCase, temporaryFolder } from "./support/build-helpers.ts";

const CASES = readdirSync(path.join(FIXTURES, "failures")).sort();

describe("content that leads outside the content folder", () => {
  it("refuses a symbolic link to a file outside content/, and reads one that stays inside", async () => {
    const content = await fixtureWithCase("malformed-yaml");
    await cp(path.join(FIXTURES, "base", "answers", "alpha-room.md"), path.join(content, "answers", "alpha-room.md"));
    await writeFile(path.join(path.dirname(content), "outside.md"), "---\nslug: outside\n---\nsecret\n");
    await symlink(path.join(path.dirname(content), "outside.md"), path.join(content, "answers", "outside.md"));
    await symlink(path.join(content, "answers", "gamma-display.md"), path.join(content, "answers", "gamma-copy.md"));
    const result = await build(content, path.join(path.dirname(content), "dist"));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.diagnostics.find((diagnostic) => diagnostic.file === "answers/outside.md")).toMatchObject({ code: "file/outside-content", line: 1, column: 1 });
    // The link inside the folder is read like any file: its slug then disagrees with its name.
    expect(result.diagnostics.find((diagnostic) => diagnostic.file === "answers/gamma-copy.md")).toMatchObject({ code: "slug/file-name" });
    expect(result.diagnostics.map((diagnostic) => diagnostic.code)).not.toContain("yaml/syntax");
  });
});

describe("content problems are reported with file, line, column, pointer and hint, all at once", () => {
  it("has a fixture folder for every failure case the issue names", () => {
    for (const name of ["malformed-yaml", "duplicate-key", "wrong-type", "missing-field", "duplicate-slug", "bad-slug",
      "reserved-slug", "rank-gap", "unknown-supplier", "unknown-source", "broken-related", "bad-url", "bad-date", "empty-file"]) {
      expect(CASES).toContain(name);
    }
  });

  it("builds the base fixture without problems", async () => {
    const out = path.join(await temporaryFolder("base"), "dist");
    const result = await build(path.join(FIXTURES, "base"), out);
    expect(result.ok ? [] : result.diagnostics).toEqual([]);
  });

  it.each(CASES)("%s: prints the pinned diagnostics and writes nothing", async (caseName) => {
    const content = await fixtureWithCase(caseName);
    const out = path.join(path.dirname(content), "dist");
    const result = await build(content, out);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    for (const diagnostic of result.diagnostics) {
      expect(DIAGNOSTIC_CATALOGUE).toHaveProperty([diagnostic.code]);
      expect(diagnostic.line).toBeGreaterThanOrEqual(1);
      expect(diagnostic.column).toBeGreaterThanOrEqual(1);
    }
    await expect(formatDiagnostics(result.diagnostics, "content")).toMatchFileSnapshot(
      path.join(FIXTURES, "failures", caseName, "expected.txt"),
    );
    await expect(stat(out)).rejects.toThrow();
  });
});
