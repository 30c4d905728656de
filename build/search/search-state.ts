/**
 * The search index as a build left it, kept in the build cache so that the next build patches it for the answers
 * that changed instead of indexing every answer again (products/search-index.ts): by position, each answer's cache
 * key, slug, fingerprint and field lengths; and every word's postings (its counts by field, encoded as the builder
 * holds them: postings-store.ts), with the levels and the encoding files() made of them.
 *
 * The file: a magic line, a CRC-32 of the rest; each word's postings, positions (32-bit), levels and encoding
 * (UTF-8), one word after another as files() makes them; then the trailer (V8's serialisation: the key it was
 * written under, the answers, the averages the levels were made with, each word with its count and sizes) and
 * the trailer's length. Written as it is made, to a temporary name that is renamed; read back only whole, checked.
 */
import { randomUUID } from "node:crypto";
import { closeSync, openSync, readFile as readFileCallback, writeSync } from "node:fs";
import { rename, rm } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { deserialize, serialize } from "node:v8";
import { crc32 } from "node:zlib";
import { SEARCH_FIELDS } from "./answer-fields.ts";
import { type PostingChange, spliceStoredPostings } from "./postings-store.ts";
import { FIELD_WEIGHTS, impactLevel, lengthNormalisation } from "./relevance.ts";
import {
  averageLengths,
  type IndexedAnswer,
  patchWordLevels,
  SearchIndexBuilder,
  type WordLevels,
} from "./index-builder.ts";

const readFile = promisify(readFileCallback);

const MAGIC = Buffer.from("avb-search-state 3\n");
const PADDING = new Uint8Array(3);

/** An offset rounded up to a multiple of four. */
const aligned = (offset: number) => (offset + 3) & ~3;
const CHECKSUM_AT = MAGIC.length;
const BODY_AT = MAGIC.length + 4;

interface Trailer {
  key: string;
  /** Each answer's cache key (null: it had none), by position. */
  keys: ReadonlyArray<string | null>;
  slugs: readonly string[];
  fingerprints: readonly string[];
  /** Field lengths, answers × fields. */
  lengths: Uint32Array;
  /** The averages the levels were made with. */
  averages: readonly number[];
  terms: string[];
  counts: Uint32Array;
  /** The byte length of each word's postings and of its encoding. */
  postingBytes: Uint32Array;
  encodingBytes: Uint32Array;
}

/** The last build's index, as read back. */
export interface SearchState extends Omit<Trailer, "key"> {
  bytes: Buffer;
}

/**
 * Writes a state as files() makes the words (word()), then finish() with the builder: nothing of the index is held
 * for it. A writer that fails stops writing and leaves no file (a state is only ever a saving).
 */
export class SearchStateWriter {
  private descriptor: number | undefined;
  private readonly temporary: string;
  private at = BODY_AT;
  private checksum = 0;
  private failed = false;
  private readonly terms: string[] = [];
  private readonly counts: number[] = [];
  private readonly postingBytes: number[] = [];
  private readonly encodingBytes: number[] = [];
  private averages: readonly number[] = [];
  /** Bytes gathered to be written a megabyte at a time. */
  private gathered = Buffer.allocUnsafe(1024 * 1024);
  private filled = 0;

  constructor(
    private readonly file: string,
    private readonly key: string,
  ) {
    this.temporary = path.join(path.dirname(file), `.${path.basename(file)}.${randomUUID()}`);
    try {
      this.descriptor = openSync(this.temporary, "w");
    } catch {
      this.failed = true;
    }
  }

