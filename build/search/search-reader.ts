/**
 * Answers `q` from the sharded index: which answers match (query-words.ts: with `match=any` those holding any of
 * its words, in any of its ways; with `match=all` those where every word starts a word), their scores
 * (relevance.ts), a page of them best first or in collection order, and suggestions for a query that finds
 * nothing. Pure TypeScript with no Node APIs; the files come from a SearchIndexSource, so the same code reads from
 * the CDN at the edge, from dist/ in the local server, and from the page itself offline.
 *
 * What is decoded is remembered, within bounds: a token's matches (the one-letter prefixes and common words
 * touch thousands of postings), a query's ranking, so that the next page of the same query is cheap, and the
 * slugs of the blocks of documents its pages decoded.
 */
import {
  MAX_LEVEL,
  matchLevel,
  pointsOfRankKey,
  positionOfRankKey,
  rankKey,
  tokenIdf,
  tokenLevel,
  tokenPoints,
} from "./relevance.ts";
import { inflectionStem } from "../contract/inflection.ts";
import { isStopWord } from "../contract/stop-words.ts";
import {
  holdsWord,
  type MatchKind,
  type MatchMode,
  matchKind,
  matchStarts,
  type QueryWord,
  queryWord,
} from "./query-words.ts";
import type { SearchIndexMap, SearchPrefix, SearchSuggestions, SearchTermsShard } from "./search-format.ts";
import { decodeDenseValues, decodePostingsInto, decodePrefixPostingsInto, isDensePostings } from "./postings-codec.ts";
import { BoundedCache } from "./bounded-cache.ts";
import type { DocumentsChunk } from "./documents-chunk.ts";
import { decodeSlugBlock, firstSlugOf, slugInBlock } from "./search-format.ts";
import { lowerBound, wordsStartingWith } from "./text-match.ts";
import { editDistance } from "../contract/edit-distance.ts";

export interface SearchIndexSource {
  map(): Promise<SearchIndexMap>;
  terms(shard: number): Promise<SearchTermsShard>;
  documents(chunk: number): Promise<DocumentsChunk>;
  prefix(initial: string): Promise<SearchPrefix>;
  suggestions(): Promise<SearchSuggestions>;
}

export const SORT_ORDERS = ["relevance", "slug"] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

export interface RankedHit {
  slug: string;
  /** Its place in collection order, from 0. */
  position: number;
  score: number;
}

/** A query as the reader takes it: its distinct normalised words (stop words already left out for `match=any`). */
export interface SearchQuery {
  words: readonly string[];
  match: MatchMode;
}

export interface SearchPage {
  total: number;
  hits: RankedHit[];
}

export interface Correction {
  token: string;
  word: string;
  distance: number;
}

export interface Suggestion {
  /** The query with the corrections made: normalised tokens, space-separated. */
  q: string;
  /** How many answers it finds. */
  total: number;
  corrections: Correction[];
}

/** The answers a token (or a whole query) matches, ascending by position, with each one's score in points. */
interface Matches {
  positions: Int32Array;
  points: Int32Array;
}

/**
 * A token found in every answer of a collection so large that its weight rounds to nothing (its idf is 0 thousandths,
 * from about 1,000 answers: a one-letter prefix, a word every answer has). It narrows nothing and adds no points,
 * so its postings are not decoded, nor its prefix file read: the index records how many answers each word holds.
 */
const EVERY_ANSWER = Symbol("every answer");

/**
 * The matches of a token in more than half the answers: its points at every position of the collection, -1 where it
 * does not match. Intersecting with it is a look-up per candidate, not a merge of two long lists, and it takes less
 * room than positions and points.
 */
interface DenseMatches {
  byPosition: Int32Array;
  count: number;
}

type TokenMatches = Matches | DenseMatches | typeof EVERY_ANSWER;

function isDense(matches: Matches | DenseMatches): matches is DenseMatches {
  return "byPosition" in matches;
}

/**
 * The points of the `count` answers whose best level `best` holds (-1: none), by the idf of that count: the dense
 * array itself, scored in place, when most answers match, else the matches as positions and points.
 */
function pointsOfBest(best: Int32Array, count: number, answers: number): Matches | DenseMatches {
  const idf = tokenIdf(answers, count);
  if (inMostAnswers(count, answers)) {
    for (let position = 0; position < best.length; position++)
      if (best[position] !== -1) best[position] = tokenPoints(idf, best[position]!);
    return { byPosition: best, count };
  }
  const positions = new Int32Array(count);
  const points = new Int32Array(count);
  for (let position = 0, at = 0; at < count; position++) {
    if (best[position] === -1) continue;
    positions[at] = position;
    points[at++] = tokenPoints(idf, best[position]!);
  }
  return { positions, points };
}

/** What a token's matches weigh in the cache: their entries. */
function weightOf(matches: Matches | DenseMatches): number {
  return (isDense(matches) ? matches.byPosition.length : matches.positions.length) + 1;
}

