/**
 * A file's deflated copy, made while the file is written, for the ZIP download: the answers' NDJSON was deflated
 * whole at the build's end, on the main thread, after everything else (2.7 s of CPU at 10,000 answers, the build's
 * longest step that nothing ran beside). Here it is cut into pieces, each deflated on its own (deflatePiece) as
 * soon as it is complete, on a worker thread while the answers render, and kept in a scratch file in order; the ZIP
 * writer then copies the pieces (ZipWriter.addDeflated).
 *
 * A piece ends where the writer says it may (the NDJSON: after an answer whose slug's hash says so, so that an
 * answer added or removed changes its own piece only) once it holds a little, or wherever it has grown large:
 * the bytes depend on the file's contents only, never on where or when a piece was deflated.
 */
import { crc32 } from "node:zlib";

/** An entry deflated in pieces (deflatePiece): the pieces' bytes in order, with the whole entry's CRC-32 and size. */
export interface DeflatedEntry {
  checksum: number;
  size: number;
  pieces(): AsyncIterable<Uint8Array> | Iterable<Uint8Array>;
}

/** Where the deflated pieces are kept until the ZIP is written: a file beside the output, or memory. */
export interface ScratchFile {
  write(bytes: Uint8Array): Promise<void>;
  close(): Promise<void>;
  /** After close: the bytes written, in pieces. */
  pieces(): AsyncIterable<Uint8Array> | Iterable<Uint8Array>;
}

/** A piece ends where the writer allows only once it holds this much: smaller pieces deflate worse. */
const LEAST_PIECE_BYTES = 64 * 1024;
/** A piece ends wherever it has grown this large, allowed or not: the memory held, and a task's size. */
const MOST_PIECE_BYTES = 2 * 1024 * 1024;
/** Pieces being deflated at once: enough to keep the worker threads fed, few enough to bound the memory held. */
const IN_FLIGHT = 8;

export class DeflatedCopy implements DeflatedEntry {
  checksum = 0;
  size = 0;
  private held: Uint8Array[] = [];
  /** What made each chunk held, while every one's maker was told (write's `made`). */
  private made: string[] | undefined = [];
  private heldBytes = 0;
  private readonly inFlight: Array<Promise<Uint8Array>> = [];

  constructor(
    /**
     * Deflates one piece, given as the bytes written and what made them where known (deflatePiece of joinChunks, on
     * a worker thread or here).
     */
    private readonly deflate: (chunks: readonly Uint8Array[], made?: readonly string[]) => Promise<Uint8Array>,
    private readonly scratch: ScratchFile,
  ) {}

  /**
   * Bytes of the file, in order; `mayEnd`: a piece may end after them; `made`: what made them, if the same name
   * always stands for the same bytes in this file (an answer's key).
   */
  async write(bytes: Uint8Array, mayEnd: boolean, made?: string): Promise<void> {
    this.checksum = crc32(bytes, this.checksum);
    this.size += bytes.byteLength;
    this.held.push(bytes);
    if (made === undefined) this.made = undefined;
    else this.made?.push(made);
    this.heldBytes += bytes.byteLength;
    if ((mayEnd && this.heldBytes >= LEAST_PIECE_BYTES) || this.heldBytes >= MOST_PIECE_BYTES) await this.endPiece();
  }

  async close(): Promise<void> {
    if (this.heldBytes > 0) await this.endPiece();
    await this.drain();
    await this.scratch.close();
  }

  /** Waits for the pieces being deflated, and keeps them (the bytes held stay held). */
  async drain(): Promise<void> {
    while (this.inFlight.length > 0) await this.scratch.write(await this.inFlight.shift()!);
  }

  pieces(): AsyncIterable<Uint8Array> | Iterable<Uint8Array> {
    return this.scratch.pieces();
  }

  private async endPiece(): Promise<void> {
    const deflating = this.deflate(this.held, this.made);
    this.held = [];
    this.made = [];
    this.heldBytes = 0;
    // Its failure is reported when it is written, not as an unhandled rejection before.
    deflating.catch(() => undefined);
    this.inFlight.push(deflating);
    while (this.inFlight.length > IN_FLIGHT) await this.scratch.write(await this.inFlight.shift()!);
  }
}

/** A piece's bytes in one buffer. */
export function joinChunks(chunks: readonly Uint8Array[]): Uint8Array {
  return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
}

/** Whether a piece may end after the answer with this slug: about one answer in 16, by its slug alone (FNV-1a). */
export function pieceMayEndAfter(slug: string): boolean {
  let hash = 0x811c9dc5;
  for (let index = 0; index < slug.length; index++) hash = Math.imul(hash ^ slug.charCodeAt(index), 0x01000193);
  return (hash >>> 0) % 16 === 0;
}

/** A scratch file held in memory (the memory sink's). */
export function memoryScratch(): ScratchFile {
  const pieces: Uint8Array[] = [];
  return {
    write: async (bytes) => void pieces.push(bytes),
    close: async () => {},
    pieces: () => pieces,
  };
}
