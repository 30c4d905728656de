/**
 * What the caches of one build's folder say of themselves: the counts of what a build took from them and what it
 * did again, and a note for each cache file found unusable (ignored, never trusted). Shared by the parse cache,
 * the answer cache, the output record and the deflated pieces, and read by the CLI and the dev loop.
 */
import path from "node:path";
import { readCheckedMap, type Rejection } from "./checked-file.ts";

/** What one build took from the cache and what it did again. */
export interface CacheStats {
  /** Content files parsed from the cache (hits) and again (misses); and how many were read to be hashed (the rest by their stamps). */
  parsed: { hits: number; misses: number; read: number };
  /** `replayed`: of the hits, those spliced from the last output (AnswerParts.replayed), not read back whole. */
  rendered: { hits: number; misses: number; replayed: number };
  /** Answers whose checks' findings were kept from an earlier build (rule-findings.ts), and answers checked. */
  checks: { kept: number; checked: number };
  /** Output files linked from the previous output, and written. */
  output: { linked: number; written: number };
  /** The answers rendered again, by slug (at most the first few). */
  renderedSlugs: string[];
}

/** Stale files of the cache named one by one; any more are counted in one line. */
const STALE_NOTES_SHOWN = 3;

export class CacheLedger {
  /** Cache files that were found unusable, said once each: they are ignored, never trusted. */
  readonly notes: string[] = [];
  stats: CacheStats = emptyStats();
  /** Files found stale since the notes were last empty: the first few said one by one, the rest in one line. */
  private stale: { shown: number; more: number; summary: string | undefined } = {
    shown: 0,
    more: 0,
    summary: undefined,
  };
  /** This build found the folder written by another version of the build code (said once). */
  private outdated = false;

  constructor(
    /** The cache's folder for one content and output folder pair. */
    readonly folder: string,
    /** The build code's version: every file of the cache is keyed by it. */
    readonly version: string,
  ) {}

  /** Called as a build starts: the counts start at nothing. */
  startBuild(): void {
    this.stats = emptyStats();
    this.outdated = false;
  }

  /**
   * Says that a file of the folder (relative to it) could not be used. "outdated": keyed by the build code's version
   * alone, it holds another's. After a change to the code that is every file of the folder, an expected event
   * rather than a fault: said in one line, and the other files' keys that then differ go unsaid.
   */
  note(file: string, rejected: Rejection | "outdated"): void {
    if (rejected === "outdated") {
      if (!this.outdated)
        this.notes.push(
          `build cache: ${path.relative(process.cwd(), this.folder)} was written by another version of the build code; none of it is used, and the work is done afresh.`,
        );
      this.outdated = true;
      return;
    }
    if (rejected === "misplaced" && this.outdated) return;
    if (this.notes.length === 0) this.stale = { shown: 0, more: 0, summary: undefined };
    if (rejected !== "corrupt" && this.stale.shown >= STALE_NOTES_SHOWN) {
      // A folder of many stale files (hundreds of the ZIP's deflated pieces at 10,000 answers): a line each would
      // bury the build's own output.
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

  /** A map kept in one file of the folder, with what was written beside it: empty if there is none, or (said in the notes) if it is unusable. */
  async readMap<Value>(name: string): Promise<{ map: Map<string, Value>; extra: Record<string, unknown> }> {
    const read = await readCheckedMap<Value>(path.join(this.folder, name), this.version);
    if (!read.found && read.rejected) this.note(name, read.rejected === "misplaced" ? "outdated" : read.rejected);
    return read.found ? read : { map: new Map(), extra: {} };
  }
}

function emptyStats(): CacheStats {
  return {
    parsed: { hits: 0, misses: 0, read: 0 },
    rendered: { hits: 0, misses: 0, replayed: 0 },
    checks: { kept: 0, checked: 0 },
    output: { linked: 0, written: 0 },
    renderedSlugs: [],
  };
}
