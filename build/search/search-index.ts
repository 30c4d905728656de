/**
 * The prebuilt search index for `q` (format: schemas/search-index.schema.json). Pure TypeScript with no Node
 * APIs, shared by the build that writes it and every reader that answers `q` from it (the request handler,
 * the offline page).
 *
 * `terms` is the sorted vocabulary of all searchable text; `postings[i]` holds, for `terms[i]`, the ascending
 * positions in `documents` (collection order) of the answers containing it, delta-encoded in base 36 and
 * joined by commas ("0,3,a" is 0, 3, 13): a compact JSON that parses fast, decoded only for the terms a
 * query touches. A query token matches the union over the contiguous run of terms it is a prefix of; tokens
 * combine by intersection, so the result keeps collection order.
 */
import { compareCodeUnits, vocabulary, wordsStartingWith } from "./text-match.ts";

export const SEARCH_INDEX_FORMAT = "av-buyer-data/search-index@3";

/** Where the build publishes the answers' search index. Outside api/v1/answers/, so that no header rule of the answers reaches it. */

export interface SearchIndex {
  format: typeof SEARCH_INDEX_FORMAT;
  /** The content digest of the build that wrote it: every file a response is made from must carry the same. */
  content_digest: string;
  documents: string[];
  terms: string[];
  postings: string[];
}

export interface SearchableDocument {
  id: string;
  texts: readonly string[];
}

export function encodePostings(positions: readonly number[]): string {
  let previous = 0;
  return positions
    .map((position, index) => {
      const delta = index === 0 ? position : position - previous;
      previous = position;
      return delta.toString(36);
    })
    .join(",");
}

export function decodePostings(encoded: string): number[] {
  const positions: number[] = [];
  let position = 0;
  for (const part of encoded.split(",")) {
    position += parseInt(part, 36);
    positions.push(position);
  }
  return positions;
}

/**
 * One term's postings while the index is built: the gaps between positions as LEB128 varints in a growing byte
 * buffer. A common word's gaps are mostly 1, one byte each, where an array of numbers takes eight per entry: at
 * 100,000 answers the postings held during the build shrink from about 240 MB to about 20 MB.
 */
class PostingsBuffer {
  private bytes = new Uint8Array(4);
  private length = 0;
  private last = -1;

  /** Positions must come in ascending order; a repeat of the last one is ignored. */
  add(position: number): void {
    if (position === this.last) return;
    let gap = this.last === -1 ? position : position - this.last;
    this.last = position;
    if (this.length + 5 > this.bytes.length) {
      const grown = new Uint8Array(this.bytes.length * 2);
      grown.set(this.bytes);
      this.bytes = grown;
    }
    while (gap >= 0x80) {
      this.bytes[this.length++] = (gap & 0x7f) | 0x80;
      gap >>>= 7;
    }
    this.bytes[this.length++] = gap;
  }

  /** The index's encoding: the same gaps in base 36, joined by commas. */
  encode(): string {
    const parts: string[] = [];
    let gap = 0;
    let shift = 0;
    for (let at = 0; at < this.length; at++) {
      const byte = this.bytes[at]!;
      gap |= (byte & 0x7f) << shift;
      if (byte & 0x80) {
        shift += 7;
      } else {
        parts.push(gap.toString(36));
        gap = 0;
        shift = 0;
      }
    }
    return parts.join(",");
  }
}

/** Builds the index incrementally, one document at a time, in collection order. */
export class SearchIndexBuilder {
  private readonly documents: string[] = [];
  private readonly postingsByTerm = new Map<string, PostingsBuffer>();

  add(document: SearchableDocument): void {
    this.addTerms(document.id, vocabulary(document.texts));
  }

  /** Adds a document by its distinct terms (its vocabulary, made elsewhere). */
  addTerms(id: string, terms: readonly string[]): void {
    const position = this.documents.length;
    this.documents.push(id);
    for (const term of terms) {
      let postings = this.postingsByTerm.get(term);
      if (!postings) this.postingsByTerm.set(term, (postings = new PostingsBuffer()));
      postings.add(position);
    }
  }

  finish(contentDigest: string): SearchIndex {
    const terms = [...this.postingsByTerm.keys()].sort(compareCodeUnits);
    return { format: SEARCH_INDEX_FORMAT, content_digest: contentDigest, documents: this.documents, terms, postings: terms.map((term) => this.postingsByTerm.get(term)!.encode()) };
  }
}

export function buildSearchIndex(documents: readonly SearchableDocument[], contentDigest: string): SearchIndex {
  const builder = new SearchIndexBuilder();
  for (const document of documents) builder.add(document);
  return builder.finish(contentDigest);
}

/**
 * Answers queries against one index. Which documents a token matches is remembered (a bounded number of
 * tokens), so the one-letter prefixes and common words that touch thousands of postings are decoded once
 * per reader, not once per request.
 */
class IndexReader {
  private readonly tokenMatches = new Map<string, Uint8Array>();

  constructor(private readonly index: SearchIndex) {}

  private matchesOf(token: string): Uint8Array {
    let marks = this.tokenMatches.get(token);
    if (marks) return marks;
    marks = new Uint8Array(this.index.documents.length);
    const { start, end } = wordsStartingWith(this.index.terms, token);
    for (let at = start; at < end; at++) {
      for (const position of decodePostings(this.index.postings[at]!)) marks[position] = 1;
    }
    if (this.tokenMatches.size >= 512) this.tokenMatches.delete(this.tokenMatches.keys().next().value!);
    this.tokenMatches.set(token, marks);
    return marks;
  }

  search(tokens: readonly string[]): string[] {
    if (tokens.length === 0) return [];
    const sets = tokens.map((token) => this.matchesOf(token));
    const found: string[] = [];
    for (let position = 0; position < this.index.documents.length; position++) {
      if (sets.every((marks) => marks[position] === 1)) found.push(this.index.documents[position]!);
    }
    return found;
  }
}

const readers = new WeakMap<SearchIndex, IndexReader>();

/** The ids of the documents matching every token, in collection order. */
export function searchIndex(index: SearchIndex, queryTokens: readonly string[]): string[] {
  let reader = readers.get(index);
  if (!reader) readers.set(index, (reader = new IndexReader(index)));
  return reader.search(queryTokens);
}
