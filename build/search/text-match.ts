/**
 * The text of `q` and of the answers, made words alike: normalising, tokenising, the query's check, and the prefix
 * match in a sorted vocabulary. Pure TypeScript with no Node APIs: the build (to write the search index), the
 * request handler, the offline page, MCP and the tests all run this same code, so a query finds the same answers
 * everywhere. How a query word matches an answer's word (stems, synonyms, typos) is query-words.ts.
 *
 * Text and query are normalised alike (Unicode NFKD, combining marks removed, lower case, plus folds for letters
 * NFKD leaves whole), and tokens are runs of letters and digits; the index also holds a text's hyphenated
 * compounds whole (indexTokens).
 */
import type { MatchMode } from "./query-words.ts";
import { isStopWord } from "../contract/stop-words.ts";
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

// Runs joined by single hyphens ("Wi-Fi", "USB-C", "built-in"): NFKD makes the non-breaking hyphen U+2010, and a few
// other dashes ASCII's (U+FE63, U+FF0D), so that these two are the hyphens of normalised text.
const COMPOUND = /(?<![\p{L}\p{N}])[\p{L}\p{N}]+(?:[-\u2010][\p{L}\p{N}]+)+(?![\p{L}\p{N}])/gu;
const HYPHEN = /[-\u2010]/g;
/** What NFKD makes a hyphen of, or leaves one: "-", U+2010, U+2011, U+FE63, U+FF0D. */
const HYPHEN_LIKE = /[-\u2010\u2011\ufe63\uff0d]/;
const DIGITS = /^\p{N}+$/u;

/**
 * The words a compound adds, whole: its runs joined ("wi-fi" also as wifi), so that a query written as one word
 * ("wifi", "usbc") finds the text that hyphenates it. Numbers joined by hyphens (dates, ranges) add none.
 */
function compoundWord(compound: string): string | undefined {
  const joined = compound.replace(HYPHEN, "");
  return DIGITS.test(joined) ? undefined : joined;
}

/** A compound of a text: [start, end) in it, and its word whole. */
export interface Compound {
  start: number;
  end: number;
  word: string;
}

/**
 * The compounds of a lower-cased ASCII text, in order: found from its hyphens, which are few (a regular expression
 * tried at every character took 2-3 ms over the shipped answers' 150 KB, this 0.15 ms).
 */
export function asciiCompounds(lower: string): Compound[] {
  const found: Compound[] = [];
  for (let hyphen = lower.indexOf("-"); hyphen >= 0; ) {
    if (!isAsciiLetterOrDigit(lower.charCodeAt(hyphen - 1)) || !isAsciiLetterOrDigit(lower.charCodeAt(hyphen + 1))) {
      hyphen = lower.indexOf("-", hyphen + 1);
      continue;
    }
    let start = hyphen - 1;
    while (isAsciiLetterOrDigit(lower.charCodeAt(start - 1))) start--;
    // The runs joined by single hyphens from here, to the last, joined as they are read (no number: some letter).
    let word = lower.slice(start, hyphen);
    let letters = /[a-z]/.test(word);
    let end = hyphen + 1;
    for (;;) {
      const from = end;
      while (isAsciiLetterOrDigit(lower.charCodeAt(end))) {
        if (lower.charCodeAt(end) >= 0x61) letters = true;
        end++;
      }
      word += lower.slice(from, end);
      if (lower.charCodeAt(end) !== 0x2d || !isAsciiLetterOrDigit(lower.charCodeAt(end + 1))) break;
      end++;
    }
    if (letters) found.push({ start, end, word });
    hyphen = lower.indexOf("-", end);
  }
  return found;
}

/** Whether a UTF-16 code unit is an ASCII letter or digit (NaN, past either end of a text, is not). */
export function isAsciiLetterOrDigit(code: number): boolean {
  return (code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a);
}

const STARTS_WITH_LETTER_OR_DIGIT = /^[\p{L}\p{N}]/u;
const ENDS_WITH_LETTER_OR_DIGIT = /[\p{L}\p{N}]$/u;

