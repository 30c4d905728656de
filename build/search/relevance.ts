/**
 * The relevance score of `q`, the one owner of its formula. Pure TypeScript with no Node APIs.
 *
 * BM25F (Robertson and Zaragoza, "The Probabilistic Relevance Framework: BM25 and Beyond", 2009), over two
 * groups of fields. The build gives every (word, answer) pair its saturated term frequency: the word's occurrences
 * in each field, weighted by the field's weight and normalised by the field's length against its average, summed
 * (tf), then tf / (k1 + tf), once for the fields that say what the answer is about (title, question, tags,
 * summary) and once for the body; the level is the mean of the two, so that a word the answer is about is not
 * outweighed by a long body's passing mentions of another. It is stored as a whole number, a level from 0 to 63
 * (one base-64 digit: finer levels cost more index bytes than they change any ranking).
 *
 * A query token matches every word it starts ("micro" matches microphone, microphones, microsoft) and is scored
 * as one term: its inverse document frequency comes from the number of answers it matches (in a small collection
 * with a few more counted, IDF_EXTRA_ANSWERS), so a word and its plural are not told apart by how common each
 * spelling is; its level in an answer is the best of the levels of the words it matches there, a prefix scaled by
 * how much of the word the token covers (a whole word counts in full, "micro" half of "microphone"). With
 * `match=any` a token also matches the words of its inflection stem, of its synonyms and, where nothing else
 * matches it, a typo away: such a word keeps a fixed share of its level (MATCH_SHARES). An answer's score is the sum
 * over the query's tokens of idf × level, in whole points, so that every reader ranks alike; with `match=any` the
 * answers holding every token come first, then the rest, each best first; ties go to collection order.
 */
import type { SearchField } from "./answer-fields.ts";
import type { MatchKind } from "./query-words.ts";

export const FIELD_WEIGHTS: Readonly<Record<SearchField, number>> = {
  title: 6,
  question: 3,
  tags: 3,
  summary: 2,
  body: 1,
};
/**
 * Term-frequency saturation and length normalisation. B is BM25's usual value; K1 is above the usual 1.2 to 2:
 * answers run to a thousand words, and with 1.2 one passing mention of a rare word of a question ("advice",
 * "buying") weighed nearly as much as the word an answer is about, used throughout. On the 94 judged questions
 * (test/fixtures/search/judged-queries.yaml) the best answer came first on 2026-11-29 in 69 with 3, 66 with 1.2, 68
 * with 2, and 69 with 4 or 5, the keyword set staying at 79 of 91; on 2026-12-02 (evening), with the idf below and
 * the tags of that day, 2, 3, 4 and 5 put 422, 422, 420 and 424 of the 473 then judged first: a plateau, 5 ahead by
 * 2. 5 was then put to a test set aside for it: 30 questions a ninth reader wrote blind, scored once with 3 and with
 * 5: 25 and 26 first (MRR 0.908 and 0.919). With its 29 not judged before, 446 and 449 of 502 first. Then each
 * other setting here was moved a step either way, one at a time (B to 0.5 and 0.9, each field weight, the stem,
 * synonym and typo shares by 100 to 200): none put more of the 502 first (443 to 449).
 */
export const K1 = 5;
export const B = 0.75;
/** The largest level: levels are stored in 6 bits, one digit of the index. */
export const MAX_LEVEL = 63;

/**
 * Answers without the word that the inverse document frequency counts beside the collection's, in a small collection.
 * BM25's idf of a word most of 20 answers use ("certified", "teams") is next to nothing beside a product's name that
 * a few use, yet such a word is often what a question asks about ("is the Rally Bar still certified for Teams"). With
 * 5 more answers (4.9 at 20 answers, below) lacking every word, the right answer came first in 367 of the 414 judged
 * questions and keywords of 2026-12-02 (91 keywords, 94 questions, 229 blind, the last 40 of them in view) against
 * 359; 4 to 6 did alike, and so did adding 0.25 to every idf instead. The extra answers fade to none at 1,000
 * answers, where the counts speak for themselves, and a word in every answer weighs nothing again (search-reader.ts).
 */