  /** A word as files() made it, with its postings (SearchIndexBuilder.encodedPostings). */
  word(term: string, word: WordLevels, averages: readonly number[], postings: readonly Uint8Array[]): void {
    if (this.failed) return;
    this.averages = averages;
    this.terms.push(term);
    this.counts.push(word.count);
    let size = 0;
    for (const piece of postings) {
      this.put(piece);
      size += piece.byteLength;
    }
    this.postingBytes.push(size);
    // The positions start on a multiple of four bytes: read back, they are a view, not a copy.
    this.put(PADDING.subarray(0, aligned(this.at + this.filled) - (this.at + this.filled)));
    this.put(new Uint8Array(word.positions.buffer, word.positions.byteOffset, word.count * 4));
    this.put(word.levels.subarray(0, word.count));
    // Encoded into the gathered bytes as it is: a copy of every word's encoding was some 30 MB of garbage at
    // 100,000 answers, at the build's peak.
    const length = Buffer.byteLength(word.encoded);
    if (this.filled + length > this.gathered.byteLength) this.flush();
    if (length > this.gathered.byteLength) this.gathered = Buffer.allocUnsafe(length);
    this.filled += this.gathered.write(word.encoded, this.filled);
    this.encodingBytes.push(length);
  }

  /** The trailer, with each answer's key by position (the builder's answers): the file is complete and renamed. */
  async finish(builder: SearchIndexBuilder, keys: ReadonlyArray<string | null>): Promise<void> {
    if (!this.failed) {
      const trailer: Trailer = {
        key: this.key,
        keys,
        ...builder.answerRecords(),
        averages: this.averages,
        terms: this.terms,
        counts: Uint32Array.from(this.counts),
        postingBytes: Uint32Array.from(this.postingBytes),
        encodingBytes: Uint32Array.from(this.encodingBytes),
      };
      const serialised = serialize(trailer);
      const length = Buffer.alloc(4);
      length.writeUInt32LE(serialised.byteLength);
      this.put(serialised);
      this.put(length);
      this.flush();
    }
    if (this.failed || this.descriptor === undefined) return this.abandon();
    try {
      const checksum = Buffer.alloc(4);
      checksum.writeUInt32LE(this.checksum);
      writeSync(this.descriptor, MAGIC, 0, MAGIC.length, 0);
      writeSync(this.descriptor, checksum, 0, 4, CHECKSUM_AT);
      closeSync(this.descriptor);
      this.descriptor = undefined;
      await rename(this.temporary, this.file);
    } catch {
      await this.abandon();
    }
  }

  /** Stops, leaving no file. */
  async abandon(): Promise<void> {
    this.failed = true;
    if (this.descriptor !== undefined) closeSync(this.descriptor);
    this.descriptor = undefined;
    await rm(this.temporary, { force: true });
  }

  private put(bytes: Uint8Array): void {
    if (this.filled + bytes.byteLength > this.gathered.byteLength) this.flush();
    if (bytes.byteLength > this.gathered.byteLength) this.gathered = Buffer.allocUnsafe(bytes.byteLength);
    this.gathered.set(bytes, this.filled);
    this.filled += bytes.byteLength;
  }

  private flush(): void {
    if (this.failed || this.filled === 0) return;
    const bytes = this.gathered.subarray(0, this.filled);
    this.checksum = crc32(bytes, this.checksum);
    try {
      for (let from = 0; from < bytes.byteLength; )
        from += writeSync(this.descriptor!, bytes, from, bytes.byteLength - from, this.at + from);
    } catch {
      this.failed = true;
    }
    this.at += bytes.byteLength;
    this.filled = 0;
  }
}

