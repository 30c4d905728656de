/**
 * A deterministic ZIP file, written as it goes: each entry deflated as it is read (raw-deflate.ts: zlib in
 * WebAssembly, so the bytes do not depend on the zlib of the Node.js that builds), its checksum and sizes in a data
 * descriptor after its data; entries in the order given, which must be sorted by name; every entry with one fixed
 * time, a regular file's mode (0644) and a UTF-8 name. The same files always give the same bytes.
 */
import { crc32 } from "node:zlib";
import { RawDeflate } from "./raw-deflate.ts";
import type { DeflatedEntry } from "./deflated-copy.ts";
import type { OutputStream } from "./output-sink.ts";

const LOCAL_HEADER = 0x04034b50;
const DATA_DESCRIPTOR = 0x08074b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
/** Version 2.0: what a deflated entry and a data descriptor need. */
const VERSION = 20;
/** Made by Unix (3), so that the external attributes carry a mode. */
const MADE_BY = (3 << 8) | VERSION;
const DEFLATED = 8;
/** General purpose flag bit 3: the checksum and sizes follow the data (they are known only once it is deflated). */
const SIZES_AFTER_DATA = 0x0008;
/** General purpose flag bit 11: names are UTF-8. */
const UTF8_NAMES = 0x0800;
const REGULAR_FILE_MODE = 0o100644;
/** Without ZIP64: up to 65,535 entries and 4 GiB. */
const LIMIT_16 = 0xffff;
const LIMIT_32 = 0xffffffff;

/**
 * Deflate level 2, zlib's fastest with lazy matching off that still finds long matches: at 10,000 generated answers
 * the 80 MB of the answers' NDJSON deflate in 0.7 s of CPU to 13.3 MB (level 1: 0.9 s, 13.7 MB; level 4: 1.5 s,
 * 12.0 MB; level 6: 2.2 s, 11.5 MB).
 */
const LEVEL = 2;

export type EntryPieces = AsyncIterable<Uint8Array> | Iterable<Uint8Array>;

/** A deflate block that ends the stream: final, fixed Huffman codes, no symbol but the end of the block. */
const LAST_EMPTY_BLOCK = Uint8Array.of(0x03, 0x00);

/**
 * A piece of an entry deflated on its own, with the ZIP's level, ending on a byte boundary and not the stream's
 * last block (zlib's sync flush), so that such pieces concatenated, and LAST_EMPTY_BLOCK after them, are one deflate
 * stream (what pigz does to deflate on several cores). The same bytes wherever it runs, a worker thread or the
 * main one.
 */
export function deflatePiece(raw: Uint8Array): Uint8Array {
  const deflate = new RawDeflate(LEVEL);
  const out = [...deflate.push(raw), ...deflate.end(true)];
  return out.length === 1 ? out[0]! : Buffer.concat(out);
}

/** An entry as ZipWriter.add deflated it: its whole deflate stream, and the CRC-32 and size of its bytes. */
export interface MadeEntry {
  checksum: number;
  size: number;
  deflated: readonly Uint8Array[];
}

export class ZipWriter {
  private offset = 0;
  private readonly central: Buffer[] = [];
  private lastName: string | undefined;
  private readonly time: number;
  private readonly date: number;

  constructor(
    private readonly output: OutputStream,
    modified: Date,
  ) {
    ({ time: this.time, date: this.date } = dosDateTime(modified));
  }

  /**
   * Adds an entry whose bytes `pieces` gives, read once and deflated as they come: no entry is held whole (the
   * answers' NDJSON is most of a gigabyte at 100,000 answers). `keep`: gives back what it made (its deflated bytes,
   * CRC-32 and size), for addMade to add again without deflating (a dev loop's unchanged files).
   */
  async add(name: string, pieces: EntryPieces, keep = false): Promise<MadeEntry | undefined> {
    let checksum = 0;
    let size = 0;
    const kept: Uint8Array[] = [];
    async function* deflated(): AsyncGenerator<Uint8Array> {
      const deflate = new RawDeflate(LEVEL);
      const handOn = (out: Uint8Array[]) => {
        if (keep) kept.push(...out);
        return out;
      };
      for await (const piece of pieces) {
        checksum = crc32(piece, checksum);
        size += piece.byteLength;
        yield* handOn(deflate.push(piece));
      }
      yield* handOn(deflate.end());
    }
    await this.entry(name, deflated(), () => ({ checksum, size }));
    return keep ? { checksum, size, deflated: kept } : undefined;
  }

  /** Adds an entry as add made it before: the same bytes, not deflated again. */
  async addMade(name: string, made: MadeEntry): Promise<void> {
    async function* stream(): AsyncGenerator<Uint8Array> {
      yield* made.deflated;
    }
    await this.entry(name, stream(), () => made);
  }

  /**
   * Adds an entry deflated already, in pieces each deflated on its own (deflatePiece), in order: the deflate
   * stream is their bytes and a last, empty block. `checksum` (CRC-32) and `size` are of the whole entry.
   */
  async addDeflated(name: string, deflated: DeflatedEntry): Promise<void> {
    async function* stream(): AsyncGenerator<Uint8Array> {
      yield* deflated.pieces();
      yield LAST_EMPTY_BLOCK;
    }
    await this.entry(name, stream(), () => deflated);
  }

