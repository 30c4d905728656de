/**
 * The prebuilt search index for `q` (format: schemas/search-index.schema.json), sharded so that a reader
 * fetches and parses only what a query needs. Pure TypeScript with no Node APIs, shared by the build that writes
 * it and every reader that answers `q` from it (the request handler, the offline page).
 *
 * - The map (`answers.json`) names the shards: the first word of each words shard, the number of documents
 *   chunks, and the figures of the relevance formula.
 * - A words shard holds a run of the sorted vocabulary and, per word, how many answers hold it and its postings:
 *   for each answer containing it, the gap from the previous answer's position as a varint and the word's level
 *   there (relevance.ts) as one digit, all in the URL-safe base-64 alphabet; or, for a word in most answers, where
 *   that is shorter, one character per answer of the collection (its level, or ~ where the word is absent). A query
 *   token reads the shard(s) of the words it starts, usually one.
 * - A documents chunk holds the slugs of a run of positions, front-coded in blocks (each slug as the length it
 *   shares with the one before and the rest): a page of hits reads only the chunks of its hits, and a chunk holds
 *   thousands of slugs in tens of kilobytes, so that a page of hits scattered over 100,000 answers reads a few
 *   files, not one per hit. Only the blocks of the hits are decoded. Beside the blocks, the fingerprints of the
 *   answers' content digests: a reader checks that an answer's file is the one this index was built with.
 * - The suggestions file holds the commonest words, for a query that finds nothing.
 */
import { SEARCH_FIELDS } from "./answer-fields.ts";
import { FIELD_WEIGHTS, impactLevel, K1, B, lengthNormalisation, MAX_LEVEL, tokenLevel } from "./relevance.ts";
import { decodeStoredPostings, PostingsStore, type WordPostings } from "./postings-store.ts";

/** A word's postings encoded as the store encodes them, in bytes of their own (PostingsStore.encoded, joined). */
interface EncodedPostings {
  count: number;
  encoded: Uint8Array;
}
import { compareCodeUnits, tokenize } from "./text-match.ts";

/** The tokens of each searchable field, in SEARCH_FIELDS order. */
export type AnswerTokens = string[][];

export const SEARCH_INDEX_FORMAT = "av-buyer-data/search-index@6";
export const SEARCH_TERMS_FORMAT = "av-buyer-data/search-terms@3";
export const SEARCH_DOCUMENTS_FORMAT = "av-buyer-data/search-documents@4";
export const SEARCH_SUGGESTIONS_FORMAT = "av-buyer-data/search-suggestions@1";
export const SEARCH_PREFIX_FORMAT = "av-buyer-data/search-prefix@1";

/** Slugs per front-coded block: a slug is found by decoding at most this many. */
export const SLUGS_PER_BLOCK = 64;
/** A documents chunk is closed, at the end of a block, once its blocks pass this many characters. */
export const DOCUMENTS_TARGET_CHARACTERS = 64 * 1024;
/** A words shard is closed once its postings pass this many characters (a single word's may pass it alone). */
export const SHARD_TARGET_CHARACTERS = 48 * 1024;
/** Suggestions are chosen from at most this many words, the commonest. */
export const SUGGESTION_WORDS = 20_000;

export interface SearchIndexMap {
  format: typeof SEARCH_INDEX_FORMAT;
  /** The content digest of the build that wrote it: every file a response is made from must carry the same. */
  content_digest: string;
  answers: number;
  /** The answers collection's page size: a q is paged without reading the collection. */
  page_size: number;
  /** Slugs per block of a documents chunk (the last block of the collection may hold fewer). */
  slugs_per_block: number;
  /** The position of the first slug of each documents chunk, ascending (a multiple of slugs_per_block). */
  document_starts: number[];
  /** The first slug of each documents chunk: a slug is found by reading one chunk. */
  document_firsts: string[];
  /** The first word of each words shard, in order: shard i (from 1) holds the words from shard_firsts[i - 1]. */
  shard_firsts: string[];
  /** The one-letter (or digit) tokens with a prebuilt prefix file: those whose words fill more than one shard. */
  prefix_files: string[];
  /** How many answers each prefix file's token matches: one that matches every answer need not be read (see SearchReader). */
  prefix_answers: number[];
  /** The figures the impact levels were computed with, for whoever wants to check them. */
  relevance: {
    k1: number;
    b: number;
    field_weights: Record<string, number>;
    max_level: number;
    average_field_lengths: Record<string, number>;
  };
}

