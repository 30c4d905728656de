/**
 * The authoring loop behind `npm run dev`: an incremental build (build/engine/cache/) now and after every save in the
 * content or the schemas, one at a time (a save during a rebuild queues one more, however many saves come).
 * Each build is made in memory and served from there (`served`) as soon as it is complete, with the rendered
 * answers kept in memory between builds; dist/ is written after, as `npm run build` would write it, unless another
 * save is already waiting. A build with content problems prints them and changes nothing, so the last good output
 * stays live; the next good build says the problems are fixed. One line per rebuild says what changed, what was
 * done again and how long it took.
 */
import path from "node:path";
import { BuildCache } from "../../engine/cache/build-cache.ts";
import { describeOutput, describeWork } from "../../engine/cache/describe-reuse.ts";
import type { BuildOptions } from "../../engine/run/context.ts";
import type { LazySite } from "../../engine/run/lazy-site.ts";
import { formatDiagnostics } from "../../content/diagnostics/format-diagnostics.ts";
import type { Diagnostic } from "../../content/diagnostics/diagnostic.ts";
import { prepareInMemory, runBuild, writeCompiled } from "../../engine/run/pipeline.ts";
import { CONTENT_LAYOUT } from "../../content/load/layout.ts";
import { fileChangedWhileBuilding } from "../../content/load/answer-body.ts";
import { MemoryFiles } from "../../serve/server/memory-files.ts";
import { StaticFiles } from "../../serve/server/static-files.ts";
import { loadSchemaRegistry, SCHEMAS_DIR, type SchemaRegistry } from "../../content/schemas/schema-registry.ts";
import { ContentWalk, isLitterName, type WalkedEntry } from "../../content/load/content-walk.ts";
import { isInside } from "../../content/load/command-line.ts";
import { collectGarbageAfter } from "../../engine/workers/collect-garbage.ts";
import { watchFolders, type ChangeWatcher } from "./change-watcher.ts";

export interface DevLoopOptions {
  build: BuildOptions;
  /** Folders whose changes start a rebuild: the content and the schemas. */
  watch: readonly string[];
  /** Where the loop's lines go (one per rebuild, and the diagnostics of a broken one). */
  print: (text: string) => void;
  /** Builds are made and served in memory up to this many answers (IN_MEMORY_ANSWERS), else written to dist/ first. */
  inMemoryAnswers?: number;
}

export class DevLoop {
  private watcher: ChangeWatcher | undefined;
  private running: Promise<void> | undefined;
  private queued: string[] | undefined;
  /**
   * The builds served from memory, this one and those before it that runs may still be under way in (a request's):
   * all held while the next build is made (LazySite.supersede).
   */
  private sites: Array<WeakRef<LazySite>> = [];
  /** Loaded once, and again after a change under schemas/. */
  private schemas: Promise<SchemaRegistry> | undefined;
  /** How many builds finished (good or not): the tests wait on it. */
  builds = 0;
  last: DevBuildResult | undefined;
  /** What the server answers from: the last good build, in memory (dist/ until there is one). */
  readonly served: MemoryFiles;
  /** The content folder's walk, kept between builds: after a save only the paths the watcher named are looked at. */
  private readonly walk: ContentWalk;

  private constructor(
    private readonly options: DevLoopOptions,
    private readonly cache: BuildCache,
  ) {
    this.served = new MemoryFiles(new StaticFiles(options.build.outDir), path.join(cache.folder, "served"));
    this.walk = new ContentWalk(options.build.contentDir);
  }

  /** Builds once, then watches. Resolves after the first build, whatever its outcome. */
  static async start(options: DevLoopOptions): Promise<DevLoop> {
    const cache = options.build.cache ?? (await BuildCache.open(options.build.contentDir, options.build.outDir));
    const loop = new DevLoop(options, cache);
    await loop.rebuild([]);
    loop.watcher = watchFolders(options.watch, (changed) => loop.request(changed), {
      onError: (error) => options.print(`dev: watching failed: ${error.message}\n`),
    });
    // Served from memory (not from dist/, as a content too large to hold is).
    if (loop.cache.answers.keeping && loop.last?.ok) {
      loop.running = loop.rehearse().finally(() => loop.next());
      await loop.running;
      // The first build's garbage, and the rehearsal's, collected now rather than in the first saves.
      collectGarbageAfter(countAnswers(await loop.walk.entries()));
    }
    return loop;
  }

  /**
   * The path of a save, up to the build it would serve, taken once with nothing changed: V8 compiles it now rather
   * than in the author's first saves (at 10,000 answers those took some 330-450 ms from the save until the API
   * served it, and 200-250 ms once warm). Nothing is served or written: a save meanwhile waits for it, as for a build.
   */
  private async rehearse(): Promise<void> {
    this.cache.startBuild();
    await prepareInMemory({
      ...this.options.build,
      cache: this.cache,
      schemas: await this.schemas,
      walk: this.walk,
    }).catch(() => undefined);
    await this.cache.finishBuild(false);
  }

