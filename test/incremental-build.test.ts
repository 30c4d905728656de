/**
 * The incremental build (build/engine/cache/) makes exactly the output of a clean build: after every step of seeded
 * random edits, renames, deletions, additions and breakages of a copy of the shipped content, the output of
 * an incremental build into one folder, with one cache, equals byte for byte (compared by digests) that of a
 * clean build of the same content into a new folder; a step whose content is broken fails both the same way
 * and leaves the incremental output as it was. A corrupt, stale or misplaced cache, and an output file changed
 * since it was written, are ignored, said so, and never make the output differ. In npm run test:all the walk runs 16
 * steps, these 6 first (test/full/incremental-random.test.ts). The tests of the cache's mechanics build 20 generated
 * answers (npm run gen), which build in a fifth of the shipped content's time: the walk alone needs the shipped content.
 */
import { readdirSync, statSync, writeFileSync } from "node:fs";
import {
  appendFile,
  cp,
  mkdir,
  readdir,
  readFile,
  rename,
  rm,
  stat,
  truncate,
  utimes,
  writeFile,
} from "node:fs/promises";
import path from "node:path";
import { fileChangedWhileBuilding } from "../build/content/load/answer-body.ts";
import { describe, expect, it } from "vitest";
import { buildCodeVersion } from "../build/engine/bundles/build-version.ts";
import { BuildCache } from "../build/engine/cache/build-cache.ts";
import {
  readCheckedFile,
  readCheckedMap,
  writeCheckedFileInPlace,
  writeCheckedMap,
} from "../build/engine/cache/checked-file.ts";
import { FileLinks } from "../build/engine/output/file-links.ts";
import { sha256Of } from "../build/engine/output/output-sink.ts";
import { renderAnswerParts } from "../build/engine/products/answer-render.ts";
import { PRODUCTS } from "../build/engine/products/index.ts";
import { parseContentFile } from "../build/content/load/content-file.ts";
import type { AnswerFrontMatter } from "../build/content/load/types.ts";
import { loadSchemaRegistry, SCHEMAS_DIR } from "../build/content/schemas/schema-registry.ts";
import { build, copyOfGenerated, SHIPPED_CONTENT, temporaryFolder } from "./support/build-helpers.ts";
import {
  answerFiles,
  compareWithClean,
  EPOCH,
  expectIncrementalPathsExercised,
  appendAuditedSentence,
  firstSourceOf,
  randomEdits,
  setPageSize,
} from "./support/incremental.ts";

const [FIRST, SECOND] = ["synthetic-answer-000001.md", "synthetic-answer-000002.md"];

/**
 * 20 generated answers built once into an output folder with a cache of its own; each buildAgain() opens
 * the cache afresh, as a new `npm run build` would, and builds again beside a clean build of the same content.
 */
async function builtOnce(label: string, pageSize?: number) {
  const { folder, content } = await copyOfGenerated(label);
  if (pageSize !== undefined) await setPageSize(content, pageSize);
  const incremental = path.join(folder, "incremental", "dist");
  const cacheRoot = path.join(folder, "cache");
  let builds = 0;
  const buildAgain = async () => {
    const cache = await BuildCache.open(content, incremental, cacheRoot);
    const compared = await compareWithClean(content, incremental, cache, path.join(folder, `clean-${builds++}`));
    return { ...compared, cache };
  };
  const { cache } = await buildAgain();
  return { content, incremental, cacheFolder: cache.folder, entries: path.join(cache.folder, "answers"), buildAgain };
}

