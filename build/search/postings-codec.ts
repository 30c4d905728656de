/**
 * How a word's postings are written in the words shards and prefix files, and read back: gaps and levels as
 * varints in the URL-safe base-64 alphabet, or one character per answer where that is shorter (./search-format.ts
 * describes the files that hold them).
 */
export const DIGITS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
export const DIGIT_VALUES = (() => {
  const values = new Int8Array(128).fill(-1);
  for (let at = 0; at < DIGITS.length; at++) values[DIGITS.charCodeAt(at)] = at;
  return values;
})();

const DIGIT_CODES = Uint8Array.from(DIGITS, (digit) => digit.charCodeAt(0));
/**
 * Turns the character codes made below (all ASCII) into text at once. `String.fromCharCode(...codes)` passed each
 * code as an argument, through the typed array's iterator: at 10,000 answers the search index's postings took 400
 * MB of this thread's allocations to make 3 MB of text.
 */
const ascii = new TextDecoder();

/**
 * A word's postings as the index stores them: per answer, its position gap (varint, 5 bits a digit) and level (one
 * digit). Made from parallel arrays of ascending positions and their levels, through a buffer of character codes.
 */
export function encodePostings(
  positions: ArrayLike<number>,
  levels: ArrayLike<number>,
  count = positions.length,
): string {
  const codes = new Uint8Array(count * 2 + 16);
  let length = 0;
  let room = codes;
  let previous = 0;
  for (let at = 0; at < count; at++) {
    if (length + 10 > room.length) {
      const grown = new Uint8Array(room.length * 2);
      grown.set(room);
      room = grown;
    }
    let gap = positions[at]! - previous;
    previous = positions[at]!;
    while (gap >= 32) {
      room[length++] = DIGIT_CODES[32 | (gap & 31)]!;
      gap = Math.floor(gap / 32);
    }
    room[length++] = DIGIT_CODES[gap]!;
    room[length++] = DIGIT_CODES[levels[at]!]!;
  }
  return ascii.decode(room.subarray(0, length));
}

/** Opens a word's postings written densely (encodeDensePostings). */
export const DENSE_MARK = ".";
/** In dense postings, an answer that does not hold the word. */
export const ABSENT = "~";
const ABSENT_CODE = ABSENT.charCodeAt(0);

/**
 * A word's postings as one character per answer of the collection, after DENSE_MARK: its level there, or ABSENT.
 * Shorter than the gaps and levels once the word is in more than about half the answers, and decoded without a
 * varint: a common word at 100,000 answers was 190 KB of postings, and the costliest list a cold query decoded.
 */
function encodeDensePostings(
  positions: ArrayLike<number>,
  levels: ArrayLike<number>,
  count: number,
  answers: number,
): string {
  const codes = new Uint8Array(answers).fill(ABSENT_CODE);
  for (let at = 0; at < count; at++) codes[positions[at]!] = DIGIT_CODES[levels[at]!]!;
  return DENSE_MARK + ascii.decode(codes);
}

/** A word's postings in whichever of the two forms is shorter. */
export function encodeShorterPostings(
  positions: ArrayLike<number>,
  levels: ArrayLike<number>,
  count: number,
  answers: number,
): string {
  // Each posting takes at least two characters as gaps and levels: below half the collection, dense is never shorter.
  if (count * 2 < answers + 1) return encodePostings(positions, levels, count);
  const sparse = encodePostings(positions, levels, count);
  return sparse.length <= answers + 1 ? sparse : encodeDensePostings(positions, levels, count, answers);
}

export function varint(value: number): string {
  let text = "";
  while (value >= 32) {
    text += DIGITS[32 | (value & 31)];
    value = Math.floor(value / 32);
  }
  return text + DIGITS[value]!;
}

/** A prefix file's postings: per answer, its position gap and its value, both varints. */
export function encodePrefixPostings(postings: ReadonlyArray<{ position: number; value: number }>): string {
  let text = "";
  let previous = 0;
  for (const { position, value } of postings) {
    text += varint(position - previous) + varint(value);
    previous = position;
  }
  return text;
}

/**
 * Where postings are decoded: grown as needed and used again, since a common word at 100,000 answers needs arrays
 * of hundreds of kilobytes that its reader copies from at once (a new pair per list was most of a cold query's
 * allocation by size). What decodePostingsInto and decodePrefixPostingsInto return is a view of these: read it
 * before decoding again.
 */
