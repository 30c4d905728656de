/**
 * The text of `q` and of the answers, made words alike: normalising, tokenising, the query's check, and the prefix
 * match in a sorted vocabulary. Pure TypeScript with no Node APIs: the build (to write the search index), the
 * request handler, the offline page, MCP and the tests all run this same code, so a query finds the same answers
 * everywhere. How a query word matches an answer's word (stems, synonyms, typos) is query-words.ts.
 *
 * Text and query are normalised alike (Unicode NFKD, combining marks removed, lower case, plus folds for letters
 * NFKD leaves whole), and tokens are runs of letters and digits.
 */
import type { MatchMode } from "./query-words.ts";
import { isStopWord } from "./stop-words.ts";
import { MAX_QUERY_CODE_POINTS } from "../contract/limits.ts";

/** Letters that NFKD does not decompose, folded to their usual Latin spelling. */
const LETTER_FOLDS: Readonly<Record<string, string>> = {
  ß: "ss",
  æ: "ae",
  œ: "oe",
  ø: "o",
  ł: "l",
  đ: "d",
  ð: "d",
  þ: "th",
  ı: "i",
};

// The letters of LETTER_FOLDS (ß æ œ ø ł đ ð þ ı), escaped: a launch bundle holding no character beyond ASCII starts
// faster (build/tools/launch.mjs).
const FOLDABLE = /[\u00df\u00e6\u0153\u00f8\u0142\u0111\u00f0\u00fe\u0131]/gu;
const COMBINING_MARKS = /\p{M}/gu;
const TOKEN = /[\p{L}\p{N}]+/gu;

// biome-ignore lint/suspicious/noControlCharactersInRegex: the ASCII range, controls included, is the point.
const NON_ASCII = /[^\x00-\x7f]/;
const ASCII_TOKEN = /[A-Za-z0-9]+/g;

export function normalize(text: string): string {
  // Lower-case first: some capitals lower-case into a letter plus a combining mark (İ → i̇).
  const lower = text.toLowerCase();
  // Most text is ASCII, which NFKD leaves as it is, with no marks and nothing to fold: the costly steps are skipped.
  if (!NON_ASCII.test(lower)) return lower;
  return lower
    .normalize("NFKD")
    .replace(COMBINING_MARKS, "")
    .replace(FOLDABLE, (letter) => LETTER_FOLDS[letter] ?? letter);
}

/** The words of a text, normalised, in order of appearance (duplicates kept). */
export function tokenize(text: string): string[] {
  const normal = normalize(text);
  // In ASCII the letters and digits are exactly A-Z, a-z and 0-9 (NFKD can make a capital: 𝐀 → A); the Unicode classes cost more to test.
  return normal.match(NON_ASCII.test(normal) ? TOKEN : ASCII_TOKEN) ?? [];
}

/** The distinct words of a text, sorted by UTF-16 code unit, as the search index stores them. */
export function vocabulary(texts: readonly string[]): string[] {
  const words = new Set<string>();
  for (const text of texts) for (const word of tokenize(text)) words.add(word);
  return [...words].sort(compareCodeUnits);
}

export function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export type QueryCheck =
  | { ok: true; tokens: string[]; ignored: string[] }
  | { ok: false; reason: "too-long" | "no-letter-or-digit" | "only-stop-words"; codePoints: number };

/**
 * Checks a decoded `q` value against the contract and returns its distinct tokens, in order: with `match=any` the
 * significant ones, and the stop words left out as `ignored`; with `match=all` every one.
 */
export function parseQuery(q: string, mode: MatchMode = "any"): QueryCheck {
  const codePoints = [...q].length;
  if (codePoints > MAX_QUERY_CODE_POINTS) return { ok: false, reason: "too-long", codePoints };
  const all = [...new Set(tokenize(q))];
  if (all.length === 0) return { ok: false, reason: "no-letter-or-digit", codePoints };
  if (mode === "all") return { ok: true, tokens: all, ignored: [] };
  const tokens = all.filter((token) => !isStopWord(token));
  if (tokens.length === 0) return { ok: false, reason: "only-stop-words", codePoints };
  return { ok: true, tokens, ignored: all.filter(isStopWord) };
}

/** Index of the first value of a sorted list (words in code-unit order, or numbers) that is not less than `value`. */
export function lowerBound<Value extends string | number>(sorted: ArrayLike<Value>, value: Value): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (sorted[mid]! < value) low = mid + 1;
    else high = mid;
  }
  return low;
}

/**
 * The prefix rule, the one implementation of it: the positions [start, end) of the words of a sorted
 * vocabulary that start with `prefix` (a query word matches a word it is the start of).
 */
export function wordsStartingWith(sortedWords: readonly string[], prefix: string): { start: number; end: number } {
  const start = lowerBound(sortedWords, prefix);
  let end = start;
  while (end < sortedWords.length && sortedWords[end]!.startsWith(prefix)) end++;
  return { start, end };
}

/** True when some word of the sorted vocabulary starts with `prefix`. */
export function hasWordStartingWith(sortedWords: readonly string[], prefix: string): boolean {
  const { start, end } = wordsStartingWith(sortedWords, prefix);
  return end > start;
}

/** True when every query token is the start of some word of the document's sorted vocabulary (the rule of `match=all`). */
export function matchesAllTokens(sortedWords: readonly string[], queryTokens: readonly string[]): boolean {
  return queryTokens.every((token) => hasWordStartingWith(sortedWords, token));
}