export interface SearchTermsShard {
  format: typeof SEARCH_TERMS_FORMAT;
  content_digest: string;
  terms: string[];
  /** How many answers hold each word: its postings' count, known before they are decoded. */
  answers: number[];
  postings: string[];
}

/**
 * What a one-letter token matches, prebuilt: each answer holding a word that starts with the letter, with the
 * best of those words' levels as the token scores them (relevance.ts tokenLevel, in thousandths). A cold
 * query of "c" then reads one file instead of every shard of the words starting with c.
 */
export interface SearchPrefix {
  format: typeof SEARCH_PREFIX_FORMAT;
  content_digest: string;
  prefix: string;
  /** Per answer, ascending: the position gap and the value, each a varint of base-64 digits. */
  postings: string;
}

export interface SearchDocumentsChunk {
  format: typeof SEARCH_DOCUMENTS_FORMAT;
  content_digest: string;
  /** The position of the first slug (from 0). */
  first: number;
  /** The slugs, slugs_per_block a block (encodeSlugBlock). */
  blocks: string[];
  /**
   * Its answers' fingerprints (answerFingerprint) one after another in collection order, from `first`: one string,
   * so that a chunk of 20,000 answers is one string to parse, not one per block.
   */
  fingerprints: string;
}

/**
 * Characters of an answer's fingerprint: the first 48 bits of its content digest as 8 base-64 digits (the
 * index's own alphabet), enough to tell an answer's file of another deploy from this one's. As 12 hex digits they
 * were three quarters of the bytes a page of scattered hits read at 100,000 answers.
 */
export const ANSWER_FINGERPRINT_CHARACTERS = 8;

/** The fingerprint of an answer's content digest (`sha256:` and hex), as the documents chunks hold it. */
export function answerFingerprint(contentDigest: string): string {
  const hex = contentDigest.slice("sha256:".length, "sha256:".length + (ANSWER_FINGERPRINT_CHARACTERS * 6) / 4);
  let fingerprint = "";
  // Two digits from each three hex digits (12 bits), most significant first.
  for (let at = 0; at + 3 <= hex.length; at += 3) {
    const bits = parseInt(hex.slice(at, at + 3), 16);
    fingerprint += DIGITS[bits >> 6]! + DIGITS[bits & 63]!;
  }
  return fingerprint;
}

/** Between the slugs of a block: no slug holds it. */
const SLUG_SEPARATOR = ",";

/**
 * Slugs in a row, front-coded: the first in full, then for each next one a separator, the length of the start it
 * shares with the one before (a varint of base-64 digits), and the rest of it.
 */
export function encodeSlugBlock(slugs: readonly string[]): string {
  let text = slugs[0] ?? "";
  for (let at = 1; at < slugs.length; at++) {
    const previous = slugs[at - 1]!;
    const slug = slugs[at]!;
    let shared = 0;
    while (shared < previous.length && shared < slug.length && previous.charCodeAt(shared) === slug.charCodeAt(shared))
      shared++;
    text += SLUG_SEPARATOR + varint(shared) + slug.slice(shared);
  }
  return text;
}

/** The first slug of a block, without decoding the rest. */
export function firstSlugOf(block: string): string {
  const end = block.indexOf(SLUG_SEPARATOR);
  return end < 0 ? block : block.slice(0, end);
}

/**
 * A block's slugs in order, up to the one at offset `last`, each given to `each` as it is decoded: returns the last
 * decoded. One decoder for a whole block and for one slug of it.
 */
