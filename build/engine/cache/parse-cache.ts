/**
 * The parse cache: every content file's parse (front matter, body outline, or its diagnostics) by the SHA-256 of the
 * file's bytes, its path and the build code's version (parsed.bin), and each file's stamp when it was last hashed
 * (stamps.bin), so that an unchanged file is neither read again to be hashed nor parsed again.
 *
 * A parse's key names the bytes it was made of, so an entry is never wrong, only unused. parsed.bin is written whole
 * only when the parses added since it was, and the entries no file uses, are many: else those added are written
 * alone, beside it (parsed-added.bin, which names the parsed.bin it adds to): at 10,000 answers a one-answer rebuild
 * wrote 12 MB of parses, some 150 ms, to change one.
 */
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import type { ContentFileJob, ContentFileParse } from "../../content/load/content-file.ts";
import { shareStrings, worthSharing } from "../../content/load/shared-strings.ts";
import type { CacheLedger } from "./cache-ledger.ts";
import { writeCheckedMap } from "./checked-file.ts";
import { sha256Of } from "../output/output-sink.ts";

const PARSES_FILE = "parsed.bin";
const ADDED_PARSES_FILE = "parsed-added.bin";
/** Parses added, or unused, that never make parsed.bin be written whole (else a sixteenth of the entries). */
const FEW_PARSES = 64;

/** Files read and hashed at a time: at most this many files' bytes are held. */
const PARSE_SLICE = 4000;

export class ParseCache {
  /** Each content file's stamp and digest when it was last read, by absolute path (stamps.bin). */
  private stamps: Map<string, FileStamp> | undefined;
  /** The same for the files this build found. */
  private newStamps = new Map<string, FileStamp>();
  /** Parses by key: loaded from parsed.bin once, then kept in memory (a dev server builds many times). */
  private parses: Map<string, ContentFileParse> | undefined;
  private parsesChanged = false;
  /** The name parsed.bin was last written whole under, and the parses added since (parsed-added.bin). */
  private whole: { name: string | undefined; added: Map<string, ContentFileParse> } = {
    name: undefined,
    added: new Map(),
  };
  private usedParseKeys = new Set<string>();
  /** This build's key of each file's parse, by its path in the content folder (keyOf). */
  private keys = new Map<string, string>();
  /** This build's stamps were saved once its content was loaded (contentLoaded). */
  private stampsSaved = false;
  /** The saving contentLoaded started, until finishBuild has waited for it. */
  private saving: Promise<void> | undefined;
  /** What each job a dev loop's kept walk gives again settled to in the build that last parsed it, with keepInMemory (parseFiles). */
  private readonly settled = new WeakMap<ContentFileJob, { key: string; parse: ContentFileParse; stamp: FileStamp }>();
  constructor(
    private readonly ledger: CacheLedger,
    private readonly now: () => number,
    /** Whether the process builds again and again (keepInMemory): it keeps the parses and saves them as each build ends. */
    private readonly keeping: () => boolean,
  ) {}

  /** Called as a build starts: the sets of what it used start empty. */
  startBuild(): void {
    this.usedParseKeys = new Set();
    this.keys = new Map();
    this.newStamps = new Map();
    this.stampsSaved = false;
  }

  /**
   * The key of this build's parse of a file (its path in the content folder): the SHA-256 of its bytes, its path and
   * the build code's version. What the checks found of a file is kept by it (rule-findings.ts).
   */
  keyOf(file: string): string | undefined {
    return this.keys.get(file);
  }

  private async loadParses(): Promise<Map<string, ContentFileParse>> {
    if (!this.parses) {
      const whole = await this.ledger.readMap<ContentFileParse>(PARSES_FILE);
      const name = typeof whole.extra.name === "string" ? whole.extra.name : undefined;
      const added = name ? await this.ledger.readMap<ContentFileParse>(ADDED_PARSES_FILE) : undefined;
      this.whole = { name, added: added && added.extra.whole === name ? added.map : new Map() };
      for (const [key, parse] of this.whole.added) whole.map.set(key, parse);
      this.parses = whole.map;
      // Deserialised: each parse's strings are copies of their own.
      if (worthSharing(this.parses.size)) shareStrings([...this.parses.values()]);
    }
    return this.parses;
  }

