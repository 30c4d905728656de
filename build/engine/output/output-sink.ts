/**
 * Where the products put the files they make, one at a time, so that nothing grows with the whole output:
 * a folder on disk (the real build, with bounded concurrent writes) or memory (the tests and the smoke check).
 * Both record the SHA-256 of every file, for SHA256SUMS.
 */
import { createHash, type Hash } from "node:crypto";
import {
  closeSync,
  createReadStream,
  createWriteStream,
  openSync,
  readFileSync,
  statSync,
  writeFileSync,
  writevSync,
  type WriteStream,
} from "node:fs";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { memoryScratch, type ScratchFile } from "./deflated-copy.ts";
import type { PreviousOutput } from "./output-reuse.ts";
import { AnswerPieceRecorder, type PreviousPieces } from "./answer-pieces.ts";
import { FILE_CONCURRENCY } from "./bounded-concurrency.ts";
import { FileLinks, keptFileChanged } from "./file-links.ts";
import { outputFile } from "./output-file.ts";

// Whole files are written with blocking calls: an asynchronous write is three trips through the thread pool and
// the event loop (open, write, close), which cost more on this thread than the writing itself (10,000 answers:
// the main thread's CPU time fell by about a fifth with the build cache's entries written the same way). The
// fs/promises API was dearer still: a FileHandle object for every file.

/** How much a stream gathers before it writes. */
const GATHERED_BYTES = 1024 * 1024;

/** The pieces a finished file is read back in. */
const READ_PIECE_BYTES = 4 * 1024 * 1024;
/** Files read back whole, in one blocking read: short enough not to hold up a dev loop's server. */
const SMALL_READ_BYTES = 256 * 1024;

async function* oneRead(file: string): AsyncIterable<Uint8Array> {
  yield readFileSync(file);
}

/** A file's contents: text (written as UTF-8) or bytes (the ZIP download). */
export type FileContents = string | Uint8Array;

/**
 * A file's contents as a sink may hold them: also its bytes in pieces, in order (a streamed file kept as written,
 * so that a large one is never joined unless someone reads it whole).
 */
export type HeldContents = FileContents | readonly Uint8Array[];

export interface OutputStream {
  write(text: FileContents): Promise<void>;
  close(): Promise<void>;
}

/** What writePieces gathers before it writes: small pieces cost a write and a conversion each. */
const PIECE_CHARACTERS = 256 * 1024;

/** Text pieces (a list item, a line) written as they come, gathered into larger writes; then the stream is closed. */
export async function writePieces(stream: OutputStream, pieces: Iterable<string>): Promise<void> {
  let gathered: string[] = [];
  let length = 0;
  for (const piece of pieces) {
    gathered.push(piece);
    length += piece.length;
    if (length >= PIECE_CHARACTERS) {
      await stream.write(gathered.join(""));
      gathered = [];
      length = 0;
    }
  }
  if (length > 0) await stream.write(gathered.join(""));
  await stream.close();
}

export interface OutputSink {
  /**
   * A whole file. Resolves when the sink can take another (back-pressure). `sha256` is the hex SHA-256 of the
   * contents when the caller knows it already (an answer's files, hashed where they were rendered).
   */
  file(urlPath: string, contents: HeldContents, sha256?: string): Promise<void>;
  /** A file written in pieces, for the few that grow with the collection. */
  stream(urlPath: string): Promise<OutputStream>;
  /** Every file finished so far, by root-relative path, with the hex SHA-256 of its bytes. */
  readonly digests: ReadonlyMap<string, string>;
  /** Resolves when every file handed over is written. */
  finish(): Promise<void>;
  /**
   * The bytes of a file already finished (after finish()), in pieces of a few megabytes at most, for the files
   * made of others (the ZIP download): a large file is never held whole.
   */
  pieces(urlPath: string): AsyncIterable<Uint8Array>;
  /** A file for the build's own use, not part of the output (the deflated copies of large files): gone after it. */
  scratch(name: string): Promise<ScratchFile>;
  /** Where each answer's pieces and files go, for the next build to splice (a sink writing the output folder). */
  readonly recorder?: AnswerPieceRecorder;
  /** What the last build wrote for each answer, where it is still in the live output (an incremental build). */
  readonly previousPieces?: PreviousPieces;
  /** The previous output's file at this path, as it is (linked): only for a path previousPieces says is there. */
  keep?(urlPath: string): Promise<void>;
  /**
   * The folder a build thread may write an answer's own files into (answer-parts.ts, ownFile): a disk sink's, in a
   * build with no previous output to link from.
   */
  readonly ownFiles?: string;
  /** A file written into ownFiles by a build thread, with its SHA-256. */
  adopt?(urlPath: string, sha256: string): void;
}

