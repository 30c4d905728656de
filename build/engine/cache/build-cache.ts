/**
 * The incremental build's cache of per-file work, in artifacts/build-cache/ (git-ignored, beside the benchmark's
 * and the toolchain's generated files; not under node_modules/.cache, because node_modules may be shared by
 * several checkouts or read-only, and a cache belongs to one checkout's build code anyway), one folder per
 * content and output folder pair:
 *
 *   parsed.bin        every content file's parse (front matter, body outline, or its diagnostics), by the
 *                     SHA-256 of the file's bytes, its path and the build code's version; rewritten when it changed
 *   stamps.bin        each content file's size, inode and times when it was last hashed, with its digest: an
 *                     unchanged file is not read again to be hashed (fileDigest says when a stamp is trusted)
 *   answers/KEY.bin   one answer rendered and serialised (its own file, Markdown twin, CSV and NDJSON lines as
 *                     UTF-8 bytes; its search terms and digests), by its front matter, body digest, the titles
 *                     and sources it shows, the page size and the version; written by the thread that
 *                     rendered it (answer-entry.ts)
 *   output.bin        what the live output holds, so that unchanged files are linked (output-record.ts)
 *   pieces.bin        where each answer's bytes lie in the live output, so that an unchanged answer is spliced
 *                     from there (output/answer-pieces.ts), sealed with output.bin
 *   deflated/KEY.bin  the pieces of the ZIP download's NDJSON, deflated, by their bytes (deflated-pieces.ts)
 *
 * Every file carries its own checksum and key (checked-file.ts): a corrupt or stale file is a miss, reported
 * in `notes`, and the work is done again. Entries of answers no longer built are deleted after each build.
 */
import { createHash } from "node:crypto";
import { readFile as readFileCallback } from "node:fs";
import { mkdir, opendir, readdir, rm, stat, utimes } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { canonicalJson } from "../../contract/canonical-json.ts";
import type { AnswerJob, AnswerParts, AnswerRenderContext } from "../products/answer-parts.ts";
import type { ContentFileParse } from "../../content/load/content-file.ts";
import { shareStrings } from "../../content/load/shared-strings.ts";
import type { ValidAnswer } from "../../content/load/valid-content.ts";
import { FILE_CONCURRENCY, mapConcurrently } from "../output/bounded-concurrency.ts";
import type { AnswerPieceRecord } from "../output/answer-pieces.ts";
import type { OutputReuse, PreviousOutput } from "../output/output-reuse.ts";
import type { ContentFileJob } from "../../content/load/content-file.ts";
import { buildCodeVersion } from "../bundles/build-version.ts";
import { restoreAnswerEntry } from "./answer-entry.ts";
import { readCheckedFile, readCheckedMap, type Rejection, writeCheckedMap } from "./checked-file.ts";
import { readPreviousOutput, writeOutputRecord } from "./output-record.ts";
import { DeflatedPieceCache } from "./deflated-pieces.ts";
import { projectRoot } from "../../content/load/project.ts";

const readFile = promisify(readFileCallback);

export const DEFAULT_CACHE_ROOT = path.join(projectRoot(), "artifacts", "build-cache");

/** What one build took from the cache and what it did again. */
export interface CacheStats {
  /** Content files parsed from the cache (hits) and again (misses); and how many were read to be hashed (the rest by their stamps). */
  parsed: { hits: number; misses: number; read: number };
  /** `replayed`: of the hits, those spliced from the last output (AnswerParts.replayed), not read back whole. */
  rendered: { hits: number; misses: number; replayed: number };
  /** Output files linked from the previous output, and written. */
  output: { linked: number; written: number };
  /** The answers rendered again, by slug (at most the first few). */
  renderedSlugs: string[];
}

/** Files read and hashed at a time: at most this many files' bytes are held. */
const PARSE_SLICE = 4000;

const sha256 = (text: string | Uint8Array) => createHash("sha256").update(text).digest("hex");

