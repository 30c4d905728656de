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