/** The state written under `key`, if the file is whole and its own; else undefined. */
export async function readSearchState(file: string, key: string): Promise<SearchState | undefined> {
  let bytes = await readFile(file).catch(() => undefined);
  if (!bytes || bytes.length < BODY_AT + 4 || !bytes.subarray(0, MAGIC.length).equals(MAGIC)) return undefined;
  // Offsets in the file are offsets in the buffer: its positions are then aligned for Int32Array views.
  if (bytes.byteOffset % 4 !== 0) bytes = Buffer.from(bytes);
  if (crc32(bytes.subarray(BODY_AT)) !== bytes.readUInt32LE(CHECKSUM_AT)) return undefined;
  const trailerAt = bytes.length - 4 - bytes.readUInt32LE(bytes.length - 4);
  try {
    const { key: written, ...trailer } = deserialize(bytes.subarray(trailerAt, bytes.length - 4)) as Trailer;
    if (written !== key) return undefined;
    let at = BODY_AT;
    for (let word = 0; word < trailer.terms.length; word++)
      at = aligned(at + trailer.postingBytes[word]!) + 5 * trailer.counts[word]! + trailer.encodingBytes[word]!;
    return at === trailerAt ? { ...trailer, bytes } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A builder of `answers` answers from the last build's state: the answer at each position whose `from` is a
 * position of the state (the same key there; increasing with the position) is taken from it, and `changed` (every
 * other position, each with its part) are added, each word's postings merged in position order. Where every
 * answer taken stays at its position, a word no changed answer holds, or held, keeps its postings as they were,
 * and its levels and encoding too when the collection's size and average field lengths are as they were (the
 * levels are made with them). Where answers were added or taken out before others, every word's postings are
 * renumbered (only the gaps across a move encoded again) and its levels made again. What files() makes of it is
 * what indexing every answer afresh makes.
 */
export function patchedBuilder(
  state: SearchState,
  answers: number,
  from: Int32Array,
  changed: ReadonlyArray<{ position: number; answer: IndexedAnswer }>,
): SearchIndexBuilder {
  const fields = SEARCH_FIELDS.length;
  const slugs: string[] = new Array(answers);
  const fingerprints: string[] = new Array(answers);
  const lengths = new Uint32Array(answers * fields);
  // Each of the state's positions where it is now (-1: not taken).
  const placeOf = new Int32Array(state.slugs.length).fill(-1);
  let moved = false;
  let lastOld = -1;
  for (let position = 0; position < answers; position++) {
    const old = from[position]!;
    if (old < 0) continue;
    if (old <= lastOld || old >= state.slugs.length)
      throw new Error(`the search index's answer ${position} is taken from a position out of order`);
    lastOld = old;
    placeOf[old] = position;
    if (old !== position) moved = true;
    slugs[position] = state.slugs[old]!;
    fingerprints[position] = state.fingerprints[old]!;
    lengths.set(state.lengths.subarray(old * fields, (old + 1) * fields), position * fields);
  }
  const kept = (position: number) => from[position] === position;
  const sorted = [...changed].sort((a, b) => a.position - b.position);
  // Each changed answer's postings, by word, in position order: [index in `sorted`, place in its terms].
  const added = new Map<string, number[]>();
  for (const [index, { position, answer }] of sorted.entries()) {
    slugs[position] = answer.slug;
    fingerprints[position] = answer.fingerprint;
    lengths.set(answer.lengths, position * fields);
    for (const [place, term] of answer.terms.entries()) {
      let list = added.get(term);
      if (!list) added.set(term, (list = []));
      list.push(index, place);
    }
  }
  for (let position = 0; position < answers; position++)
    if (slugs[position] === undefined)
      throw new Error(`the search index's answer ${position} is neither kept nor given`);
  // Positions whose postings the state holds but which are not kept: changed, or past the end.
  const dropped = new Set<number>();
  if (!moved)
    for (let position = 0; position < state.slugs.length; position++) if (!kept(position)) dropped.add(position);
  const sameLevels =
    !moved &&
    answers === state.slugs.length &&
    averageLengths(lengths, answers).every((average, field) => average === state.averages[field]);

  // With the levels as they were, a word the changed answers hold or held has only their levels made again
  // (patchWordLevels, as a dev loop's builder does), not every answer's.
  const changedPositions = sorted.map(({ position }) => position);
  const changedLevels = sameLevels ? levelsOfChanged(sorted, state.averages) : [];
  const stateLevels = (
    count: number,
    wordPositions: Int32Array,
    levelsAt: number,
    encodingAt: number,
    end: number,
  ) => ({
    count,
    positions: wordPositions,
    levels: state.bytes.subarray(levelsAt, levelsAt + count),
    encoded: state.bytes.toString("utf8", encodingAt, end),
  });
  const patchedLevels = (term: string, before: WordLevels | undefined) =>
    sameLevels
      ? patchWordLevels(before, changedPositions, (index) => changedLevels[index]!.get(term), answers)
      : undefined;

  // Every position whose postings change: the state's that are not kept, and the changed answers'.
  const changing = [...new Set([...dropped, ...changedPositions])].sort((a, b) => a - b);
  /** A word's changes: at each changing position, its counts in the changed answer there, if it holds the word. */
  const changesOf = (term: string, all: boolean): PostingChange[] => {
    const list = added.get(term) ?? [];
    added.delete(term);
    const counts = new Map<number, Int32Array>();
    for (let at = 0; at < list.length; at += 2) {
      const { position, answer } = sorted[list[at]!]!;
      counts.set(position, answer.frequencies.subarray(list[at + 1]! * fields, (list[at + 1]! + 1) * fields));
    }
    return all
      ? changing.map((position) => ({ position, frequencies: counts.get(position) }))
      : [...counts].map(([position, frequencies]) => ({ position, frequencies }));
  };

  function* words() {
    let at = BODY_AT;
    for (const [index, term] of state.terms.entries()) {
      const count = state.counts[index]!;
      const postingsAt = at;
      const postingsEnd = postingsAt + state.postingBytes[index]!;
      const positionsAt = aligned(postingsEnd);
      const levelsAt = positionsAt + 4 * count;
      const encodingAt = levelsAt + count;
      at = encodingAt + state.encodingBytes[index]!;
      const wordPositions = new Int32Array(state.bytes.buffer, state.bytes.byteOffset + positionsAt, count);
      const before = sameLevels ? stateLevels(count, wordPositions, levelsAt, encodingAt, at) : undefined;
      const postings = state.bytes.subarray(postingsAt, postingsEnd);
      if (moved) {
        // Renumbered: those not taken are left out, the changed answers' added.
        const spliced = spliceStoredPostings(postings, count, fields, changesOf(term, false), (old) => placeOf[old]!);
        if (spliced.count > 0) yield { term, ...spliced };
        continue;
      }
      if (!added.has(term) && !holdsAny(wordPositions, dropped)) {
        yield { term, count, encoded: postings, levels: before };
        continue;
      }
      // Its postings spliced at the changing positions; its levels patched there (with the levels as they were).
      const spliced = spliceStoredPostings(postings, count, fields, changesOf(term, true));
      if (spliced.count > 0) yield { term, ...spliced, levels: before && patchedLevels(term, before) };
    }
    // Words only the changed answers hold.
    for (const term of [...added.keys()])
      yield {
        term,
        ...spliceStoredPostings(new Uint8Array(0), 0, fields, changesOf(term, false)),
        levels: patchedLevels(term, undefined),
      };
  }
  return SearchIndexBuilder.fromPostings({ slugs, fingerprints, lengths }, words());
}

/** Whether a word's positions (increasing) include any of `positions`. */
function holdsAny(wordPositions: Int32Array, positions: ReadonlySet<number>): boolean {
  if (positions.size === 0) return false;
  if (positions.size > 16) return wordPositions.some((position) => positions.has(position));
  for (const position of positions) {
    let low = 0;
    let high = wordPositions.length - 1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      const value = wordPositions[middle]!;
      if (value === position) return true;
      if (value < position) low = middle + 1;
      else high = middle - 1;
    }
  }
  return false;
}

/** Each changed answer's level of each of its words, made with the averages the state's levels were made with. */
function levelsOfChanged(
  sorted: ReadonlyArray<{ answer: IndexedAnswer }>,
  averages: readonly number[],
): Array<Map<string, number>> {
  const fields = SEARCH_FIELDS.length;
  const weights = SEARCH_FIELDS.map((field) => FIELD_WEIGHTS[field]);
  return sorted.map(({ answer }) => {
    const normalisations = new Float64Array(fields);
    for (let field = 0; field < fields; field++)
      normalisations[field] = lengthNormalisation(answer.lengths[field]!, averages[field]!);
    return new Map(
      answer.terms.map((term, place) => [
        term,
        impactLevel(answer.frequencies, place * fields, normalisations, 0, weights),
      ]),
    );
  });
}
