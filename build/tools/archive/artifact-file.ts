/**
 * An archive written to disk from a stream of pieces, never held whole: small pieces (a tar header, a WARC record's
 * headers) are gathered and written a megabyte at a time, and the file is written under a temporary name and
 * renamed into place once complete, so that a run that fails leaves no truncated archive under the archive's name.
 */
import { type FileHandle, mkdir, open, rename, rm } from "node:fs/promises";
import path from "node:path";

const GATHER_BYTES = 1024 * 1024;

/** Appends pieces to a file, gathering the small ones. */
export class PieceWriter {
  private readonly gathered = Buffer.allocUnsafe(GATHER_BYTES);
  private filled = 0;

  private constructor(private readonly handle: FileHandle) {}

  static async create(file: string): Promise<PieceWriter> {
    return new PieceWriter(await open(file, "w"));
  }

  async write(piece: Uint8Array): Promise<void> {
    if (this.filled + piece.byteLength > GATHER_BYTES) await this.flush();
    if (piece.byteLength >= GATHER_BYTES) return this.writeAll(piece);
    this.gathered.set(piece, this.filled);
    this.filled += piece.byteLength;
  }

  async close(): Promise<void> {
    try {
      await this.flush();
    } finally {
      await this.handle.close();
    }
  }

  private async flush(): Promise<void> {
    const bytes = this.gathered.subarray(0, this.filled);
    this.filled = 0;
    await this.writeAll(bytes);
  }

  private async writeAll(bytes: Uint8Array): Promise<void> {
    for (let at = 0; at < bytes.byteLength; ) {
      const { bytesWritten } = await this.handle.write(bytes, at, bytes.byteLength - at);
      at += bytesWritten;
    }
  }
}

/** Writes `pieces` to `target`, through a temporary file beside it. */
export async function writeArtifact(
  target: string,
  pieces: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
): Promise<void> {
  await mkdir(path.dirname(target), { recursive: true });
  const partial = `${target}.partial`;
  const writer = await PieceWriter.create(partial);
  try {
    try {
      for await (const piece of pieces) await writer.write(piece);
    } finally {
      await writer.close();
    }
    await rename(partial, target);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}
