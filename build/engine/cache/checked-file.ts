/**
 * One cache file: a magic line, a CRC-32 of what follows, then the key it was written under and its value
 * in V8's serialisation format; read back only if the checksum and the key both match, so that a torn,
 * truncated, edited or misplaced file is a miss, never a value. Two forms: an entry (an answer's, a deflated
 * piece), written in place; and a large map (the parses, the stamps, the output record), serialised a segment at
 * a time into a temporary file that is renamed, so that a reader sees a whole file or none.
 *
 * An entry may hold large byte strings (an answer's files): those are kept out of the serialisation, appended
 * whole after it and given back as views of the bytes read, neither copied nor decoded.
 */
import { randomUUID } from "node:crypto";
import { closeSync, openSync, readFile as readFileCallback, writeSync, writevSync } from "node:fs";
import { open, rename, rm } from "node:fs/promises";
import { promisify } from "node:util";
import { deserialize, serialize } from "node:v8";
import { crc32 } from "node:zlib";

// The callback API: fs/promises makes a FileHandle per call, which costs more than reading a small file.
const readFile = promisify(readFileCallback);

const MAGIC = Buffer.from("avb-build-cache 3\n");
/** A CRC-32 of what follows: it is there to catch a torn or damaged file (the key says whose it is), and a third the cost of a SHA-256 over 300 MB of entries. */
const DIGEST_BYTES = 4;

/** Why a file that exists was not used. */
export type Rejection = "corrupt" | "misplaced";

/** The file's bytes after the magic line and the checksum: the serialised value's length, the value, the blobs. */
function payloadOf(
  key: string,
  value: unknown,
  blobs: readonly Uint8Array[],
): { digest: Buffer; payload: Uint8Array[] } {
  const serialised = serialize({ key, value, blobs: blobs.map((blob) => blob.byteLength) });
  const length = Buffer.alloc(4);
  length.writeUInt32LE(serialised.byteLength);
  const payload = [length, serialised, ...blobs];
  let checksum = 0;
  for (const part of payload) checksum = crc32(part, checksum);
  const digest = Buffer.alloc(DIGEST_BYTES);
  digest.writeUInt32LE(checksum);
  return { digest, payload };
}

/**
 * Written in place with blocking calls, not renamed: for the many small entries (an answer's), where a torn file
 * (a crash, two builds at once) only costs a miss, and a rename a file system call each. Blocking: on the worker
 * thread that rendered the answer, which has nothing else to do meanwhile. The parts are written as they are, not
 * joined: a joined copy of every entry was garbage outside the heap, which a worker thread collects late.
 */
export function writeCheckedFileInPlace(
  file: string,
  key: string,
  value: unknown,
  blobs: readonly Uint8Array[] = [],
): void {
  const { digest, payload } = payloadOf(key, value, blobs);
  const descriptor = openSync(file, "w");
  try {
    const parts = [MAGIC, digest, ...payload];
    // What writev did not write (a short write, rare) is written part by part.
    let skip = writevSync(descriptor, parts);
    for (const part of parts) {
      if (skip >= part.byteLength) {
        skip -= part.byteLength;
        continue;
      }
      for (let at = skip; at < part.byteLength; ) at += writeSync(descriptor, part, at);
      skip = 0;
    }
  } finally {
    closeSync(descriptor);
  }
}

/** What follows the magic line and the checksum, if both are right (and it holds at least a length); else undefined. */
function checkedPayload(bytes: Buffer): Buffer | undefined {
  const header = MAGIC.length + DIGEST_BYTES;
  if (bytes.length < header + 4 || !bytes.subarray(0, MAGIC.length).equals(MAGIC)) return undefined;
  const payload = bytes.subarray(header);
  return crc32(payload) === bytes.readUInt32LE(MAGIC.length) ? payload : undefined;
}

/** A value read, with the byte strings written beside it in the order given. */
export type CheckedRead<T> = { found: true; value: T; blobs: Buffer[] } | { found: false; rejected?: Rejection };

export async function readCheckedFile<T>(file: string, key: string): Promise<CheckedRead<T>> {
  const bytes = await readFile(file).catch(() => undefined);
  if (!bytes) return { found: false };
  const payload = checkedPayload(bytes);
  if (!payload) return { found: false, rejected: "corrupt" };
  const serialisedEnd = 4 + payload.readUInt32LE(0);
  let entry: { key?: unknown; value?: unknown; blobs?: unknown };
  try {
    entry = deserialize(payload.subarray(4, serialisedEnd)) as typeof entry;
  } catch {
    return { found: false, rejected: "corrupt" };
  }
  if (entry?.key !== key) return { found: false, rejected: "misplaced" };
  const lengths = entry.blobs;
  if (
    !Array.isArray(lengths) ||
    lengths.reduce((sum: number, length: number) => sum + length, serialisedEnd) !== payload.length
  )
    return { found: false, rejected: "corrupt" };
  const blobs: Buffer[] = [];
  let at = serialisedEnd;
  for (const length of lengths as number[]) blobs.push(payload.subarray(at, (at += length)));
  return { found: true, value: entry.value as T, blobs };
}