/** How many answers a token matches. */
function countOf(matches: Matches | DenseMatches): number {
  return isDense(matches) ? matches.count : matches.positions.length;
}

/** Whether a token matching `count` of the collection's answers is kept dense (DenseMatches): in more than half. */
function inMostAnswers(count: number, answers: number): boolean {
  return count * 2 > answers;
}

/**
 * A token's matches from its positions and points (ascending, `count` of each; views of scratch space, copied),
 * dense where it is in most answers.
 */
function keptMatches(
  answers: number,
  positions: Int32Array,
  points: Int32Array,
  count: number,
): Matches | DenseMatches {
  if (!inMostAnswers(count, answers)) return { positions: positions.slice(0, count), points: points.slice(0, count) };
  const byPosition = new Int32Array(answers).fill(-1);
  for (let at = 0; at < count; at++) byPosition[positions[at]!] = points[at]!;
  return { byPosition, count };
}

/** Whether a token matching `matched` answers is in every answer and weighs nothing (see EVERY_ANSWER). */
function weighsNothingInEvery(answers: number, matched: number): boolean {
  return matched === answers && tokenIdf(answers, matched) === 0;
}

interface QueryEntry extends Matches {
  /** With `match=any`: 1 where the answer holds every word of the query (it ranks first), else 0. */
  complete?: Uint8Array;
  /** Rank keys, best first, of the first `ranked.length` hits. */
  ranked?: Float64Array;
}

/** What a query word matches in the index: the word as matched (its typos found), and its matches. */
interface WordEntry {
  word: QueryWord;
  matches: TokenMatches;
  /** Where the answer holds the word (query-words.ts holdsWord): at every match, or at these positions (ascending). */
  held: "all" | Int32Array;
}

/** A word of the index a query word matches, in one way, with its postings. */
interface Run {
  term: string;
  kind: MatchKind;
  answers: number;
  postings: string;
}

/** How many suggestions a miss gets, and how many corrected queries are tried for them. */
const MAX_SUGGESTIONS = 5;
const CANDIDATES_PER_TOKEN = 5;
const MAX_TRIED = 12;

/** The largest edit distance a correction of a token of this length may have: none for one or two letters. */
export function allowedDistance(tokenLength: number): number {
  return tokenLength <= 2 ? 0 : tokenLength <= 4 ? 1 : 2;
}

/**
 * The largest edit distance at which a word of the index matches a query word as a typo (`match=any`): none up to
 * three letters, 1 up to seven, 2 from eight; about a fifth of the word, as MiniSearch's fuzzy 0.2. Narrower than a
 * suggestion's, so that a query that finds nothing still has suggestions to offer.
 */
export function typoDistance(tokenLength: number): number {
  return tokenLength <= 3 ? 0 : tokenLength <= 7 ? 1 : 2;
}

/** How many typo corrections a query word matches at most: the nearest, then the commonest. */
export const TYPOS_PER_WORD = 3;

export class SearchReader {
  private readonly tokenMatches = new BoundedCache<TokenMatches>(4_000_000);
  private readonly queries = new BoundedCache<QueryEntry>(2_000_000);
  /** Each query word as matched, by mode and word (its matches are held by tokenMatches or here). */
  private readonly entriesByWord = new BoundedCache<WordEntry>(4_000_000);
  private readonly stems = new BoundedCache<string>(200_000);
  private readonly suggested = new BoundedCache<Suggestion[]>(256);
  /** Decoded blocks of slugs, by chunk and block. */
  private readonly slugBlocks = new BoundedCache<string[]>(64_000);
  /** The slugs of the hits of pages made, by position: a page of scattered hits decodes a block up to each hit, no further. */
  private readonly slugsByPosition = new BoundedCache<string, number>(64_000);
  /** Room for a token's points before they are kept (keptMatches copies them): grown as needed, used again. */
  private points = new Int32Array(1024);

  constructor(private readonly source: SearchIndexSource) {}

  /** The content digest of the build the index is of. */
  async contentDigest(): Promise<string> {
    return (await this.source.map()).content_digest;
  }

  /** The answers collection's page size. */
  async pageSize(): Promise<number> {
    return (await this.source.map()).page_size;
  }

  /** How many answers the index holds. */
  async answers(): Promise<number> {
    return (await this.source.map()).answers;
  }

  /** The answers matching a query: how many, and the page [offset, offset + limit) in `sort` order. */
  async search(query: SearchQuery, sort: SortOrder, offset: number, limit: number): Promise<SearchPage> {
    const entry = await this.query(query);
    const total = entry.positions.length;
    const end = Math.min(total, offset + limit);
    if (offset >= end) return { total, hits: [] };
    const positions: number[] = new Array(end - offset);
    const points: number[] = new Array(end - offset);
    const ranked = sort === "slug" ? undefined : this.ranked(entry, end);
    for (let at = offset; at < end; at++) {
      positions[at - offset] = ranked ? positionOfRankKey(ranked[at]!) : entry.positions[at]!;
      points[at - offset] = ranked ? pointsOfRankKey(ranked[at]!) : entry.points[at]!;
    }
    const slugs = await this.slugsAt(positions);
    return { total, hits: slugs.map((slug, at) => ({ slug, position: positions[at]!, score: points[at]! })) };
  }