  /** A rebuild for these changes: now, or after the one running (queued changes merge into one rebuild). */
  request(given: string[]): void {
    // An editor's autosave or backup alone (#name#, name~) is no change of the content: nothing to build.
    const changed = given.filter((file) => !isLitterName(path.basename(file)));
    if (given.length > 0 && changed.length === 0) return;
    // Told at once, not when the build starts: a build under way that has not walked yet sees it too.
    this.walk.changed(changed);
    if (this.running) {
      this.queued = [...(this.queued ?? []), ...changed];
      // The build served now stops making the rest of itself, and waits while the next is made.
      this.holdSites();
      return;
    }
    void this.rebuild(changed);
  }

  /** Resolves when no rebuild is running or queued. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  async close(): Promise<void> {
    this.watcher?.close();
    this.queued = undefined;
    await this.idle();
  }

  private holdSites(): void {
    this.sites = this.sites.filter((reference) => {
      const site = reference.deref();
      site?.supersede();
      return site !== undefined;
    });
  }

  private resumeSites(): void {
    for (const site of this.sites) site.deref()?.resume();
  }

  private rebuild(changed: string[]): Promise<void> {
    this.running = this.buildOnce(changed).finally(() => this.next());
    return this.running;
  }

  /** The queued changes built, now that no build runs. */
  private next(): void {
    this.running = undefined;
    const next = this.queued;
    this.queued = undefined;
    if (next) void this.rebuild(next);
  }

  private async buildOnce(changed: string[]): Promise<void> {
    const { build, print } = this.options;
    const started = performance.now();
    const what = changed.length === 0 ? "first build" : describeChanges(changed);
    let result: DevBuildResult;
    let servedMs = 0;
    let written = "";
    // The cache's build is started and finished here for a build in memory (runBuild does it for its own).
    let inMemory = false;
    let complete = false;
    try {
      if (!this.schemas || changed.some((file) => isInside(SCHEMAS_DIR, file))) this.schemas = loadSchemaRegistry();
      const limit = this.options.inMemoryAnswers ?? IN_MEMORY_ANSWERS;
      inMemory = countAnswers(await this.walk.entries()) <= limit;
      this.cache.keepInMemory(inMemory);
      if (!inMemory) {
        // Too large to hold: built into dist/ as npm run build does, and served from there.
        const built = await runBuild({
          ...build,
          cache: this.cache,
          schemas: await this.schemas,
          walk: this.walk,
          serving: true,
        });
        if (built.ok) {
          this.served.unpublish();
          servedMs = Math.round(performance.now() - started);
          written = `; written to dist/ and served from there (over ${limit} answers): ${describeOutput(this.cache.stats)}`;
        }
        result = built.ok ? { ok: true } : built;
      } else {
        this.cache.startBuild();
        const prepared = await prepareInMemory({
          ...build,
          cache: this.cache,
          schemas: await this.schemas,
          walk: this.walk,
        }).finally(() => this.resumeSites());
        if (prepared.ok) {
          // Served now: each product runs when a file of it is first asked for.
          this.served.publish(prepared.site);
          this.sites.push(new WeakRef(prepared.site));
          // A save that came while it was made is built at once.
          if (this.queued) this.holdSites();
          servedMs = Math.round(performance.now() - started);
          result = { ok: true };
          // Then the rest, product by product with requests let in between (and the requests waiting for the save
          // first: LazySite.settled), and dist/; a save meanwhile stops either (the next build writes dist/), so
          // that the save is not kept waiting.
          const stop = () => this.queued !== undefined;
          const completed = await prepared.site.complete();
          if (completed) {
            try {
              if (await writeCompiled(build.outDir, completed.files, completed.digests, this.cache, stop)) {
                complete = true;
                const ms = Math.round(performance.now() - started - servedMs);
                written = `; the rest made and dist/ written in ${ms} ms: ${describeOutput(this.cache.stats)}`;
              } else written = "; dist/ left to the next build";
            } catch (error) {
              // Served from memory all the same: only dist/ is behind (a full disk), and says so.
              written = `; dist/ not written: ${error instanceof Error ? error.message : String(error)}`;
            }
          } else written = "; the rest and dist/ left to the next build";
        } else result = prepared;
      }
    } catch (error) {
      const saved = fileChangedWhileBuilding(error);
      if (saved !== undefined) {
        // No failure of the content: the file was saved again as it was built, and the newer save is built next
        // (queued now, if the watcher has not yet told it).
        const name = path.relative(process.cwd(), saved);
        print(
          `dev: ${what}: ${what.includes(name) ? "" : `${name} `}saved again while it was built; building the newer save\n`,
        );
        this.builds++;
        if (this.queued === undefined) this.request([saved]);
        return;
      }
      // A failure to build or to write dist/ (a full disk) is said; the last good build stays served.
      print(`dev: ${what}: the build failed: ${error instanceof Error ? error.message : String(error)}\n`);
      this.builds++;
      return;
    } finally {
      // A newer save queued meanwhile is built at once (and resumes the builds held once it is made), and saves the
      // parses itself.
      if (this.queued === undefined) this.resumeSites();
      if (inMemory) await this.cache.finishBuild(complete, this.queued !== undefined);
    }
    // The walk looked again only at what the watcher named: a full walk, now the save is served, catches what it
    // missed (an overflowing queue, a network file system), and builds again for it.
    const missed = this.walk.unverified && this.queued === undefined ? await this.walk.missed() : [];
    const followMissed = () => {
      if (missed.length === 0) return;
      // Saved after the build looked (the watcher's report may still be on its way), or missed by the watcher.
      print(`dev: ${describeChanges(missed)}: changed since the build looked; building again\n`);
      this.request(missed);
    };
    for (const note of this.cache.notes.splice(0)) print(`${note}\n`);
    const previous = this.last;
    this.last = result;
    this.builds++;
    if (!result.ok) {
      const elapsed = Math.round(performance.now() - started);
      print(formatDiagnostics(result.diagnostics, path.relative(process.cwd(), build.contentDir) || "."));
      // A save that is fine while another file is still broken: the summary says where the problems are.
      const saved = new Set(changed.map((file) => path.relative(build.contentDir, file)));
      const inFiles = [...new Set(result.diagnostics.map((diagnostic) => diagnostic.file))];
      const elsewhere = changed.length === 0 ? [] : inFiles.filter((file) => !saved.has(file));
      const where =
        elsewhere.length === 0
          ? ""
          : `, ${elsewhere.length < inFiles.length ? "also " : ""}in ${nameFiles(elsewhere.map((file) => path.join(build.contentDir, file)))}, which this save did not change`;
      // The saved files had problems and have none now: their fix is said, and what is left is elsewhere.
      const fixedHere =
        elsewhere.length === inFiles.length &&
        previous?.ok === false &&
        previous.diagnostics.some((diagnostic) => saved.has(diagnostic.file));
      const count = `${result.diagnostics.length} problem${result.diagnostics.length === 1 ? "" : "s"}`;
      print(
        `dev: ${what}: ${fixedHere ? `fixed; ${count} left` : count}${where} (${elapsed} ms); still serving the last good build\n`,
      );
      followMissed();
      return;
    }
    // The last build's result says whether the content was broken: this one mends it.
    const wasBroken = previous?.ok === false;
    // A fix that puts back what the last good build had writes nothing: that is said, not left to "wrote 0".
    if (wasBroken && (complete || !inMemory) && this.cache.stats.output.written === 0) {
      print(
        `dev: ${what}: fixed, back to the last good build, which stayed served (${servedMs} ms; dist/ unchanged)\n`,
      );
      followMissed();
      return;
    }
    const verb = changed.length === 0 && this.builds === 1 ? "built" : "rebuilt";
    print(
      `dev: ${what}: ${wasBroken ? "fixed; " : ""}${verb} in ${servedMs} ms: ${describeWork(this.cache.stats)}, served${written}\n`,
    );
    followMissed();
  }
}