export class BuildCache implements OutputReuse {
  /** Cache files that were found unusable, said once each: they are ignored, never trusted. */
  readonly notes: string[] = [];
  /** Files found stale since the notes were last empty: the first few said one by one, the rest in one line. */
  private stale: { shown: number; more: number; summary: string | undefined } = {
    shown: 0,
    more: 0,
    summary: undefined,
  };
  stats: CacheStats = emptyStats();
  /** Each content file's stamp and digest when it was last read, by absolute path (stamps.bin). */
  private stamps: Map<string, FileStamp> | undefined;
  /** The same for the files this build found. */
  private newStamps = new Map<string, FileStamp>();
  /** Parses by key: loaded from parsed.bin once, then kept in memory (a dev server builds many times). */
  private parses: Map<string, ContentFileParse> | undefined;
  private parsesChanged = false;
  private usedParseKeys = new Set<string>();
  /** This build's stamps were saved once its content was loaded (contentLoaded). */
  private stampsSaved = false;
  /** What each job a dev loop's kept walk gives again settled to in the build that last parsed it, with keepInMemory (parseFiles). */
  private readonly settled = new WeakMap<ContentFileJob, { key: string; parse: ContentFileParse; stamp: FileStamp }>();
  private usedAnswerKeys = new Set<string>();
  private storedAnswerKeys = new Set<string>();
  /**
   * Rendered answers kept in memory by key, for a process that builds again and again (the dev loop): no entry
   * file is read back and decoded. Undefined unless asked for (keepInMemory); pruned to the last build's keys.
   */
  private remembered: Map<string, AnswerParts> | undefined;
  /** Each answer's key and what it was made from, by its front matter object, with keepInMemory (planRenders). */
  private readonly planned = new WeakMap<
    object,
    {
      body: string;
      pageSize: number;
      want: boolean;
      related: ReadonlyArray<string | null>;
      sources: readonly unknown[];
      key: string;
    }
  >();

  /** The deflated pieces of the ZIP download's largest entry (deflated-pieces.ts). */
  readonly deflatedPieces: DeflatedPieceCache;

  private constructor(
    readonly folder: string,
    private readonly version: string,
    private readonly now: () => number,
  ) {
    this.deflatedPieces = new DeflatedPieceCache(path.join(folder, "deflated"), version, (file, rejected) =>
      this.note(file, rejected),
    );
  }

  /**
   * The cache of builds of `contentDir` into `outDir`, under `root`. `now`: the wall clock in milliseconds that a
   * file's hashing is dated by (Date.now; a test moves it instead of waiting for a file's change time to age).
   */
  static async open(
    contentDir: string,
    outDir: string,
    root = DEFAULT_CACHE_ROOT,
    now: () => number = Date.now,
  ): Promise<BuildCache> {
    const target = sha256(`${path.resolve(contentDir)}\n${path.resolve(outDir)}`).slice(0, 16);
    const folder = path.join(root, `${path.basename(path.resolve(outDir))}-${target}`);
    await mkdir(path.join(folder, "answers"), { recursive: true });
    const used = new Date();
    await utimes(folder, used, used);
    await forgetLeastRecentlyUsed(root, KEPT_TARGETS);
    return new BuildCache(folder, await buildCodeVersion(), now);
  }

  /** Values made from objects parsed before in this process, by the object and what was made (remember). */
  private readonly madeFrom = new WeakMap<object, Map<string, unknown>>();

  /**
   * A value made from content parsed before in this process (the same object: a dev loop's unchanged files), kept
   * with it, by `kind` (which names everything else it was made from); made each time without keepInMemory. `make`
   * is given `argument`, so that a caller in a loop need not make a closure per item.
   */
  remember<T, A = undefined>(object: object, kind: string, make: (argument: A) => T, argument?: A): T {
    if (!this.remembered) return make(argument as A);
    let made = this.madeFrom.get(object);
    if (!made) this.madeFrom.set(object, (made = new Map()));
    let value = made.get(kind) as T | undefined;
    if (value === undefined) made.set(kind, (value = make(argument as A)));
    return value;
  }

  /** What each product keeps between builds in this process (ProductOutput.memory), with keepInMemory. */
  private productMemories: Map<string, Map<string, unknown>> | undefined;