describe("the incremental build", () => {
  // npm run test:all runs test/full/incremental-random.test.ts in the same run: its walk has the same seed, so its
  // first 6 steps are these, and walking them twice would cost CI a dozen seconds for nothing.
  it.skipIf(process.env.AVB_WITH_FULL === "1")(
    "gives the clean build's output, byte for byte, after every step of 6 seeded random edits, renames, deletions and additions, built as npm run build builds and as the dev loop does (in memory, answers kept there, then written)",
    async () => {
      const walk = await randomEdits(18, 6, ["build", "dev"], 4);
      // The steps exercised the incremental paths: builds reused answers, linked unchanged files and spliced
      // unchanged answers from the last output (pages of 4 answers: the first page's are never spliced). The dev
      // loop's rendered answers and deflated pieces come from memory: the same objects build after build.
      expectIncrementalPathsExercised(walk.of("build"), { built: 4, reused: 3, spliced: 2 });
      expectIncrementalPathsExercised(walk.of("dev"), { built: 4, reused: 3 });
    },
  );

  it("keeps only the answer entries the last build used: a changed answer's old entry and a stray file go", async () => {
    const { content, entries, buildAgain } = await builtOnce("incremental-prune");
    const before = new Set(await readdir(entries));
    expect(before.size).toBe(20);
    await writeFile(path.join(entries, "stray.tmp"), "left by a build that stopped");
    await appendFile(path.join(content, "answers", FIRST), "\nOne more sentence.\n");

    const { ok } = await buildAgain();
    expect(ok).toBe(true);
    const after = await readdir(entries);
    expect(after).toHaveLength(20);
    expect(after.filter((name) => !before.has(name))).toHaveLength(1);
  });

  it("keeps what the checks found of each unchanged answer for the next build's process while the rest of the content and the schemas are unchanged, and checks every answer again when they are not", async () => {
    const { content, cacheFolder, buildAgain } = await builtOnce("incremental-checks");
    // The parses too: the one added is written beside parsed.bin, not the whole file again (parse-cache.ts).
    const parsesDigest = async () => sha256Of(await readFile(path.join(cacheFolder, "parsed.bin")));
    const parses = await parsesDigest();
    await appendFile(path.join(content, "answers", FIRST), "\nOne more sentence.\n");
    let { ok, stats } = await buildAgain();
    expect(ok).toBe(true);
    expect(stats.checks).toEqual({ kept: 19, checked: 1 });
    expect(stats.parsed.misses).toBe(1);
    expect(await parsesDigest()).toBe(parses);

    // A source read later than the answers citing it were reviewed (its ids all as they were): those answers,
    // unchanged themselves, now fail a check. The build fails as a clean build does, with the same diagnostics
    // (compareWithClean), those of unchanged answers too.
    const register = path.join(content, "sources.yaml");
    const text = await readFile(register, "utf8");
    const cited = await firstSourceOf(content, FIRST);
    const later = text.replace(new RegExp(`(id: ${cited}\\n(?: {4}.*\\n)*? {4}accessed: )2026-11`), "$12099-01-01");
    expect(later).not.toBe(text);
    await writeFile(register, later);
    ({ ok, stats } = await buildAgain());
    expect(ok).toBe(false);
    expect(stats.checks).toEqual({ kept: 0, checked: 20 });
    await writeFile(register, text);
    ({ ok, stats } = await buildAgain());
    expect(ok).toBe(true);
    expect(stats.checks).toEqual({ kept: 0, checked: 20 });
    // A new process read the parses added beside parsed.bin, and those no file had until now.
    expect(stats.parsed.misses).toBe(0);

    // Another schema, which every answer now fails: none is taken as valid from before.
    const schemasDir = path.join(path.dirname(content), "schemas");
    await cp(SCHEMAS_DIR, schemasDir, { recursive: true });
    const answerSchema = path.join(schemasDir, "content-answer.schema.json");
    const schema = JSON.parse(await readFile(answerSchema, "utf8")) as { properties: { summary: object } };
    schema.properties.summary = { ...schema.properties.summary, maxLength: 5 };
    await writeFile(answerSchema, JSON.stringify(schema));
    // And one the site file now fails: what passed before under the other schemas is not taken as passed.
    const siteSchemaFile = path.join(schemasDir, "content-site.schema.json");
    const siteSchema = JSON.parse(await readFile(siteSchemaFile, "utf8")) as { properties: { name: object } };
    siteSchema.properties.name = { ...siteSchema.properties.name, maxLength: 2 };
    await writeFile(siteSchemaFile, JSON.stringify(siteSchema));
    const outDir = path.join(path.dirname(content), "incremental", "dist");
    const cache = await BuildCache.open(content, outDir, path.join(path.dirname(content), "cache"));
    const schemas = await loadSchemaRegistry(schemasDir, path.join(path.dirname(content), "validators"));
    const built = await build(content, outDir, { cache, schemas });
    expect(built.ok).toBe(false);
    const tooLong = built.ok ? [] : built.diagnostics.filter((found) => found.pointer === "/summary");
    expect(tooLong).toHaveLength(20);
    expect(
      built.ok ? [] : built.diagnostics.filter((found) => found.pointer === "/name").map(({ file }) => file),
    ).toEqual(["site.yaml"]);
  });

  it("trusts no record of an output folder put back in place by a rename (mv dist dist.bak, a build, mv dist.bak dist)", async () => {
    const { content, incremental, buildAgain } = await builtOnce("incremental-folder-put-back", 4);
    const names = await answerFiles(content);
    const aside = `${incremental}.bak`;
    await rename(incremental, aside);
    await appendAuditedSentence(
      content,
      names[10]!,
      `One more sentence [@${await firstSourceOf(content, names[10]!)}].`,
    );
    expect((await buildAgain()).ok).toBe(true);
    // The older output, back where the record of the newer one says an output stands: none of it is reused.
    await rm(incremental, { recursive: true });
    await rename(aside, incremental);
    const { ok, stats } = await buildAgain();
    expect(ok).toBe(true);
    expect([stats.output.linked, stats.rendered.replayed]).toEqual([0, 0]);
  });

  it("renders again, as a clean build does, the answers a retitled source or a new page size changes", async () => {
    // The clean build's bytes after each step (compareWithClean): an answer's files carry its sources' entries and,
    // in its own file's envelope, the page size.
    const { content, buildAgain } = await builtOnce("incremental-source-and-page-size", 4);
    const register = path.join(content, "sources.yaml");
    const text = await readFile(register, "utf8");
    const cited = await firstSourceOf(content, FIRST);
    const retitled = text.replace(new RegExp(`(id: ${cited}\\n {4}title: )(.*)`), "$1$2 (retitled)");
    expect(retitled).not.toBe(text);
    await writeFile(register, retitled);
    expect((await buildAgain()).ok).toBe(true);
    await setPageSize(content, 5);
    expect((await buildAgain()).ok).toBe(true);
  });

  it("splices each unchanged answer from the last output by its byte ranges, but none from a file of it changed since", async () => {
    // Pages of 4 answers: 5 pages, the first page's answers always read whole (the home page shows them).
    const { content, incremental, entries, buildAgain } = await builtOnce("incremental-splice", 4);
    const names = await answerFiles(content);
    // Only the first page's answers have an entry in the cache; the others are taken from the output.
    expect(await readdir(entries)).toHaveLength(4);
    const edit = async (name: string) =>
      appendAuditedSentence(content, name, `One more sentence [@${await firstSourceOf(content, name)}].`);

    // An answer of the third page changed: it is rendered, the 15 others after the first page spliced; the
    // output is the clean build's (compareWithClean).
    await edit(names[10]!);
    let { ok, stats } = await buildAgain();
    expect(ok).toBe(true);
    expect([stats.rendered.misses, stats.rendered.replayed]).toEqual([1, 15]);

    // A byte of the live NDJSON changed in place, its size kept (in the line of an answer that would be spliced):
    // every answer has its line there, so none is spliced, and the NDJSON is made again as a clean build makes it.
    // The 16 answers after the first page are rendered again: only the first page's are kept in the cache, the
    // others being taken from the output.
    const ndjson = path.join(incremental, "data", "answers.ndjson");
    const bytes = await readFile(ndjson);
    let at = 0;
    for (let line = 0; line < 14; line++) at = bytes.indexOf(0x0a, at) + 1;
    at += 10;
    bytes[at] = bytes[at] === 0x58 ? 0x59 : 0x58;
    await writeFile(ndjson, bytes);
    await edit(names[12]!);
    ({ ok, stats } = await buildAgain());
    expect(ok).toBe(true);
    expect([stats.rendered.misses, stats.rendered.replayed]).toEqual([16, 0]);

    // Nothing changed since: all 16 are spliced.
    ({ ok, stats } = await buildAgain());
    expect([stats.rendered.misses, stats.rendered.replayed]).toEqual([0, 16]);

    // An answer's own Markdown twin changed in the live output, its size kept: that answer is not spliced (its twin
    // would be linked as it is now), and is rendered again and written as a clean build writes it.
    const twin = path.join(incremental, "api", "v1", "answers", names[15]!);
    const text = await readFile(twin, "utf8");
    await writeFile(
      twin,
      text.replace(/[a-z]/, (letter) => letter.toUpperCase()),
    );
    ({ ok, stats } = await buildAgain());
    expect([stats.rendered.misses, stats.rendered.replayed]).toEqual([1, 15]);
    expect(await readFile(twin, "utf8")).toBe(text);

    // An answer added on the second page: every answer after it moves a place, and is still spliced (its words
    // renumbered in the search index, not indexed again).
    const copied = names[4]!.replace(/\.md$/, "");
    const source = await readFile(path.join(content, "answers", names[4]!), "utf8");
    await writeFile(
      path.join(content, "answers", `${copied}-again.md`),
      source
        .replace(`slug: ${copied}`, `slug: ${copied}-again`)
        .replace(/^title: (.*)$/m, "title: $1, again")
        .replace(/^question: (.*?)\??$/m, "question: $1, again?"),
    );
    ({ ok, stats } = await buildAgain());
    expect(ok).toBe(true);
    expect([stats.rendered.misses, stats.rendered.replayed]).toEqual([1, 16]);
  });

  it("names the first few stale files of the cache and counts the rest in one line", async () => {
    const { entries, buildAgain } = await builtOnce("incremental-stale");
    // Six entries, each with the next one's bytes: each holds an entry for another key.
    const names = (await readdir(entries)).sort().slice(0, 6);
    const bytes = await Promise.all(names.map((name) => readFile(path.join(entries, name))));
    for (const [at, name] of names.entries()) await writeFile(path.join(entries, name), bytes[(at + 1) % 6]!);
    // Nothing else changed: every answer's entry is read (the 20 answers fit the first page, read whole).
    const { ok, cache } = await buildAgain();
    expect(ok).toBe(true);
    const stale = cache.notes.filter((note) => /another key/.test(note));
    expect(stale).toHaveLength(4);
    expect(
      stale.slice(0, 3).every((note) => /answers\/[0-9a-f]{64}\.bin holds an entry for another key/.test(note)),
    ).toBe(true);
    expect(stale[3]).toMatch(/^build cache: 3 more files of .+ hold entries for another key/);
  });

  it("says in one line that the cache was written by another version of the build code, and names none of its files", async () => {
    const { cacheFolder, buildAgain } = await builtOnce("incremental-outdated");
    // As after a change to the code: every file of the folder keyed by another version (the answers' entries are
    // named by keys the version is part of, so a new version never looks for them).
    const other = "another version of the build code";
    for (const name of ["parsed.bin", "stamps.bin", "checks.bin"])
      await writeCheckedMap(path.join(cacheFolder, name), other, new Map());
    await writeCheckedMap(path.join(cacheFolder, "output.bin"), `${other}\n/elsewhere`, new Map());
    const pieces = path.join(cacheFolder, "deflated");
    const names = await readdir(pieces);
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) {
      const read = await readCheckedFile<null>(path.join(pieces, name), await buildCodeVersion());
      expect(read.found, name).toBe(true);
      writeCheckedFileInPlace(path.join(pieces, name), other, null, read.found ? read.blobs : []);
    }
    const { ok, stats, cache } = await buildAgain();
    expect(ok).toBe(true);
    expect(stats.parsed.misses).toBe(stats.parsed.hits + stats.parsed.misses);
    expect(cache.notes).toEqual([
      `build cache: ${path.relative(process.cwd(), cacheFolder)} was written by another version of the build code; none of it is used, and the work is done afresh.`,
    ]);
  });

  it("writes afresh a file the last build wrote under another umask, with the mode a clean build gives it (a link keeps its file's mode)", async () => {
    // Pages of 4 answers: the unchanged answers' own files are spliced (kept), the other files linked.
    const umask = process.umask(0o077);
    let built: Awaited<ReturnType<typeof builtOnce>>;
    try {
      built = await builtOnce("incremental-umask", 4);
    } finally {
      process.umask(umask);
    }
    await appendFile(path.join(built.content, "answers", FIRST), "\nOne more sentence.\n");
    // compareWithClean holds every file's mode to the one a clean build writes under this umask.
    const { ok } = await built.buildAgain();
    expect(ok).toBe(true);
  });

  it("ignores a corrupt, stale or misplaced cache and an output file changed since it was written, says so, and still gives the clean build's output", async () => {
    const { content, incremental, cacheFolder, entries, buildAgain } = await builtOnce("incremental-corrupt");
    const names = (await readdir(entries)).sort();
    expect(names.length).toBe(20);

    // One entry with a flipped byte, one truncated, one copied over another's name; the parses and the output
    // record cut short; and a file of the live output changed in place, its size kept.
    const flip = path.join(entries, names[0]!);
    const bytes = await readFile(flip);
    bytes[bytes.length - 10]! ^= 0xff;
    await writeFile(flip, bytes);
    await truncate(path.join(entries, names[1]!), 40);
    await cp(path.join(entries, names[2]!), path.join(entries, names[3]!));
    await truncate(path.join(cacheFolder, "parsed.bin"), 100);
    // A deflated piece of the ZIP's NDJSON with a flipped byte: deflated again, not copied into the ZIP.
    const pieces = path.join(cacheFolder, "deflated");
    const piece = path.join(pieces, (await readdir(pieces)).sort()[0]!);
    const pieceBytes = await readFile(piece);
    pieceBytes[pieceBytes.length - 3]! ^= 0xff;
    await writeFile(piece, pieceBytes);
    const markdown = path.join(incremental, "api", "v1", "answers", FIRST);
    const original = await readFile(markdown, "utf8");
    await writeFile(markdown, original.replace("Synthetic answer", "SYNTHETIC answer"));

    const { ok, stats, cache } = await buildAgain();
    expect(ok).toBe(true);
    expect(await readFile(markdown, "utf8")).toBe(original);
    expect(stats.rendered.misses).toBe(3);
    expect(stats.parsed.misses).toBe(stats.parsed.hits + stats.parsed.misses);
    const notes = cache.notes.join("\n");
    expect(notes).toMatch(/parsed\.bin is corrupt/);
    expect(notes.match(/answers\/[0-9a-f]{64}\.bin is corrupt/g)).toHaveLength(2);
    expect(notes).toMatch(/holds an entry for another key/);
    expect(notes).toMatch(/deflated\/[0-9a-f]{64}\.bin is corrupt/);

    // The output record cut short: ignored, and every file written.
    await truncate(path.join(cacheFolder, "output.bin"), 10);
    await appendAuditedSentence(content, FIRST, `One more sentence [@${await firstSourceOf(content, FIRST)}].`);
    const afterRecord = await buildAgain();
    expect(afterRecord.stats.output.linked).toBe(0);
    expect(afterRecord.cache.notes.join("\n")).toMatch(/output\.bin is corrupt/);
  });
});
describe("a content file that looks unchanged", () => {
  it("is hashed from its stamp only when size, inode and times are as recorded and it changed well before: an edit that keeps its size and puts its modification time back is still seen", async () => {
    const { folder, content } = await copyOfGenerated("incremental-stamps");
    const incremental = path.join(folder, "incremental", "dist");
    const file = path.join(content, "answers", FIRST);
    // A whole second, so that it can be put back exactly.
    await utimes(file, 1_700_000_000, 1_700_000_000);
    // The cache dates its hashing a second late: every change time, the one just set included, is then well before
    // it, as after a pause (a change time is the kernel's now, which no one can set).
    const cache = await BuildCache.open(content, incremental, path.join(folder, "cache"), () => Date.now() + 1000);
    let { stats } = await compareWithClean(content, incremental, cache, path.join(folder, "clean-0"));
    expect(stats.parsed.read).toBe(stats.parsed.hits + stats.parsed.misses);
    // Untouched files are not read again to be hashed, nor parsed again.
    ({ stats } = await compareWithClean(content, incremental, cache, path.join(folder, "clean-1")));
    expect([stats.parsed.read, stats.parsed.misses]).toEqual([0, 0]);

    // The same number of bytes, the modification time put back: only the change time (which no one can set) moved.
    const before = await stat(file);
    const text = await readFile(file, "utf8");
    const edited = text.replace("## Synthetic answer", "## SYNTHETIC answer");
    expect(Buffer.byteLength(edited)).toBe(Buffer.byteLength(text));
    await writeFile(file, edited);
    await utimes(file, before.atime, before.mtime);
    expect((await stat(file)).mtimeMs).toBe(before.mtimeMs);
    ({ stats } = await compareWithClean(content, incremental, cache, path.join(folder, "clean-2")));
    expect([stats.parsed.read, stats.parsed.misses, stats.rendered.misses]).toEqual([1, 1, 1]);
    expect(await readFile(path.join(incremental, "api", "v1", "answers", FIRST), "utf8")).toContain(
      "## SYNTHETIC answer",
    );

    // Hashed no later than the margin after a file's change (a save in the same tick as the hashing, as git's racy
    // entries): its stamp proves nothing, and it is read again at every build.
    const racy = await BuildCache.open(content, incremental, path.join(folder, "cache-racy"), () => 0);
    await compareWithClean(content, incremental, racy, path.join(folder, "clean-3"));
    ({ stats } = await compareWithClean(content, incremental, racy, path.join(folder, "clean-4")));
    expect(stats.parsed.read).toBeGreaterThan(20);
    expect(stats.parsed.read).toBe(stats.parsed.hits + stats.parsed.misses);
  });
});