  /**
   * The query's words as they are matched, in its order: each with its stem and synonyms (with `match=any`) and the
   * typo corrections the index gave it. The explanations of its hits apply the rule with these.
   */
  async queryWords(query: SearchQuery): Promise<QueryWord[]> {
    return (await this.wordEntries(query)).map((entry) => entry.word);
  }

  /** Each word of a query, as matched. */
  private wordEntries({ words, match }: SearchQuery): Promise<WordEntry[]> {
    return Promise.all(words.map((word, at) => this.wordEntry(word, match, at === words.length - 1)));
  }

  /** The hit for `slug` if it matches the query, with its score; undefined when it does not match or does not exist. */
  async hitFor(query: SearchQuery, slug: string): Promise<RankedHit | undefined> {
    const position = await this.positionOf(slug);
    if (position === undefined) return undefined;
    const entry = await this.query(query);
    const at = lowerBound(entry.positions, position);
    if (entry.positions[at] !== position) return undefined;
    return { slug, position, score: entry.points[at]! };
  }

  /** The position of a slug in collection order (slugs are sorted), or undefined: one documents chunk read, one block decoded. */
  async positionOf(slug: string): Promise<number | undefined> {
    const map = await this.source.map();
    const chunk = lastNotAfter(map.document_firsts.length, (at) => map.document_firsts[at]!, slug) + 1;
    if (chunk === 0) return undefined;
    const documents = await this.source.documents(chunk);
    const block = lastNotAfter(documents.blockCount, (at) => firstSlugOf(documents.block(at)), slug);
    if (block < 0) return undefined;
    const slugs = this.slugBlock(chunk, block, documents);
    const place = lowerBound(slugs, slug);
    return slugs[place] === slug ? documents.first + block * map.slugs_per_block + place : undefined;
  }

  /**
   * The slugs that start with `prefix`, in collection order: the first `limit` of them, and how many there are. Slugs
   * are sorted, so they are a run of positions: two lookups find its ends, whatever the number of answers.
   */
  async slugsStartingWith(prefix: string, limit: number): Promise<{ slugs: string[]; total: number }> {
    const [start, end] = await Promise.all([this.slugLowerBound(prefix), this.slugLowerBound(`${prefix}\uffff`)]);
    const count = Math.max(0, Math.min(limit, end - start));
    const slugs = await this.slugsAt(Array.from({ length: count }, (_, at) => start + at));
    return { slugs, total: end - start };
  }

  /** The position of the first slug not before `key` in collection order (the number of answers when none is). */
  private async slugLowerBound(key: string): Promise<number> {
    const map = await this.source.map();
    const chunk = lastNotAfter(map.document_firsts.length, (at) => map.document_firsts[at]!, key) + 1;
    if (chunk === 0) return 0;
    const documents = await this.source.documents(chunk);
    const block = lastNotAfter(documents.blockCount, (at) => firstSlugOf(documents.block(at)), key);
    if (block < 0) return documents.first;
    const slugs = this.slugBlock(chunk, block, documents);
    return documents.first + block * map.slugs_per_block + lowerBound(slugs, key);
  }

  /** The fingerprint of the content digest of the answer at `position` (in the index), as the index records it. */
  async fingerprintAt(position: number): Promise<string> {
    const map = await this.source.map();
    const documents = await this.source.documents(chunkOf(map, position));
    return documents.fingerprint(position - documents.first);
  }

  /** A block of a documents chunk, decoded (and remembered). */
  private slugBlock(chunk: number, block: number, documents: DocumentsChunk): string[] {
    const key = `${chunk}:${block}`;
    let slugs = this.slugBlocks.get(key);
    if (!slugs) {
      slugs = decodeSlugBlock(documents.block(block));
      this.slugBlocks.set(key, slugs, slugs.length);
    }
    return slugs;
  }

  /**
   * For a query that finds nothing: the nearest words of the index's commonest words for each word that matches no
   * word at all, as corrected queries that find something, fewest and smallest corrections first.
   */
  async suggest(query: SearchQuery): Promise<Suggestion[]> {
    const key = `${query.match}:${query.words.join(" ")}`;
    const cached = this.suggested.get(key);
    if (cached) return cached;
    const suggestions = await this.suggestFresh(query);
    this.suggested.set(key, suggestions, 1);
    return suggestions;
  }