  /** The local header, the deflated bytes, the data descriptor; the central directory's record kept for finish. */
  private async entry(
    name: string,
    deflated: AsyncIterable<Uint8Array>,
    totals: () => { checksum: number; size: number },
  ): Promise<void> {
    if (this.lastName !== undefined && !(this.lastName < name))
      throw new Error(`ZIP entries must be added in sorted order, once each: ${name} after ${this.lastName}`);
    this.lastName = name;
    if (this.central.length / 2 === LIMIT_16) throw new Error("the data set has too many files for a ZIP file");
    const fileName = Buffer.from(name, "utf8");
    const start = this.offset;
    // The local header and the central directory's record share these fields, in this order; in the local header
    // the checksum and sizes are 0, and the data descriptor holds them.
    const shared = (header: Buffer, at: number, checksum: number, compressed: number, size: number) => {
      header.writeUInt16LE(VERSION, at);
      header.writeUInt16LE(UTF8_NAMES | SIZES_AFTER_DATA | levelFlags(LEVEL), at + 2);
      header.writeUInt16LE(DEFLATED, at + 4);
      header.writeUInt16LE(this.time, at + 6);
      header.writeUInt16LE(this.date, at + 8);
      header.writeUInt32LE(checksum, at + 10);
      header.writeUInt32LE(compressed, at + 14);
      header.writeUInt32LE(size, at + 18);
      header.writeUInt16LE(fileName.byteLength, at + 22);
    };
    const local = Buffer.alloc(30);
    local.writeUInt32LE(LOCAL_HEADER, 0);
    shared(local, 4, 0, 0, 0);
    local.writeUInt16LE(0, 28);
    await this.write(Buffer.concat([local, fileName]));

    let compressed = 0;
    for await (const piece of deflated) {
      compressed += piece.byteLength;
      await this.write(piece);
    }
    const { checksum, size } = totals();
    if (size > LIMIT_32 || compressed > LIMIT_32 || start > LIMIT_32)
      throw new Error("the data set is too large for a ZIP file without ZIP64");

    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(DATA_DESCRIPTOR, 0);
    descriptor.writeUInt32LE(checksum, 4);
    descriptor.writeUInt32LE(compressed, 8);
    descriptor.writeUInt32LE(size, 12);
    await this.write(descriptor);

    const central = Buffer.alloc(46);
    central.writeUInt32LE(CENTRAL_HEADER, 0);
    central.writeUInt16LE(MADE_BY, 4);
    shared(central, 6, checksum, compressed, size);
    // Extra field, comment, disk number and internal attributes: all 0 (offsets 30 to 37).
    central.writeUInt32LE((REGULAR_FILE_MODE << 16) >>> 0, 38);
    central.writeUInt32LE(start, 42);
    this.central.push(central, fileName);
  }

  async finish(): Promise<void> {
    if (this.offset > LIMIT_32) throw new Error("the data set is too large for a ZIP file without ZIP64");
    const directory = Buffer.concat(this.central);
    const entries = this.central.length / 2;
    const end = Buffer.alloc(22);
    end.writeUInt32LE(END_OF_CENTRAL_DIRECTORY, 0);
    // Disk numbers 0 (offsets 4 to 7).
    end.writeUInt16LE(entries, 8);
    end.writeUInt16LE(entries, 10);
    end.writeUInt32LE(directory.byteLength, 12);
    end.writeUInt32LE(this.offset, 16);
    end.writeUInt16LE(0, 20);
    await this.write(Buffer.concat([directory, end]));
    await this.output.close();
  }

  private async write(bytes: Uint8Array): Promise<void> {
    this.offset += bytes.byteLength;
    await this.output.write(bytes);
  }
}

/** Flag bits 2 and 1 of a deflated entry tell its level (APPNOTE 4.4.4): 11 super fast, 10 fast, 00 normal, 01 maximum. */
function levelFlags(level: number): number {
  return level === 1 ? 0b110 : level < 6 ? 0b100 : level === 9 ? 0b010 : 0;
}

/** The first and last times MS-DOS fields hold. */
const DOS_TIMES = [Date.UTC(1980, 0, 1), Date.UTC(2107, 11, 31, 23, 59, 58)] as const;

/**
 * MS-DOS date and time fields, from the UTC fields of a date (DOS time has no zone, and 2-second steps). A time
 * outside 1980 to 2107 is dated at the nearer end, as reproducible builds clamp a SOURCE_DATE_EPOCH such as 0.
 */
function dosDateTime(given: Date): { time: number; date: number } {
  const when = new Date(Math.min(Math.max(given.getTime(), DOS_TIMES[0]), DOS_TIMES[1]));
  const year = when.getUTCFullYear();
  return {
    time: (when.getUTCHours() << 11) | (when.getUTCMinutes() << 5) | Math.floor(when.getUTCSeconds() / 2),
    date: ((year - 1980) << 9) | ((when.getUTCMonth() + 1) << 5) | when.getUTCDate(),
  };
}
