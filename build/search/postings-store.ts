/**
 * Every word's postings while the search index is built (search-index.ts), as varint bytes in shared slabs: a
 * word's bytes are a chain of blocks, each twice the size of the one before up to 64 KiB, cut from the current
 * slab. Nothing is grown and copied, and a word is a small record, not a buffer of its own. A growing buffer per
 * word left, at 100,000 answers, 100,000 typed arrays on the heap (some 20 MB) and the freed copies of the common
 * words' buffers (five times their final size, in all) in malloc's heap, which keeps what it is given back.
 */

/** A slab's bytes; a block never crosses slabs. */
const SLAB_BYTES = 1 << 20;
const FIRST_BLOCK = 16;
const LARGEST_BLOCK = 64 * 1024;
/** A block starts with the address of the next block (in units of BLOCK_ALIGN, four bytes): the rest is postings. */
const LINK_BYTES = 4;
/** Every block size is a multiple of this, so that an address divided by it fits the four-byte link. */
const BLOCK_ALIGN = 16;

/** One word's postings: where its chain starts, where its last block is and how far it is filled. */
export interface WordPostings {
  /** The first block's address (slab × SLAB_BYTES + offset). */
  readonly head: number;
  /** How many answers hold the word. */
  count: number;
  /** The position of the last answer added (the next posting is a gap from it). */
  last: number;
  /** The last block: its slab, its start within it, its size, and where the next byte goes within it. */
  slab: Uint8Array;
  start: number;
  size: number;
  at: number;
}

export class PostingsStore {
  private readonly slabs: Uint8Array[] = [];
  private free = SLAB_BYTES;
  /** The bytes a posting is encoded into before it is appended, so that it may run across two blocks. */
  private readonly scratch = new Uint8Array(64);

  /** Bytes taken from slabs so far (the memory the postings hold, but the last slab's unused end). */
  get bytes(): number {
    return this.slabs.length * SLAB_BYTES - (SLAB_BYTES - this.free);
  }

  /** A new word, with an empty first block. */
  word(): WordPostings {
    const head = this.block(FIRST_BLOCK);
    const slab = this.slabs[Math.floor(head / SLAB_BYTES)]!;
    const start = head % SLAB_BYTES;
    return { head, count: 0, last: -1, slab, start, size: FIRST_BLOCK, at: start + LINK_BYTES };
  }

  /**
   * Adds an answer's posting to a word: the gap from the last position, a byte of which fields hold the word, and
   * the count in each of those. Positions are added in increasing order.
   */
  add(word: WordPostings, position: number, frequencies: Int32Array, from: number, fields: number): void {
    const scratch = this.scratch;
    let length = put(scratch, 0, word.last === -1 ? position : position - word.last);
    word.last = position;
    // The fields byte is filled in once the counts are written (SEARCH_FIELDS has fewer than 8 fields: one byte).
    const heldAt = length++;
    let held = 0;
    for (let field = 0; field < fields; field++) {
      const count = frequencies[from + field]!;
      if (count === 0) continue;
      held |= 1 << field;
      length = put(scratch, length, count);
    }
    scratch[heldAt] = held;
    word.count++;
    this.append(word, scratch, length);
  }

  /** Decodes a word into `positions` (count entries) and `frequencies` (count × fields), both large enough. */
  decodeInto(word: WordPostings, fields: number, positions: Int32Array, frequencies: Int32Array): void {
    let slab = this.slabs[Math.floor(word.head / SLAB_BYTES)]!;
    let start = word.head % SLAB_BYTES;
    let end = start + FIRST_BLOCK;
    let at = start + LINK_BYTES;
    const byte = () => {
      if (at === end) {
        const next = linkOf(slab, start);
        const size = Math.min((end - start) * 2, LARGEST_BLOCK);
        slab = this.slabs[Math.floor(next / SLAB_BYTES)]!;
        start = next % SLAB_BYTES;
        end = start + size;
        at = start + LINK_BYTES;
      }
      return slab[at++]!;
    };
    const varint = () => {
      let number = 0;
      let shift = 0;
      for (;;) {
        const value = byte();
        number |= (value & 0x7f) << shift;
        if (value < 0x80) return number >>> 0;
        shift += 7;
      }
    };
    let position = 0;
    let out = 0;
    for (let posting = 0; posting < word.count; posting++) {
      positions[posting] = position += varint();
      const held = byte();
      for (let field = 0; field < fields; field++) frequencies[out++] = held & (1 << field) ? varint() : 0;
    }
  }

