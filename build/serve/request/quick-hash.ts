/**
 * A quick, non-cryptographic hash of some strings and some bytes, for tags (ETags) of computed responses: two
 * 53-bit hashes with cyrb53's mixing and different seeds, 28 hex digits. Strings are taken a character at a
 * time, each followed by a newline; bytes four at a time, each run followed by its length. No cryptography is
 * needed to tell representations apart, and it costs microseconds where SHA-256 through WebCrypto costs tens
 * (a round trip to a worker thread per call, in Node).
 */
export function quickHash(strings: readonly string[], byteRuns: ReadonlyArray<Uint8Array>): string {
  let a1 = 0xdeadbeef ^ 1;
  let a2 = 0x41c6ce57 ^ 1;
  let b1 = 0xdeadbeef ^ 2;
  let b2 = 0x41c6ce57 ^ 2;
  const mix = (value: number) => {
    a1 = Math.imul(a1 ^ value, 2654435761);
    a2 = Math.imul(a2 ^ value, 1597334677);
    b1 = Math.imul(b1 ^ value, 2654435761);
    b2 = Math.imul(b2 ^ value, 1597334677);
  };
  for (const text of strings) {
    for (let index = 0; index < text.length; index++) mix(text.charCodeAt(index));
    mix(10);
  }
  for (const bytes of byteRuns) {
    const words = bytes.byteLength >> 2;
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    for (let word = 0; word < words; word++) mix(view.getInt32(word * 4, true));
    for (let index = words * 4; index < bytes.byteLength; index++) mix(bytes[index]!);
    mix(bytes.byteLength);
  }
  const finish = (h1: number, h2: number) => {
    h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
    h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
    return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(16).padStart(14, "0");
  };
  return `${finish(a1, a2)}${finish(b1, b2)}`;
}
