/**
 * Builds the search index (./search-format.ts) one answer at a time, in collection order: each answer's words
 * and their counts per field, then at the end the sorted vocabulary in words shards, the documents chunks, the
 * prefix files of one-letter tokens, the suggestions and the map.
 */
import { SEARCH_FIELDS } from "./answer-fields.ts";
import {
  FIELD_WEIGHTS,
  idfExtraAnswers,
  impactLevel,
  K1,
  B,
  lengthNormalisation,
  MAX_LEVEL,
  tokenLevel,
} from "./relevance.ts";
import { decodeStoredPostings, PostingsStore, type WordPostings } from "./postings-store.ts";
import { compareCodeUnits, indexTokens, lowerBound, tokenize } from "./text-match.ts";
import type { SynonymGroups } from "./query-words.ts";
import { ABSENT, DENSE_MARK, DIGITS, encodePrefixPostings, encodeShorterPostings } from "./postings-codec.ts";
import {
  DOCUMENTS_TARGET_CHARACTERS,
  encodeSlugBlock,
  SEARCH_DOCUMENTS_FORMAT,
  SEARCH_INDEX_FORMAT,
  SEARCH_PREFIX_FORMAT,
  SEARCH_SUGGESTIONS_FORMAT,
  SEARCH_TERMS_FORMAT,
  type SearchDocumentsChunk,
  type SearchIndexFile,
  type SearchPrefix,
  type SearchTermsShard,
  SHARD_TARGET_CHARACTERS,
  SLUGS_PER_BLOCK,
  SUGGESTION_WORDS,
} from "./search-format.ts";

/** A word's postings encoded as the store encodes them, in bytes of their own (PostingsStore.encoded, joined). */
interface EncodedPostings {
  count: number;
  encoded: Uint8Array;
}

/** The tokens of each searchable field, in SEARCH_FIELDS order. */
export type AnswerTokens = string[][];

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
  return SEARCH_FIELDS.map((field) => indexTokens(texts[field]));
}

// A posting's fields byte has a bit for each field (postings-store.ts).
if (SEARCH_FIELDS.length > 7) throw new Error("a posting's fields byte holds at most 7 fields");

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
    synonyms: SynonymGroups,
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
        synonyms: synonymGroups(synonyms),
        relevance: {
          k1: K1,
          b: B,
          field_weights: { ...FIELD_WEIGHTS },
          max_level: MAX_LEVEL,
          // The levels were made with these.
          average_field_lengths: Object.fromEntries(SEARCH_FIELDS.map((field, at) => [field, averages[at]!])),
          // A query word's idf is made with this.
          idf_extra_answers: idfExtraAnswers(answers),
        },
      },
    };
  }
}

/**
 * Synonym groups as the map publishes them: each group's words normalised (a word that is not one token is the
 * content's mistake, refused before the build gets here), distinct and sorted; the groups in order of their words.
 */
export function synonymGroups(groups: SynonymGroups): string[][] {
  return groups
    .map((group) => [...new Set(group.flatMap((word) => tokenize(word)))].sort(compareCodeUnits))
    .filter((group) => group.length > 1)
    .sort((a, b) => compareCodeUnits(a.join(" "), b.join(" ")));
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
  // Most words of an edited answer keep their level (levels are coarse): such a word is kept as it is, not copied
  // and encoded again (some 160 ms an edit at 10,000 answers, where a common word's postings are long).
  if (word && changed.every((position, index) => levelIn(word, position) === levelAt(index))) return word;
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

/** A word's level in the answer at `position`, undefined where the answer does not hold it. */
function levelIn(word: WordLevels, position: number): number | undefined {
  const at = lowerBound(word.positions.subarray(0, word.count), position);
  return at < word.count && word.positions[at] === position ? word.levels[at] : undefined;
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
