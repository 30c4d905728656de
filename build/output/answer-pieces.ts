/**
 * What an incremental build takes from the live output instead of making again, answer by answer: the bytes each
 * product wrote for an answer inside a collection-wide file (its line in the NDJSON, its row in the CSV, its twin
 * in llms-full.txt, its fragment in a collection page), by byte range, and the files written for it alone (its own
 * file, its twin), by the answer's key (the build cache's: everything its rendering reads). An answer whose key is
 * the same as at the last build is spliced from those ranges and its files linked: it is neither rendered nor read
 * back from the cache whole.
 *
 * The record is kept beside the output record (cache/output-record.ts) and trusted as that is: only for the same
 * output folder, and only the files whose inode has not changed since the seal, with the size recorded.
 */
import { closeSync, lstatSync, openSync, readSync } from "node:fs";
import path from "node:path";

/** The record of one build's pieces, as saved: paths and names by number, each answer's pieces by its key. */
export interface AnswerPieceRecord {
  names: string[];
  paths: string[];
  /** The size each path had when it was written. */
  sizes: number[];
  /** By answer key: [name, path, offset, length] for each piece; [-1, path, 0, 0] for each file of its own. */
  byKey: Map<string, Float64Array>;
}

const FILE = -1;

/** Notes the pieces and files of each answer as a build writes them. */
export class AnswerPieceRecorder {
  private readonly names = new Map<string, number>();
  private readonly paths = new Map<string, number>();
  private readonly byKey = new Map<string, number[]>();

  /** `length` bytes at `offset` of the file at `urlPath` are the piece `name` of the answer with this key. */
  piece(key: string, name: string, urlPath: string, offset: number, length: number): void {
    this.entries(key).push(numberOf(this.names, name), numberOf(this.paths, urlPath), offset, length);
  }

  /** The file at `urlPath` was written for the answer with this key alone. */
  file(key: string, urlPath: string): void {
    this.entries(key).push(FILE, numberOf(this.paths, urlPath), 0, 0);
  }

  /** The record, with each path's size as written (undefined: not written, so no piece of it is kept). */
  record(sizeOf: (urlPath: string) => number | undefined): AnswerPieceRecord {
    const paths = [...this.paths.keys()];
    const sizes = paths.map((urlPath) => sizeOf(urlPath) ?? -1);
    const byKey = new Map<string, Float64Array>();
    for (const [key, entries] of this.byKey) byKey.set(key, Float64Array.from(entries));
    return { names: [...this.names.keys()], paths, sizes, byKey };
  }

  private entries(key: string): number[] {
    let entries = this.byKey.get(key);
    if (!entries) this.byKey.set(key, (entries = []));
    return entries;
  }
}

function numberOf(numbers: Map<string, number>, name: string): number {
  let number = numbers.get(name);
  if (number === undefined) numbers.set(name, (number = numbers.size));
  return number;
}

/** The bytes read from a file at a time: the pieces of consecutive answers lie one after another. */
const WINDOW_BYTES = 256 * 1024;

/** The last build's pieces, read from the live output. */
export class PreviousPieces {
  /** Whether each path may be read: a file, of the size recorded, unchanged since the seal. */
  private readonly trusted = new Map<number, boolean>();
  private readonly readers = new Map<number, WindowReader>();
  private readonly names: Map<string, number>;
  private numbers: Map<string, number> | undefined;

  constructor(
    private readonly record: AnswerPieceRecord,
    private readonly outDir: string,
    private readonly sealedCtimeNs: bigint,
  ) {
    this.names = new Map(record.names.map((name, number) => [name, number]));
  }

  /** Whether every piece and file of the answer with this key is in the live output as the last build wrote it. */
  has(key: string): boolean {
    const entries = this.record.byKey.get(key);
    if (!entries) return false;
    for (let at = 1; at < entries.length; at += 4) if (!this.trust(entries[at]!)) return false;
    return true;
  }

  /** Whether has() found the file at `urlPath` as the last build wrote it (undefined: it did not look). */
  checked(urlPath: string): boolean | undefined {
    this.numbers ??= new Map(this.record.paths.map((recorded, number) => [recorded, number]));
    const number = this.numbers.get(urlPath);
    return number === undefined ? undefined : this.trusted.get(number);
  }

  /** The bytes of the piece `name` of the answer with this key (has(key) said yes). */
  piece(key: string, name: string): Uint8Array {
    const entries = this.record.byKey.get(key);
    const number = this.names.get(name);
    if (entries)
      for (let at = 0; at < entries.length; at += 4)
        if (entries[at] === number) {
          const file = entries[at + 1]!;
          let reader = this.readers.get(file);
          if (!reader) this.readers.set(file, (reader = new WindowReader(this.fileOf(file))));
          return reader.read(entries[at + 2]!, entries[at + 3]!);
        }
    throw new Error(`the last build recorded no piece "${name}" of the answer ${key}`);
  }

  /** Closes the files read. */
  close(): void {
    for (const reader of this.readers.values()) reader.close();
    this.readers.clear();
  }

  private fileOf(number: number): string {
    return path.join(this.outDir, ...this.record.paths[number]!.split("/").filter(Boolean));
  }

  private trust(number: number): boolean {
    let trusted = this.trusted.get(number);
    if (trusted === undefined) {
      try {
        const stats = lstatSync(this.fileOf(number), { bigint: true });
        trusted =
          stats.isFile() && stats.size === BigInt(this.record.sizes[number]!) && stats.ctimeNs < this.sealedCtimeNs;
      } catch {
        trusted = false;
      }
      this.trusted.set(number, trusted);
    }
    return trusted;
  }
}

/** Reads ranges of a file through a window of its bytes: each window a buffer of its own (views of it are handed out). */
class WindowReader {
  private descriptor: number | undefined;
  private start = 0;
  private window = new Uint8Array(0);

  constructor(private readonly file: string) {}

  read(offset: number, length: number): Uint8Array {
    if (offset < this.start || offset + length > this.start + this.window.byteLength) {
      this.descriptor ??= openSync(this.file, "r");
      const window = Buffer.allocUnsafe(Math.max(length, WINDOW_BYTES));
      let filled = 0;
      while (filled < window.byteLength) {
        const read = readSync(this.descriptor, window, filled, window.byteLength - filled, offset + filled);
        if (read === 0) break;
        filled += read;
      }
      if (filled < length) throw new Error(`${this.file} ended before the piece at ${offset} (${length} bytes)`);
      this.start = offset;
      this.window = window.subarray(0, filled);
    }
    return this.window.subarray(offset - this.start, offset - this.start + length);
  }

  close(): void {
    if (this.descriptor !== undefined) closeSync(this.descriptor);
    this.descriptor = undefined;
  }
}
