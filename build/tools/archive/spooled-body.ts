/**
 * A response body as the archive receives it, to be read again when its record is written: hashed (SHA-256) as it
 * comes, kept in memory up to a few megabytes and beyond that in a file, so that no large response is held whole.
 */
import { createHash } from "node:crypto";
import { readFile, rm } from "node:fs/promises";
import { PieceWriter } from "./artifact-file.ts";
import { filePieces } from "./dist-files.ts";

const IN_MEMORY_BYTES = 4 * 1024 * 1024;

export class SpooledBody {
  size = 0;
  private readonly hash = createHash("sha256");
  private readonly held: Buffer[] = [];
  private spill: PieceWriter | undefined;
  private spilled = false;

  /** `spillFile`: where the body goes past IN_MEMORY_BYTES; one body at a time uses it. */
  constructor(private readonly spillFile: string) {}

  async write(piece: Buffer): Promise<void> {
    this.hash.update(piece);
    this.size += piece.byteLength;
    if (!this.spill && this.size > IN_MEMORY_BYTES) {
      this.spill = await PieceWriter.create(this.spillFile);
      this.spilled = true;
      for (const held of this.held.splice(0)) await this.spill.write(held);
    }
    if (this.spill) await this.spill.write(piece);
    else this.held.push(piece);
  }

  /** The hex SHA-256 of the whole body; call once, after the last write. */
  async finish(): Promise<string> {
    await this.spill?.close();
    this.spill = undefined;
    return this.hash.digest("hex");
  }

  pieces(): AsyncIterable<Uint8Array> | Iterable<Uint8Array> {
    return this.spilled ? filePieces(this.spillFile) : this.held;
  }

  /** The whole body as text, for the few that are parsed (problem documents). */
  async text(): Promise<string> {
    return this.spilled ? readFile(this.spillFile, "utf8") : Buffer.concat(this.held).toString("utf8");
  }

  async dispose(): Promise<void> {
    await this.spill?.close();
    if (this.spilled) await rm(this.spillFile, { force: true });
  }
}
