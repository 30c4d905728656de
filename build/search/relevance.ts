/**
 * The relevance score of `q`, the one owner of its formula. Pure TypeScript with no Node APIs.
 *
 * BM25F (Robertson and Zaragoza, "The Probabilistic Relevance Framework: BM25 and Beyond", 2009). The build
 * gives every (word, answer) pair its saturated term frequency: the word's occurrences in each field, weighted
 * by the field's weight and normalised by the field's length against its average, summed (tf), then
 * tf / (k1 + tf). It is stored as a whole number, a level from 0 to 63 (one base-64 digit: finer levels cost
 * more index bytes than they change any ranking).
 *
 * A query token matches every word it starts ("micro" matches microphone, microphones, microsoft) and is scored
 * as one term: its inverse document frequency comes from the number of answers it matches, so a word and its
 * plural are not told apart by how common each spelling is; its level in an answer is the best of the levels of
 * the words it starts there, scaled by how much of the word the token covers (a whole word counts in full,
 * "micro" half of "microphone"). An answer's score is the sum over the query's tokens of idf × level, in whole
 * points, so that every reader ranks alike; ties go to collection order.
 */
import type { SearchField } from "./answer-fields.ts";

export const FIELD_WEIGHTS: Readonly<Record<SearchField, number>> = {
  title: 6,
  question: 3,
  tags: 3,
  summary: 2,
  body: 1,
};
/** Term-frequency saturation and length normalisation, the usual BM25 values. */
export const K1 = 1.2;
export const B = 0.75;
/** The largest level: levels are stored in 6 bits, one digit of the index. */
export const MAX_LEVEL = 63;

/** How rare a term is: BM25's inverse document frequency, never negative. */
export function inverseDocumentFrequency(answers: number, answersWithTerm: number): number {
  return Math.log(1 + (answers - answersWithTerm + 0.5) / (answersWithTerm + 0.5));
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
  let weighted = 0;
  for (let field = 0; field < weights.length; field++) {
    const frequency = frequencies[from + field]!;
    if (frequency === 0) continue;
    weighted += (weights[field]! * frequency) / normalisations[at + field]!;
  }
  return Math.round((weighted / (K1 + weighted)) * MAX_LEVEL);
}

/** A token's level through a word it starts, in thousandths, scaled by how much of the word it covers. */
export function tokenLevel(level: number, tokenLength: number, wordLength: number): number {
  return tokenLength === wordLength ? level * 1000 : Math.floor((level * 1000 * tokenLength) / wordLength);
}

/** A token's inverse document frequency in thousandths, from how many of the collection's answers it matches. */
export function tokenIdf(answers: number, matched: number): number {
  return Math.round(inverseDocumentFrequency(answers, matched) * 1000);
}

/** A token's points in an answer: idf × level, in whole numbers (at most about a million). */
export function tokenPoints(idfThousandths: number, levelThousandths: number): number {
  return Math.floor((idfThousandths * levelThousandths) / 1000);
}

/**
 * One number that orders hits best first: more points, then earlier in the collection. Exact while scores stay
 * under 2^29 points (a 200-character query has at most 100 tokens) and collections under 2^24 answers.
 */
export function rankKey(points: number, position: number): number {
  return points * 16_777_216 + (16_777_215 - position);
}

export function positionOfRankKey(key: number): number {
  return 16_777_215 - (key % 16_777_216);
}

export function pointsOfRankKey(key: number): number {
  return Math.floor(key / 16_777_216);
}
