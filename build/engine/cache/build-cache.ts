/**
 * The incremental build's cache of per-file work, in artifacts/build-cache/ (git-ignored, beside the benchmark's
 * and the toolchain's generated files; not under node_modules/.cache, because node_modules may be shared by
 * several checkouts or read-only, and a cache belongs to one checkout's build code anyway), one folder per
 * content and output folder pair:
 *
 *   parsed.bin        every content file's parse (front matter, body outline, or its diagnostics), by the
 *                     SHA-256 of the file's bytes, its path and the build code's version; rewritten whole when many
 *                     changed
 *   parsed-added.bin  the parses added since parsed.bin was written whole, while they are few
 *   stamps.bin        each content file's size, inode and times when it was last hashed, with its digest: an
 *                     unchanged file is not read again to be hashed (fileDigest says when a stamp is trusted)
 *   answers/KEY.bin   one answer rendered and serialised (its own file, Markdown twin, CSV and NDJSON lines as
 *                     UTF-8 bytes; its search terms and digests), by its front matter, body digest, the titles
 *                     and sources it shows, the page size and the version; written by the thread that
 *                     rendered it (answer-entry.ts)
 *   output.bin        what the live output holds, so that unchanged files are linked (output-record.ts)
 *   pieces.bin        where each answer's bytes lie in the live output, so that an unchanged answer is spliced
 *                     from there (output/answer-pieces.ts), sealed with output.bin
 *   deflated/KEY.bin  the pieces of the ZIP download's NDJSON and answers.csv, deflated, by their answers' keys
 *                     (else their bytes: deflated-pieces.ts)
 *   checks.bin        what the rules found of each answer file's parse, and of the other files, in the world they
 *                     were found in (content/rules/rule-findings.ts)
 *   NAME.state        what a product keeps of this build to patch the next (productState: the search index's,
 *                     search/search-state.ts)
 *
 * Every file carries its own checksum and key (checked-file.ts): a corrupt or stale file is a miss, reported
 * in `notes`, and the work is done again. Entries of answers no longer built are deleted after each build.
 *
 * This module opens the folder and holds its caches, each a module of its own by what it caches: the parses and
 * stamps (parse-cache.ts), the rendered answers (answer-cache.ts), the live output (output-record.ts) and the
 * deflated pieces (deflated-pieces.ts); what they did is counted and noted in one ledger (cache-ledger.ts).
 */
import { existsSync } from "node:fs";
import { mkdir, readdir, rm, stat, utimes } from "node:fs/promises";
import path from "node:path";
import type { AnswerPieceRecord } from "../output/answer-pieces.ts";
import type { OutputReuse, PreviousOutput } from "../output/output-reuse.ts";
import { buildCodeVersion } from "../bundles/build-version.ts";
import { projectRoot } from "../../content/load/project.ts";
import { AnswerCache } from "./answer-cache.ts";
import { CacheLedger, type CacheStats } from "./cache-ledger.ts";
import { DeflatedPieceCache } from "./deflated-pieces.ts";
import { readPreviousOutput, writeOutputRecord } from "./output-record.ts";
import { ParseCache } from "./parse-cache.ts";
import { writeCheckedMap } from "./checked-file.ts";
import { RuleFindings } from "../../content/rules/rule-findings.ts";
import type { Diagnostic } from "../../content/diagnostics/diagnostic.ts";
import { sha256Of } from "../output/output-sink.ts";

export type { CacheStats } from "./cache-ledger.ts";

export const DEFAULT_CACHE_ROOT = path.join(projectRoot(), "artifacts", "build-cache");

export class BuildCache implements OutputReuse {
  private readonly ledger: CacheLedger;
  /** The content files' parses and stamps (parse-cache.ts). */
  readonly parses: ParseCache;
  /** The rendered answers (answer-cache.ts). */
  readonly answers: AnswerCache;
  /** The deflated pieces of the ZIP download's largest entry (deflated-pieces.ts). */
  readonly deflatedPieces: DeflatedPieceCache;