  /** A word's postings as one run of bytes, in pieces (views of its blocks, links left out): what decodePostings reads. */
  encoded(word: WordPostings): Uint8Array[] {
    const pieces: Uint8Array[] = [];
    let slab = this.slabs[Math.floor(word.head / SLAB_BYTES)]!;
    let start = word.head % SLAB_BYTES;
    let size = FIRST_BLOCK;
    for (;;) {
      const last = slab === word.slab && start === word.start;
      pieces.push(slab.subarray(start + LINK_BYTES, last ? word.at : start + size));
      if (last) return pieces;
      const next = linkOf(slab, start);
      size = Math.min(size * 2, LARGEST_BLOCK);
      slab = this.slabs[Math.floor(next / SLAB_BYTES)]!;
      start = next % SLAB_BYTES;
    }
  }

  private append(word: WordPostings, bytes: Uint8Array, length: number): void {
    for (let from = 0; from < length; ) {
      const room = word.start + word.size - word.at;
      if (room === 0) {
        // The block is full: the next, twice its size up to the largest, linked from its first bytes.
        const size = Math.min(word.size * 2, LARGEST_BLOCK);
        const next = this.block(size);
        const link = next / BLOCK_ALIGN;
        const { slab, start } = word;
        slab[start] = link & 0xff;
        slab[start + 1] = (link >>> 8) & 0xff;
        slab[start + 2] = (link >>> 16) & 0xff;
        slab[start + 3] = link >>> 24;
        word.slab = this.slabs[Math.floor(next / SLAB_BYTES)]!;
        word.start = next % SLAB_BYTES;
        word.size = size;
        word.at = word.start + LINK_BYTES;
        continue;
      }
      // A posting is a few bytes: copied one at a time, without a view of them made for each.
      const { slab } = word;
      let at = word.at;
      const stop = from + Math.min(room, length - from);
      while (from < stop) slab[at++] = bytes[from++]!;
      word.at = at;
    }
  }

  /** A block of `size` bytes from the current slab, or from a new one when it has not that much left. */
  private block(size: number): number {
    if (this.free + size > SLAB_BYTES) {
      this.slabs.push(new Uint8Array(SLAB_BYTES));
      this.free = 0;
    }
    const address = (this.slabs.length - 1) * SLAB_BYTES + this.free;
    this.free += size;
    return address;
  }
}

/** The address a block's link names. */
function linkOf(slab: Uint8Array, start: number): number {
  const link = (slab[start]! | (slab[start + 1]! << 8) | (slab[start + 2]! << 16) | (slab[start + 3]! << 24)) >>> 0;
  return link * BLOCK_ALIGN;
}

function put(bytes: Uint8Array, at: number, value: number): number {
  while (value >= 0x80) {
    bytes[at++] = (value & 0x7f) | 0x80;
    value >>>= 7;
  }
  bytes[at++] = value;
  return at;
}

/**
 * Decodes `count` postings written one after another from `at` (as PostingsStore.encoded gives them) into
 * `positions` and `frequencies` (count × fields), both large enough; where they end.
 */
export function decodeStoredPostings(
  bytes: Uint8Array,
  at: number,
  count: number,
  fields: number,
  positions: Int32Array,
  frequencies: Int32Array,
): number {
  const varint = () => {
    let number = 0;
    let shift = 0;
    for (;;) {
      const value = bytes[at++]!;
      number |= (value & 0x7f) << shift;
      if (value < 0x80) return number >>> 0;
      shift += 7;
    }
  };
  let position = 0;
  let out = 0;
  for (let posting = 0; posting < count; posting++) {
    positions[posting] = position += varint();
    const held = bytes[at++]!;
    for (let field = 0; field < fields; field++) frequencies[out++] = held & (1 << field) ? varint() : 0;
  }
  return at;
}