  private async loadStamps(): Promise<Map<string, FileStamp>> {
    return (this.stamps ??= (await this.ledger.readMap<FileStamp>("stamps.bin")).map);
  }

  /**
   * The SHA-256 of a file's bytes, from its stamp when the file is as it was when it was last hashed, else by
   * reading it (the bytes are then given back too). As git's index does: size, inode, modification and change
   * times all as recorded, and the change time well before the recorded hashing. Any write sets the change time
   * to the kernel's now, which no one can set back, so a file written since it was hashed is read again; the
   * margin covers a write in the same clock tick as the read, which could leave every time as it was.
   */
  private fileDigest(job: ContentFileJob, stamps: Map<string, FileStamp>): { digest: string; bytes?: Uint8Array } {
    const stamp = job.stat && stampOf(job.stat);
    const known = stamp !== undefined ? stamps.get(job.path) : undefined;
    if (known && known.stamp === stamp && job.stat!.ctimeMs < known.hashedAtMs - RACY_MARGIN_MS) {
      this.newStamps.set(job.path, known);
      return { digest: known.digest };
    }
    return this.readAndHash(job, stamp);
  }

  /**
   * Reads a file and hashes its bytes, recording its stamp (when it has one) with the digest and the time. Read
   * synchronously: read by fs.promises (open, stat, read and close, each a trip through libuv's pool) and hashed, a
   * content file cost some 65 µs of CPU against 15, and a first build of 10,000 answers spent half a second of this
   * thread on it, which the build's serial part waits for.
   */
  private readAndHash(
    job: ContentFileJob,
    stamp = job.stat && stampOf(job.stat),
  ): { digest: string; bytes: Uint8Array } {
    const hashedAtMs = this.now();
    this.ledger.stats.parsed.read++;
    const bytes = readFileSync(job.path);
    const digest = sha256Of(bytes);
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
        this.keys.set(jobs[at]!.file, settled.key);
        results[at] = settled.parse;
      } else fresh.push(at);
    }
    // In slices, so that the bytes of a first build's files are not all held at once; each slice large enough
    // for its misses to go to the worker threads. One slice is parsed while the next is read and hashed: the
    // threads are not left waiting for this thread's reads, nor this thread for their parsing.
    let parsing: Promise<void> | undefined;
    for (let start = 0; start < fresh.length; start += PARSE_SLICE) {
      const misses: Array<{ at: number; key: string; job: ContentFileJob }> = [];
      for (const at of fresh.slice(start, start + PARSE_SLICE)) {
        const job = jobs[at]!;
        let { digest, bytes } = this.fileDigest(job, stamps);
        let key = parseKey(this.ledger.version, job, digest);
        let known = parses.get(key);
        if (!known && !bytes) {
          // Hashed from its stamp, but its parse is gone: read after all, and hashed again from the bytes read.
          ({ digest, bytes } = this.readAndHash(job));
          key = parseKey(this.ledger.version, job, digest);
          known = parses.get(key);
        }
        this.usedParseKeys.add(key);
        this.keys.set(job.file, key);
        if (known) {
          results[at] = known;
          this.settle(job, key, known);
        } else misses.push({ at, key, job: { ...job, bytes } });
      }
      this.ledger.stats.parsed.misses += misses.length;
      if (misses.length === 0) continue;
      await parsing;
      parsing = parse(misses.map((miss) => miss.job)).then((parsed) => {
        misses.forEach((miss, index) => {
          results[miss.at] = parsed[index]!;
          parses.set(miss.key, parsed[index]!);
          // Noted only while parsed.bin is written apart from them (not in a first build, which writes it whole).
          if (this.whole.name !== undefined) this.whole.added.set(miss.key, parsed[index]!);
          this.settle(jobs[miss.at]!, miss.key, parsed[index]!);
        });
        this.parsesChanged = true;
      });
      // A failure is thrown where it is awaited, not reported as unhandled while the next slice is read.
      parsing.catch(() => undefined);
    }
    await parsing;
    this.ledger.stats.parsed.hits = jobs.length - this.ledger.stats.parsed.misses;
    return results;
  }

  /**
   * Remembers a job's parse for when the same job is given again, once its stamp can be trusted (it changed well
   * before it was hashed): a file saved as it was read is hashed again next time, as fileDigest would. Only with
   * keepInMemory: a single build's jobs are never given again.
   */
  private settle(job: ContentFileJob, key: string, parse: ContentFileParse): void {
    if (!this.keeping()) return;
    const stamp = this.newStamps.get(job.path);
    if (stamp && job.stat && job.stat.ctimeMs < stamp.hashedAtMs - RACY_MARGIN_MS)
      this.settled.set(job, { key, parse, stamp });
  }

  /**
   * Called once the content is loaded, every file hashed and parsed: a build that keeps nothing in memory starts
   * saving the parses and the stamps, both at once, and lets them go (at 100,000 answers they held some 90 MB of the
   * heap through the rest of the build). The saving resolves when both are written; finishBuild waits for it. A
   * process that builds again keeps them, and saves them as a build ends.
   */
  contentLoaded(): Promise<void> {
    if (this.keeping()) return Promise.resolve();
    // Each save takes what it writes before its first await.
    const saved = [this.saveParses(), this.saveStamps()];
    this.parses = undefined;
    this.usedParseKeys = new Set();
    this.stamps = undefined;
    this.newStamps = new Map();
    // Every file was hashed, so these stamps are whole even if the build fails after.
    this.stampsSaved = true;
    this.saving = Promise.all(saved).then(() => undefined);
    return this.saving;
  }

  /**
   * Saves the parses when they changed: those added since parsed.bin was written whole, while they and the entries
   * no file of this build uses are few; else all that this build's files use, whole.
   */
  private async saveParses(): Promise<void> {
    const parses = this.parses;
    if (!parses) return;
    const unused = parses.size - this.usedParseKeys.size;
    const { name, added } = this.whole;
    const file = (base: string) => path.join(this.ledger.folder, base);
    if (name !== undefined && added.size + unused <= Math.max(FEW_PARSES, parses.size / 16)) {
      if (this.parsesChanged)
        await writeCheckedMap(file(ADDED_PARSES_FILE), this.ledger.version, added, { whole: name }).catch(
          () => undefined,
        );
    } else if (this.parsesChanged || unused > 0) {
      for (const key of parses.keys()) if (!this.usedParseKeys.has(key)) parses.delete(key);
      const fresh = randomUUID();
      await writeCheckedMap(file(PARSES_FILE), this.ledger.version, parses, { name: fresh })
        .then(() => (this.whole = { name: fresh, added: new Map() }))
        .catch(() => undefined);
    }
    this.parsesChanged = false;
  }

  private async saveStamps(): Promise<void> {
    this.stamps = this.newStamps;
    await writeCheckedMap(path.join(this.ledger.folder, "stamps.bin"), this.ledger.version, this.newStamps).catch(
      () => undefined,
    );
  }

  /**
   * Called as a build ends: saves the parses when they changed (unless another build of this process, which keeps
   * them, saves them as it ends: `followed`), and a complete build's stamps.
   */
  async finishBuild(complete: boolean, followed = false): Promise<void> {
    await this.saving;
    this.saving = undefined;
    if (!followed) await this.saveParses();
    // Only a complete build's stamps replace the last, or one's whose content was loaded (contentLoaded): a build
    // that failed before may not have hashed every file.
    if (complete && !this.stampsSaved) await this.saveStamps();
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

function parseKey(version: string, job: ContentFileJob, digest: string): string {
  return sha256Of(`${version}\n${job.kind}\n${job.file}\n${job.path}\n${digest}`);
}