  private async suggestFresh(query: SearchQuery): Promise<Suggestion[]> {
    const { words: tokens, match } = query;
    const missing: string[] = [];
    for (const [at, { matches }] of (await this.wordEntries(query)).entries())
      if (matches !== EVERY_ANSWER && countOf(matches) === 0) missing.push(tokens[at]!);
    if (missing.length === 0 || missing.length > 3) return [];
    const { words } = await this.source.suggestions();
    // With match=any a stop word would be left out of the corrected query: no correction.
    const options = missing.map((token) =>
      nearestWords(
        words,
        token,
        allowedDistance(token.length),
        CANDIDATES_PER_TOKEN,
        match === "any" ? isStopWord : undefined,
      ),
    );
    if (options.some((candidates) => candidates.length === 0)) return [];
    let combinations: Array<Array<Correction & { rank: number }>> = [[]];
    for (const candidates of options)
      combinations = combinations.flatMap((combination) => candidates.map((candidate) => [...combination, candidate]));
    const cost = (combination: ReadonlyArray<Correction & { rank: number }>) =>
      combination.reduce((sum, correction) => sum + correction.distance, 0);
    const rankSum = (combination: ReadonlyArray<Correction & { rank: number }>) =>
      combination.reduce((sum, correction) => sum + correction.rank, 0);
    combinations.sort((a, b) => cost(a) - cost(b) || rankSum(a) - rankSum(b));
    const suggestions: Suggestion[] = [];
    for (const combination of combinations.slice(0, MAX_TRIED)) {
      const corrected = [
        ...new Set(tokens.map((token) => combination.find((correction) => correction.token === token)?.word ?? token)),
      ];
      const total = (await this.query({ words: corrected, match })).positions.length;
      if (total === 0) continue;
      suggestions.push({
        q: corrected.join(" "),
        total,
        corrections: combination.map(({ token, word, distance }) => ({ token, word, distance })),
      });
      if (suggestions.length === MAX_SUGGESTIONS) break;
    }
    return suggestions;
  }

  private async query(query: SearchQuery): Promise<QueryEntry> {
    const key = `${query.match}:${query.words.join(" ")}`;
    const cached = this.queries.get(key);
    if (cached) return cached;
    const entry = query.match === "all" ? await this.allQuery(query.words) : await this.anyQuery(query.words);
    this.queries.set(key, entry, entry.positions.length + 1);
    return entry;
  }

  /** `match=all`: the answers every word matches, each scored with the sum of the words' points. */
  private async allQuery(tokens: readonly string[]): Promise<QueryEntry> {
    const perToken = await Promise.all(tokens.map((token) => this.tokenMatchesOf(token)));
    const narrowing = perToken.filter((matches) => matches !== EVERY_ANSWER);
    const sparse = narrowing.filter((matches) => !isDense(matches)) as Matches[];
    const dense = (narrowing.filter(isDense) as DenseMatches[]).sort((a, b) => a.count - b.count);
    // Intersect the smallest first: each step can only shrink. The lists of tokens in most answers come last, looked up.
    sparse.sort((a, b) => a.positions.length - b.positions.length);
    let result: Matches;
    if (sparse.length > 0) result = { positions: sparse[0]!.positions, points: sparse[0]!.points };
    else if (dense.length > 0) result = denseIntersection(dense);
    else if (perToken.length > 0) result = everyAnswer((await this.source.map()).answers);
    else result = { positions: new Int32Array(0), points: new Int32Array(0) };
    for (const other of sparse.slice(1)) result = intersect(result, other);
    if (sparse.length > 0) for (const other of dense) result = keptWhereDense(result, other);
    return { positions: result.positions, points: result.points };
  }

  /**
   * `match=any`: the answers any word matches, each scored with the sum of the points of the words it holds, and
   * marked complete where it holds them all.
   */
  private async anyQuery(words: readonly string[]): Promise<QueryEntry> {
    const entries = await this.wordEntries({ words, match: "any" });
    const answers = (await this.source.map()).answers;
    // A word in every answer narrows nothing and adds no points: every answer is a hit, and holds it where it does.
    const everywhere = entries.filter((entry) => entry.matches === EVERY_ANSWER);
    const every = everywhere.filter((entry) => entry.held === "all").length;
    const lists = entries.filter((entry) => entry.matches !== EVERY_ANSWER) as Array<
      WordEntry & { matches: Matches | DenseMatches }
    >;
    // One word, held wherever it matches: its matches as they are (every hit holds every word).
    if (lists.length === 1 && everywhere.length === 0 && lists[0]!.held === "all") {
      const only = lists[0]!.matches;
      return isDense(only) ? sparseOf(only) : { positions: only.positions, points: only.points };
    }
    // Each answer's points (-1: no word matches it) and how many of the words it holds, summed over the lists.
    const points = new Int32Array(answers).fill(everywhere.length > 0 ? 0 : -1);
    const held = new Uint8Array(answers);
    for (const { held: heldAt } of everywhere) if (heldAt !== "all") for (const position of heldAt) held[position]!++;
    for (const { matches, held: heldAt } of lists) {
      if (isDense(matches)) {
        for (let position = 0; position < answers; position++) {
          const value = matches.byPosition[position]!;
          if (value < 0) continue;
          points[position] = Math.max(0, points[position]!) + value;
          if (heldAt === "all") held[position]!++;
        }
      } else {
        for (let at = 0; at < matches.positions.length; at++) {
          const position = matches.positions[at]!;
          points[position] = Math.max(0, points[position]!) + matches.points[at]!;
          if (heldAt === "all") held[position]!++;
        }
      }
      if (heldAt !== "all") for (const position of heldAt) held[position]!++;
    }
    let count = 0;
    for (let position = 0; position < answers; position++) if (points[position]! >= 0) count++;
    const positions = new Int32Array(count);
    const kept = new Int32Array(count);
    const complete = new Uint8Array(count);
    for (let position = 0, at = 0; at < count; position++) {
      if (points[position]! < 0) continue;
      positions[at] = position;
      kept[at] = points[position]!;
      complete[at++] = held[position]! + every === words.length ? 1 : 0;
    }
    return { positions, points: kept, complete };
  }