const scratch = { positions: new Int32Array(1024), values: new Int32Array(1024), levels: new Uint8Array(1024) };

function scratchFor(postings: number): typeof scratch {
  if (scratch.positions.length < postings) {
    const size = Math.max(postings, scratch.positions.length * 2);
    scratch.positions = new Int32Array(size);
    scratch.values = new Int32Array(size);
    scratch.levels = new Uint8Array(size);
  }
  return scratch;
}

/**
 * A word's postings decoded at once into typed arrays: the hot loop of a cold query, with no call per posting.
 * Every posting takes at least two digits, so half the text's length bounds their number. The arrays are views
 * of a scratch space (see scratch), valid until the next decoding.
 */
export function decodePostingsInto(encoded: string): { count: number; positions: Int32Array; levels: Uint8Array } {
  if (isDensePostings(encoded)) return decodeDensePostingsInto(encoded);
  const { positions, levels } = scratchFor(encoded.length >> 1);
  let count = 0;
  let position = 0;
  for (let at = 0; at < encoded.length; ) {
    let digit = DIGIT_VALUES[encoded.charCodeAt(at++)]!;
    let gap = 0;
    let scale = 1;
    while (digit >= 32) {
      gap += (digit & 31) * scale;
      scale *= 32;
      digit = DIGIT_VALUES[encoded.charCodeAt(at++)]!;
    }
    position += gap + digit * scale;
    positions[count] = position;
    levels[count++] = DIGIT_VALUES[encoded.charCodeAt(at++)]!;
  }
  return { count, positions, levels };
}

/** Whether a word's postings are written one character per answer (encodeDensePostings). */
export function isDensePostings(encoded: string): boolean {
  return encoded.startsWith(DENSE_MARK);
}

/**
 * Dense postings decoded straight to what a reader keeps of them: at each position `valueOfLevel[level]`, or -1 where
 * the word is absent. One pass, and no list of positions.
 */
export function decodeDenseValues(encoded: string, valueOfLevel: Int32Array): Int32Array {
  const values = new Int32Array(encoded.length - 1);
  for (let at = 1; at < encoded.length; at++) {
    const code = encoded.charCodeAt(at);
    values[at - 1] = code === ABSENT_CODE ? -1 : valueOfLevel[DIGIT_VALUES[code]!]!;
  }
  return values;
}

function decodeDensePostingsInto(encoded: string): { count: number; positions: Int32Array; levels: Uint8Array } {
  const { positions, levels } = scratchFor(encoded.length - 1);
  let count = 0;
  for (let at = 1; at < encoded.length; at++) {
    const code = encoded.charCodeAt(at);
    if (code === ABSENT_CODE) continue;
    positions[count] = at - 1;
    levels[count++] = DIGIT_VALUES[code]!;
  }
  return { count, positions, levels };
}

/** A prefix file's postings decoded at once: positions and values (the varint loop written out twice: no call per number); views of the scratch space, as decodePostingsInto's. */
export function decodePrefixPostingsInto(encoded: string): {
  count: number;
  positions: Int32Array;
  values: Int32Array;
} {
  const { positions, values } = scratchFor(encoded.length >> 1);
  let count = 0;
  let position = 0;
  for (let at = 0; at < encoded.length; ) {
    let digit = DIGIT_VALUES[encoded.charCodeAt(at++)]!;
    let gap = 0;
    let scale = 1;
    while (digit >= 32) {
      gap += (digit & 31) * scale;
      scale *= 32;
      digit = DIGIT_VALUES[encoded.charCodeAt(at++)]!;
    }
    position += gap + digit * scale;
    digit = DIGIT_VALUES[encoded.charCodeAt(at++)]!;
    let value = 0;
    scale = 1;
    while (digit >= 32) {
      value += (digit & 31) * scale;
      scale *= 32;
      digit = DIGIT_VALUES[encoded.charCodeAt(at++)]!;
    }
    positions[count] = position;
    values[count++] = value + digit * scale;
  }
  return { count, positions, values };
}

export function decodePostings(encoded: string): Array<{ position: number; level: number }> {
  const { count, positions, levels } = decodePostingsInto(encoded);
  return Array.from({ length: count }, (_, at) => ({ position: positions[at]!, level: levels[at]! }));
}
