/**
 * The prebuilt search index for `q` (format: schemas/search-index.schema.json). Pure TypeScript with no Node
 * APIs, shared by the build that writes it and every reader that answers `q` from it.
 *
 * `terms` is the sorted vocabulary of all searchable text; `postings[i]` lists, ascending, the positions in
 * `documents` (collection order) of the answers containing `terms[i]`. A query token matches the union of
 * the postings of the contiguous run of terms it is a prefix of; tokens combine by intersection, so the
 * result stays in collection order.
 */
import { compareCodeUnits, lowerBound, vocabulary } from "./text-match.ts";

export const SEARCH_INDEX_FORMAT = "av-buyer-data/search-index@1";

/** Where the build publishes the answers' search index. Outside api/v1/answers/, so that no header rule of the answers reaches it. */
export const ANSWERS_SEARCH_INDEX_PATH = "/api/v1/search/answers.json";

export interface SearchIndex {
  format: typeof SEARCH_INDEX_FORMAT;
  documents: string[];
  terms: string[];
  postings: number[][];
}

export interface SearchableDocument {
  id: string;
  texts: readonly string[];
}

export function buildSearchIndex(documents: readonly SearchableDocument[]): SearchIndex {
  const postingsByTerm = new Map<string, number[]>();
  documents.forEach((document, position) => {
    for (const term of vocabulary(document.texts)) {
      let postings = postingsByTerm.get(term);
      if (!postings) postingsByTerm.set(term, (postings = []));
      postings.push(position);
    }
  });
  const terms = [...postingsByTerm.keys()].sort(compareCodeUnits);
  return {
    format: SEARCH_INDEX_FORMAT,
    documents: documents.map((document) => document.id),
    terms,
    postings: terms.map((term) => postingsByTerm.get(term)!),
  };
}

/** Positions (ascending) of the documents that contain a word starting with `token`. */
function documentsForPrefix(index: SearchIndex, token: string): Set<number> {
  const found = new Set<number>();
  for (let at = lowerBound(index.terms, token); at < index.terms.length; at++) {
    if (!index.terms[at]!.startsWith(token)) break;
    for (const position of index.postings[at]!) found.add(position);
  }
  return found;
}

/** The ids of the documents matching every token, in collection order. */
export function searchIndex(index: SearchIndex, queryTokens: readonly string[]): string[] {
  let matching: Set<number> | undefined;
  // Rarest-first would be faster at scale; at this size the simple order keeps the code obvious.
  for (const token of queryTokens) {
    const found = documentsForPrefix(index, token);
    matching = matching ? new Set([...matching].filter((position) => found.has(position))) : found;
    if (matching.size === 0) return [];
  }
  if (!matching) return [];
  return [...matching].sort((a, b) => a - b).map((position) => index.documents[position]!);
}