  /** The rank keys of the best `count` hits, best first (remembered with the query). */
  private ranked(entry: QueryEntry, count: number): Float64Array {
    if (entry.ranked && entry.ranked.length >= count) return entry.ranked;
    const total = entry.positions.length;
    let ranked: Float64Array;
    if (count * 4 >= total) {
      ranked = new Float64Array(total);
      for (let at = 0; at < total; at++) ranked[at] = keyAt(entry, at);
      ranked.sort().reverse();
    } else {
      ranked = topKeys(entry, count);
    }
    entry.ranked = ranked;
    return ranked;
  }

  /**
   * A query word's entry: with `match=all`, or a last word with no stem and no synonyms, the words it starts; else
   * the words query-words.ts says it matches, and where none of these is in any answer, the index's words a small
   * typo away (with `match=any`). `last`: it is the last word of the query.
   */
  private async wordEntry(word: string, match: MatchMode, last: boolean): Promise<WordEntry> {
    const key = `${match}:${last ? "last" : "word"}:${word}`;
    const cached = this.entriesByWord.get(key);
    if (cached) return cached;
    const map = await this.source.map();
    let query = queryWord(word, match, map.synonyms, last);
    let found: { matches: TokenMatches; held: WordEntry["held"] };
    if (query.stem === undefined && query.synonyms.length === 0) {
      const matches = await this.tokenMatchesOf(word);
      // Matched as a prefix alone: held where the word itself is, unless it is the last word of q.
      found = { matches, held: last ? "all" : await this.positionsOfWord(word) };
    } else found = this.runMatches(query, await this.runsOf(query, map.answers), map.answers);
    if (match === "any" && found.matches !== EVERY_ANSWER && countOf(found.matches) === 0) {
      const typos = await this.typosOf(word);
      if (typos.length > 0) {
        query = { ...query, typos };
        found = this.runMatches(query, await this.runsOf(query, map.answers), map.answers);
      }
    }
    const entry: WordEntry = { word: query, ...found };
    const weight =
      (found.matches === EVERY_ANSWER ? 1 : weightOf(found.matches)) + (found.held === "all" ? 0 : found.held.length);
    this.entriesByWord.set(key, entry, weight);
    return entry;
  }

  /** The positions of the answers holding exactly this word of the index, ascending. */
  private async positionsOfWord(word: string): Promise<Int32Array> {
    const map = await this.source.map();
    const [shard] = shardsFor(map.shard_firsts, word);
    if (shard === undefined) return new Int32Array(0);
    const { terms, postings } = await this.source.terms(shard);
    const at = lowerBound(terms, word);
    if (terms[at] !== word) return new Int32Array(0);
    const decoded = decodePostingsInto(postings[at]!);
    return decoded.positions.slice(0, decoded.count);
  }

  /**
   * The index's words a query word matches, each with how, from the shards of its starts (query-words.ts); every
   * answer (EVERY_ANSWER) when one of them is in every answer and weighs nothing.
   */
  private async runsOf(query: QueryWord, answers: number): Promise<Run[] | typeof EVERY_ANSWER> {
    const map = await this.source.map();
    const runs: Run[] = [];
    const seen = new Set<string>();
    for (const start of matchStarts(query)) {
      const loaded = await Promise.all(shardsFor(map.shard_firsts, start).map((shard) => this.source.terms(shard)));
      for (const shard of loaded) {
        const { start: first, end } = wordsStartingWith(shard.terms, start);
        for (let at = first; at < end; at++) {
          const term = shard.terms[at]!;
          if (seen.has(term)) continue;
          seen.add(term);
          const kind = matchKind(query, term, this.stemOf);
          if (kind === undefined) continue;
          // A word in every answer that holds the query word: so does every answer.
          if (weighsNothingInEvery(answers, shard.answers[at]!) && holdsWord(query, kind)) return EVERY_ANSWER;
          runs.push({ term, kind, answers: shard.answers[at]!, postings: shard.postings[at]! });
        }
      }
    }
    return runs;
  }

  /** A word's stem, remembered: a query word's starts can hold thousands of words whose stems are compared. */
  private readonly stemOf = (word: string): string | undefined => {
    let stem = this.stems.get(word);
    if (stem === undefined) this.stems.set(word, (stem = inflectionStem(word) ?? ""), 1);
    return stem === "" ? undefined : stem;
  };

