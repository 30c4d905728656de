/**
 * What an incremental build takes from the live output instead of making again, answer by answer: the bytes each
 * product wrote for an answer inside a collection-wide file (its line in the NDJSON, its row in the CSV, its twin
 * in llms-full.txt, its fragment in a collection page), by byte range, by the answer's key (the build cache's:
 * everything its rendering reads). An answer whose key is the same as at the last build is spliced from those
 * ranges and its own files (its file, its twin) linked: it is neither rendered nor read back from the cache.
 *
 * The record is kept beside the output record (cache/output-record.ts) and trusted as that is: only for the same
 * output folder, and only the files whose inode has not changed since the seal (those holding pieces, with the
 * size recorded too).
 */
import { closeSync, lstatSync, openSync, readSync } from "node:fs";
import { outputFile } from "./output-file.ts";

/** The record of one build's pieces, as saved: paths and names by number, each answer's pieces by its key. */
export interface AnswerPieceRecord {
  names: string[];
  paths: string[];
  /** The size each path had when it was written. */
  sizes: number[];
  /** Every piece's name, path and the number of the same answer's next piece plus one (0: none), by its number. */
  links: Uint32Array;
  /** Every piece's offset and length, by its number. */
  ranges: Float64Array;
  /** By answer key: the number of its first piece. */
  byKey: Map<string, number>;
}

/**
 * Notes the pieces of each answer as a build writes them: in two growing arrays, 28 bytes a piece (at 100,000
 * answers some 11 MB, where an array of numbers per answer held some 70 MB of the heap through the pass).
 */
export class AnswerPieceRecorder {
  private readonly names = new Map<string, number>();
  private readonly paths = new Map<string, number>();
  private readonly byKey = new Map<string, number>();
  private links = new Uint32Array(3 * 1024);
  private ranges = new Float64Array(2 * 1024);
  private count = 0;

  /** `length` bytes at `offset` of the file at `urlPath` are the piece `name` of the answer with this key. */
  piece(key: string, name: string, urlPath: string, offset: number, length: number): void {
    if (this.count * 2 === this.ranges.length) {
      // Grown by half: at the end of a large build, doubling left up to half of them unused.
      const room = Math.ceil(this.count * 1.5);
      const links = new Uint32Array(3 * room);
      links.set(this.links);
      this.links = links;
      const ranges = new Float64Array(2 * room);
      ranges.set(this.ranges);
      this.ranges = ranges;
    }
    const piece = this.count++;
    this.links[3 * piece] = numberOf(this.names, name);
    this.links[3 * piece + 1] = numberOf(this.paths, urlPath);
    this.links[3 * piece + 2] = (this.byKey.get(key) ?? -1) + 1;
    this.ranges[2 * piece] = offset;
    this.ranges[2 * piece + 1] = length;
    this.byKey.set(key, piece);
  }

  /** The record, with the size of each file holding pieces, as written (undefined: not written, nothing kept of it). */
  record(sizeOf: (urlPath: string) => number | undefined): AnswerPieceRecord {
    const paths = [...this.paths.keys()];
    return {
      names: [...this.names.keys()],
      paths,
      sizes: paths.map((urlPath) => sizeOf(urlPath) ?? -1),
      links: this.links.subarray(0, 3 * this.count),
      ranges: this.ranges.subarray(0, 2 * this.count),
      byKey: this.byKey,
    };
  }
}

function numberOf(numbers: Map<string, number>, name: string): number {
  let number = numbers.get(name);
  if (number === undefined) numbers.set(name, (number = numbers.size));
  return number;
}

/** The bytes read from a file at a time: the pieces of consecutive answers lie one after another. */
const WINDOW_BYTES = 256 * 1024;
/** Readers kept open at once: the files spanning every answer (NDJSON, CSV, llms-full.txt) and a few pages. */
const READERS_KEPT = 8;

/** The last build's pieces, read from the live output; and its files, checked to be as it wrote them. */
export class PreviousPieces {
  /** Whether each path holding pieces may be read: a file, of the size recorded, unchanged since the seal. */
  private readonly trusted = new Map<number, boolean>();
  /** The same for files of an answer's own, by path (fileAsWritten). */
  private readonly files = new Map<string, boolean>();
  private readonly readers = new Map<number, WindowReader>();
  private readonly names: Map<string, number>;
  private readonly fileMode = writtenFileMode();

  constructor(
    private readonly record: AnswerPieceRecord,
    private readonly outDir: string,
    private readonly sealedCtimeNs: bigint,
  ) {
    this.names = new Map(record.names.map((name, number) => [name, number]));
  }

  /** Whether every piece of the answer with this key is in the live output as the last build wrote it. */
  has(key: string): boolean {
    const { links } = this.record;
    let piece = this.record.byKey.get(key) ?? -1;
    if (piece === -1) return false;
    while (piece !== -1) {
      if (!this.trust(links[3 * piece + 1]!)) return false;
      const next = links[3 * piece + 2]! - 1;
      // An answer's earlier piece has a smaller number: anything else is a damaged record, never followed round.
      if (next >= piece) return false;
      piece = next;
    }
    return true;
  }