describe("the parses kept for the next build", () => {
  it("are written whole again once many were added or are no longer used, without those no file has, and then read alone", async () => {
    const { folder, content } = await copyOfGenerated("incremental-parses");
    const outDir = path.join(folder, "dist");
    const cacheRoot = path.join(folder, "cache");
    const buildAgain = async () => {
      const cache = await BuildCache.open(content, outDir, cacheRoot);
      expect((await build(content, outDir, { cache, sourceDateEpoch: EPOCH })).ok).toBe(true);
      return { cache, whole: sha256Of(await readFile(path.join(cache.folder, "parsed.bin"))) };
    };
    const first = await buildAgain();
    // Every file edited: more parses added, and more unused, than are ever written beside parsed.bin (64).
    const files = (await readdir(content, { recursive: true })).filter((name) => /\.(yaml|md)$/.test(name));
    expect(files.length).toBeGreaterThan(32);
    for (const name of files) await appendFile(path.join(content, name), name.endsWith(".md") ? "\n" : "\n# edited\n");
    const edited = await buildAgain();
    expect(edited.cache.stats.parsed.misses).toBe(files.length);
    expect(edited.whole).not.toBe(first.whole);
    const kept = await readCheckedMap(path.join(edited.cache.folder, "parsed.bin"), await buildCodeVersion());
    expect(kept.found && kept.map.size).toBe(edited.cache.stats.parsed.hits + edited.cache.stats.parsed.misses);
    await rm(path.join(edited.cache.folder, "parsed-added.bin"), { force: true });
    const again = await buildAgain();
    expect(again.cache.stats.parsed.misses).toBe(0);
    expect(again.whole).toBe(edited.whole);
  });
});