  /**
   * Keeps every rendered answer (and what products keep) in memory from now on, as well as on disk: for a process
   * that builds many times. `false` lets go of all of it.
   */
  keepInMemory(keep = true): void {
    if (keep) {
      this.remembered ??= new Map();
      this.productMemories ??= new Map();
    } else {
      this.remembered = undefined;
      this.productMemories = undefined;
    }
  }

  /** A product's memory across this process's builds; undefined unless answers are kept in memory. */
  productMemory(product: string): Map<string, unknown> | undefined {
    if (!this.productMemories) return undefined;
    let memory = this.productMemories.get(product);
    if (!memory) this.productMemories.set(product, (memory = new Map()));
    return memory;
  }

  /** Called as a build starts: the counts and the sets of what it used start empty. */
  startBuild(): void {
    this.stats = emptyStats();
    this.deflatedPieces.startBuild();
    this.usedParseKeys = new Set();
    this.usedAnswerKeys = new Set();
    this.newStamps = new Map();
    this.stampsSaved = false;
  }

  private note(file: string, rejected: Rejection): void {
    if (this.notes.length === 0) this.stale = { shown: 0, more: 0, summary: undefined };
    if (rejected !== "corrupt" && this.stale.shown >= STALE_NOTES_SHOWN) {
      // After a change to the build code every file of the cache is another version's: a line each (hundreds of
      // the ZIP's deflated pieces at 10,000 answers) would bury the build's own output.
      const more = ++this.stale.more;
      const line = `build cache: ${more} more file${more === 1 ? "" : "s"} of ${path.relative(process.cwd(), this.folder)} ${more === 1 ? "holds" : "hold"} entries for another key (stale or moved); ignored, and the work they held done again.`;
      const at = this.stale.summary === undefined ? -1 : this.notes.lastIndexOf(this.stale.summary);
      if (at >= 0) this.notes[at] = line;
      else this.notes.push(line);
      this.stale.summary = line;
      return;
    }
    if (rejected !== "corrupt") this.stale.shown++;
    const what =
      rejected === "corrupt"
        ? "is corrupt (its checksum or format does not match)"
        : "holds an entry for another key (stale or moved)";
    this.notes.push(
      `build cache: ${path.relative(process.cwd(), path.join(this.folder, file))} ${what}; ignored, and the work it held done again.`,
    );
  }

  // --- Stage 1: parses -------------------------------------------------------------------------------------

  private async loadParses(): Promise<Map<string, ContentFileParse>> {
    if (!this.parses) {
      this.parses = await this.readMap<ContentFileParse>("parsed.bin");
      // Deserialised: each parse's strings are copies of their own.
      shareStrings([...this.parses.values()]);
    }
    return this.parses;
  }

  private async loadStamps(): Promise<Map<string, FileStamp>> {
    return (this.stamps ??= await this.readMap<FileStamp>("stamps.bin"));
  }

  /** A map the cache keeps in one file of its folder: empty if there is none, or (said in the notes) if it is unusable. */
  private async readMap<Value>(name: string): Promise<Map<string, Value>> {
    const read = await readCheckedMap<Value>(path.join(this.folder, name), this.version);
    if (!read.found && read.rejected) this.note(name, read.rejected);
    return read.found ? read.map : new Map();
  }

  /**
   * The SHA-256 of a file's bytes, from its stamp when the file is as it was when it was last hashed, else by
   * reading it (the bytes are then given back too). As git's index does: size, inode, modification and change
   * times all as recorded, and the change time well before the recorded hashing. Any write sets the change time
   * to the kernel's now, which no one can set back, so a file written since it was hashed is read again; the
   * margin covers a write in the same clock tick as the read, which could leave every time as it was.
   */
  private async fileDigest(
    job: ContentFileJob,
    stamps: Map<string, FileStamp>,
  ): Promise<{ digest: string; bytes?: Uint8Array }> {
    const stamp = job.stat && stampOf(job.stat);
    const known = stamp !== undefined ? stamps.get(job.path) : undefined;
    if (known && known.stamp === stamp && job.stat!.ctimeMs < known.hashedAtMs - RACY_MARGIN_MS) {
      this.newStamps.set(job.path, known);
      return { digest: known.digest };
    }
    return this.readAndHash(job, stamp);
  }