/** What other code may read of a sink, and nothing it may write with: the files written so far. */
export type WrittenFiles = Pick<OutputSink, "digests" | "pieces">;

export interface OutputFile {
  path: string;
  contents: HeldContents;
}

/** The hex SHA-256 of contents, pieces one after another. */
export function sha256Of(contents: HeldContents): string {
  const hash = createHash("sha256");
  if (typeof contents === "string" || contents instanceof Uint8Array) hash.update(contents);
  else for (const piece of contents) hash.update(piece);
  return hash.digest("hex");
}

export class MemorySink implements OutputSink {
  readonly files: OutputFile[] = [];
  readonly digests = new Map<string, string>();
  private readonly byPath = new Map<string, OutputFile>();

  /**
   * `keepPieces`: a file given or streamed in pieces is kept so (a build held in memory: nothing large joined unless
   * read whole); else joined, text as text (what the tests and the smoke check read). `turn`: awaited before each
   * write, to let other work of the thread in (a build served while it is made).
   */
  constructor(private readonly options: { keepPieces?: boolean; turn?: () => Promise<void> } = {}) {}

  async file(urlPath: string, contents: HeldContents, sha256?: string): Promise<void> {
    await this.options.turn?.();
    const file = {
      path: urlPath,
      contents: this.options.keepPieces || !Array.isArray(contents) ? contents : Buffer.concat(contents),
    };
    this.files.push(file);
    this.byPath.set(urlPath, file);
    this.digests.set(urlPath, sha256 ?? sha256Of(contents));
  }

  /** A file written, with its hex SHA-256; undefined if none was written at that path. */
  get(urlPath: string): { contents: HeldContents; sha256: string } | undefined {
    const file = this.byPath.get(urlPath);
    return file && { contents: file.contents, sha256: this.digests.get(urlPath)! };
  }

  async stream(urlPath: string): Promise<OutputStream> {
    const parts: FileContents[] = [];
    // Kept in pieces: each encoded and hashed as it comes, between turns, not all at once as the stream closes (at
    // 10,000 answers the NDJSON's 80 MB held the thread some 0.3 s, which a dev loop's next save waited for).
    const hash = this.options.keepPieces ? createHash("sha256") : undefined;
    return {
      write: async (text) => {
        await this.options.turn?.();
        if (!hash) return void parts.push(text);
        const piece = typeof text === "string" ? Buffer.from(text) : text;
        hash.update(piece);
        parts.push(piece);
      },
      close: async () => {
        if (hash) return this.file(urlPath, parts as Uint8Array[], hash.digest("hex"));
        return this.file(
          urlPath,
          parts.every((part) => typeof part === "string")
            ? parts.join("")
            : // Bytes are copied once, into the file (Buffer.from of each part would copy it first).
              Buffer.concat(parts.map((part) => (typeof part === "string" ? Buffer.from(part) : part))),
        );
      },
    };
  }

  async finish(): Promise<void> {}

  async *pieces(urlPath: string): AsyncIterable<Uint8Array> {
    const file = this.byPath.get(urlPath);
    if (!file) throw new Error(`${urlPath} was not written`);
    const { contents } = file;
    if (typeof contents === "string") yield Buffer.from(contents);
    else if (contents instanceof Uint8Array) yield contents;
    else yield* contents;
  }

  async scratch(): Promise<ScratchFile> {
    return memoryScratch();
  }
}