/**
 * The compounds among a text's words (its runs outside ASCII, each with its tokens): words one hyphen apart whose
 * letters or digits meet at it, as indexTokens finds them in the normalised text. A compound joins the last token of
 * its first word, the tokens of its middle words (each a single token) and the first of its last; a word of several
 * tokens ends one compound and begins the next.
 */
export function runCompounds(
  text: string,
  starts: readonly number[],
  ends: readonly number[],
  wordTokens: ReadonlyArray<readonly string[]>,
): Array<{ parts: number[]; word: string }> {
  const found: Array<{ parts: number[]; word: string }> = [];
  let parts: number[] = [];
  let joined = "";
  const close = () => {
    const word = parts.length > 1 ? compoundWord(joined) : undefined;
    if (word !== undefined) found.push({ parts, word });
    parts = [];
    joined = "";
  };
  // Whether the text between two words is one hyphen once normalised: ASCII text other than "-" never is, and most
  // of it is a space (normalising every word and every space took milliseconds an answer).
  const hyphenBetween = (before: number, after: number) => {
    if (after >= starts.length) return false;
    const between = text.slice(ends[before], starts[after]);
    if (between !== "-" && !NON_ASCII.test(between)) return false;
    const normal = normalize(between);
    return normal === "-" || normal === "\u2010";
  };
  const word = (index: number) => normalize(text.slice(starts[index], ends[index]));
  for (let index = 0; index < starts.length; index++) {
    const tokens = wordTokens[index]!;
    if (parts.length > 0 && hyphenBetween(index - 1, index) && STARTS_WITH_LETTER_OR_DIGIT.test(word(index))) {
      parts.push(index);
      joined += tokens[0];
      if (tokens.length > 1 || !ENDS_WITH_LETTER_OR_DIGIT.test(word(index))) close();
    } else close();
    if (parts.length === 0 && hyphenBetween(index, index + 1) && ENDS_WITH_LETTER_OR_DIGIT.test(word(index))) {
      parts = [index];
      joined = tokens[tokens.length - 1]!;
    }
  }
  close();
  return found;
}

/**
 * The words of a text as the search index holds them: its tokens, then each compound whole (compoundWord). A query's
 * own words are its tokens alone: "wi-fi" asks for wi and fi, which the text's compound holds.
 */
export function indexTokens(text: string): string[] {
  const normal = normalize(text);
  const ascii = !NON_ASCII.test(normal);
  const tokens: string[] = normal.match(ascii ? ASCII_TOKEN : TOKEN) ?? [];
  if (!normal.includes("-") && (ascii || !normal.includes("\u2010"))) return tokens;
  if (ascii) for (const compound of asciiCompounds(normal)) tokens.push(compound.word);
  else
    for (const compound of normal.match(COMPOUND) ?? []) {
      const word = compoundWord(compound);
      if (word !== undefined) tokens.push(word);
    }
  return tokens;
}

/** The distinct words of a text, sorted by UTF-16 code unit, as the search index stores them. */
export function vocabulary(texts: readonly string[]): string[] {
  const words = new Set<string>();
  for (const text of texts) for (const word of indexTokens(text)) words.add(word);
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
  // A hyphenated word made partly of common words ("all-in-one", "built-in") is also asked for whole, as the index
  // holds it (indexTokens): its common parts left out, its meaning would rest on the rest ("one", "built").
  for (const word of commonCompounds(q)) if (!tokens.includes(word)) tokens.push(word);
  if (tokens.length === 0) return { ok: false, reason: "only-stop-words", codePoints };
  return { ok: true, tokens, ignored: all.filter(isStopWord) };
}

/**
 * The compounds of a query, whole (compoundWord), that have common words and others among their parts: one of
 * common words only ("how-to") names nothing more than they do.
 */
function commonCompounds(q: string): string[] {
  // Most queries hold no hyphen (nor a dash NFKD makes one): they are not normalised a second time.
  if (!HYPHEN_LIKE.test(q)) return [];
  const normal = normalize(q);
  const found: string[] = [];
  for (const compound of normal.match(COMPOUND) ?? []) {
    const word = compoundWord(compound);
    const parts = tokenize(compound);
    if (word !== undefined && parts.some(isStopWord) && !parts.every(isStopWord)) found.push(word);
  }
  return found;
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