  /** Reads a file and hashes its bytes, recording its stamp (when it has one) with the digest and the time. */
  private async readAndHash(
    job: ContentFileJob,
    stamp = job.stat && stampOf(job.stat),
  ): Promise<{ digest: string; bytes: Uint8Array }> {
    const hashedAtMs = this.now();
    this.stats.parsed.read++;
    const bytes = await readFile(job.path);
    const digest = sha256(bytes);
    if (stamp !== undefined) this.newStamps.set(job.path, { stamp, digest, hashedAtMs });
    return { digest, bytes };
  }

  /**
   * Hashes every file (from its stamp where it is unchanged, else by reading it) and parses only those whose bytes
   * it has not parsed before. `parse` gets the misses with the bytes read, so that what is stored is the parse of
   * exactly the bytes that were hashed.
   */
  async parseFiles(
    jobs: readonly ContentFileJob[],
    parse: (jobs: ContentFileJob[]) => Promise<ContentFileParse[]>,
  ): Promise<ContentFileParse[]> {
    const parses = await this.loadParses();
    const stamps = await this.loadStamps();
    const results: ContentFileParse[] = new Array(jobs.length);
    // A job given again (a dev loop's kept walk gives the same job for a file no change was seen to) takes what
    // its last build settled, without the stamp and key made again: about 40 ms a save at 10,000 files.
    const fresh: number[] = [];
    for (let at = 0; at < jobs.length; at++) {
      const settled = this.settled.get(jobs[at]!);
      if (settled && parses.get(settled.key) === settled.parse) {
        this.newStamps.set(jobs[at]!.path, settled.stamp);
        this.usedParseKeys.add(settled.key);
        results[at] = settled.parse;
      } else fresh.push(at);
    }
    // In slices, so that the bytes of a first build's files are not all held at once; each slice large enough
    // for its misses to go to the worker threads. One slice is parsed while the next is read and hashed: the
    // threads are not left waiting for this thread's reads, nor this thread for their parsing.
    let parsing: Promise<void> | undefined;
    for (let start = 0; start < fresh.length; start += PARSE_SLICE) {
      const misses: Array<{ at: number; key: string; job: ContentFileJob }> = [];
      await mapConcurrently(fresh.slice(start, start + PARSE_SLICE), FILE_CONCURRENCY, async (at) => {
        const job = jobs[at]!;
        let { digest, bytes } = await this.fileDigest(job, stamps);
        let key = parseKey(this.version, job, digest);
        let known = parses.get(key);
        if (!known && !bytes) {
          // Hashed from its stamp, but its parse is gone: read after all, and hashed again from the bytes read.
          ({ digest, bytes } = await this.readAndHash(job));
          key = parseKey(this.version, job, digest);
          known = parses.get(key);
        }
        this.usedParseKeys.add(key);
        if (known) {
          results[at] = known;
          this.settle(job, key, known);
        } else misses.push({ at, key, job: { ...job, bytes } });
      });
      this.stats.parsed.misses += misses.length;
      if (misses.length === 0) continue;
      misses.sort((a, b) => a.at - b.at);
      await parsing;
      parsing = parse(misses.map((miss) => miss.job)).then((parsed) => {
        misses.forEach((miss, index) => {
          results[miss.at] = parsed[index]!;
          parses.set(miss.key, parsed[index]!);
          this.settle(jobs[miss.at]!, miss.key, parsed[index]!);
        });
        this.parsesChanged = true;
      });
      // A failure is thrown where it is awaited, not reported as unhandled while the next slice is read.
      parsing.catch(() => undefined);
    }
    await parsing;
    this.stats.parsed.hits = jobs.length - this.stats.parsed.misses;
    return results;
  }

