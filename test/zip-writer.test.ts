/**
 * The ZIP writer of the dataset download (build/engine/output/zip-writer.ts): deflated entries whose bytes depend on
 * their contents only, not on the pieces they are read in, and a file that unzip reads back exactly.
 */
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { inflateRawSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { deflatePiece, type EntryPieces, ZipWriter } from "../build/engine/output/zip-writer.ts";
import { DeflatedCopy, joinChunks, memoryScratch } from "../build/engine/output/deflated-copy.ts";
import { temporaryFolder } from "./support/build-helpers.ts";

const execFileAsync = promisify(execFile);
const MODIFIED = new Date("2025-06-15T15:06:40Z");

/** About 300 kB of text that deflates, unlike random bytes, and differs line by line. */
const TEXT = Buffer.from(
  Array.from(
    { length: 4000 },
    (_, line) => `{"line":${line},"digest":"${createHash("sha256").update(String(line)).digest("hex")}"}\n`,
  ).join(""),
);

async function zipOf(entries: Array<[string, EntryPieces]>, modified = MODIFIED): Promise<Buffer> {
  const parts: Uint8Array[] = [];
  const zip = new ZipWriter(
    { write: async (piece) => void parts.push(Buffer.from(piece)), close: async () => {} },
    modified,
  );
  for (const [name, pieces] of entries) await zip.add(name, pieces);
  await zip.finish();
  return Buffer.concat(parts);
}

/** `bytes` in pieces of the given sizes, in turn. */
function* cut(bytes: Buffer, sizes: number[]): Generator<Uint8Array> {
  for (let at = 0, turn = 0; at < bytes.byteLength; turn++) {
    const size = sizes[turn % sizes.length]!;
    yield bytes.subarray(at, at + size);
    at += size;
  }
}

describe("the ZIP writer", () => {
  it("dates a time before 1980 or after 2107, which MS-DOS fields cannot hold, at the nearer end", async () => {
    /** The first entry's modification time, from its local header's MS-DOS fields (APPNOTE 4.4.6), as ISO 8601. */
    const dated = async (modified: Date) => {
      const zip = await zipOf([["a.txt", [Buffer.from("a")]]], modified);
      const time = zip.readUInt16LE(10);
      const date = zip.readUInt16LE(12);
      return new Date(
        Date.UTC((date >> 9) + 1980, ((date >> 5) & 15) - 1, date & 31, time >> 11, (time >> 5) & 63, (time & 31) * 2),
      ).toISOString();
    };
    // SOURCE_DATE_EPOCH=0, which reproducible builds often set.
    expect(await dated(new Date(0))).toBe("1980-01-01T00:00:00.000Z");
    expect(await dated(new Date("2200-06-01T12:00:00Z"))).toBe("2107-12-31T23:59:58.000Z");
    expect(await dated(MODIFIED)).toBe(MODIFIED.toISOString());
  });

  it("gives the same bytes whatever pieces an entry is read in", async () => {
    const whole = await zipOf([["data/text.ndjson", [TEXT]]]);
    // Compared with equals: a failed toEqual of two buffers this size takes minutes to print.
    expect((await zipOf([["data/text.ndjson", cut(TEXT, [1, 1000, 65_537, 4096])]])).equals(whole)).toBe(true);
    expect((await zipOf([["data/text.ndjson", cut(TEXT, [200_000])]])).equals(whole)).toBe(true);
  });

  it("deflates, and unzip reads every entry back exactly, an empty one included", async () => {
    const folder = await temporaryFolder("zip-writer");
    const file = path.join(folder, "test.zip");
    const entries: Array<[string, Buffer]> = [
      ["set/README.txt", Buffer.from("Read me.\n")],
      ["set/data/empty.csv", Buffer.alloc(0)],
      ["set/data/text.ndjson", TEXT],
      ["set/data/ünïcode.json", Buffer.from('{"name":"ünïcode"}\n')],
    ];
    const zip = await zipOf(entries.map(([name, bytes]) => [name, [bytes]]));
    expect(zip.byteLength).toBeLessThan(TEXT.byteLength / 2);
    await writeFile(file, zip);
    await execFileAsync("unzip", ["-tq", file]);
    const listing = (await execFileAsync("unzip", ["-Z", file])).stdout;
    expect(listing.match(/-rw-r--r--.* defF 25-Jun-15 15:06 /g)).toHaveLength(entries.length);
    for (const [name, bytes] of entries) {
      const { stdout } = await execFileAsync("unzip", ["-p", file, name], { encoding: "buffer" });
      expect(stdout.equals(bytes), name).toBe(true);
    }
  });

  it("takes an entry deflated beforehand in pieces, each on its own, that unzip reads back exactly", async () => {
    const folder = await temporaryFolder("zip-writer-deflated");
    const file = path.join(folder, "test.zip");
    // The pieces are deflated on worker threads or here, whichever is free: the bytes must not depend on it.
    const deflate = async (chunks: readonly Uint8Array[]) => deflatePiece(joinChunks(chunks));
    const copyOf = async (bytes: Buffer, mayEnd: (line: number) => boolean) => {
      const copy = new DeflatedCopy(deflate, memoryScratch());
      const lines = bytes.toString().split(/(?<=\n)/);
      for (const [index, line] of lines.entries()) await copy.write(Buffer.from(line), mayEnd(index));
      await copy.close();
      return copy;
    };
    const big = Buffer.concat(Array.from({ length: 12 }, () => TEXT));
    const everyLine = await copyOf(big, () => true);
    const rarely = await copyOf(big, (line) => line % 9000 === 0);
    const parts: Uint8Array[] = [];
    const zip = new ZipWriter(
      { write: async (piece) => void parts.push(Buffer.from(piece)), close: async () => {} },
      MODIFIED,
    );
    await zip.addDeflated("set/a.ndjson", everyLine);
    await zip.addDeflated("set/b.ndjson", rarely);
    await zip.addDeflated("set/empty.ndjson", await copyOf(Buffer.alloc(0), () => true));
    await zip.finish();
    const bytes = Buffer.concat(parts);
    // Pieces of at least 64 KiB deflate about as well as one stream: each of the two entries to under half.
    expect(bytes.byteLength).toBeLessThan(big.byteLength);
    await writeFile(file, bytes);
    await execFileAsync("unzip", ["-tq", file]);
    for (const name of ["set/a.ndjson", "set/b.ndjson"]) {
      const { stdout } = await execFileAsync("unzip", ["-p", file, name], { encoding: "buffer", maxBuffer: 1 << 26 });
      expect(stdout.equals(big), name).toBe(true);
    }
    expect(
      (await execFileAsync("unzip", ["-p", file, "set/empty.ndjson"], { encoding: "buffer" })).stdout.byteLength,
    ).toBe(0);
  });

  it("joins pieces deflated each on its own into one stream that zlib reads, whatever bit a piece's last block ends on", () => {
    // A piece's last block may end on any bit of a byte (fflate's own sync flush, used before, misplaced the empty
    // block after one ending 6 bits in): lengths from 1 byte to 400 kB end on every bit.
    let cases = 0;
    for (let length = 1; length < 400_000; length += 3_989) {
      const pieces = [TEXT.subarray(0, length % TEXT.byteLength), Buffer.from("a".repeat(length % 70_000)), TEXT];
      const stream = Buffer.concat([...pieces.map(deflatePiece), Buffer.of(0x03, 0x00)]);
      expect(inflateRawSync(stream).equals(Buffer.concat(pieces)), `length ${length}`).toBe(true);
      cases++;
    }
    expect(cases).toBe(101);
  });

  it("refuses entries out of order", async () => {
    const zip = new ZipWriter({ write: async () => {}, close: async () => {} }, MODIFIED);
    await zip.add("b", []);
    await expect(zip.add("a", [])).rejects.toThrow(/sorted order/);
  });
});