describe("a content file hashed by a build that then failed", () => {
  it("is not read again by the next build: a build keeps its hashing once every file is loaded, whatever its checks find after", async () => {
    const { folder, content } = await copyOfGenerated("incremental-failed-stamps");
    const incremental = path.join(folder, "incremental", "dist");
    // Opened afresh for each build, as by a new npm run build; dated a second late, as in the test above.
    const open = () => BuildCache.open(content, incremental, path.join(folder, "cache"), () => Date.now() + 1000);
    expect((await build(content, incremental, { cache: await open(), sourceDateEpoch: EPOCH })).ok).toBe(true);

    const edited = path.join(content, "answers", FIRST);
    const broken = path.join(content, "answers", SECOND);
    const original = await readFile(broken, "utf8");
    await appendFile(edited, "\nOne more sentence.\n");
    await writeFile(broken, original.replace(/^slug: .*$/m, "slug: not-its-file-name"));
    const failed = await open();
    expect((await build(content, incremental, { cache: failed, sourceDateEpoch: EPOCH })).ok).toBe(false);
    expect(failed.stats.parsed.read).toBe(2);

    await writeFile(broken, original);
    const { ok, stats } = await compareWithClean(content, incremental, await open(), path.join(folder, "clean"));
    expect(ok).toBe(true);
    // Only the file mended: the one edited before the failed build was hashed by it.
    expect(stats.parsed.read).toBe(1);
  });

  it("is saved by the time the build resolves, though a small build checks its content while the cache writes", async () => {
    const { folder, content } = await copyOfGenerated("incremental-saved-on-resolve");
    const cache = await BuildCache.open(content, path.join(folder, "dist"), path.join(folder, "cache"));
    await writeFile(path.join(content, "answers", SECOND), "---\nslug: broken\n---\n");
    expect((await build(content, path.join(folder, "dist"), { cache, sourceDateEpoch: EPOCH })).ok).toBe(false);
    const names = await readdir(cache.folder);
    expect(names).toEqual(expect.arrayContaining(["parsed.bin", "stamps.bin"]));
    expect(names.filter((name) => name.endsWith(".tmp"))).toEqual([]);
  });
});