function walkSlugBlock(block: string, last: number, each?: (slug: string) => void): string {
  let end = block.indexOf(SLUG_SEPARATOR);
  let slug = end < 0 ? block : block.slice(0, end);
  each?.(slug);
  for (let at = 1; at <= last && end >= 0; at++) {
    let read = end + 1;
    end = block.indexOf(SLUG_SEPARATOR, read);
    let digit = DIGIT_VALUES[block.charCodeAt(read++)]!;
    let shared = 0;
    let scale = 1;
    while (digit >= 32) {
      shared += (digit & 31) * scale;
      scale *= 32;
      digit = DIGIT_VALUES[block.charCodeAt(read++)]!;
    }
    shared += digit * scale;
    slug = slug.slice(0, shared) + block.slice(read, end < 0 ? undefined : end);
    each?.(slug);
  }
  return slug;
}

/** The slug at `offset` in a block, decoding the ones before it but keeping none. */
export function slugInBlock(block: string, offset: number): string {
  return walkSlugBlock(block, offset);
}

/** The slugs of a block. */
export function decodeSlugBlock(block: string): string[] {
  const slugs: string[] = [];
  walkSlugBlock(block, Infinity, (slug) => slugs.push(slug));
  return slugs;
}

export interface SearchSuggestions {
  format: typeof SEARCH_SUGGESTIONS_FORMAT;
  content_digest: string;
  /** Most common first (the number of answers holding a word), then in code-unit order. */
  words: string[];
}

const DIGITS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
const DIGIT_VALUES = (() => {
  const values = new Int8Array(128).fill(-1);
  for (let at = 0; at < DIGITS.length; at++) values[DIGITS.charCodeAt(at)] = at;
  return values;
})();

const DIGIT_CODES = Uint8Array.from(DIGITS, (digit) => digit.charCodeAt(0));

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
  let text = "";
  for (let from = 0; from < length; from += 8192)
    text += String.fromCharCode(...room.subarray(from, Math.min(length, from + 8192)));
  return text;
}

/** Opens a word's postings written densely (encodeDensePostings). */
const DENSE_MARK = ".";
/** In dense postings, an answer that does not hold the word. */
const ABSENT = "~";
const ABSENT_CODE = ABSENT.charCodeAt(0);

/**
 * A word's postings as one character per answer of the collection, after DENSE_MARK: its level there, or ABSENT.
 * Shorter than the gaps and levels once the word is in more than about half the answers, and decoded without a
 * varint: a common word at 100,000 answers was 190 KB of postings, and the costliest list a cold query decoded.
 */