/** A file's bytes, given in pieces, written at once (writev: not joined first). */
function writeWhole(target: string, pieces: readonly Uint8Array[]): void {
  if (pieces.length === 1) {
    writeFileSync(target, pieces[0]!);
    return;
  }
  const descriptor = openSync(target, "w");
  try {
    let at = 0;
    // writev takes at most IOV_MAX (1,024 on Linux) buffers, and may write less than asked.
    while (at < pieces.length) {
      const batch = pieces.slice(at, at + 1024);
      let written = writevSync(descriptor, batch);
      for (const piece of batch) {
        if (written >= piece.byteLength) {
          written -= piece.byteLength;
          at++;
        } else {
          writeFileSync(descriptor, piece.subarray(written));
          written = 0;
          at++;
        }
      }
    }
  } finally {
    closeSync(descriptor);
  }
}

/** The folder of a disk sink's scratch files, beside its root: whoever owns the root removes it (atomic-output.ts). */
export function scratchFolderOf(root: string): string {
  return `${root}.scratch`;
}

export class DiskSink implements OutputSink {
  readonly digests = new Map<string, string>();
  /** Whole files hard-linked from the previous output, and whole files and streams written. */
  readonly counts = { linked: 0, written: 0 };
  readonly recorder = new AnswerPieceRecorder();
  private readonly pending = new Set<Promise<void>>();
  /** Files being written in pieces, until each is closed. */
  private readonly open = new Set<WriteStream>();
  private readonly folders = new Set<string>();
  /** The previous output's files kept as they are (keep). */
  private readonly links = new FileLinks();
  /** The first write that failed (a full disk, a read-only folder): reported by the next call. */
  private failure: unknown;

  constructor(
    private readonly root: string,
    /** The previous output, whose unchanged files are linked rather than written again (an incremental build). */
    private readonly previous?: PreviousOutput,
  ) {}

  private target(urlPath: string): string {
    const target = outputFile(this.root, urlPath);
    if (!target.startsWith(this.root + path.sep)) throw new Error(`output path ${urlPath} leaves the output folder`);
    return target;
  }

  private async folderOf(target: string): Promise<void> {
    const folder = path.dirname(target);
    if (this.folders.has(folder)) return;
    await mkdir(folder, { recursive: true });
    this.folders.add(folder);
  }

  async file(urlPath: string, contents: HeldContents, sha256?: string): Promise<void> {
    while (this.pending.size >= FILE_CONCURRENCY) await Promise.race(this.pending);
    if (this.failure) throw this.failure;
    // Bytes are written as they are (views, not copies); pieces one after another.
    const pieces =
      typeof contents === "string" ? [Buffer.from(contents)] : contents instanceof Uint8Array ? [contents] : contents;
    const digest = sha256 ?? sha256Of(pieces);
    this.digests.set(urlPath, digest);
    const target = this.target(urlPath);
    const size = pieces.reduce((sum, piece) => sum + piece.byteLength, 0);
    const write = this.folderOf(target).then(async () => {
      if (this.previous && (await this.previous.linkInto(urlPath, digest, size, target))) this.counts.linked++;
      else {
        writeWhole(target, pieces);
        this.counts.written++;
      }
    });
    const tracked: Promise<void> = write
      .catch((error: unknown) => {
        this.failure ??= error;
      })
      .finally(() => this.pending.delete(tracked));
    this.pending.add(tracked);
  }

  get previousPieces(): PreviousPieces | undefined {
    return this.previous?.pieces;
  }

  get ownFiles(): string | undefined {
    return this.previous ? undefined : this.root;
  }

  adopt(urlPath: string, sha256: string): void {
    // Refuses a path outside the output, as a write would.
    this.target(urlPath);
    this.digests.set(urlPath, sha256);
    this.counts.written++;
  }

  async keep(urlPath: string): Promise<void> {
    if (this.failure) throw this.failure;
    const target = this.target(urlPath);
    await this.folderOf(target);
    const kept = this.previous?.kept(urlPath);
    // previousPieces said the file is there as written: only a change to the live output meanwhile gets here.
    if (kept === undefined) throw new Error(keptFileChanged(urlPath));
    this.links.link(kept.source, target, urlPath);
    this.digests.set(urlPath, kept.digest);
    this.counts.linked++;
  }

  async stream(urlPath: string): Promise<OutputStream> {
    const target = this.target(urlPath);
    await this.folderOf(target);
    const writer = this.writer(target);
    this.counts.written++;
    const hash: Hash = createHash("sha256");
    return {
      write: (contents) => {
        const bytes = typeof contents === "string" ? Buffer.from(contents) : contents;
        hash.update(bytes);
        return writer.write(bytes);
      },
      close: async () => {
        await writer.close();
        this.digests.set(urlPath, hash.digest("hex"));
      },
    };
  }