describe("an answer saved while the build runs", () => {
  it("is refused at render time, so that no output (nor cache entry) is made of a body other than the one loaded", async () => {
    const { content } = await copyOfGenerated("render-race");
    const file = path.join(content, "answers", FIRST);
    const loaded = parseContentFile("answer", `answers/${FIRST}`, await readFile(file), file);
    if ("diagnostics" in loaded || !loaded.body) throw new Error("the generated answer does not parse");
    const job = {
      data: loaded.data as AnswerFrontMatter,
      body: loaded.body.source,
      bodyDigest: loaded.body.digest,
      position: 200,
      relatedTitles: [],
    };
    const context = { register: new Map(), pageSize: 100 };
    // The file as saved between the load stage and the render.
    const saved = async () =>
      Buffer.from(
        (await readFile(file, "utf8")).replace("## Synthetic answer", "## Saved meanwhile. Synthetic answer"),
      );
    const error = await renderAnswerParts(job, context, saved, PRODUCTS).catch((error: unknown) => error);
    expect((error as Error).message).toBe(`${file} changed while the build ran`);
    // The dev loop knows it by its message alone, all that comes back from a build thread: it builds the newer save.
    expect(fileChangedWhileBuilding(new Error((error as Error).message))).toBe(file);
  });
});

describe("the cache's folder", () => {
  it("keeps the 8 builds' caches used last and forgets older ones, but nothing else that is there", async () => {
    const root = await temporaryFolder("cache-root");
    const theirs = ["notes.txt", "photos-0123456789abcdef", "data"];
    await writeFile(path.join(root, theirs[0]!), "someone's");
    await mkdir(path.join(root, theirs[1]!, "inside"), { recursive: true });
    await mkdir(path.join(root, theirs[2]!));
    const opened: string[] = [];
    for (let at = 0; at < 11; at++)
      opened.push((await BuildCache.open(SHIPPED_CONTENT, `/tmp/out-${at}`, root)).folder);
    const left = await readdir(root);
    expect(theirs.every((name) => left.includes(name))).toBe(true);
    expect(left.filter((name) => /^out-\d+-[0-9a-f]{16}$/.test(name))).toHaveLength(8);
    expect(left).toContain(path.basename(opened.at(-1)!));
  });
});

