/**
 * The format of the prebuilt search index for `q` (schemas/search-index.schema.json): its files, their versions
 * and sizes, and the front-coded slug blocks. Sharded so that a reader fetches and parses only what a query needs.
 * Pure TypeScript with no Node APIs, shared by the builder (./index-builder.ts) and every reader that answers `q`
 * from it (the request handler, the offline page); the postings inside are encoded by ./postings-codec.ts.
 *
 * - The map (`answers.json`) names the shards: the first word of each words shard, the number of documents
 *   chunks, the figures of the relevance formula, and the synonym groups a query is read with (content).
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
import { DIGIT_VALUES, DIGITS, varint } from "./postings-codec.ts";

export const SEARCH_INDEX_FORMAT = "av-buyer-data/search-index@8";
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
  /**
   * The synonym groups of the content (content/synonyms.yaml): each group's normalised words, sorted, the groups in
   * order of their first word. With `match=any`, a query word of a group also matches the others and their stems.
   */
  synonyms: string[][];
  /** The figures the impact levels were computed with, for whoever wants to check them. */
  relevance: {
    k1: number;
    b: number;
    field_weights: Record<string, number>;
    max_level: number;
    average_field_lengths: Record<string, number>;
    /** Answers the idf counts beside the collection's, none holding the word (idfExtraAnswers). */
    idf_extra_answers: number;
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

/** Every file of a built index, the map last (it is written once the shards are known). */
export type SearchIndexFile =
  | { kind: "terms"; shard: number; body: SearchTermsShard }
  | { kind: "documents"; chunk: number; body: SearchDocumentsChunk }
  | { kind: "suggestions"; body: SearchSuggestions }
  | { kind: "prefix"; body: SearchPrefix }
  | { kind: "map"; body: SearchIndexMap };