  /**
   * The commonest words of the index a typo away from a word that matches nothing (typoDistance), never a stop word:
   * one never decides a match, and "home" in no answer would otherwise match every answer holding "some".
   */
  private async typosOf(word: string): Promise<string[]> {
    const bound = typoDistance(word.length);
    if (bound === 0) return [];
    const { words } = await this.source.suggestions();
    return nearestWords(words, word, bound, TYPOS_PER_WORD, isStopWord).map((correction) => correction.word);
  }

  /**
   * A query word's matches from its runs: each answer's best run, its level as the run's kind keeps it; and where
   * the answer holds the word (a run of a kind that holds it).
   */
  private runMatches(
    query: QueryWord,
    runs: Run[] | typeof EVERY_ANSWER,
    answers: number,
  ): { matches: TokenMatches; held: WordEntry["held"] } {
    if (runs === EVERY_ANSWER) return { matches: EVERY_ANSWER, held: "all" };
    const length = query.word.length;
    if (runs.length === 1 && isDensePostings(runs[0]!.postings)) {
      const { term, kind, answers: holding, postings } = runs[0]!;
      const idf = tokenIdf(answers, holding);
      const pointsOfLevel = new Int32Array(MAX_LEVEL + 1);
      for (let level = 0; level <= MAX_LEVEL; level++)
        pointsOfLevel[level] = tokenPoints(idf, matchLevel(level, kind, length, term.length));
      return {
        matches: { byPosition: decodeDenseValues(postings, pointsOfLevel), count: holding },
        held: holdsWord(query, kind) ? "all" : new Int32Array(0),
      };
    }
    const best = new Int32Array(answers).fill(-1);
    const held = new Uint8Array(answers);
    let count = 0;
    let heldCount = 0;
    for (const { term, kind, postings } of runs) {
      const decoded = decodePostingsInto(postings);
      const holds = holdsWord(query, kind);
      for (let at = 0; at < decoded.count; at++) {
        const position = decoded.positions[at]!;
        const value = matchLevel(decoded.levels[at]!, kind, length, term.length);
        if (best[position] === -1) count++;
        if (value > best[position]!) best[position] = value;
        if (holds && held[position] === 0) {
          held[position] = 1;
          heldCount++;
        }
      }
    }
    let heldAt: WordEntry["held"] = "all";
    if (heldCount < count) {
      heldAt = new Int32Array(heldCount);
      for (let position = 0, at = 0; at < heldCount; position++) if (held[position] === 1) heldAt[at++] = position;
    }
    return { matches: pointsOfBest(best, count, answers), held: heldAt };
  }

  /** Which answers a token matches, each with the token's contribution: the best of the words it starts. */
  private async tokenMatchesOf(token: string): Promise<TokenMatches> {
    const cached = this.tokenMatches.get(token);
    if (cached) return cached;
    const map = await this.source.map();
    const prefixFile = map.prefix_files.indexOf(token);
    if (prefixFile >= 0 && weighsNothingInEvery(map.answers, map.prefix_answers[prefixFile]!))
      return this.rememberEvery(token);
    if (prefixFile >= 0) return this.prefixMatchesOf(token, map.answers);
    const shards = shardsFor(map.shard_firsts, token);
    const loaded = await Promise.all(shards.map((shard) => this.source.terms(shard)));
    const runs: Array<{ term: string; answers: number; postings: string }> = [];
    for (const shard of loaded) {
      const { start, end } = wordsStartingWith(shard.terms, token);
      for (let at = start; at < end; at++) {
        // One word in every answer: so is the token.
        if (weighsNothingInEvery(map.answers, shard.answers[at]!)) return this.rememberEvery(token);
        runs.push({ term: shard.terms[at]!, answers: shard.answers[at]!, postings: shard.postings[at]! });
      }
    }
    // Each answer's best word for the token (levels in thousandths), then the token's idf from how many answers it matches.
    let matches: Matches | DenseMatches;
    if (runs.length === 1 && isDensePostings(runs[0]!.postings)) {
      // One word in most answers: its points by position in one pass, from a table of its 64 levels' points.
      const { term, answers, postings } = runs[0]!;
      const idf = tokenIdf(map.answers, answers);
      const pointsOfLevel = new Int32Array(MAX_LEVEL + 1);
      for (let level = 0; level <= MAX_LEVEL; level++)
        pointsOfLevel[level] = tokenPoints(idf, tokenLevel(level, token.length, term.length));
      matches = { byPosition: decodeDenseValues(postings, pointsOfLevel), count: answers };
    } else if (runs.length === 1) {
      const decoded = decodePostingsInto(runs[0]!.postings);
      const wordLength = runs[0]!.term.length;
      const idf = tokenIdf(map.answers, decoded.count);
      const points = this.pointsScratch(decoded.count);
      for (let at = 0; at < decoded.count; at++)
        points[at] = tokenPoints(idf, tokenLevel(decoded.levels[at]!, token.length, wordLength));
      matches = keptMatches(map.answers, decoded.positions, points, decoded.count);
    } else {
      // Several words: a dense array of the collection's size, kept as it is if the token is in most answers.
      const best = new Int32Array(map.answers).fill(-1);
      let count = 0;
      for (const { term, postings } of runs) {
        const decoded = decodePostingsInto(postings);
        for (let at = 0; at < decoded.count; at++) {
          const position = decoded.positions[at]!;
          const value = tokenLevel(decoded.levels[at]!, token.length, term.length);
          if (best[position] === -1) count++;
          if (value > best[position]!) best[position] = value;
        }
      }
      matches = pointsOfBest(best, count, map.answers);
    }
    this.tokenMatches.set(token, matches, weightOf(matches));
    return matches;
  }