  /**
   * A file written in pieces, with back-pressure; its first error is kept (for this sink's next call too) and
   * reported by every later call.
   */
  private writer(target: string): { write(bytes: Uint8Array): Promise<void>; close(): Promise<void> } {
    const output: WriteStream = createWriteStream(target);
    this.open.add(output);
    output.once("close", () => this.open.delete(output));
    // A write error (ENOSPC, EIO) may come at any moment after a write returned, not only while waiting on
    // back-pressure: one listener for the stream's whole life keeps it, and every later call reports it.
    let failure: Error | undefined;
    const waiting = new Set<(error: Error) => void>();
    output.on("error", (error: Error) => {
      failure ??= error;
      this.failure ??= error;
      for (const reject of waiting) reject(error);
      waiting.clear();
    });
    const settle = (start: (done: (error?: Error | null) => void) => void) =>
      new Promise<void>((resolve, reject) => {
        if (failure) return reject(failure);
        // end()'s callback gets the error itself, possibly before the "error" event is emitted.
        const done = (error?: Error | null) => {
          waiting.delete(reject);
          if (error) {
            failure ??= error;
            this.failure ??= error;
          }
          if (failure) reject(failure);
          else resolve();
        };
        waiting.add(reject);
        start(done);
      });
    // Small pieces (an answer's line, row or twin) are gathered and written a megabyte at a time: one write
    // each cost more on this thread than the bytes (measured: 0.7 s at 10,000 answers, four pieces each). They
    // go to the file as they are, in one writev call (corked), not joined: a joined copy of every streamed byte
    // (1.3 GB at 100,000 answers, a megabyte at a time) was garbage that raised the build's peak memory.
    let gathered: Uint8Array[] = [];
    let gatheredBytes = 0;
    const flush = () => {
      output.cork();
      let room = true;
      for (const piece of gathered) room = output.write(piece);
      output.uncork();
      gathered = [];
      gatheredBytes = 0;
      if (room) return Promise.resolve();
      return settle((done) => output.once("drain", () => done()));
    };
    return {
      write: (bytes) => {
        if (failure) return Promise.reject(failure);
        gathered.push(bytes);
        gatheredBytes += bytes.byteLength;
        return gatheredBytes >= GATHERED_BYTES ? flush() : Promise.resolve();
      },
      close: async () => {
        if (gatheredBytes > 0) await flush();
        await settle((done) => output.end(done));
      },
    };
  }

  async finish(): Promise<void> {
    await Promise.all(this.pending);
    await this.links.done();
    if (this.failure) throw this.failure;
  }

  /** Once the stage is done with, whatever became of it: no thread of its own is left running. */
  async close(): Promise<void> {
    await this.links.stop();
  }

  /**
   * After a failed build, before its folder is removed: waits for the writes under way and closes the files still
   * open. One of them (a folder made again, a file written) landing in the folder while it was removed left blocks
   * of a full disk used after the build had said it left everything as it was.
   */
  async settle(): Promise<void> {
    await Promise.allSettled([...this.pending, this.links.done()]);
    await Promise.all(
      [...this.open].map((output) => new Promise<void>((resolve) => output.destroy().once("close", () => resolve()))),
    );
  }

  pieces(urlPath: string): AsyncIterable<Uint8Array> {
    const target = this.target(urlPath);
    // A small file is read at once: a stream's open, read and close, each a turn of the thread pool, took some
    // milliseconds a file on these machines (the index files the docs' examples read, the ZIP's small entries).
    if (statSync(target).size <= SMALL_READ_BYTES) return oneRead(target);
    return createReadStream(target, { highWaterMark: READ_PIECE_BYTES });
  }

  async scratch(name: string): Promise<ScratchFile> {
    const folder = scratchFolderOf(this.root);
    await mkdir(folder, { recursive: true });
    const file = path.join(folder, name);
    return { ...this.writer(file), pieces: () => createReadStream(file, { highWaterMark: READ_PIECE_BYTES }) };
  }
}
