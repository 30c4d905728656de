/**
 * The words of a query and how each matches a word of an answer: the one statement of the `q` rule that the
 * reader (over the index's vocabulary) and the explanations (over an answer's own text) both apply. Pure
 * TypeScript with no Node APIs.
 *
 * - `match=any` (the default): stop words are left out; a query word matches the words it starts (exact or
 *   prefix), a word of the same inflection stem (stem), a word of its synonym groups or of such a word's stem
 *   (synonym), and, where it matches no word of any answer in those ways, the index's words a small typo away
 *   (typo). An answer holds a query word when it matches it exactly, by stem or as a synonym, or as a prefix when
 *   it is the last word of q (still being typed): the answers holding every word rank first (holds).
 * - `match=all`: the rule before issue 49, every word kept and matched only as the start of a word.
 */
import { inflectionStem, stemStarts } from "../contract/inflection.ts";

export const MATCH_MODES = ["any", "all"] as const;
export type MatchMode = (typeof MATCH_MODES)[number];

/** How a query word matched a word of an answer, best first: a word matched in two ways is named by the first. */
export const MATCH_KINDS = ["exact", "stem", "synonym", "prefix", "typo"] as const;
export type MatchKind = (typeof MATCH_KINDS)[number];

/** A query word as it is matched: with its stem, its synonyms and (found in the index) its typo corrections. */
export interface QueryWord {
  /** The normalised word of the query. */
  word: string;
  /** Whether it is the last word of q: a prefix match of it holds it (it may be half typed). */
  last: boolean;
  /** Its inflection stem, when it has one and the mode folds inflections. */
  stem?: string;
  /** The other words of its synonym groups, each with its stem (the word itself where it has none). */
  synonyms: ReadonlyArray<{ word: string; stem: string }>;
  /** Words of the index a small typo away, when nothing else of any answer matches it. */
  typos: readonly string[];
}

/** The synonym groups as the index's map publishes them: each group's normalised words. */
export type SynonymGroups = ReadonlyArray<readonly string[]>;

/**
 * A query word before the index is asked about typos: with `match=any`, its stem and the other words of every
 * synonym group holding it or a word of its stem, and whether it is the last (`last`); with `match=all`, the word
 * alone.
 */
export function queryWord(word: string, mode: MatchMode, groups: SynonymGroups, last: boolean): QueryWord {
  if (mode === "all") return { word, last: true, synonyms: [], typos: [] };
  // A stem whose words start with fewer than three letters ("ties", "uses") would have a reader look through too
  // many words for too little: such a word matches as itself.
  const folded = inflectionStem(word);
  const stem = folded !== undefined && stemStarts(folded)[0]!.length >= 3 ? folded : undefined;
  // A word's stem, or the word where it has none ("tv"): "tvs" has the stem "tv", and so meets it.
  const key = (of: string) => inflectionStem(of) ?? of;
  const synonyms = new Map<string, string>();
  for (const group of groups) {
    if (!group.some((member) => member === word || key(member) === key(word))) continue;
    for (const member of group) if (member !== word) synonyms.set(member, key(member));
  }
  return {
    word,
    last,
    ...(stem !== undefined ? { stem } : {}),
    synonyms: [...synonyms].map(([member, memberStem]) => ({ word: member, stem: memberStem })),
    typos: [],
  };
}

/**
 * How a normalised word of an answer matches a query word, or undefined: the first of MATCH_KINDS that holds.
 * `stemOf` gives a word's stem (a reader passes a remembering one).
 */
export function matchKind(
  query: QueryWord,
  word: string,
  stemOf: (word: string) => string | undefined = inflectionStem,
): MatchKind | undefined {
  if (word === query.word) return "exact";
  if (query.stem !== undefined || query.synonyms.length > 0) {
    const stem = stemOf(word);
    if (query.stem !== undefined && stem === query.stem) return "stem";
    for (const synonym of query.synonyms) if (word === synonym.word || stem === synonym.stem) return "synonym";
  }
  if (word.startsWith(query.word)) return "prefix";
  if (query.typos.includes(word)) return "typo";
  return undefined;
}

/**
 * Whether a match of this kind holds the query word (for the answers holding every word, which rank first): a
 * prefix only of the last word, which may be half typed ("ceiling micro"), not of a whole word ("back" in
 * "background"); a typo never (a correction is a guess).
 */
export function holdsWord(query: QueryWord, kind: MatchKind): boolean {
  return kind === "prefix" ? query.last : kind !== "typo";
}

/**
 * Where the words a query word matches start: each matching word begins with one of these (the word itself for
 * exact and prefix, a stem's start, a synonym or its stem's start, a typo correction). Without overlaps: a start
 * that another starts is left out.
 */
export function matchStarts(query: QueryWord): readonly string[] {
  // Remembered per query word: explaining a page of hits asks for them for every field of every hit.
  let found = startsOf.get(query);
  if (found) return found;
  const starts = [query.word];
  if (query.stem !== undefined) starts.push(...stemStarts(query.stem));
  for (const synonym of query.synonyms) starts.push(...stemStarts(synonym.stem));
  starts.push(...query.typos);
  const sorted = [...new Set(starts)].sort();
  found = sorted.filter((start, at) => !sorted.slice(0, at).some((shorter) => start.startsWith(shorter)));
  startsOf.set(query, found);
  return found;
}

const startsOf = new WeakMap<QueryWord, readonly string[]>();
