/**
 * The incremental build against a clean one: helpers for test/incremental-build.test.ts and the longer random walk
 * of test/full/incremental-random.test.ts.
 */
import { existsSync, lstatSync, readFileSync } from "node:fs";
import { appendFile, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { expect } from "vitest";
import { parseDocument, parse as parseYaml } from "yaml";
import { BuildCache } from "../../build/engine/cache/build-cache.ts";
import { parseYamlSubset } from "../../build/content/load/yaml-subset.ts";
import { seededRandom } from "../../build/tools/synthetic/seeded-random.ts";
import { compileContent, prepareInMemory, writeCompiled } from "../../build/engine/run/pipeline.ts";
import { build, copyOfShipped, readTreeDigests } from "./build-helpers.ts";
import { BUILD_TASK_SET, type BuildWorkers } from "../../build/engine/workers/build-tasks.ts";
import { WorkerPool } from "../../build/engine/workers/worker-pool.ts";

export const EPOCH = 1_763_683_200;

/**
 * How the incremental build is made: as `npm run build` makes it, or as the dev loop does (in memory with the
 * rendered answers kept there between builds, its products run when wanted, then written as the output).
 */
export type IncrementalWay = "build" | "dev";

async function buildIncrementally(
  content: string,
  outDir: string,
  cache: BuildCache,
  threads: BuildWorkers | undefined,
  way: IncrementalWay,
) {
  // Without threads, none: a build of the shipped content would start none either.
  const workers = threads ? { threads } : { workers: 0 };
  if (way === "build") return build(content, outDir, { cache, sourceDateEpoch: EPOCH, ...workers });
  cache.startBuild();
  let complete = false;
  try {
    const prepared = await prepareInMemory({ contentDir: content, outDir, cache, sourceDateEpoch: EPOCH, ...workers });
    if (!prepared.ok) return prepared;
    // A file or two asked for first, as a request would: their products run before the rest.
    await prepared.site.file("/api/v1/index.json");
    await prepared.site.file("/_headers");
    const completed = (await prepared.site.complete())!;
    await writeCompiled(outDir, completed.files, completed.digests, cache);
    complete = true;
    return { ok: true as const };
  } finally {
    await cache.finishBuild(complete);
  }
}

/** An output built incrementally, with its own cache, the way `way` says. */
export interface IncrementalTarget {
  incremental: string;
  cache: BuildCache;
  /** Threads to parse and render on (kept across builds, as a dev loop keeps them); none by default. */
  threads?: BuildWorkers;
  way?: IncrementalWay;
}

export type Compared = { ok: boolean; stats: BuildCache["stats"] };

/**
 * Incremental builds of the same content (one per target) and one clean build, each compared with it; returns each
 * incremental build's outcome and cache stats, in the targets' order.
 */
export async function compareAllWithClean(
  content: string,
  targets: readonly IncrementalTarget[],
  clean: string,
): Promise<Compared[]> {
  const results: Array<{ before: Map<string, string>; fast: Awaited<ReturnType<typeof buildIncrementally>> }> = [];
  for (const { incremental, cache, threads, way = "build" } of targets) {
    const before = await readTreeDigests(incremental).catch(() => new Map<string, string>());
    results.push({ before, fast: await buildIncrementally(content, incremental, cache, threads, way) });
  }
  const { full, cleanDigests } = await cleanBuildOf(content, clean);
  const compared: Compared[] = [];
  for (const [at, { incremental, cache }] of targets.entries()) {
    const { before, fast } = results[at]!;
    expect(fast.ok, "the incremental build succeeds exactly when a clean build does").toBe(full.ok);
    if (!fast.ok || !full.ok) {
      expect(fast.ok ? [] : fast.diagnostics).toEqual(full.ok ? [] : full.diagnostics);
      expect(
        await readTreeDigests(incremental).catch(() => new Map<string, string>()),
        "a broken build leaves the incremental output as it was",
      ).toEqual(before);
      compared.push({ ok: false, stats: cache.stats });
      continue;
    }
    expect(await readTreeDigests(incremental)).toEqual(cleanDigests);
    expect(await fileModes(incremental), "every file has the mode a clean build gives it").toEqual(
      new Set([(0o666 & ~process.umask()).toString(8)]),
    );
    compared.push({ ok: true, stats: structuredClone(cache.stats) });
  }
  return compared;
}

/**
 * The modes of the files under `root` (a link keeps its file's mode, which a clean build would not give it). Read
 * with blocking calls, as the test helpers read trees: after every build compared.
 */
async function fileModes(root: string): Promise<Set<string>> {
  const modes = new Set<string>();
  for (const name of await readdir(root, { recursive: true })) {
    const stats = lstatSync(path.join(root, name));
    if (stats.isFile()) modes.add((stats.mode & 0o777).toString(8));
  }
  return modes;
}

/**
 * The digests of the files a clean build of the content writes, made in memory (writing the clean build and reading
 * it back proved nothing more, at a second a step). Kept by the content's bytes for the rest of the run: a clean
 * build is a function of them (build-output.test.ts holds two builds in different folders to the same bytes), and the
 * tests here come back to the same content often (a step that changes nothing, the shipped content each test starts
 * from): more than a third of this file's clean builds were of content already built.
 */
async function cleanBuildOf(content: string, clean: string) {
  const contentDigests = JSON.stringify([...(await readTreeDigests(content))]);
  const known = cleanBuilds.get(contentDigests);
  if (known) return { full: { ok: true as const }, cleanDigests: known };
  const full = await compileContent({ contentDir: content, outDir: clean, sourceDateEpoch: EPOCH });
  if (!full.ok) return { full, cleanDigests: undefined };
  const cleanDigests = new Map(
    [...full.digests]
      .map(([urlPath, digest]): [string, string] => [urlPath.slice(1), digest])
      .sort(([a], [b]) => (a < b ? -1 : 1)),
  );
  cleanBuilds.set(contentDigests, cleanDigests);
  return { full, cleanDigests };
}
const cleanBuilds = new Map<string, Map<string, string>>();

/** An incremental build and a clean one of the same content, compared; returns the incremental build's cache stats. */
export async function compareWithClean(
  content: string,
  incremental: string,
  cache: BuildCache,
  clean: string,
  way: IncrementalWay = "build",
): Promise<Compared> {
  return (await compareAllWithClean(content, [{ incremental, cache, way }], clean))[0]!;
}

export const answerFiles = async (content: string) =>
  (await readdir(path.join(content, "answers"))).filter((name) => name.endsWith(".md")).sort();

/** Rewrites the `related: [...]` line of every answer with `change`. */
export async function rewriteRelated(content: string, change: (slugs: string[]) => string[]): Promise<void> {
  for (const name of await answerFiles(content)) {
    const file = path.join(content, "answers", name);
    const text = await readFile(file, "utf8");
    const next = text.replace(
      /^related: \[(.*)\]$/m,
      (_, list: string) =>
        `related: [${change(
          list
            .split(",")
            .map((slug) => slug.trim())
            .filter(Boolean),
        ).join(", ")}]`,
    );
    if (next !== text) await writeFile(file, next);
  }
}

/**
 * The claim audit names the file its claims are in: when an answer is renamed or deleted, its audit moves or goes
 * with it, as an author would do (an audit naming a file that is gone is an error of its own).
 */
async function moveAudit(content: string, from: string, to: string | null): Promise<void> {
  const folder = path.join(content, "audit");
  for (const name of await readdir(folder)) {
    const file = path.join(folder, name);
    const text = readFileSync(file, "utf8");
    if (!text.split("\n").includes(`file: answers/${from}`)) continue;
    if (to === null) await rm(file);
    else {
      // Renamed after the answer too, as the build asks (audit/file-name).
      await writeFile(file, text.replace(/^file: .*$/m, `file: answers/${to}`));
      await rename(file, path.join(folder, `answer-${to.replace(/\.md$/, "")}.yaml`));
    }
  }
  if (to === null) await restateAuditSummary(content);
}

/** A copy of an answer's audit for a copy of the answer, the audit's figures counted again. */
async function copyAudit(content: string, from: string, to: string): Promise<void> {
  const folder = path.join(content, "audit");
  for (const name of await readdir(folder)) {
    const text = readFileSync(path.join(folder, name), "utf8");
    if (!text.split("\n").includes(`file: answers/${from}`)) continue;
    await writeFile(
      path.join(folder, `answer-${to.replace(/\.md$/, "")}.yaml`),
      text.replace(/^file: .*$/m, `file: answers/${to}`),
    );
    await restateAuditSummary(content);
  }
}

/**
 * The answers no other answer's body links to: an author renaming or deleting a linked one would also rewrite the
 * sentences that link it, and check their claims again (the audit quotes them with their links).
 */
async function unlinkedAnswers(content: string): Promise<string[]> {
  const names = await answerFiles(content);
  const bodies = names.map((name) => readFileSync(path.join(content, "answers", name), "utf8"));
  return names.filter((name) => !bodies.some((body) => body.includes(`](/api/v1/answers/${name.slice(0, -3)}.`)));
}

/**
 * Appends a cited sentence to an answer with its entry in the answer's claim audit, as an author does (a claim no
 * entry quotes is audit/claim-not-quoted), and counts the audit's figures again; content with no audit of the
 * answer gets the sentence alone.
 */
export async function appendAuditedSentence(content: string, name: string, sentence: string): Promise<void> {
  await appendFile(path.join(content, "answers", name), `\n${sentence}\n`);
  const audit = path.join(content, "audit", `answer-${name.slice(0, -3)}.yaml`);
  if (!existsSync(audit)) return;
  const ids = [...sentence.matchAll(/@([a-z0-9-]+)/g)].map((match) => match[1]!);
  await appendFile(
    audit,
    `- line: 1\n  claim: ${JSON.stringify(sentence)}\n  sources:\n${ids.map((id) => `  - ${id}\n`).join("")}` +
      `  source_says: "What the sentence says."\n  verdict: supported\n  checked: 2026-11-28\n`,
  );
  await restateAuditSummary(content);
}

/** The disclosure states the audit's figures: with an audit file gone, they are counted again. */
async function restateAuditSummary(content: string): Promise<void> {
  const entries: Array<{ verdict: string; defect?: string; checked: string }> = [];
  for (const name of await readdir(path.join(content, "audit"))) {
    // The build's fast path (held to `yaml`'s data by yaml-fast-path.test.ts): `yaml` took 2 s of a walk.
    const text = readFileSync(path.join(content, "audit", name), "utf8");
    const audit = (parseYamlSubset(text)?.data ?? parseYaml(text)) as { entries: typeof entries };
    entries.push(...audit.entries);
  }
  const defects = entries.filter((entry) => entry.verdict !== "supported");
  const found = new Map<string, number>();
  for (const entry of defects) found.set(entry.defect!, (found.get(entry.defect!) ?? 0) + 1);
  const file = path.join(content, "disclosure.yaml");
  const disclosure = parseDocument(await readFile(file, "utf8"));
  const latest = entries
    .map((entry) => String(entry.checked))
    .sort()
    .at(-1);
  if (latest) disclosure.setIn(["claim_audit", "date"], latest);
  disclosure.setIn(["claim_audit", "claims_checked"], entries.length);
  disclosure.setIn(["claim_audit", "defects_found"], defects.length);
  disclosure.setIn(["claim_audit", "defects_mended"], defects.length);
  disclosure.setIn(
    ["claim_audit", "by_kind"],
    [...found].map(([kind, count]) => ({ kind, found: count, mended: count })),
  );
  await writeFile(file, disclosure.toString());
}

/**
 * `steps` steps of seeded random edits, renames, deletions, additions and breakages of a copy of the shipped
 * content, each followed by an incremental build in each of `ways` (an output and a cache each), compared with one
 * clean build. Returns each way's outcomes and the steps taken (`of(way)`), for the caller's expectations.
 */
export async function randomEdits(
  seed: number,
  steps: number,
  ways: readonly IncrementalWay[] = ["build"],
  pageSize?: number,
) {
  const { folder, content } = await copyOfShipped(`incremental-random-${steps}`);
  if (pageSize !== undefined) await setPageSize(content, pageSize);
  // Each way its own output and cache, both compared with one clean build a step.
  const targets: IncrementalTarget[] = [];
  for (const way of ways) {
    const incremental = path.join(folder, `incremental-${way}`, "dist");
    const cache = await BuildCache.open(content, incremental, path.join(folder, `cache-${way}`));
    if (way === "dev") cache.keepInMemory();
    targets.push({ incremental, cache, way });
  }
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  const stepsTaken: string[] = [];
  const broken = new Map<string, string>();

  const operations: Record<string, () => Promise<string>> = {
    "edit a body": async () => {
      const name = pick(await answerFiles(content));
      await appendAuditedSentence(
        content,
        name,
        `A sentence added by step ${stepsTaken.length} [@${await firstSourceOf(content, name)}].`,
      );
      return name;
    },
    "retitle an answer (others show its title)": async () => {
      const name = pick(await answerFiles(content));
      const file = path.join(content, "answers", name);
      await writeFile(
        file,
        (await readFile(file, "utf8")).replace(
          /^title: (.*)$/m,
          (_, title: string) => `title: ${title} (step ${stepsTaken.length})`,
        ),
      );
      return name;
    },
    "retitle a source (answers cite it)": async () => {
      const file = path.join(content, "sources.yaml");
      const lines = (await readFile(file, "utf8")).split("\n");
      const titles = lines.flatMap((line, at) => (/^\s+title: [A-Za-z][^#]*$/.test(line) ? [at] : []));
      const at = pick(titles);
      lines[at] = `${lines[at]} (step ${stepsTaken.length})`;
      await writeFile(file, lines.join("\n"));
      return lines[at]!.trim();
    },
    "rename an answer": async () => {
      const names = await unlinkedAnswers(content);
      if (names.length === 0) return "(kept: every answer is linked from another's body)";
      const name = pick(names);
      const slug = name.slice(0, -3);
      const renamed = `${slug.replace(/-r\d+$/, "")}-r${stepsTaken.length}`;
      const file = path.join(content, "answers", name);
      await writeFile(file, (await readFile(file, "utf8")).replace(/^slug: .*$/m, `slug: ${renamed}`));
      await rename(file, path.join(content, "answers", `${renamed}.md`));
      await moveAudit(content, name, `${renamed}.md`);
      await rewriteRelated(content, (slugs) => slugs.map((related) => (related === slug ? renamed : related)));
      return `${slug} → ${renamed}`;
    },
    "delete an answer": async () => {
      if ((await answerFiles(content)).length <= 12) return "(kept: few answers left)";
      const names = await unlinkedAnswers(content);
      if (names.length === 0) return "(kept: every answer is linked from another's body)";
      const name = pick(names);
      await rm(path.join(content, "answers", name));
      await moveAudit(content, name, null);
      await rewriteRelated(content, (slugs) => slugs.filter((related) => related !== name.slice(0, -3)));
      return name;
    },
    "add an answer": async () => {
      const name = pick(await answerFiles(content));
      const slug = `added-${stepsTaken.length}`;
      const text = (await readFile(path.join(content, "answers", name), "utf8"))
        .replace(/^slug: .*$/m, `slug: ${slug}`)
        .replace(/^title: (.*)$/m, "title: $1 (a copy)")
        // Two answers asking one question are refused (answer/same-question).
        .replace(/^question: (.*?)\??$/m, "question: $1 (a copy)?");
      await writeFile(path.join(content, "answers", `${slug}.md`), text);
      // Its claims come with it, checked as the original's were (a claim of absence needs its recorded search).
      await copyAudit(content, name, `${slug}.md`);
      return `${slug} from ${name}`;
    },
    "break a file": async () => {
      const name = pick((await answerFiles(content)).filter((candidate) => !broken.has(candidate)));
      const file = path.join(content, "answers", name);
      const text = await readFile(file, "utf8");
      broken.set(name, text);
      await writeFile(file, text.replace(/^summary: /m, "summary: [unclosed "));
      return name;
    },
    "rebuild unchanged": async () => "",
  };
  const names = Object.keys(operations);
  const outcomes: Compared[][] = [await compareAllWithClean(content, targets, path.join(folder, "clean-0"))];
  // One thread kept across the walk, as a dev loop keeps its threads: a pool started for each build cost a third of
  // a second of each step that used it.
  const threads = new WorkerPool(BUILD_TASK_SET, 1, 0);
  try {
    for (let step = 1; step <= steps; step++) {
      // A broken file is mended now and then, as an author does.
      for (const [name, text] of broken) {
        if (random() < 0.6 && (await readdir(path.join(content, "answers"))).includes(name)) {
          await writeFile(path.join(content, "answers", name), text);
          broken.delete(name);
          stepsTaken.push(`mend ${name}`);
        }
      }
      for (let count = 1 + Math.floor(random() * 2); count > 0; count--) {
        const operation = pick(names);
        // Breakages are rarer, so that most steps build.
        if (operation === "break a file" && random() < 0.5) continue;
        stepsTaken.push(`${operation}: ${await operations[operation]!()}`);
      }
      // The disclosure says how many answers were audited, as an editor adding or deleting one writes it.
      await stateAnswerCount(content);
      // Every other step parses and renders what the cache lacks on a worker thread (the bytes it hashed go with them).
      const onThreads = step % 2 === 1 ? threads : undefined;
      outcomes.push(
        await compareAllWithClean(
          content,
          targets.map((target) => ({ ...target, threads: onThreads })),
          path.join(folder, `clean-${step}`),
        ),
      );
    }
    expect(threads.running, "the walk's odd steps parsed and rendered on the thread").toBe(1);
  } finally {
    await threads.close();
  }
  // Each way's outcomes, step by step.
  const of = (way: IncrementalWay) => ({
    outcomes: outcomes.map((step) => step[ways.indexOf(way)]!),
    steps: stepsTaken,
  });
  return { of };
}

/** Writes the number of answers the content holds where the disclosure's audit summary states it. */
async function stateAnswerCount(content: string): Promise<void> {
  const file = path.join(content, "disclosure.yaml");
  const count = (await answerFiles(content)).length;
  const text = await readFile(file, "utf8");
  const stated = text.replace(/\bof the \d+ answers\b/, `of the ${count} answers`);
  // Written only when it changes: a file written again unchanged is another step than the walk's.
  if (stated !== text) await writeFile(file, stated);
}

/**
 * Sets the content's page size: the shipped content's 20 answers fit on its first page, whose answers an
 * incremental build never splices from the last output (the home page reads them), so that a walk over pages of a
 * few answers is what exercises the splicing.
 */
export async function setPageSize(content: string, pageSize: number): Promise<void> {
  const file = path.join(content, "site.yaml");
  await writeFile(file, (await readFile(file, "utf8")).replace(/^page_size: \d+$/m, `page_size: ${pageSize}`));
}

/** The first source an answer cites, so that an added sentence can cite one (the rules ask every paragraph to). */
export async function firstSourceOf(content: string, name: string): Promise<string> {
  const text = await readFile(path.join(content, "answers", name), "utf8");
  return /^sources: \[([^,\]]+)/m.exec(text)![1]!.trim();
}

/**
 * What a random walk must have exercised for its comparisons to mean something: builds that succeeded (`built`
 * at least), one that failed, builds after the first that reused rendered answers and linked unchanged files
 * (`reused` at least), and one that rendered something again.
 */
export function expectIncrementalPathsExercised(
  { outcomes, steps }: { outcomes: readonly Compared[]; steps: readonly string[] },
  least: { built: number; reused: number; spliced?: number },
): void {
  const built = outcomes.filter((outcome) => outcome.ok);
  expect(built.length, steps.join("\n")).toBeGreaterThanOrEqual(least.built);
  expect(
    outcomes.some((outcome) => !outcome.ok),
    steps.join("\n"),
  ).toBe(true);
  expect(
    built.slice(1).filter((outcome) => outcome.stats.rendered.hits > 0 && outcome.stats.output.linked > 0).length,
  ).toBeGreaterThanOrEqual(least.reused);
  expect(built.slice(1).some((outcome) => outcome.stats.rendered.misses > 0)).toBe(true);
  // Builds that took unchanged answers from the last output by their byte ranges (output/answer-pieces.ts).
  expect(
    built.slice(1).filter((outcome) => outcome.stats.rendered.replayed > 0).length,
    steps.join("\n"),
  ).toBeGreaterThanOrEqual(least.spliced ?? 0);
}