  private constructor(
    readonly folder: string,
    private readonly version: string,
    now: () => number,
  ) {
    this.ledger = new CacheLedger(folder, version);
    this.parses = new ParseCache(this.ledger, now, () => this.answers.keeping);
    this.answers = new AnswerCache(this.ledger);
    this.deflatedPieces = new DeflatedPieceCache(path.join(folder, "deflated"), version, (file, rejected) =>
      this.ledger.note(file, rejected),
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
    const target = sha256Of(`${path.resolve(contentDir)}\n${path.resolve(outDir)}`).slice(0, 16);
    const folder = path.join(root, `${path.basename(path.resolve(outDir))}-${target}`);
    await mkdir(path.join(folder, "answers"), { recursive: true });
    const used = new Date();
    await utimes(folder, used, used);
    await forgetLeastRecentlyUsed(root, KEPT_TARGETS);
    return new BuildCache(folder, await buildCodeVersion(), now);
  }

  /** Cache files that were found unusable, said once each: they are ignored, never trusted. */
  get notes(): string[] {
    return this.ledger.notes;
  }

  /** What this build took from the cache and what it did again. */
  get stats(): CacheStats {
    return this.ledger.stats;
  }

  /** Values made from objects parsed before in this process, by the object and what was made (remember). */
  private readonly madeFrom = new WeakMap<object, Map<string, unknown>>();

  /**
   * A value made from content parsed before in this process (the same object: a dev loop's unchanged files), kept
   * with it, by `kind` (which names everything else it was made from); made each time without keepInMemory. `make`
   * is given `argument`, so that a caller in a loop need not make a closure per item.
   */
  remember<T, A = undefined>(object: object, kind: string, make: (argument: A) => T, argument?: A): T {
    if (!this.answers.keeping) return make(argument as A);
    let made = this.madeFrom.get(object);
    if (!made) this.madeFrom.set(object, (made = new Map()));
    let value = made.get(kind) as T | undefined;
    if (value === undefined) made.set(kind, (value = make(argument as A)));
    return value;
  }

  /** What each product keeps between builds in this process (ProductOutput.memory), with keepInMemory. */
  private productMemories: Map<string, Map<string, unknown>> | undefined;

  /**
   * Keeps every rendered answer, the parses (and what products keep) in memory from now on, as well as on disk:
   * for a process that builds many times. `false` lets go of all of it.
   */
  keepInMemory(keep = true): void {
    this.answers.keep(keep);
    this.productMemories = keep ? (this.productMemories ?? new Map()) : undefined;
  }

  /** A product's memory across this process's builds; undefined unless answers are kept in memory. */
  productMemory(product: string): Map<string, unknown> | undefined {
    if (!this.productMemories) return undefined;
    let memory = this.productMemories.get(product);
    if (!memory) this.productMemories.set(product, (memory = new Map()));
    return memory;
  }

  /** What the rules found, read from checks.bin by the first build that checks (each build's, without keepInMemory). */
  private ruleFindings: RuleFindings | undefined;

  /** What the rules found in earlier builds, for this build's checks, with its files' parse keys. */
  async findings(): Promise<{ findings: RuleFindings; keyOf: (file: string) => string | undefined }> {
    if (!this.ruleFindings) {
      const read = await this.ledger.readMap<readonly Diagnostic[]>(CHECKS_FILE);
      const { world, checked } = read.extra;
      this.ruleFindings = new RuleFindings(
        typeof world === "string" && checked instanceof Map ? { world, answers: read.map, checked } : undefined,
      );
    }
    return { findings: this.ruleFindings, keyOf: (file) => this.parses.keyOf(file) };
  }

  /** Called as a build starts: the counts and the sets of what it used start empty. */
  startBuild(): void {
    this.ledger.startBuild();
    this.deflatedPieces.startBuild();
    this.parses.startBuild();
    this.answers.startBuild();
  }

  /**
   * Where a product keeps what it needs of this build to patch the next (search/search-state.ts), and the key to
   * write it under: the build code's version, so that another version's file is never read.
   */
  productState(product: string): { file: string; key: string } {
    return { file: path.join(this.folder, `${product}.state`), key: this.version };
  }

  // --- Stage 4: the output (output-record.ts) --------------------------------------------------------------

  async previous(outDir: string): Promise<PreviousOutput | undefined> {
    const { previous, rejected } = await readPreviousOutput(
      path.join(this.folder, "output.bin"),
      `${this.version}\n${path.resolve(outDir)}`,
      outDir,
      path.join(this.folder, "pieces.bin"),
    ).catch(() => ({ previous: undefined, rejected: undefined }));
    if (rejected) this.ledger.note("output.bin", rejected);
    return previous;
  }

  async recordOutput(
    outDir: string,
    digests: ReadonlyMap<string, string>,
    counts: { linked: number; written: number },
    pieces?: AnswerPieceRecord,
  ): Promise<void> {
    this.ledger.stats.output = { ...counts };
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
   * Called as a build ends. Saves the parses (only those of files this build read) when they changed; after a
   * complete build, its stamps, and deletes the answer entries and deflated pieces it did not use. `followed`:
   * another build of this process starts at once (a dev loop's newer save) and saves the parses as it ends, so this
   * one leaves them: at 10,000 answers their saving took 0.8-1.2 s, which that save waited for.
   */
  async finishBuild(complete: boolean, followed = false): Promise<void> {
    await this.parses.finishBuild(complete, followed);
    const findings = this.ruleFindings;
    if (findings) this.ledger.stats.checks = findings.counts;
    // What the checks found stands whether the build succeeded or not: it is kept by what it was found of.
    const saved = findings?.changed && !followed ? findings.saved() : undefined;
    if (saved) {
      findings!.changed = false;
      await writeCheckedMap(path.join(this.folder, CHECKS_FILE), this.version, saved.answers, {
        world: saved.world,
        checked: saved.checked,
      }).catch(() => undefined);
    }
    // Read again by the next build, as the parses are, unless this process builds again and again.
    if (!this.answers.keeping) this.ruleFindings = undefined;
    if (complete) {
      await this.deflatedPieces.finishBuild();
      await this.answers.finishBuild();
    }
  }
}

/**
 * Builds into many folders (the tests' temporary ones, the benchmark's) would each leave a cache behind: only the
 * most recently opened few are kept. A build whose folder is removed meanwhile only loses its reuse. Only folders
 * named and made as a build's cache are forgotten: `--cache` may name a folder that holds other things (it removed
 * all but the 8 newest of them).
 */
const KEPT_TARGETS = 8;

const CHECKS_FILE = "checks.bin";

async function forgetLeastRecentlyUsed(root: string, keep: number): Promise<void> {
  const listed = await readdir(root, { withFileTypes: true }).catch(() => []);
  const names = listed
    .filter((entry) => entry.isDirectory() && /-[0-9a-f]{16}$/.test(entry.name))
    .map((entry) => entry.name)
    .filter((name) => existsSync(path.join(root, name, "answers")));
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
