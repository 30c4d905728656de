/**
 * One answer's entry in the build cache (answers/KEY.bin, build-cache.ts): its parts with every byte string (its
 * files, rows and lines) taken out, in order, and a marker left in its place; the bytes are stored beside the
 * serialised value, whole, and given back as views (checked-file.ts). Written by the thread that rendered the
 * answer, read by the main thread of a later build.
 */
import type { AnswerJob, AnswerParts } from "../products/answer-parts.ts";
import { writeCheckedFileInPlace } from "./checked-file.ts";

/** Where an answer's entry is written, under which key. */
export type AnswerEntryTarget = NonNullable<AnswerJob["store"]>;

/**
 * Writes the entry, best effort: an entry that cannot be written is only a miss next time. The render checked
 * that the body it read is the one the load stage hashed (a save between the two fails the build instead), so
 * the parts are those of the key's inputs.
 */
export function storeAnswerEntry(target: AnswerEntryTarget, parts: AnswerParts): void {
  try {
    const { value, blobs } = withoutBlobs(parts);
    writeCheckedFileInPlace(target.file, target.key, value, blobs);
  } catch {
    // Best effort, as above.
  }
}

/** The parts with their byte strings put back; undefined when a marker names a blob the file does not hold. */
export function restoreAnswerEntry(value: unknown, blobs: readonly Uint8Array[]): AnswerParts | undefined {
  let missing = false;
  const restore = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(restore);
    if (node === null || typeof node !== "object" || ArrayBuffer.isView(node)) return node;
    if (BLOB in node) {
      const blob = blobs[(node as Record<string, number>)[BLOB]!];
      if (!blob) missing = true;
      return blob;
    }
    return Object.fromEntries(Object.entries(node).map(([name, child]) => [name, restore(child)]));
  };
  const restored = restore(value);
  return missing ? undefined : (restored as AnswerParts);
}

/**
 * Other typed arrays (the search terms' counts, an Int32Array) stay in the value, which V8 serialises as they
 * are: taken apart as objects, one key per number, they cost more than the rest of the entry together.
 */
function withoutBlobs(value: unknown): { value: unknown; blobs: Uint8Array[] } {
  const blobs: Uint8Array[] = [];
  const strip = (node: unknown): unknown => {
    if (node instanceof Uint8Array) return { [BLOB]: blobs.push(node) - 1 };
    if (Array.isArray(node)) return node.map(strip);
    if (node === null || typeof node !== "object" || ArrayBuffer.isView(node)) return node;
    return Object.fromEntries(Object.entries(node).map(([name, child]) => [name, strip(child)]));
  };
  return { value: strip(value), blobs };
}

/** The marker of a byte string taken out: a key no part's own data has. */
const BLOB = "$blob";
