/**
 * A deterministic ZIP file, written as it goes: entries stored (no compression, so the bytes do not depend on
 * the zlib of the Node.js that builds), in the order given, which must be sorted by name; every entry with one
 * fixed time, a regular file's mode (0644) and a UTF-8 name. The same files always give the same bytes.
 */
import { crc32 } from "node:zlib";
import type { OutputStream } from "../output/output-sink.ts";

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
/** Version 2.0: what a stored entry needs. */
const VERSION = 20;
/** Made by Unix (3), so that the external attributes carry a mode. */
const MADE_BY = (3 << 8) | VERSION;
/** General purpose flag bit 11: names are UTF-8. */
const UTF8_NAMES = 0x0800;
const REGULAR_FILE_MODE = 0o100644;
/** Without ZIP64: up to 65,535 entries and 4 GiB. */
const LIMIT_16 = 0xffff;
const LIMIT_32 = 0xffffffff;

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
   * Adds an entry whose bytes `read` gives in pieces, read twice: once for the checksum and size the local header
   * holds before them, once to write them. No entry is held whole (the answers' NDJSON is most of a gigabyte at
   * 100,000 answers).
   */
  async add(name: string, read: () => AsyncIterable<Uint8Array>): Promise<void> {
    if (this.lastName !== undefined && !(this.lastName < name))
      throw new Error(`ZIP entries must be added in sorted order, once each: ${name} after ${this.lastName}`);
    this.lastName = name;
    let checksum = 0;
    let size = 0;
    for await (const piece of read()) {
      checksum = crc32(piece, checksum);
      size += piece.byteLength;
    }
    if (this.central.length === LIMIT_16 || size > LIMIT_32 || this.offset > LIMIT_32)
      throw new Error("the data set is too large for a ZIP file without ZIP64");
    const fileName = Buffer.from(name, "utf8");
    // The local header and the central directory's record share these fields, in this order.
    const shared = (header: Buffer, at: number) => {
      header.writeUInt16LE(VERSION, at);
      header.writeUInt16LE(UTF8_NAMES, at + 2);
      header.writeUInt16LE(0, at + 4); // stored
      header.writeUInt16LE(this.time, at + 6);
      header.writeUInt16LE(this.date, at + 8);
      header.writeUInt32LE(checksum, at + 10);
      header.writeUInt32LE(size, at + 14);
      header.writeUInt32LE(size, at + 18);
      header.writeUInt16LE(fileName.byteLength, at + 22);
    };
    const local = Buffer.alloc(30);
    local.writeUInt32LE(LOCAL_HEADER, 0);
    shared(local, 4);
    local.writeUInt16LE(0, 28);

    const central = Buffer.alloc(46);
    central.writeUInt32LE(CENTRAL_HEADER, 0);
    central.writeUInt16LE(MADE_BY, 4);
    shared(central, 6);
    // Extra field, comment, disk number and internal attributes: all 0 (offsets 30 to 37).
    central.writeUInt32LE((REGULAR_FILE_MODE << 16) >>> 0, 38);
    central.writeUInt32LE(this.offset, 42);
    this.central.push(central, fileName);

    await this.output.write(Buffer.concat([local, fileName]));
    let written = 0;
    for await (const piece of read()) {
      await this.output.write(piece);
      written += piece.byteLength;
    }
    if (written !== size)
      throw new Error(`${name} changed while it was added to the ZIP file (${size} bytes, then ${written})`);
    this.offset += local.byteLength + fileName.byteLength + size;
  }

  async finish(): Promise<void> {
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
    await this.output.write(Buffer.concat([directory, end]));
    await this.output.close();
  }
}

/** MS-DOS date and time fields, from the UTC fields of a date (DOS time has no zone, and 2-second steps). */
function dosDateTime(when: Date): { time: number; date: number } {
  const year = when.getUTCFullYear();
  if (year < 1980 || year > 2107) throw new Error(`a ZIP file cannot hold the time ${when.toISOString()}`);
  return {
    time: (when.getUTCHours() << 11) | (when.getUTCMinutes() << 5) | Math.floor(when.getUTCSeconds() / 2),
    date: ((year - 1980) << 9) | ((when.getUTCMonth() + 1) << 5) | when.getUTCDate(),
  };
}
