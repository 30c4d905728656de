import { createHash } from "node:crypto";
import { cpSync, readFileSync } from "node:fs";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, inject } from "vitest";
import type { BuildOptions } from "../../build/engine/run/context.ts";
import { runBuild, type BuildResult } from "../../build/engine/run/pipeline.ts";
import type { CompiledSite } from "../../build/engine/run/engine.ts";
import { generateContent } from "../../build/tools/synthetic/generate.ts";

export const ROOT = path.resolve(import.meta.dirname, "../..");
export const SHIPPED_CONTENT = path.join(ROOT, "content");
export const FIXTURES = path.join(ROOT, "test", "fixtures");

/** A temporary folder (removed after the test file) holding a copy of the shipped content, for a test to edit. */
export async function copyOfShipped(label: string): Promise<{ folder: string; content: string }> {
  const folder = await temporaryFolder(label);
  const content = path.join(folder, "content");
  cpSync(SHIPPED_CONTENT, content, { recursive: true });
  return { folder, content };
}

/**
 * 20 generated answers (npm run gen) in a fresh folder, to edit: real content, its own suppliers, evidence and
 * sources, that builds in a fifth of the shipped content's time (130 against 550 ms, warm), for a test of the build's
 * mechanics rather than of what the shipped content holds.
 */
export async function copyOfGenerated(label: string, answers = 20): Promise<{ folder: string; content: string }> {
  const folder = await temporaryFolder(label);
  const content = path.join(folder, "content");
  await generateContent({ answers, out: content });
  return { folder, content };
}

/**
 * A temporary folder, inside this run's own (test/support/global-setup.ts), which the run removes at its end. Removed
 * after the test file too when made as the file is collected: an afterAll registered from inside a beforeAll or a
 * test is never run, and such folders were left in the system's temp folder by every run (a gigabyte by CI's).
 * `onDisk`: not in RAM (/dev/shm), for a folder Deno reads.
 */
export async function temporaryFolder(label: string, { onDisk = false } = {}): Promise<string> {
  const folder = await mkdtemp(path.join(inject(onDisk ? "diskScratchRoot" : "sharedBuildRoot"), `avb-${label}-`));
  afterAll(() => rm(folder, { recursive: true, force: true }));
  return folder;
}

export async function build(
  contentDir: string,
  outDir: string,
  extra: Partial<BuildOptions> = {},
): Promise<BuildResult> {
  return runBuild({ contentDir, outDir, ...extra });
}

/** The shipped content built into `dist/` of a fresh temporary folder; a build that fails stops the test file with its diagnostics. */
export async function buildShipped(
  label: string,
  extra: Partial<BuildOptions> = {},
): Promise<{ dist: string; site: CompiledSite }> {
  const dist = path.join(await temporaryFolder(label), "dist");
  const result = await build(SHIPPED_CONTENT, dist, extra);
  if (!result.ok) throw new Error(`shipped content does not build: ${JSON.stringify(result.diagnostics, null, 2)}`);
  return { dist, site: result.site };
}

/**
 * A copy of the base fixture (with a variant's files laid over it) or of the shipped content, in a fresh folder, for a test to edit: `edit` replaces text
 * in one of its files and fails when the text is not there (an edit that changed nothing would leave its test
 * proving nothing); `diagnostics` builds it into the folder's dist/ and gives what the build told, none when it built.
 */
export async function contentToEdit(label: string, from: "base" | "shipped" | `variants/${string}` = "base") {
  const folder = await temporaryFolder(label);
  const content = path.join(folder, "content");
  cpSync(from === "shipped" ? SHIPPED_CONTENT : path.join(FIXTURES, "base"), content, { recursive: true });
  if (from.startsWith("variants/")) cpSync(path.join(FIXTURES, from), content, { recursive: true });
  return {
    content,
    async edit(file: string, ...pairs: Array<[string | RegExp, string]>) {
      let text = await readFile(path.join(content, file), "utf8");
      for (const [before, after] of pairs) {
        const edited = text.replace(before, after);
        if (edited === text) throw new Error(`${file} has no ${String(before)} to replace`);
        text = edited;
      }
      await writeFile(path.join(content, file), text);
    },
    async diagnostics() {
      const result = await build(content, path.join(folder, "dist"));
      return result.ok ? [] : result.diagnostics;
    },
  };
}

/** The base fixture with the files of one case (a failure, or a valid variant) laid over it, in a fresh folder. */
export async function fixtureWithCase(caseName: string, group: "failures" | "variants" = "failures"): Promise<string> {
  const folder = await temporaryFolder(caseName);
  const content = path.join(folder, "content");
  cpSync(path.join(FIXTURES, "base"), content, { recursive: true });
  cpSync(path.join(FIXTURES, group, caseName), content, {
    recursive: true,
    filter: (source) => path.basename(source) !== "expected.txt",
  });
  return content;
}

/** Every file of a folder, relative path → bytes, for comparing whole trees. */
export async function readTree(root: string): Promise<Map<string, Buffer>> {
  const tree = new Map<string, Buffer>();
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    // Read at once: a promise read is four trips to libuv's pool, and a tree is read after every build compared.
    tree.set(path.relative(root, full).split(path.sep).join("/"), readFileSync(full));
  }
  return new Map([...tree].sort(([a], [b]) => (a < b ? -1 : 1)));
}

/** Every file of a folder, relative path → hex SHA-256: quick to compare where a tree is compared many times. */
export async function readTreeDigests(root: string): Promise<Map<string, string>> {
  const tree = await readTree(root);
  return new Map([...tree].map(([file, bytes]) => [file, createHash("sha256").update(bytes).digest("hex")]));
}

export async function readJson<T = unknown>(file: string): Promise<T> {
  return JSON.parse(await readFile(file, "utf8")) as T;
}

/**
 * Every date the shipped content gives that a changelog entry may carry: the disclosure's, the site's (its format
 * changes) and each answer's review.
 */
export async function shippedContentDates(): Promise<Set<string>> {
  const dated = await Promise.all(
    ["disclosure.yaml", "site.yaml"].map((file) => readFile(path.join(SHIPPED_CONTENT, file), "utf8")),
  );
  const dates = new Set(
    dated.flatMap((text) => [...text.matchAll(/date: (\d{4}-\d{2}-\d{2})/g)].map((match) => match[1]!)),
  );
  for (const file of await readdir(path.join(SHIPPED_CONTENT, "answers")))
    dates.add(/^reviewed: (\S+)$/m.exec(await readFile(path.join(SHIPPED_CONTENT, "answers", file), "utf8"))![1]!);
  return dates;
}