export function encodeDensePostings(
  positions: ArrayLike<number>,
  levels: ArrayLike<number>,
  count: number,
  answers: number,
): string {
  const codes = new Uint8Array(answers).fill(ABSENT_CODE);
  for (let at = 0; at < count; at++) codes[positions[at]!] = DIGIT_CODES[levels[at]!]!;
  let text = DENSE_MARK;
  for (let from = 0; from < answers; from += 8192)
    text += String.fromCharCode(...codes.subarray(from, Math.min(answers, from + 8192)));
  return text;
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

function varint(value: number): string {
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

/** An answer as the index takes it: per distinct word, its count in each field, and each field's length in words. */
export interface IndexedAnswer {
  slug: string;
  /** The fingerprint of its content digest (answerFingerprint). */
  fingerprint: string;
  /** Field lengths in words, in SEARCH_FIELDS order. */
  lengths: number[];
  /** Distinct words, in order of first appearance. */
  terms: string[];
  /**
   * terms.length × fields counts: the count of terms[i] in field f is frequencies[i * fields + f]. A typed array:
   * it crosses from the worker threads and in and out of the build cache as one block of bytes.
   */
  frequencies: Int32Array;
}

/** The index's view of an answer, from the tokens of its fields (SEARCH_FIELDS order). One flat array of counts, no sorting: the build sorts the vocabulary once, at the end. */
export function indexedAnswer(slug: string, fingerprint: string, fieldTokens: AnswerTokens): IndexedAnswer {
  const fields = SEARCH_FIELDS.length;
  const places = new Map<string, number>();
  const terms: string[] = [];
  const frequencies: number[] = [];
  for (let field = 0; field < fieldTokens.length; field++) {
    for (const token of fieldTokens[field]!) {
      let place = places.get(token);
      if (place === undefined) {
        place = terms.length;
        places.set(token, place);
        terms.push(token);
        for (let other = 0; other < fields; other++) frequencies.push(0);
      }
      frequencies[place * fields + field]!++;
    }
  }
  return {
    slug,
    fingerprint,
    lengths: fieldTokens.map((tokens) => tokens.length),
    terms,
    frequencies: Int32Array.from(frequencies),
  };
}

/** The tokens of each searchable field of a text record, in SEARCH_FIELDS order. */
export function fieldTokens(texts: Readonly<Record<(typeof SEARCH_FIELDS)[number], string>>): AnswerTokens {
  return SEARCH_FIELDS.map((field) => tokenize(texts[field]));
}

// A posting's fields byte has a bit for each field (postings-store.ts).
if (SEARCH_FIELDS.length > 7) throw new Error("a posting's fields byte holds at most 7 fields");

/** Every file of a built index, the map last (it is written once the shards are known). */
export type SearchIndexFile =
  | { kind: "terms"; shard: number; body: SearchTermsShard }
  | { kind: "documents"; chunk: number; body: SearchDocumentsChunk }
  | { kind: "suggestions"; body: SearchSuggestions }
  | { kind: "prefix"; body: SearchPrefix }
  | { kind: "map"; body: SearchIndexMap };

/** Builds the index one answer at a time, in collection order. */
export class SearchIndexBuilder {
  /** The sizes are the published ones; the tests make them small, to have many shards from a few answers. */
  constructor(
    private readonly sizes = {
      shardCharacters: SHARD_TARGET_CHARACTERS,
      documentCharacters: DOCUMENTS_TARGET_CHARACTERS,
      slugsPerBlock: SLUGS_PER_BLOCK,
    },
  ) {}

  private slugs: string[] = [];
  private fingerprints: string[] = [];
  /** Every word's postings, in slabs (impacts need the collection's averages, so they are computed at the end). */
  private readonly postings = new PostingsStore();
  /** Each word's postings: in the store, or (a word patched from a saved state as it was) encoded bytes of their own. */
  private readonly postingsByTerm = new Map<string, WordPostings | EncodedPostings>();
  private lengths = new Uint32Array(1024 * SEARCH_FIELDS.length);
  /** Whether files() keeps every word's levels (`kept`), for the next build's builder to patch (reusing). */
  private keepLevels = false;
  /** Every word's levels as files() made them, with what they were made with. */
  private kept: KeptLevels | undefined;
  /** A builder patched from the last one (reusing): every word's levels already, instead of postings to level. */
  private patched: Map<string, WordLevels> | undefined;

  /** Whether it was patched from the last build's builder (reusing), rather than made from scratch. */
  get reused(): boolean {
    return this.patched !== undefined;
  }

  /**
   * A builder for `answers` (in collection order) made from the last build's (a dev loop's, whose unchanged answers
   * are the same objects), given with the answers it indexed. Where the same answers stand in the same places and
   * the averages the levels are made with are the same, only the words of the answers that changed are levelled
   * and encoded again, each in place in its kept postings; else it is made from scratch. Either way it keeps its
   * levels for the next.
   */
  static reusing(
    previous: { builder: SearchIndexBuilder; answers: readonly IndexedAnswer[] } | undefined,
    answers: readonly IndexedAnswer[],
  ): SearchIndexBuilder {
    const builder = new SearchIndexBuilder();
    builder.keepLevels = true;
    const kept = previous?.builder.kept;
    const fields = SEARCH_FIELDS.length;
    const lengths = new Uint32Array(Math.max(1, answers.length) * fields);
    for (const [at, answer] of answers.entries()) lengths.set(answer.lengths, at * fields);
    if (
      !previous ||
      !kept ||
      previous.answers.length !== answers.length ||
      answers.some((answer, at) => answer.slug !== previous.answers[at]!.slug) ||
      !sameNumbers(averageLengths(lengths, answers.length), kept.averages)
    ) {
      for (const answer of answers) builder.add(answer);
      return builder;
    }
    builder.slugs = answers.map((answer) => answer.slug);
    builder.fingerprints = answers.map((answer) => answer.fingerprint);
    builder.lengths = lengths;
    const changed = answers.flatMap((answer, at) => (answer === previous.answers[at] ? [] : [at]));
    const words = new Map(kept.words);
    const normalisations = new Float64Array(changed.length * fields);
    changed.forEach((at, index) => {
      for (let field = 0; field < fields; field++)
        normalisations[index * fields + field] = lengthNormalisation(
          lengths[at * fields + field]!,
          kept.averages[field]!,
        );
    });
    // Each changed answer's level of each of its words.
    const weights = SEARCH_FIELDS.map((field) => FIELD_WEIGHTS[field]);
    const levelsOf = changed.map((at, index) => {
      const answer = answers[at]!;
      return new Map(
        answer.terms.map((term, place) => [
          term,
          impactLevel(answer.frequencies, place * fields, normalisations, index * fields, weights),
        ]),
      );
    });
    const touched = new Set(changed.flatMap((at) => [...previous.answers[at]!.terms, ...answers[at]!.terms]));
    for (const term of touched) {
      const patched = patchWordLevels(words.get(term), changed, (index) => levelsOf[index]!.get(term), answers.length);
      if (patched) words.set(term, patched);
      else words.delete(term);
    }
    builder.patched = words;
    return builder;
  }

  /**
   * A builder of given answers (in collection order: each one's slug, fingerprint and field lengths) and words
   * (each with its postings, positions increasing): a build patching the last build's index (search-state.ts).
   */
  static fromPostings(
    answers: { slugs: string[]; fingerprints: string[]; lengths: Uint32Array },
    words: Iterable<{ term: string; count: number; encoded: Uint8Array; levels?: WordLevels }>,
  ): SearchIndexBuilder {
    const builder = new SearchIndexBuilder();
    builder.slugs = answers.slugs;
    builder.fingerprints = answers.fingerprints;
    builder.lengths = new Uint32Array(answers.lengths);
    for (const { term, count, encoded, levels } of words) {
      builder.postingsByTerm.set(term, { count, encoded });
      // Its levels and encoding as they will be (when the averages are as they were): not made again.
      if (levels) (builder.patched ??= new Map()).set(term, levels);
    }
    return builder;
  }

  /** Each answer's slug, fingerprint and field lengths, by position: with files()' words, what a later build patches. */
  answerRecords(): { slugs: readonly string[]; fingerprints: readonly string[]; lengths: Uint32Array } {
    return {
      slugs: this.slugs,
      fingerprints: this.fingerprints,
      lengths: this.lengths.subarray(0, this.slugs.length * SEARCH_FIELDS.length),
    };
  }

  /** A word's postings as encoded bytes, in pieces (views of the builder's own); empty for a word it has none of. */
  encodedPostings(term: string): Uint8Array[] {
    const word = this.postingsByTerm.get(term);
    if (!word) return [];
    return "encoded" in word ? [word.encoded] : this.postings.encoded(word);
  }

  add(answer: IndexedAnswer): void {
    const fields = SEARCH_FIELDS.length;
    const position = this.slugs.length;
    this.slugs.push(answer.slug);
    this.fingerprints.push(answer.fingerprint);
    if ((position + 1) * fields > this.lengths.length) {
      const grown = new Uint32Array(this.lengths.length * 2);
      grown.set(this.lengths);
      this.lengths = grown;
    }
    this.lengths.set(answer.lengths, position * fields);
    answer.terms.forEach((term, at) => {
      let postings = this.postingsByTerm.get(term);
      if (!postings) this.postingsByTerm.set(term, (postings = this.postings.word()));
      // A builder made from postings (fromPostings) is not added to.
      if ("encoded" in postings) throw new Error("an answer was added to a patched search index");
      this.postings.add(postings, position, answer.frequencies, at * fields, fields);
    });
  }

  /**
   * The index's files, made one at a time so that a large index is never whole in memory. `eachWord`, if given, is
   * told every word as it is made, with its levels and encoding (arrays reused for the next word: read at once).
   */
  *files(
    contentDigest: string,
    pageSize: number,
    eachWord?: (term: string, word: WordLevels, averages: readonly number[]) => void,
  ): Generator<SearchIndexFile> {
    const fields = SEARCH_FIELDS.length;
    const answers = this.slugs.length;
    // Rounded as the map publishes them, and the levels made with the rounded figures: anyone can compute a level
    // from the map, and a changed answer seldom moves them, so that the other answers' levels can be kept.
    const averages = averageLengths(this.lengths, answers);
    const keptWords = this.keepLevels ? new Map<string, WordLevels>() : undefined;
    const weights = SEARCH_FIELDS.map((field) => FIELD_WEIGHTS[field]);

    const { shardCharacters, documentCharacters, slugsPerBlock } = this.sizes;
    const documentStarts: number[] = [];
    let documents: SearchDocumentsChunk | undefined;
    let documentLength = 0;
    for (let first = 0; first < answers; first += slugsPerBlock) {
      if (!documents) {
        documents = {
          format: SEARCH_DOCUMENTS_FORMAT,
          content_digest: contentDigest,
          first,
          blocks: [],
          fingerprints: "",
        };
        documentStarts.push(first);
      }
      const block = encodeSlugBlock(this.slugs.slice(first, first + slugsPerBlock));
      documents.blocks.push(block);
      documents.fingerprints += this.fingerprints.slice(first, first + slugsPerBlock).join("");
      documentLength += block.length;
      if (documentLength >= documentCharacters || first + slugsPerBlock >= answers) {
        yield { kind: "documents", chunk: documentStarts.length, body: documents };
        documents = undefined;
        documentLength = 0;
      }
    }

    // A builder patched by a dev loop has its words' levels alone; one patched from a saved state, postings for all.
    const terms = [...(this.postingsByTerm.size > 0 || !this.patched ? this.postingsByTerm : this.patched).keys()].sort(
      compareCodeUnits,
    );
    const shardFirsts: string[] = [];
    let shard: SearchTermsShard | undefined;
    let characters = 0;
    // Each answer's length normalisation per field, made once for every word.
    const normalisations = new Float64Array(answers * fields);
    for (let position = 0; position < answers; position++) {
      for (let field = 0; field < fields; field++)
        normalisations[position * fields + field] = lengthNormalisation(
          this.lengths[position * fields + field]!,
          averages[field]!,
        );
    }
    let positions: Int32Array = new Int32Array(1024);
    let frequencies = new Int32Array(1024 * fields);
    let levels: Uint8Array = new Uint8Array(1024);
    // The words are sorted, so those of one initial come together: one letter's best values at a time.
    const prefixFiles: PrefixFile[] = [];
    const initials = new InitialPrefixes(answers, contentDigest);
    for (const term of terms) {
      let count: number;
      let encoded: string;
      const known = this.patched?.get(term);
      if (known) ({ count, positions, levels, encoded } = known);
      else {
        const word = this.postingsByTerm.get(term)!;
        count = word.count;
        // Kept words each keep arrays of their own; else one pair serves every word.
        if (count > positions.length || keptWords) {
          const room = keptWords ? count : count * 2;
          positions = new Int32Array(room);
          frequencies = new Int32Array(room * fields);
          levels = new Uint8Array(room);
        }
        if ("encoded" in word) decodeStoredPostings(word.encoded, 0, count, fields, positions, frequencies);
        else this.postings.decodeInto(word, fields, positions, frequencies);
        for (let at = 0; at < count; at++) {
          const position = positions[at]!;
          levels[at] = impactLevel(frequencies, at * fields, normalisations, position * fields, weights);
        }
        encoded = encodeShorterPostings(positions, levels, count, answers);
      }
      keptWords?.set(term, { count, positions, levels, encoded });
      eachWord?.(term, { count, positions, levels, encoded }, averages);
      if (!shard) {
        shard = { format: SEARCH_TERMS_FORMAT, content_digest: contentDigest, terms: [], answers: [], postings: [] };
        shardFirsts.push(term);
      }
      const finished = initials.add(term, positions, levels, count, shardFirsts.length);
      if (finished) {
        prefixFiles.push(finished);
        yield { kind: "prefix", body: finished.body };
      }
      shard.terms.push(term);
      shard.answers.push(count);
      shard.postings.push(encoded);
      characters += encoded.length + term.length;
      if (characters >= shardCharacters) {
        yield { kind: "terms", shard: shardFirsts.length, body: shard };
        shard = undefined;
        characters = 0;
      }
    }
    if (shard) yield { kind: "terms", shard: shardFirsts.length, body: shard };
    const last = initials.finish();
    if (last) {
      prefixFiles.push(last);
      yield { kind: "prefix", body: last.body };
    }

    if (keptWords) this.kept = { averages, words: keptWords };
    const countOf = (term: string) => (this.patched?.get(term) ?? this.postingsByTerm.get(term)!).count;
    const common = terms
      .map((term) => ({ term, count: countOf(term) }))
      .sort((a, b) => b.count - a.count || compareCodeUnits(a.term, b.term))
      .slice(0, SUGGESTION_WORDS)
      .map(({ term }) => term);
    yield {
      kind: "suggestions",
      body: { format: SEARCH_SUGGESTIONS_FORMAT, content_digest: contentDigest, words: common },
    };

    yield {
      kind: "map",
      body: {
        format: SEARCH_INDEX_FORMAT,
        content_digest: contentDigest,
        answers,
        page_size: pageSize,
        slugs_per_block: slugsPerBlock,
        document_starts: documentStarts,
        document_firsts: documentStarts.map((position) => this.slugs[position]!),
        shard_firsts: shardFirsts,
        prefix_files: prefixFiles.map((file) => file.body.prefix),
        prefix_answers: prefixFiles.map((file) => file.answers),
        relevance: {
          k1: K1,
          b: B,
          field_weights: { ...FIELD_WEIGHTS },
          max_level: MAX_LEVEL,
          // The levels were made with these.
          average_field_lengths: Object.fromEntries(SEARCH_FIELDS.map((field, at) => [field, averages[at]!])),
        },
      },
    };
  }
}

/** A word's postings as files() made them: its answers' positions, their levels, and the encoding. */
export interface WordLevels {
  count: number;
  positions: Int32Array;
  levels: Uint8Array;
  encoded: string;
}

/** Every word's levels, and the averages they were made with. */
export interface KeptLevels {
  averages: readonly number[];
  words: ReadonlyMap<string, WordLevels>;
}

/** Each field's average length over the answers, rounded to hundredths (as the map publishes them). */
export function averageLengths(lengths: Uint32Array, answers: number): number[] {
  const fields = SEARCH_FIELDS.length;
  const sums = new Array<number>(fields).fill(0);
  for (let position = 0; position < answers; position++)
    for (let field = 0; field < fields; field++) sums[field]! += lengths[position * fields + field]!;
  return sums.map((sum) => (answers === 0 ? 0 : Math.round((sum / answers) * 100) / 100));
}

function sameNumbers(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((value, at) => value === b[at]);
}

/**
 * A word's levels with the answers at `changed` (ascending positions) given their new levels (`levelAt(index)`,
 * undefined where the answer no longer holds the word); undefined when no answer holds it any more. Encoded as
 * encodeShorterPostings would, a dense encoding patched in place where it stays dense.
 */
export function patchWordLevels(
  word: WordLevels | undefined,
  changed: readonly number[],
  levelAt: (index: number) => number | undefined,
  answers: number,
): WordLevels | undefined {
  const count = word?.count ?? 0;
  const positions = new Int32Array(count + changed.length);
  const levels = new Uint8Array(count + changed.length);
  let length = 0;
  let next = 0;
  for (let at = 0; at <= count; at++) {
    const position = at < count ? word!.positions[at]! : Number.POSITIVE_INFINITY;
    for (; next < changed.length && changed[next]! <= position; next++) {
      const level = levelAt(next);
      if (level === undefined) continue;
      positions[length] = changed[next]!;
      levels[length++] = level;
    }
    if (at < count && changed[next - 1] !== position) {
      positions[length] = position;
      levels[length++] = word!.levels[at]!;
    }
  }
  if (length === 0) return undefined;
  const patched = { count: length, positions: positions.subarray(0, length), levels: levels.subarray(0, length) };
  let encoded: string;
  if (
    word?.encoded.startsWith(DENSE_MARK) &&
    length * 2 >= answers + 1 &&
    sparseLength(patched.positions) > answers + 1
  ) {
    // Dense before and after: one character per answer, so only the changed answers' characters change.
    encoded = word.encoded;
    changed.forEach((position, index) => {
      const level = levelAt(index);
      encoded = `${encoded.slice(0, 1 + position)}${level === undefined ? ABSENT : DIGITS[level]!}${encoded.slice(2 + position)}`;
    });
  } else encoded = encodeShorterPostings(patched.positions, patched.levels, length, answers);
  return { ...patched, encoded };
}

/** The length of a word's postings as gaps and levels (encodePostings), without making them. */
function sparseLength(positions: Int32Array): number {
  let length = 0;
  let previous = 0;
  for (const position of positions) {
    let gap = position - previous;
    previous = position;
    length += 2;
    while (gap >= 32) {
      length++;
      gap = Math.floor(gap / 32);
    }
  }
  return length;
}

/** A prefix file, and how many answers its token matches (which the map records). */
interface PrefixFile {
  body: SearchPrefix;
  answers: number;
}

/** Letters and digits: the initials that get prefix files (other initials are rare enough to read from shards). */
const PREFIX_INITIAL = /^[a-z0-9]$/;

/**
 * The prefix files of one-letter tokens, made while the sorted words pass: for the current initial, each answer's
 * best value; when the initial changes, a file if its words filled more than one shard.
 */
class InitialPrefixes {
  private initial = "";
  private firstShard = 0;
  private lastShard = 0;
  private readonly best: Int32Array;
  private used = false;

  constructor(
    answers: number,
    private readonly contentDigest: string,
  ) {
    this.best = new Int32Array(answers).fill(-1);
  }

  /** Takes a word's levels; gives the finished file of the previous initial, if it has one. */
  add(term: string, positions: Int32Array, levels: Uint8Array, count: number, shard: number): PrefixFile | undefined {
    let finished: PrefixFile | undefined;
    if (term[0] !== this.initial) {
      finished = this.finish();
      this.initial = term[0]!;
      this.firstShard = shard;
    }
    this.lastShard = shard;
    if (!PREFIX_INITIAL.test(this.initial)) return finished;
    this.used = true;
    for (let at = 0; at < count; at++) {
      const value = tokenLevel(levels[at]!, 1, term.length);
      if (value > this.best[positions[at]!]!) this.best[positions[at]!] = value;
    }
    return finished;
  }

  finish(): PrefixFile | undefined {
    if (!this.used) return undefined;
    const postings: Array<{ position: number; value: number }> = [];
    for (let position = 0; position < this.best.length; position++)
      if (this.best[position]! >= 0) postings.push({ position, value: this.best[position]! });
    this.best.fill(-1);
    this.used = false;
    if (this.lastShard === this.firstShard) return undefined;
    return {
      body: {
        format: SEARCH_PREFIX_FORMAT,
        content_digest: this.contentDigest,
        prefix: this.initial,
        postings: encodePrefixPostings(postings),
      },
      answers: postings.length,
    };
  }
}
