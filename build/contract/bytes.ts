/**
 * Searching UTF-8 bytes for byte sequences, for readers of the API's own canonical files that take what they need
 * from the bytes without decoding the rest (envelope.ts, the search index's documents chunks).
 */

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** A text's UTF-8 bytes. */
export const utf8 = (text: string): Uint8Array<ArrayBuffer> => encoder.encode(text);

/** The text of UTF-8 bytes, as `Response.text()` reads them (a malformed sequence reads as U+FFFD). */
export const utf8Text = (bytes: Uint8Array): string => decoder.decode(bytes);

/** Whether `bytes` holds `needle` at `at`. */
export function bytesAt(bytes: Uint8Array, needle: Uint8Array, at: number): boolean {
  if (at < 0 || at + needle.length > bytes.length) return false;
  for (let index = 0; index < needle.length; index++) if (bytes[at + index] !== needle[index]) return false;
  return true;
}

/**
 * Where `needle` first occurs in `bytes` from `from`, or -1. Candidates are found by the needle's byte at `anchor`
 * with the native (vectorised) byte search, so a rare byte there makes the search a few native calls.
 */
export function indexOfBytes(bytes: Uint8Array, needle: Uint8Array, from = 0, anchor = 0): number {
  const byte = needle[anchor]!;
  for (let at = bytes.indexOf(byte, from + anchor); at >= 0; at = bytes.indexOf(byte, at + 1))
    if (bytesAt(bytes, needle, at - anchor)) return at - anchor;
  return -1;
}

/** Where `needle` last occurs in `bytes` (found backwards from the end: what is sought sits near it), or -1. */
export function lastIndexOfBytes(bytes: Uint8Array, needle: Uint8Array): number {
  const byte = needle[0]!;
  // A negative start would count from the end: the search stops at the first byte instead.
  for (let at = bytes.length - needle.length; at >= 0; at--) {
    at = bytes.lastIndexOf(byte, at);
    if (at < 0 || bytesAt(bytes, needle, at)) return at;
  }
  return -1;
}