  /**
   * Remembers a job's parse for when the same job is given again, once its stamp can be trusted (it changed well
   * before it was hashed): a file saved as it was read is hashed again next time, as fileDigest would. Only with
   * keepInMemory: a single build's jobs are never given again.
   */
  private settle(job: ContentFileJob, key: string, parse: ContentFileParse): void {
    if (!this.remembered) return;
    const stamp = this.newStamps.get(job.path);
    if (stamp && job.stat && job.stat.ctimeMs < stamp.hashedAtMs - RACY_MARGIN_MS)
      this.settled.set(job, { key, parse, stamp });
  }

  // --- Stage 3: rendered answers ---------------------------------------------------------------------------

  /**
   * Each answer's key: everything its rendering reads (its front matter and its body, by the digest the content's
   * digest is made of; the titles of the answers it relates to; the register entries it cites, each hashed once)
   * and whether its resource is wanted back. Also how many are not in the cache, to decide whether rendering them
   * is worth the worker threads.
   */
  async planRenders(
    answers: readonly ValidAnswer[],
    context: AnswerRenderContext & {
      titles: ReadonlyMap<string, string>;
      /** Each answer's digest, by position (BuildFacts.answerDigests). */
      digests: Uint8Array;
    },
    wantResource: (position: number) => boolean,
  ): Promise<{ keys: string[]; misses: number }> {
    const sourceDigests = new Map<unknown, string>();
    const sourceDigest = (source: unknown) => {
      let digest = sourceDigests.get(source);
      if (digest === undefined) sourceDigests.set(source, (digest = sha256(canonicalJson(source))));
      return digest;
    };
    const keys = answers.map(({ data, body }, position) => {
      const want = wantResource(position);
      // An answer parsed before in this process is the same object: its key is not made again when what else it
      // shows is the same too (the titles, by value; the register's entries, the same objects), compared in place.
      const known = this.planned.get(data);
      if (
        known &&
        known.body === body.digest &&
        known.pageSize === context.pageSize &&
        known.want === want &&
        known.related.length === data.related.length &&
        known.related.every((title, at) => title === (context.titles.get(data.related[at]!) ?? null)) &&
        known.sources.length === data.sources.length &&
        known.sources.every((source, at) => source === (context.register.get(data.sources[at]!) ?? null))
      )
        return known.key;
      const related = data.related.map((slug) => context.titles.get(slug) ?? null);
      const sources = data.sources.map((id) => context.register.get(id) ?? null);
      const key = sha256(
        [
          this.version,
          Buffer.from(context.digests.subarray(position * 32, (position + 1) * 32)).toString("hex"),
          JSON.stringify(related),
          sources.map(sourceDigest).join(" "),
          context.pageSize,
          want,
        ].join("\n"),
      );
      if (this.remembered)
        this.planned.set(data, { body: body.digest, pageSize: context.pageSize, want, related, sources, key });
      return key;
    });
    for (const key of keys) this.usedAnswerKeys.add(key);
    // The entries on disk are listed only when memory does not hold every answer.
    const stored = keys.every((key) => this.remembered?.has(key))
      ? new Set<string>()
      : new Set(
          (await readdir(path.join(this.folder, "answers")).catch(() => [] as string[])).map((name) =>
            name.replace(/\.bin$/, ""),
          ),
        );
    this.storedAnswerKeys = stored;
    const misses = keys.filter((key) => !stored.has(key) && !this.remembered?.has(key)).length;
    return { keys, misses };
  }

  /**
   * The rendered answers this process holds in memory for these keys (a dev loop's unchanged answers), counted as
   * hits; undefined where it holds none, or for all without keepInMemory. Taken as they are, with no job made.
   */
  heldParts(keys: readonly string[]): Array<AnswerParts | undefined> | undefined {
    const remembered = this.remembered;
    if (!remembered) return undefined;
    const held = keys.map((key) => remembered.get(key));
    for (const parts of held) if (parts) this.stats.rendered.hits++;
    return held;
  }