/**
 * Entries per serialised segment of a map file: under a megabyte each (parses are some 3 KB). The serialiser's
 * buffer grows by copies and malloc keeps what it is given back: with 2,048 entries (about 6 MB) writing the
 * parses of 100,000 answers added 31 MiB to the build's resident set, with 128 entries 15 MiB.
 */
const SEGMENT_ENTRIES = 256;

/**
 * A large map (the parses: some hundred megabytes at 100,000 answers), serialised and written a segment of entries
 * at a time, never whole: after the magic line and the CRC-32, the segments, then the key, the segments' lengths
 * and `extra` (the last four bytes say where they start); the CRC is written into its place at the end. Written to
 * a temporary name and renamed.
 */
export async function writeCheckedMap(
  file: string,
  key: string,
  map: ReadonlyMap<string, unknown>,
  /** A few values beside the map, kept with the key. */
  extra: Record<string, unknown> = {},
): Promise<void> {
  const temporary = `${file}.${process.pid}.${randomUUID()}.tmp`;
  try {
    const handle = await open(temporary, "w");
    try {
      let checksum = 0;
      let at = MAGIC.length + DIGEST_BYTES;
      const write = async (part: Uint8Array) => {
        checksum = crc32(part, checksum);
        // A write may write less than asked (rarely, for a file): the rest is written after it.
        for (let done = 0; done < part.byteLength; ) {
          const { bytesWritten } = await handle.write(part, done, part.byteLength - done, at);
          done += bytesWritten;
          at += bytesWritten;
        }
      };
      await handle.write(MAGIC, 0, MAGIC.length, 0);
      const lengths: number[] = [];
      let segment: Array<[string, unknown]> = [];
      const flush = async () => {
        const serialised = serialize(segment);
        lengths.push(serialised.byteLength);
        segment = [];
        await write(serialised);
      };
      for (const entry of map) {
        segment.push(entry);
        if (segment.length === SEGMENT_ENTRIES) await flush();
      }
      if (segment.length > 0) await flush();
      const trailer = serialize({ key, segments: lengths, extra });
      const trailerLength = Buffer.alloc(4);
      trailerLength.writeUInt32LE(trailer.byteLength);
      await write(trailer);
      await write(trailerLength);
      const digest = Buffer.alloc(DIGEST_BYTES);
      digest.writeUInt32LE(checksum);
      await handle.write(digest, 0, DIGEST_BYTES, MAGIC.length);
    } finally {
      await handle.close();
    }
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true }).catch(() => undefined);
    throw error;
  }
}

/** A map writeCheckedMap wrote, read back only if its checksum and key both match (else why not, as readCheckedFile). */
export async function readCheckedMap<Value>(
  file: string,
  key: string,
): Promise<
  { found: true; map: Map<string, Value>; extra: Record<string, unknown> } | { found: false; rejected?: Rejection }
> {
  const bytes = await readFile(file).catch(() => undefined);
  if (!bytes) return { found: false };
  const payload = checkedPayload(bytes);
  if (!payload) return { found: false, rejected: "corrupt" };
  const trailerEnd = payload.length - 4;
  const trailerStart = trailerEnd - payload.readUInt32LE(trailerEnd);
  if (trailerStart < 0) return { found: false, rejected: "corrupt" };
  try {
    const trailer = deserialize(payload.subarray(trailerStart, trailerEnd)) as {
      key?: unknown;
      segments?: unknown;
      extra?: Record<string, unknown>;
    };
    if (trailer?.key !== key) return { found: false, rejected: "misplaced" };
    const lengths = trailer.segments;
    if (!Array.isArray(lengths) || lengths.reduce((sum: number, length: number) => sum + length, 0) !== trailerStart)
      return { found: false, rejected: "corrupt" };
    const map = new Map<string, Value>();
    let at = 0;
    for (const length of lengths as number[])
      for (const [name, value] of deserialize(payload.subarray(at, (at += length))) as Array<[string, Value]>)
        map.set(name, value);
    return { found: true, map, extra: trailer.extra ?? {} };
  } catch {
    return { found: false, rejected: "corrupt" };
  }
}