/**
 * Past this many answers, each build is written to dist/ and served from there, as npm run build writes it: at
 * 10,000 generated answers the loop serving from memory peaks at about 1 GB (the rendered answers kept, the served
 * build's files made of them, and the next build made beside it; build/tools/dev/start.ts says why), where building into
 * dist/ peaked at 400 MB.
 */
export const IN_MEMORY_ANSWERS = 15_000;

/** The answer files in the content folder, counted from its walk without reading them. */
function countAnswers(entries: readonly WalkedEntry[]): number {
  const entry = CONTENT_LAYOUT.find((candidate) => candidate.kind === "answer")!;
  const folder = `${entry.path}/`;
  let count = 0;
  for (const walked of entries)
    if (
      walked.path.startsWith(folder) &&
      walked.path.endsWith(entry.extension) &&
      !walked.path.includes("/", folder.length)
    )
      count++;
  return count;
}

/** A build of the loop: good (and served), or its content's problems. */
export type DevBuildResult = { ok: true } | { ok: false; diagnostics: Diagnostic[] };

/**
 * The changed content and schema files, relative to the working folder, the first three named. An editor's
 * temporary files (no such extension: `sed` and vim names, `.tmp`, `~`) are left out.
 */
function describeChanges(changed: readonly string[]): string {
  const named = changed.filter((file) => /\.(md|ya?ml|json)$/.test(file));
  return named.length === 0 ? "a change" : nameFiles(named);
}

/** Files by their paths from here, the first three of them. */
function nameFiles(files: readonly string[]): string {
  const names = files.map((file) => path.relative(process.cwd(), file) || file);
  return names.length <= 3 ? names.join(", ") : `${names.slice(0, 3).join(", ")} and ${names.length - 3} more`;
}