  /** The outputs of `jobs` (keys from planRenders): from the cache where it holds them, else from `render`, and stored. */
  async renderAnswers(
    jobs: readonly AnswerJob[],
    keys: readonly string[],
    render: (jobs: AnswerJob[]) => Promise<AnswerParts[]>,
  ): Promise<AnswerParts[]> {
    const results: AnswerParts[] = new Array(jobs.length);
    const misses: number[] = [];
    await Promise.all(
      jobs.map(async (_, at) => {
        const key = keys[at]!;
        const remembered = this.remembered?.get(key);
        if (remembered) return void (results[at] = remembered);
        if (!this.storedAnswerKeys.has(key)) return void misses.push(at);
        const read = await readCheckedFile<unknown>(this.answerFile(key), key);
        if (read.found) {
          const restored = restoreAnswerEntry(read.value, read.blobs);
          if (restored !== undefined) {
            this.remembered?.set(key, restored);
            return void (results[at] = restored);
          }
          this.note(path.join("answers", `${key}.bin`), "corrupt");
        } else if (read.rejected) this.note(path.join("answers", `${key}.bin`), read.rejected);
        misses.push(at);
      }),
    );
    misses.sort((a, b) => a - b);
    this.stats.rendered.hits += jobs.length - misses.length;
    this.stats.rendered.misses += misses.length;
    if (misses.length === 0) return results;
    // The thread that renders an answer also writes its entry (answer-entry.ts): the main thread neither
    // serialises nor writes the entries of a first build.
    const rendered = await render(
      misses.map((at) => ({ ...jobs[at]!, store: { file: this.answerFile(keys[at]!), key: keys[at]! } })),
    );
    for (const [index, at] of misses.entries()) {
      const output = rendered[index]!;
      results[at] = output;
      this.remembered?.set(keys[at]!, output);
      if (this.stats.renderedSlugs.length < 5) this.stats.renderedSlugs.push(output.slug);
    }
    return results;
  }

  /**
   * Where a product keeps what it needs of this build to patch the next (search/search-state.ts), and the key to
   * write it under: the build code's version, so that another version's file is never read.
   */
  productState(product: string): { file: string; key: string } {
    return { file: path.join(this.folder, `${product}.state`), key: this.version };
  }

  private answerFile(key: string): string {
    return path.join(this.folder, "answers", `${key}.bin`);
  }

  // --- Stage 4: the output ---------------------------------------------------------------------------------

  async previous(outDir: string): Promise<PreviousOutput | undefined> {
    const { previous, rejected } = await readPreviousOutput(
      path.join(this.folder, "output.bin"),
      `${this.version}\n${path.resolve(outDir)}`,
      outDir,
      path.join(this.folder, "pieces.bin"),
    ).catch(() => ({ previous: undefined, rejected: undefined }));
    if (rejected) this.note("output.bin", rejected);
    return previous;
  }

  async recordOutput(
    outDir: string,
    digests: ReadonlyMap<string, string>,
    counts: { linked: number; written: number },
    pieces?: AnswerPieceRecord,
  ): Promise<void> {
    this.stats.output = { ...counts };
    // A record that cannot be written only costs the next build its links: never fails this one.
    await writeOutputRecord(
      path.join(this.folder, "output.bin"),
      `${this.version}\n${path.resolve(outDir)}`,
      outDir,
      digests,
      pieces && { file: path.join(this.folder, "pieces.bin"), record: pieces },
    ).catch(() => rm(path.join(this.folder, "output.bin"), { force: true }).catch(() => undefined));
  }

  /**
   * Called once the content is loaded, every file hashed and parsed: a build that keeps nothing in memory saves the
   * parses and the stamps now and lets them go before its answers are rendered (at 100,000 answers they held some
   * 90 MB of the heap through the rest of the build). A process that builds again keeps them, and saves them as a
   * build ends.
   */
  async contentLoaded(): Promise<void> {
    if (this.remembered) return;
    await this.saveParses();
    this.parses = undefined;
    this.usedParseKeys = new Set();
    // Every file was hashed, so these stamps are whole even if the build fails after.
    await this.saveStamps();
    this.stamps = undefined;
    this.newStamps = new Map();
    this.stampsSaved = true;
  }