  /**
   * Whether the live output's file at `urlPath` (an answer's own, which a replayed answer keeps) is a file unchanged
   * since the seal: the output record holds its digest.
   */
  fileAsWritten(urlPath: string): boolean {
    let trusted = this.files.get(urlPath);
    if (trusted === undefined) {
      trusted = this.unchanged(this.fileOf(urlPath), undefined, true);
      this.files.set(urlPath, trusted);
    }
    return trusted;
  }

  /** The bytes of the piece `name` of the answer with this key (has(key) said yes). */
  piece(key: string, name: string): Uint8Array {
    const { links, ranges } = this.record;
    const number = this.names.get(name);
    for (let piece = this.record.byKey.get(key) ?? -1; piece !== -1; piece = links[3 * piece + 2]! - 1) {
      if (links[3 * piece] !== number) continue;
      const file = links[3 * piece + 1]!;
      return this.reader(file).read(ranges[2 * piece]!, ranges[2 * piece + 1]!);
    }
    throw new Error(`the last build recorded no piece "${name}" of the answer ${key}`);
  }

  /**
   * The reader of a file holding pieces, the most recently used kept open: the pass reads the collection pages one
   * after another, each once, beside the files that span every answer. A reader kept for every page held a
   * window and a descriptor each: at 100,000 answers 1,000 pages, some 260 MB by the pass's end.
   */
  private reader(file: number): WindowReader {
    let reader = this.readers.get(file);
    if (reader) {
      // Used again: made the most recent (a Map keeps its keys in the order they were set).
      this.readers.delete(file);
    } else {
      reader = new WindowReader(this.fileOf(this.record.paths[file]!));
      if (this.readers.size >= READERS_KEPT) {
        const [oldest, least] = this.readers.entries().next().value!;
        least.close();
        this.readers.delete(oldest);
      }
    }
    this.readers.set(file, reader);
    return reader;
  }

  /** Closes the files read. */
  close(): void {
    for (const reader of this.readers.values()) reader.close();
    this.readers.clear();
  }

  private fileOf(urlPath: string): string {
    return outputFile(this.outDir, urlPath);
  }

  private trust(number: number): boolean {
    let trusted = this.trusted.get(number);
    if (trusted === undefined) {
      trusted = this.unchanged(this.fileOf(this.record.paths[number]!), this.record.sizes[number]!);
      this.trusted.set(number, trusted);
    }
    return trusted;
  }

  /** A file (of `size` bytes, if given) whose inode has not changed since the seal (to be linked: nor its mode). */
  private unchanged(file: string, size?: number, linked = false): boolean {
    try {
      const stats = lstatSync(file, { bigint: true });
      return (
        stats.isFile() &&
        (size === undefined || stats.size === BigInt(size)) &&
        stats.ctimeNs < this.sealedCtimeNs &&
        (!linked || (Number(stats.mode) & 0o777) === this.fileMode)
      );
    } catch {
      return false;
    }
  }
}

/**
 * The mode this process writes files with. A link keeps its file's mode, so a previous file of another mode (written
 * under another umask) is written afresh: a web root copied with its modes would refuse a file only its builder
 * can read. (Read once a build: reading the umask sets it twice.)
 */
export function writtenFileMode(): number {
  return 0o666 & ~process.umask();
}

/**
 * Reads ranges of a file through a window of its bytes, a new window each time a range falls outside the last (never
 * read into again), each range handed out as a view of it. A copy of each range (the pieces of 9,900 answers, some
 * 210 MB at 10,000 answers) had cost a one-answer rebuild there some 0.2 s (4.00 against 3.77 s, median of five
 * alternated); at 100,000 answers the views peaked lower (981-986 MiB against 1,026-1,045), once the pass no longer
 * held what once kept windows alive (some 400 MB of them at the pass's end).
 */
class WindowReader {
  private descriptor: number | undefined;
  private start = 0;
  private filled = 0;
  private window = Buffer.alloc(0);

  constructor(private readonly file: string) {}

  read(offset: number, length: number): Uint8Array {
    if (offset < this.start || offset + length > this.start + this.filled) {
      this.descriptor ??= openSync(this.file, "r");
      this.window = Buffer.allocUnsafeSlow(Math.max(WINDOW_BYTES, length));
      let filled = 0;
      while (filled < this.window.byteLength) {
        const read = readSync(this.descriptor, this.window, filled, this.window.byteLength - filled, offset + filled);
        if (read === 0) break;
        filled += read;
      }
      if (filled < length) throw new Error(`${this.file} ended before the piece at ${offset} (${length} bytes)`);
      this.start = offset;
      this.filled = filled;
    }
    return this.window.subarray(offset - this.start, offset - this.start + length);
  }

  close(): void {
    if (this.descriptor !== undefined) closeSync(this.descriptor);
    this.descriptor = undefined;
  }
}