export const IDF_EXTRA_ANSWERS = 5;
export const IDF_EXTRA_FADES_AT = 1000;

/** The answers without the word that a collection of `answers` counts in addition (IDF_EXTRA_ANSWERS). */
export function idfExtraAnswers(answers: number): number {
  return IDF_EXTRA_ANSWERS * Math.max(0, 1 - answers / IDF_EXTRA_FADES_AT);
}

/** How rare a term is: BM25's idf, with idfExtraAnswers more answers lacking it; never negative. */
function inverseDocumentFrequency(answers: number, answersWithTerm: number): number {
  return Math.log(1 + (answers + idfExtraAnswers(answers) - answersWithTerm + 0.5) / (answersWithTerm + 0.5));
}

/** A field's length normalisation in an answer: 1 − b + b × length / average length. */
export function lengthNormalisation(length: number, average: number): number {
  return 1 - B + (B * length) / (average || 1);
}

/**
 * The level of a word in an answer: its saturated frequency, in 63rds. `frequencies[from + f]` is the word's
 * count in field f (SEARCH_FIELDS order), `normalisations[at + f]` that field's lengthNormalisation in the answer.
 */
export function impactLevel(
  frequencies: ArrayLike<number>,
  from: number,
  normalisations: ArrayLike<number>,
  at: number,
  weights: ArrayLike<number>,
): number {
  // The fields before the body (title, question, tags, summary: what the answer is about) saturate together, the
  // body on its own, and the level is the mean of the two.
  const body = weights.length - 1;
  let about = 0;
  for (let field = 0; field < body; field++) {
    const frequency = frequencies[from + field]!;
    if (frequency === 0) continue;
    about += (weights[field]! * frequency) / normalisations[at + field]!;
  }
  const inBody = (weights[body]! * frequencies[from + body]!) / normalisations[at + body]!;
  return Math.round(((about / (K1 + about) + inBody / (K1 + inBody)) / 2) * MAX_LEVEL);
}

/** A token's level through a word it starts, in thousandths, scaled by how much of the word it covers. */
export function tokenLevel(level: number, tokenLength: number, wordLength: number): number {
  return tokenLength === wordLength ? level * 1000 : Math.floor((level * 1000 * tokenLength) / wordLength);
}

/** What a word matched as a stem, a synonym or a typo keeps of its level, in thousandths (a whole word keeps 1000). */
export const MATCH_SHARES: Readonly<Record<Exclude<MatchKind, "exact" | "prefix">, number>> = {
  stem: 900,
  synonym: 800,
  typo: 700,
};

/** A token's level through a word it matches in the way `kind` says, in thousandths. */
export function matchLevel(level: number, kind: MatchKind, tokenLength: number, wordLength: number): number {
  return kind === "exact" || kind === "prefix"
    ? tokenLevel(level, tokenLength, wordLength)
    : level * MATCH_SHARES[kind];
}

/** A token's inverse document frequency in thousandths, from how many of the collection's answers it matches. */
export function tokenIdf(answers: number, matched: number): number {
  return Math.round(inverseDocumentFrequency(answers, matched) * 1000);
}

/** A token's points in an answer: idf × level, in whole numbers (at most about a million). */
export function tokenPoints(idfThousandths: number, levelThousandths: number): number {
  return Math.floor((idfThousandths * levelThousandths) / 1000);
}

/** Added to the points in the rank key of an answer holding every token: it ranks above every answer that does not. */
const COMPLETE = 2 ** 28;

/**
 * One number that orders hits best first: every token held first (`complete`), then more points, then earlier in
 * the collection. Exact while scores stay under 2^28 points (a 200-character query has at most 100 tokens, each
 * under 1.1 million points below 2^24 answers) and collections under 2^24 answers.
 */
export function rankKey(points: number, position: number, complete = false): number {
  return (points + (complete ? COMPLETE : 0)) * 16_777_216 + (16_777_215 - position);
}

export function positionOfRankKey(key: number): number {
  return 16_777_215 - (key % 16_777_216);
}

export function pointsOfRankKey(key: number): number {
  return Math.floor(key / 16_777_216) % COMPLETE;
}