  /** Saves the parses (only those of files this build read) when they changed. */
  private async saveParses(): Promise<void> {
    const parses = this.parses;
    if (parses && (this.parsesChanged || parses.size !== this.usedParseKeys.size)) {
      for (const key of parses.keys()) if (!this.usedParseKeys.has(key)) parses.delete(key);
      await writeCheckedMap(path.join(this.folder, "parsed.bin"), this.version, parses).catch(() => undefined);
      this.parsesChanged = false;
    }
  }

  private async saveStamps(): Promise<void> {
    this.stamps = this.newStamps;
    await writeCheckedMap(path.join(this.folder, "stamps.bin"), this.version, this.newStamps).catch(() => undefined);
  }

  /**
   * Called as a build ends. Saves the parses (only those of files this build read) when they changed; after a
   * complete build, deletes the answer entries it did not use.
   */
  async finishBuild(complete: boolean): Promise<void> {
    await this.saveParses();
    if (complete) {
      // Only a complete build's stamps replace the last, or one's whose content was loaded (contentLoaded): a build
      // that failed before may not have hashed every file.
      if (!this.stampsSaved) await this.saveStamps();
      await this.deflatedPieces.finishBuild();
      if (this.remembered)
        for (const key of this.remembered.keys()) if (!this.usedAnswerKeys.has(key)) this.remembered.delete(key);
      // The folder is read as a stream, not listed whole: at 100,000 answers a list of its names was the build's
      // last 12 MiB of peak memory, and nearly every name is in use.
      const unused: string[] = [];
      const entries = await opendir(path.join(this.folder, "answers"), { bufferSize: 1024 }).catch(() => undefined);
      if (entries)
        for await (const { name } of entries)
          if (!name.endsWith(".bin") || !this.usedAnswerKeys.has(name.slice(0, -4))) unused.push(name);
      // Best effort: an entry left behind is only disk space.
      await mapConcurrently(unused, FILE_CONCURRENCY, (name) =>
        rm(path.join(this.folder, "answers", name), { force: true }).catch(() => undefined),
      );
    }
  }
}

/** A content file as it was when it was hashed: its stamp (stampOf), its digest, and when it was read. */
interface FileStamp {
  stamp: string;
  digest: string;
  hashedAtMs: number;
}

/**
 * How long before its hashing a file must have last changed for its stamp to be trusted: more than a tick of the
 * kernel's coarse clock, which file times come from.
 */
const RACY_MARGIN_MS = 50;

function stampOf(stat: NonNullable<ContentFileJob["stat"]>): string {
  // Joined, not a template: one flat string, where a template's pieces stay linked (some 200 bytes more a file).
  return [stat.size, stat.ino, stat.mtimeMs, stat.ctimeMs].join(":");
}

/** Stale files of the cache named one by one; any more are counted in one line. */
const STALE_NOTES_SHOWN = 3;

function parseKey(version: string, job: ContentFileJob, digest: string): string {
  return sha256(`${version}\n${job.kind}\n${job.file}\n${job.path}\n${digest}`);
}

/**
 * Builds into many folders (the tests' temporary ones, the benchmark's) would each leave a cache behind: only the
 * most recently opened few are kept. A build whose folder is removed meanwhile only loses its reuse.
 */
const KEPT_TARGETS = 8;

async function forgetLeastRecentlyUsed(root: string, keep: number): Promise<void> {
  const names = await readdir(root).catch(() => [] as string[]);
  if (names.length <= keep) return;
  const used = await Promise.all(
    names.map(async (name) => ({ name, at: (await stat(path.join(root, name)).catch(() => undefined))?.mtimeMs ?? 0 })),
  );
  used.sort((a, b) => b.at - a.at);
  await Promise.all(
    used
      .slice(keep)
      .map(({ name }) => rm(path.join(root, name), { recursive: true, force: true }).catch(() => undefined)),
  );
}

function emptyStats(): CacheStats {
  return {
    parsed: { hits: 0, misses: 0, read: 0 },
    rendered: { hits: 0, misses: 0, replayed: 0 },
    output: { linked: 0, written: 0 },
    renderedSlugs: [],
  };
}