/** A change to one answer's posting of a word: its counts by field now, or undefined where it holds the word no more. */
export interface PostingChange {
  position: number;
  frequencies: ArrayLike<number> | undefined;
}

/**
 * A word's encoded postings (`count` of them, as PostingsStore.encoded gives them) with `changes` (positions
 * increasing) made: a posting replaced, added or taken out. The bytes between changes are copied as they are, but
 * for the gap of a posting whose gap is no longer its distance from the posting written before it, encoded again:
 * nothing is decoded but the gaps. `renumber` gives a stored posting its position now (increasing with the stored
 * one), or -1 to leave it out: the answers moved by others added or taken out before them; `changes` are in the
 * new numbering.
 */
export function spliceStoredPostings(
  bytes: Uint8Array,
  count: number,
  fields: number,
  changes: readonly PostingChange[],
  renumber?: (position: number) => number,
): { encoded: Uint8Array; count: number } {
  const pieces: Uint8Array[] = [];
  const scratch = new Uint8Array(64);
  // The position of the posting read before (its gap's base) and of the last one written.
  let before = -1;
  let written = -1;
  let kept = 0;
  let next = 0;
  // Bytes copied as they are run from `runStart` to the posting being read.
  let runStart = 0;
  let at = 0;
  const flush = (end: number) => {
    if (end > runStart) pieces.push(bytes.subarray(runStart, end));
  };
  const gapTo = (position: number) => put(scratch, 0, written === -1 ? position : position - written);
  for (let posting = 0; ; posting++) {
    const start = at;
    // Where the posting was stored, and where it goes.
    let position = Number.POSITIVE_INFINITY;
    let placed = Number.POSITIVE_INFINITY;
    let gap = 0;
    let gapEnd = at;
    if (posting < count) {
      let shift = 0;
      for (;;) {
        const value = bytes[at++]!;
        gap |= (value & 0x7f) << shift;
        if (value < 0x80) break;
        shift += 7;
      }
      gap >>>= 0;
      position = (before === -1 ? 0 : before) + gap;
      gapEnd = at;
      const held = bytes[at++]!;
      for (let field = 0; field < fields; field++) if (held & (1 << field)) while (bytes[at++]! >= 0x80);
      placed = renumber ? renumber(position) : position;
      if (placed < 0) {
        // Left out: its bytes are not copied, and the next posting's gap is measured again.
        flush(start);
        runStart = at;
        before = position;
        continue;
      }
    }
    // The changes up to this posting: an added or replacing posting written in its place.
    let replaced = false;
    while (next < changes.length && changes[next]!.position <= placed) {
      const change = changes[next++]!;
      if (change.position === placed) replaced = true;
      if (!change.frequencies) continue;
      flush(start);
      runStart = start;
      let length = gapTo(change.position);
      const heldAt = length++;
      let held = 0;
      for (let field = 0; field < fields; field++) {
        const value = change.frequencies[field]!;
        if (value === 0) continue;
        held |= 1 << field;
        length = put(scratch, length, value);
      }
      scratch[heldAt] = held;
      pieces.push(scratch.slice(0, length));
      written = change.position;
      kept++;
    }
    if (posting === count) break;
    if (replaced) {
      // Its own bytes are left out.
      flush(start);
      runStart = at;
    } else {
      if (placed - (written === -1 ? 0 : written) !== gap) {
        // After a change, or moved, its gap is from another posting or another length: encoded again, the rest copied.
        flush(start);
        pieces.push(scratch.slice(0, gapTo(placed)));
        runStart = gapEnd;
      }
      written = placed;
      kept++;
    }
    before = position;
  }
  flush(at);
  return { encoded: pieces.length === 1 ? pieces[0]! : Buffer.concat(pieces), count: kept };
}