describe("the previous output's files an incremental build keeps", () => {
  it("are hard-linked into the stage, past the first few on a thread of their own, and a link not made fails the build with its path", async () => {
    const root = await temporaryFolder("links");
    const [from, to] = [path.join(root, "from"), path.join(root, "to")];
    await mkdir(from);
    await mkdir(to);
    // Both ways: 16 linked on this thread, then batches of 64 on the linking thread.
    const sizes = { here: 16, batch: 64 };
    const names = Array.from({ length: 300 }, (_, at) => `${at}.json`);
    for (const name of names) writeFileSync(path.join(from, name), name);
    const links = new FileLinks(sizes);
    for (const name of names) links.link(path.join(from, name), path.join(to, name), `/api/v1/answers/${name}`);
    await links.done();
    for (const name of [names[0]!, names[150]!, names.at(-1)!]) {
      const [source, target] = [statSync(path.join(from, name)), statSync(path.join(to, name))];
      expect([target.ino, target.nlink]).toEqual([source.ino, 2]);
    }
    expect(readdirSync(to)).toHaveLength(names.length);

    // A file that went from the previous output meanwhile, here and on the thread: named, whichever way it went.
    for (const missing of [10, 250]) {
      const again = new FileLinks(sizes);
      await rm(path.join(from, names[missing]!));
      for (const name of names)
        again.link(path.join(from, name), path.join(root, `again-${missing}-${name}`), `/${name}`);
      await expect(again.done()).rejects.toThrow(
        `/${names[missing]} of the previous output changed while this build read it: build again`,
      );
      writeFileSync(path.join(from, names[missing]!), names[missing]!);
    }
  });
});