  private rememberEvery(token: string): typeof EVERY_ANSWER {
    this.tokenMatches.set(token, EVERY_ANSWER, 1);
    return EVERY_ANSWER;
  }

  /** A one-letter token's matches from its prebuilt file: the same values the shards would give, from one read. */
  private async prefixMatchesOf(token: string, answers: number): Promise<Matches | DenseMatches> {
    const decoded = decodePrefixPostingsInto((await this.source.prefix(token)).postings);
    const idf = tokenIdf(answers, decoded.count);
    const points = this.pointsScratch(decoded.count);
    for (let at = 0; at < decoded.count; at++) points[at] = tokenPoints(idf, decoded.values[at]!);
    const matches = keptMatches(answers, decoded.positions, points, decoded.count);
    this.tokenMatches.set(token, matches, weightOf(matches));
    return matches;
  }

  private pointsScratch(count: number): Int32Array {
    if (this.points.length < count) this.points = new Int32Array(Math.max(count, this.points.length * 2));
    return this.points;
  }

  private async slugsAt(positions: readonly number[]): Promise<string[]> {
    // A warm page's slugs are all remembered: taken as they are, without the chunks' promises.
    const known: string[] = new Array(positions.length);
    for (let at = 0; at < positions.length; at++) {
      const slug = this.slugsByPosition.get(positions[at]!);
      if (slug === undefined) break;
      known[at] = slug;
      if (at === positions.length - 1) return known;
    }
    const map = await this.source.map();
    const chunks = positions.map((position) => chunkOf(map, position));
    const loaded = new Map<number, DocumentsChunk>();
    await Promise.all([...new Set(chunks)].map(async (chunk) => loaded.set(chunk, await this.source.documents(chunk))));
    return positions.map((position, at) => {
      let slug = this.slugsByPosition.get(position);
      if (slug === undefined) {
        const { block, offset } = placeInChunk(map, loaded.get(chunks[at]!)!, position);
        this.slugsByPosition.set(position, (slug = slugInBlock(block.slugs, offset)), 1);
      }
      return slug;
    });
  }
}

/** The documents chunk (from 1) holding a position: the last whose first position is not after it. */
function chunkOf(map: SearchIndexMap, position: number): number {
  return lastNotAfter(map.document_starts.length, (at) => map.document_starts[at]!, position) + 1;
}

/** Where a position lies in its documents chunk: its block (index, encoded slugs) and its place in the block. */
function placeInChunk(
  map: SearchIndexMap,
  chunk: DocumentsChunk,
  position: number,
): { block: { at: number; slugs: string }; offset: number } {
  const at = Math.floor((position - chunk.first) / map.slugs_per_block);
  return { block: { at, slugs: chunk.block(at) }, offset: position - chunk.first - at * map.slugs_per_block };
}

/** The shards (from 1) that can hold words starting with `token`: usually one. */
export function shardsFor(shardFirsts: readonly string[], token: string): number[] {
  if (shardFirsts.length === 0) return [];
  // The shard holding `token`'s place in the vocabulary, and the following ones while they start with it.
  let shard = Math.max(
    0,
    lowerBound(shardFirsts, token) - (shardFirsts[lowerBound(shardFirsts, token)] === token ? 0 : 1),
  );
  const shards = [shard + 1];
  while (shard + 1 < shardFirsts.length && shardFirsts[shard + 1]!.startsWith(token)) shards.push(++shard + 1);
  return shards;
}

/** The last index in [0, count) whose value (ascending) is not after `value`, or -1. */
function lastNotAfter<Value extends string | number>(
  count: number,
  valueAt: (at: number) => Value,
  value: Value,
): number {
  let low = 0;
  let high = count;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (valueAt(mid) <= value) low = mid + 1;
    else high = mid;
  }
  return low - 1;
}

