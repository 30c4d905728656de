/**
 * The build cache's deflated pieces (output/deflated-copy.ts), in deflated/KEY.bin of a build's cache folder: a
 * build that changed one answer deflates again only the piece that holds it (about 16 answers), not the whole
 * NDJSON of the ZIP download (2.7 s of CPU at 10,000 answers). A piece is kept by what made its bytes where that is
 * known (its answers' keys, each of which names its bytes: at 10,000 answers 80 MB neither joined nor hashed each
 * build), else by the SHA-256 of its bytes. Each file is a checked file (checked-file.ts): a torn or stale one is a
 * miss, said in the cache's notes. Pieces that a complete build did not use are deleted after it.
 */
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync } from "node:fs";
import { rm } from "node:fs/promises";
import path from "node:path";
import { FILE_CONCURRENCY, mapConcurrently } from "../output/bounded-concurrency.ts";
import { joinChunks } from "../output/deflated-copy.ts";
import { readCheckedFile, type Rejection, writeCheckedFileInPlace } from "./checked-file.ts";

export class DeflatedPieceCache {
  private stored: Set<string> | undefined;
  private used = new Set<string>();
  /** Pieces deflated in this process, by their first chunk (held only while the chunk is). */
  private recent = new WeakMap<Uint8Array, { chunks: Uint8Array[]; key: string; deflated: Uint8Array }>();

  constructor(
    private readonly folder: string,
    /** The build code's version: a piece deflated by other code is not this code's. */
    private readonly version: string,
    /** Says once that a kept piece was unusable (the cache's notes), by its path in the cache folder. */
    private readonly note: (file: string, rejected: Rejection) => void,
  ) {}

  /**
   * The piece deflated, from the cache, or by `deflate` and kept. `chunks`: the piece's bytes as written; `made`:
   * what made each chunk (DeflatedCopy.write), where every one is known. A piece made of the very chunks (the same
   * objects) as one deflated earlier in this process is that piece: a dev loop's unchanged answers keep their
   * lines' bytes, and the piece is neither joined nor hashed again.
   */
  async deflate(
    chunks: readonly Uint8Array[],
    made: readonly string[] | undefined,
    deflate: (raw: Uint8Array) => Promise<Uint8Array>,
  ): Promise<Uint8Array> {
    const known = this.recent.get(chunks[0]!);
    if (known && known.chunks.length === chunks.length && known.chunks.every((chunk, at) => chunk === chunks[at])) {
      this.used.add(known.key);
      return known.deflated;
    }
    let raw: Uint8Array | undefined;
    const bytes = () => (raw ??= joinChunks(chunks));
    const key = createHash("sha256")
      .update(made ? `made of\n${made.join("\n")}` : bytes())
      .digest("hex");
    this.used.add(key);
    const deflated = await this.deflateByKey(key, bytes, deflate);
    this.recent.set(chunks[0]!, { chunks: [...chunks], key, deflated });
    return deflated;
  }

  private async deflateByKey(
    key: string,
    bytes: () => Uint8Array,
    deflate: (raw: Uint8Array) => Promise<Uint8Array>,
  ): Promise<Uint8Array> {
    this.stored ??= this.list();
    const file = path.join(this.folder, `${key}.bin`);
    if (this.stored.has(key)) {
      const read = await readCheckedFile<null>(file, this.version);
      if (read.found && read.blobs.length === 1) return read.blobs[0]!;
      const rejected = read.found ? "corrupt" : read.rejected;
      if (rejected) this.note(path.join(path.basename(this.folder), `${key}.bin`), rejected);
    }
    const deflated = await deflate(bytes());
    try {
      writeCheckedFileInPlace(file, this.version, null, [deflated]);
      this.stored.add(key);
    } catch {
      // Best effort: the next build deflates it again.
    }
    return deflated;
  }

  /** Called as a build starts. */
  startBuild(): void {
    this.used = new Set();
  }

  /** After a complete build: the pieces it did not use are deleted. */
  async finishBuild(): Promise<void> {
    const unused = [...(this.stored ?? this.list())].filter((key) => !this.used.has(key));
    await mapConcurrently(unused, FILE_CONCURRENCY, (key) =>
      rm(path.join(this.folder, `${key}.bin`), { force: true }).catch(() => undefined),
    );
    for (const key of unused) this.stored?.delete(key);
  }

  private list(): Set<string> {
    try {
      mkdirSync(this.folder, { recursive: true });
      return new Set(
        readdirSync(this.folder)
          .filter((name) => name.endsWith(".bin"))
          .map((name) => name.slice(0, -4)),
      );
    } catch {
      return new Set();
    }
  }
}
