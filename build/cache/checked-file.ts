/**
 * One cache file: a magic line, the SHA-256 of what follows, then the key it was written under and its value
 * in V8's serialisation format. Written to a temporary name and renamed, so that a reader sees a whole file or
 * none; read back only if the checksum and the key both match, so that a torn, truncated, edited or misplaced
 * file is a miss, never a value.
 */
import { createHash, randomUUID } from "node:crypto";
import { readFile as readFileCallback, writeFile as writeFileCallback } from "node:fs";
import { rename, rm } from "node:fs/promises";
import { promisify } from "node:util";
import { deserialize, serialize } from "node:v8";

// The callback API: fs/promises makes a FileHandle per call, which costs more than reading a small file.
const readFile = promisify(readFileCallback);
const writeFile = promisify(writeFileCallback);

const MAGIC = Buffer.from("avb-build-cache 1\n");
const DIGEST_BYTES = 32;

/** Why a file that exists was not used. */
export type Rejection = "corrupt" | "misplaced";

export type CheckedRead<T> = { found: true; value: T } | { found: false; rejected?: Rejection };

export async function writeCheckedFile(file: string, key: string, value: unknown): Promise<void> {
  const payload = serialize({ key, value });
  const digest = createHash("sha256").update(payload).digest();
  const temporary = `${file}.${process.pid}.${randomUUID()}.tmp`;
  try {
    await writeFile(temporary, Buffer.concat([MAGIC, digest, payload]));
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true }).catch(() => undefined);
    throw error;
  }
}

export async function readCheckedFile<T>(file: string, key: string): Promise<CheckedRead<T>> {
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch {
    return { found: false };
  }
  return checkBytes<T>(bytes, key);
}

export function checkBytes<T>(bytes: Buffer, key: string): CheckedRead<T> {
  const header = MAGIC.length + DIGEST_BYTES;
  if (bytes.length < header || !bytes.subarray(0, MAGIC.length).equals(MAGIC)) return { found: false, rejected: "corrupt" };
  const payload = bytes.subarray(header);
  if (!createHash("sha256").update(payload).digest().equals(bytes.subarray(MAGIC.length, header))) return { found: false, rejected: "corrupt" };
  let entry: { key?: unknown; value?: unknown };
  try {
    entry = deserialize(payload) as typeof entry;
  } catch {
    return { found: false, rejected: "corrupt" };
  }
  if (entry?.key !== key) return { found: false, rejected: "misplaced" };
  return { found: true, value: entry.value as T };
}