/** The answers every one of these dense lists matches (the first the shortest), each scored with the sum. */
function denseIntersection(lists: readonly DenseMatches[]): Matches {
  const [first, ...others] = lists as [DenseMatches, ...DenseMatches[]];
  const positions = new Int32Array(first.count);
  const points = new Int32Array(first.count);
  let count = 0;
  candidates: for (let position = 0; position < first.byPosition.length; position++) {
    let sum = first.byPosition[position]!;
    if (sum < 0) continue;
    for (let list = 0; list < others.length; list++) {
      const value = others[list]!.byPosition[position]!;
      if (value < 0) continue candidates;
      sum += value;
    }
    positions[count] = position;
    points[count++] = sum;
  }
  return { positions: positions.slice(0, count), points: points.slice(0, count) };
}

/** The answers of `matches` that a dense list matches too, each with that list's points added. */
function keptWhereDense(matches: Matches, dense: DenseMatches): Matches {
  const positions = new Int32Array(matches.positions.length);
  const points = new Int32Array(matches.positions.length);
  let count = 0;
  for (let at = 0; at < matches.positions.length; at++) {
    const value = dense.byPosition[matches.positions[at]!]!;
    if (value < 0) continue;
    positions[count] = matches.positions[at]!;
    points[count++] = matches.points[at]! + value;
  }
  return { positions: positions.slice(0, count), points: points.slice(0, count) };
}

/** Every answer of the collection, with no points. */
function everyAnswer(answers: number): Matches {
  const positions = new Int32Array(answers);
  for (let position = 0; position < answers; position++) positions[position] = position;
  return { positions, points: new Int32Array(answers) };
}

/** The answers in both, each scored with the sum. Both ascend by position. */
function intersect(a: Matches, b: Matches): Matches {
  const size = Math.min(a.positions.length, b.positions.length);
  const positions = new Int32Array(size);
  const points = new Int32Array(size);
  let count = 0;
  for (let i = 0, j = 0; i < a.positions.length && j < b.positions.length; ) {
    const x = a.positions[i]!;
    const y = b.positions[j]!;
    if (x < y) i++;
    else if (y < x) j++;
    else {
      positions[count] = x;
      points[count++] = a.points[i++]! + b.points[j++]!;
    }
  }
  return { positions: positions.slice(0, count), points: points.slice(0, count) };
}

/** The rank key of the entry's hit at `at`. */
function keyAt(entry: QueryEntry, at: number): number {
  return rankKey(entry.points[at]!, entry.positions[at]!, entry.complete !== undefined && entry.complete[at] === 1);
}

/** A dense list's answers as positions and points. */
function sparseOf(dense: DenseMatches): Matches {
  const positions = new Int32Array(dense.count);
  const points = new Int32Array(dense.count);
  for (let position = 0, at = 0; at < dense.count; position++) {
    const value = dense.byPosition[position]!;
    if (value < 0) continue;
    positions[at] = position;
    points[at++] = value;
  }
  return { positions, points };
}

const HOLDS_DIGIT = /\d/;

/**
 * The words of a list (commonest first) within `bound` edits of `token`, nearest first, then the commoner: at most
 * `limit` of them, none `leftOut` says.
 */
function nearestWords(
  words: readonly string[],
  token: string,
  bound: number,
  limit: number,
  leftOut?: (word: string) => boolean,
): Array<Correction & { rank: number }> {
  const found: Array<Correction & { rank: number }> = [];
  // A word holding a digit is a number, a model or a standard (9001, mxa920, cat6): one edit away is another one,
  // whichever of the two holds it.
  if (bound === 0 || HOLDS_DIGIT.test(token)) return found;
  for (let rank = 0; rank < words.length; rank++) {
    const word = words[rank]!;
    if (Math.abs(word.length - token.length) > bound || HOLDS_DIGIT.test(word) || leftOut?.(word)) continue;
    const distance = editDistance(token, word, bound);
    if (distance <= bound) found.push({ token, word, distance, rank });
  }
  return found.sort((a, b) => a.distance - b.distance || a.rank - b.rank).slice(0, limit);
}

/** The `count` largest rank keys, best first, by a bounded min-heap: no sort of every hit for the first pages. */
function topKeys(entry: QueryEntry, count: number): Float64Array {
  const heap = new Float64Array(count);
  let size = 0;
  const down = (from: number) => {
    let at = from;
    for (;;) {
      const left = 2 * at + 1;
      const right = left + 1;
      let smallest = at;
      if (left < size && heap[left]! < heap[smallest]!) smallest = left;
      if (right < size && heap[right]! < heap[smallest]!) smallest = right;
      if (smallest === at) return;
      [heap[at], heap[smallest]] = [heap[smallest]!, heap[at]!];
      at = smallest;
    }
  };
  for (let at = 0; at < entry.positions.length; at++) {
    const key = keyAt(entry, at);
    if (size < count) {
      heap[size] = key;
      let child = size++;
      while (child > 0) {
        const parent = (child - 1) >> 1;
        if (heap[parent]! <= heap[child]!) break;
        [heap[parent], heap[child]] = [heap[child]!, heap[parent]!];
        child = parent;
      }
    } else if (key > heap[0]!) {
      heap[0] = key;
      down(0);
    }
  }
  return heap.slice(0, size).sort().reverse();
}
