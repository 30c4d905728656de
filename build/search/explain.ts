/**
 * Why an answer matched `q`: the fields some query word matches a word of, each query word it holds with how it
 * matched (query-words.ts: exact, prefix, stem, synonym, typo) and the word it matched, the query words it lacks,
 * and a plain-text snippet (a sentence or two around the best match) with the matched words as character ranges.
 * Made from the answer's own texts (answer-fields.ts) by the rule the reader applies to the index, so it needs
 * nothing but the answer's file. Pure TypeScript with no Node APIs. An answer is prepared once and then explained
 * for any query cheaply: what a query needs of it (where its words' starts begin words, the sentences) is found
 * when asked.
 *
 * Offsets count Unicode code points ("characters" in Python, `Array.from(text)` in JavaScript), end exclusive:
 * a client highlights by slicing the text, never by inserting markup into it.
 */
import { SEARCH_FIELDS, type AnswerSearchTexts, type SearchField } from "./answer-fields.ts";
import { holdsWord, MATCH_KINDS, type MatchKind, matchKind, matchStarts, type QueryWord } from "./query-words.ts";
import {
  asciiCompounds,
  type Compound,
  compareCodeUnits,
  isAsciiLetterOrDigit,
  lowerBound,
  runCompounds,
  tokenize,
  wordsStartingWith,
} from "./text-match.ts";

export type SnippetField = Exclude<SearchField, "tags">;

export interface Snippet {
  field: SnippetField;
  text: string;
  /** [start, end) of each matched word in `text`, in code points, ascending. */
  matches: Array<[number, number]>;
}

/** A query word an answer holds: how it matched, and the answer's word (normalised) it matched. */
export interface WordMatch {
  found: string;
  how: MatchKind;
  word: string;
}

export interface HitExplanation {
  /** Whether the answer holds every query word (query-words.ts holdsWord): such answers rank first. */
  all_words: boolean;
  fields: SearchField[];
  /** The query words the answer holds, in the query's order (keys in the order the canonical form sorts them). */
  matched: WordMatch[];
  /** The query words that match nothing in it (a typo or a prefix matches without holding: `allWords`). */
  missing: string[];
  snippet: Snippet;
}

/** A word of a field that a query word matches: how, and the word. */
interface Held {
  how: MatchKind;
  found: string;
}

/** A snippet's longest text, in UTF-16 units, before it is cut around its first match. */
const SNIPPET_MAX = 240;
/** A sentence shorter than this is followed by the next one of the same field. */
const SENTENCE_SHORT = 120;
/** Fields a snippet is taken from, in order of preference when two sentences match equally well. */
const SNIPPET_FIELDS: readonly SnippetField[] = ["summary", "body", "question", "title"];

// biome-ignore lint/suspicious/noControlCharactersInRegex: the ASCII range, controls included, is the point.
const ASCII_ONLY = /^[\x00-\x7f]*$/;
// Outside ASCII, a word is a run of anything but spaces, punctuation, separators and controls: tokenize then says
// which words it holds (NFKD turns some symbols into letters, "㎒" into "MHz").
// Sticky: it matches the run that starts where it is put, or nothing.
// biome-ignore lint/suspicious/noControlCharactersInRegex: ASCII's controls and punctuation are not word characters.
const RUN = /[^\s\p{P}\p{Z}\p{C}\x00-\x2f\x3a-\x40\x5b-\x60\x7b-\x7f]+/uy;

/** A word of a field: [start, end) in the text, in UTF-16 units. */
interface WordRange {
  start: number;
  end: number;
}

/** A sentence of a field: [start, end) in the text. */
interface SentenceRange {
  start: number;
  end: number;
}

/**
 * A field made ready for explaining hits. Nothing is scanned until a query asks: ASCII text (nearly all of it)
 * is searched for each query token where it starts a word (native indexOf on one lower-cased copy), and only the
 * sentences a snippet is cut from are split into words; other text keeps each word's tokens, and its vocabulary
 * for the index's own matching rule. A word never straddles a sentence's end (a full stop, or a line's end, is
 * no letter or digit), so a word belongs to the sentence its start is in. A compound ("Wi-Fi") is a word whole
 * too, as the index holds it (text-match.ts indexTokens): its parts match where it does.
 */
class PreparedField {
  private readonly ascii: boolean;
  private lowerText: string | undefined;
  /** In ASCII text, its compounds, in order (made when first asked). */
  private compoundList: Compound[] | undefined;
  private compoundStarts: number[] | undefined;
  private unicode: { starts: number[]; ends: number[]; wordTokens: string[][]; vocabulary: string[] } | undefined;
  private sentenceList: SentenceRange[] | undefined;
  /** Outside ASCII, the words of the vocabulary each query word matches, for the last query words asked. */
  private matching: { queryWords: readonly QueryWord[]; words: Array<Set<string>> } | undefined;

  constructor(readonly text: string) {
    this.ascii = ASCII_ONLY.test(text);
  }

  private get lower(): string {
    return (this.lowerText ??= this.text.toLowerCase());
  }

  private get compounds(): Compound[] {
    return (this.compoundList ??= asciiCompounds(this.lower));
  }

  /** In ASCII text, the compound a word [start, end) is a part of, if any. */
  private compoundHolding(start: number, end: number): string | undefined {
    const compounds = this.compounds;
    if (compounds.length === 0) return undefined;
    this.compoundStarts ??= compounds.map((compound) => compound.start);
    const last = lowerBound(this.compoundStarts, start + 1) - 1;
    return last >= 0 && compounds[last]!.end >= end ? compounds[last]!.word : undefined;
  }

  /**
   * Outside ASCII: every word's place and tokens, and the vocabulary, made once. A run of ASCII letters and digits
   * is its own token, lower-cased; only a run with other characters is matched by RUN and tokenized. The vocabulary
   * is the runs' tokens: nothing between runs (spaces, punctuation, separators, controls) normalises to a letter, a
   * digit or nothing, so they are the tokens of the whole text.
   */
  private get unicodeWords(): { starts: number[]; ends: number[]; wordTokens: string[][]; vocabulary: string[] } {
    if (this.unicode) return this.unicode;
    const starts: number[] = [];
    const ends: number[] = [];
    const wordTokens: string[][] = [];
    const distinct = new Set<string>();
    const text = this.text;
    const add = (start: number, end: number, tokens: string[]) => {
      if (tokens.length === 0) return;
      starts.push(start);
      ends.push(end);
      wordTokens.push(tokens);
      for (const token of tokens) distinct.add(token);
    };
    for (let at = 0; at < text.length; ) {
      const code = text.charCodeAt(at);
      if (code < 0x80 && !isAsciiLetterOrDigit(code)) {
        at++;
        continue;
      }
      let end = at;
      while (end < text.length && isAsciiLetterOrDigit(text.charCodeAt(end))) end++;
      if (end > at && (end === text.length || text.charCodeAt(end) < 0x80)) {
        add(at, end, [text.slice(at, end).toLowerCase()]);
        at = end;
        continue;
      }
      // A run with a character outside ASCII: RUN says where it ends, and tokenize which words it holds (NFKD turns
      // some symbols into letters, "㎒" into "MHz").
      RUN.lastIndex = at;
      const found = RUN.exec(text);
      if (found) add(at, RUN.lastIndex, tokenize(found[0]));
      at = found ? RUN.lastIndex : at + 1;
    }
    for (const { parts, word } of runCompounds(text, starts, ends, wordTokens)) {
      for (const part of parts) wordTokens[part]!.push(word);
      distinct.add(word);
    }
    return (this.unicode = { starts, ends, wordTokens, vocabulary: [...distinct].sort(compareCodeUnits) });
  }

  /**
   * Outside ASCII, for each query word the words of the vocabulary it matches, by the rule (each matching word
   * starts with one of its starts): a word of the text then matches when one of its tokens is among them, with no
   * stemming per word. Kept for the last query words, which explaining one hit asks for again and again.
   */
  private matchingWords(queryWords: readonly QueryWord[]): Array<Set<string>> {
    if (this.matching?.queryWords === queryWords) return this.matching.words;
    const words = queryWords.map((query) => {
      const found = new Set<string>();
      this.eachVocabularyMatch(query, (_, word) => void found.add(word));
      return found;
    });
    this.matching = { queryWords, words };
    return words;
  }

  /**
   * In ASCII text, the next place from `from` where `queryToken` starts a word, or -1. A token is a run of letters
   * and digits, so where it starts a word, that word is at least as long as the token.
   */
  private nextWordStart(queryToken: string, from: number): number {
    const lower = this.lower;
    for (let at = lower.indexOf(queryToken, from); at >= 0; at = lower.indexOf(queryToken, at + 1)) {
      if (at === 0 || !isAsciiLetterOrDigit(lower.charCodeAt(at - 1))) return at;
    }
    return -1;
  }

  /** The normalised word at [start, end) of ASCII text. */
  private asciiWord(start: number): string {
    const lower = this.lower;
    let end = start;
    while (end < lower.length && isAsciiLetterOrDigit(lower.charCodeAt(end))) end++;
    return lower.slice(start, end);
  }

  /** Which query words (a bit each, the first 31) match the word at [start, end); `word` is its index outside ASCII. */
  wordMask(word: WordRange & { index?: number }, queryWords: readonly QueryWord[]): number {
    let mask = 0;
    if (this.ascii) {
      const text = this.lower.slice(word.start, word.end);
      const whole = this.compoundHolding(word.start, word.end);
      for (let bit = 0; bit < queryWords.length; bit++) {
        const query = queryWords[bit]!;
        if (matchKind(query, text) !== undefined || (whole !== undefined && matchKind(query, whole) !== undefined))
          mask |= 1 << Math.min(bit, 30);
      }
      return mask;
    }
    const matching = this.matchingWords(queryWords);
    const tokens = this.unicodeWords.wordTokens[word.index!]!;
    for (let bit = 0; bit < queryWords.length; bit++)
      if (tokens.some((token) => matching[bit]!.has(token))) mask |= 1 << Math.min(bit, 30);
    return mask;
  }

  /**
   * Each place in ASCII text where a word the query word matches begins, given to `visit` with how it matches and
   * the word, until `visit` returns true: the places where one of its starts begins a word, each word checked by
   * the rule, in order for each start.
   */
  private eachAsciiMatch(query: QueryWord, visit: (at: number, how: MatchKind, word: string) => boolean): void {
    for (const start of matchStarts(query)) {
      for (let at = this.nextWordStart(start, 0); at >= 0; at = this.nextWordStart(start, at + 1)) {
        const word = this.asciiWord(at);
        const how = matchKind(query, word);
        if (how !== undefined && visit(at, how, word)) return;
      }
      for (const compound of this.compounds) {
        if (!compound.word.startsWith(start)) continue;
        const how = matchKind(query, compound.word);
        if (how !== undefined && visit(compound.start, how, compound.word)) return;
      }
    }
  }

  /** Outside ASCII, each word of the vocabulary the query word matches, given to `visit` with how. */
  private eachVocabularyMatch(query: QueryWord, visit: (how: MatchKind, word: string) => void): void {
    const words = this.unicodeWords.vocabulary;
    for (const start of matchStarts(query)) {
      const range = wordsStartingWith(words, start);
      for (let at = range.start; at < range.end; at++) {
        const how = matchKind(query, words[at]!);
        if (how !== undefined) visit(how, words[at]!);
      }
    }
  }

  /** How the field holds a query word at best (the first such word), or undefined: by the index's own rule. */
  holds(query: QueryWord): Held | undefined {
    let best: Held | undefined;
    const better = (how: MatchKind, found: string) => {
      if (!best || MATCH_KINDS.indexOf(how) < MATCH_KINDS.indexOf(best.how)) best = { how, found };
    };
    if (this.ascii)
      this.eachAsciiMatch(query, (_, how, word) => {
        better(how, word);
        return how === "exact";
      });
    else this.eachVocabularyMatch(query, better);
    return best;
  }

  /** The words whose start is in [start, end), in order (with their index among all words outside ASCII). */
  wordsIn(start: number, end: number): Array<WordRange & { index?: number }> {
    const words: Array<WordRange & { index?: number }> = [];
    if (this.ascii) {
      // Runs of ASCII letters and digits, by their codes (no match object per word).
      const text = this.text;
      for (let at = start; ; ) {
        while (at < text.length && !isAsciiLetterOrDigit(text.charCodeAt(at))) at++;
        if (at >= end) break;
        const wordStart = at;
        while (at < text.length && isAsciiLetterOrDigit(text.charCodeAt(at))) at++;
        words.push({ start: wordStart, end: at });
      }
      return words;
    }
    const { starts, ends } = this.unicodeWords;
    for (let index = lowerBound(starts, start); index < starts.length && starts[index]! < end; index++)
      words.push({ start: starts[index]!, end: ends[index]!, index });
    return words;
  }

  /** Each sentence's [start, end) in the text. */
  sentences(): SentenceRange[] {
    if (this.sentenceList) return this.sentenceList;
    const sentences: SentenceRange[] = [];
    const text = this.text;
    let start = 0;
    // test, not exec: every match is one character, found just before lastIndex, and test makes no match object
    // (those were most of what explaining a hit left to collect).
    SENTENCE_END.lastIndex = 0;
    while (SENTENCE_END.test(text)) {
      const found = SENTENCE_END.lastIndex - 1;
      const end = text.charCodeAt(found) === 0x0a ? found : found + 1;
      if (end > start) sentences.push({ start, end });
      start = found + 1;
      while (start < text.length && isWhiteSpace(text.charCodeAt(start))) start++;
    }
    if (text.length > start) sentences.push({ start, end: text.length });
    return (this.sentenceList = sentences);
  }

  /** The first sentence matching the most distinct query words, and how many it matches. */
  bestSentence(queryWords: readonly QueryWord[]): { index: number; tokens: number } {
    const sentences = this.sentences();
    const masks = new Int32Array(sentences.length);
    if (this.ascii) {
      // Each place a query word matches a word, into the mask of the sentence it is in (the first ending after it):
      // the places of one start come in order, so the sentences are walked once per start (again from the first
      // when the places go back, at the next start).
      for (let bit = 0; bit < queryWords.length; bit++) {
        const flag = 1 << Math.min(bit, 30);
        let sentence = 0;
        let last = -1;
        this.eachAsciiMatch(queryWords[bit]!, (at) => {
          if (at < last) sentence = 0;
          last = at;
          while (sentence < sentences.length && sentences[sentence]!.end <= at) sentence++;
          if (sentence < sentences.length) masks[sentence]! |= flag;
          return false;
        });
      }
    } else {
      sentences.forEach((sentence, index) => {
        for (const word of this.wordsIn(sentence.start, sentence.end)) masks[index]! |= this.wordMask(word, queryWords);
      });
    }
    let best = { index: 0, tokens: -1 };
    masks.forEach((mask, index) => {
      const tokens = bitCount(mask);
      if (tokens > best.tokens) best = { index, tokens };
    });
    return best;
  }
}

/** Whether a UTF-16 code unit is white space as `\s` says (ECMAScript's WhiteSpace and LineTerminator). */
export function isWhiteSpace(code: number): boolean {
  if (code < 0x80) return code === 0x20 || (code >= 0x09 && code <= 0x0d);
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/** An answer made ready for explaining hits: what every query would otherwise compute again. */
export type PreparedAnswer = Record<SearchField, PreparedField>;

const SENTENCE_END = /[.!?](?=\s)|\n/g;

export function prepareAnswer(texts: AnswerSearchTexts): PreparedAnswer {
  return Object.fromEntries(SEARCH_FIELDS.map((field) => [field, new PreparedField(texts[field])])) as PreparedAnswer;
}

/**
 * What an answer holds of the query's words: the fields some word matches in (SEARCH_FIELDS order), each word's best
 * match over the fields (the first field's on a tie) in the query's order, the words it lacks, and whether it holds
 * every word (its best match of each is a kind that holds it: MATCH_KINDS puts those first).
 */
export function matchedWords(
  answer: PreparedAnswer,
  queryWords: readonly QueryWord[],
): { allWords: boolean; fields: SearchField[]; matched: WordMatch[]; missing: string[] } {
  const fields: SearchField[] = [];
  const best: Array<Held | undefined> = queryWords.map(() => undefined);
  for (const field of SEARCH_FIELDS) {
    let any = false;
    queryWords.forEach((query, at) => {
      const held = answer[field].holds(query);
      if (!held) return;
      any = true;
      if (!best[at] || MATCH_KINDS.indexOf(held.how) < MATCH_KINDS.indexOf(best[at]!.how)) best[at] = held;
    });
    if (any) fields.push(field);
  }
  const matched: WordMatch[] = [];
  const missing: string[] = [];
  let allWords = true;
  queryWords.forEach((query, at) => {
    const held = best[at];
    if (held) matched.push({ found: held.found, how: held.how, word: query.word });
    else missing.push(query.word);
    if (!held || !holdsWord(query, held.how)) allWords = false;
  });
  return { allWords, fields, matched, missing };
}

/**
 * The last explanation of each prepared answer, by the query words it was made for: the pages of one query, asked
 * again, cost nothing. A reader gives the same QueryWord objects for a word while it remembers it, so comparing
 * them one by one tells the same query, without serialising it for each hit.
 */
const lastExplanation = new WeakMap<
  PreparedAnswer,
  { queryWords: readonly QueryWord[]; explanation: HitExplanation }
>();

const sameWords = (a: readonly QueryWord[], b: readonly QueryWord[]) =>
  a.length === b.length && a.every((word, at) => word === b[at]);

export function explainHit(answer: PreparedAnswer, queryWords: readonly QueryWord[]): HitExplanation {
  const last = lastExplanation.get(answer);
  if (last && sameWords(last.queryWords, queryWords)) return last.explanation;
  const { allWords, fields, matched, missing } = matchedWords(answer, queryWords);
  const explanation = {
    all_words: allWords,
    fields,
    matched,
    missing,
    snippet: snippetOf(answer, fields, queryWords),
  };
  lastExplanation.set(answer, { queryWords, explanation });
  return explanation;
}

function bitCount(mask: number): number {
  let count = 0;
  for (let rest = mask; rest !== 0; rest &= rest - 1) count++;
  return count;
}

/** The sentence matching the most distinct query words (then the earlier field of SNIPPET_FIELDS, then the earlier sentence). */
function snippetOf(answer: PreparedAnswer, matched: readonly SearchField[], queryWords: readonly QueryWord[]): Snippet {
  let best: { field: SnippetField; index: number; tokens: number } | undefined;
  for (const field of SNIPPET_FIELDS) {
    const prepared = answer[field];
    if (prepared.text === "") continue;
    // A field no token matches has no sentence better than none: its first one stands, only when nothing else does.
    if (!matched.includes(field)) {
      if (!best) best = { field, index: 0, tokens: 0 };
      continue;
    }
    const { index, tokens } = prepared.bestSentence(queryWords);
    if (!best || tokens > best.tokens) best = { field, index, tokens };
  }
  // Keys in code-unit order, as the canonical form writes them: it need not copy the snippet.
  if (!best) return { field: "title", matches: [], text: answer.title.text };
  const prepared = answer[best.field];
  const sentences = prepared.sentences();
  const sentence = sentences[best.index]!;
  const next = sentences[best.index + 1];
  const joined = sentence.end - sentence.start < SENTENCE_SHORT && next !== undefined;
  return cut(best.field, prepared, sentence.start, joined ? next.end : sentence.end, queryWords);
}

/** The snippet: text[start, end) cut to SNIPPET_MAX around its first match at word boundaries, with its matches in code points. */
function cut(
  field: SnippetField,
  prepared: PreparedField,
  start: number,
  end: number,
  queryWords: readonly QueryWord[],
): Snippet {
  const words = prepared.wordsIn(start, end);
  const matching = words.map((word) => prepared.wordMask(word, queryWords) !== 0);
  let from = start;
  let to = end;
  if (end - start > SNIPPET_MAX) {
    const first = matching.indexOf(true);
    // Start a little before the first match, at a word's start, and end at a word's end.
    const anchor = first >= 0 ? Math.max(start, words[first]!.start - 60) : start;
    if (anchor > start) from = words.find((word) => word.start >= anchor)!.start;
    const limit = from + SNIPPET_MAX;
    if (to > limit) {
      let word = words.length - 1;
      while (word >= 0 && words[word]!.end > limit) word--;
      to = word >= 0 ? words[word]!.end : limit;
    }
  }
  const before = from > start ? "…" : "";
  // Two short sentences joined may stand on two lines (two blocks): a snippet is one line, one for one, the ranges hold.
  const text = `${before}${prepared.text.slice(from, to).replaceAll("\n", " ")}${to < end ? "…" : ""}`;
  const ranges: Array<[number, number]> = [];
  words.forEach((word, at) => {
    if (word.start < from || word.end > to || !matching[at]) return;
    ranges.push([word.start - from + before.length, word.end - from + before.length]);
  });
  return {
    field,
    matches: ASCII_ONLY.test(text)
      ? ranges
      : ranges.map(([first, last]) => [codePointOffset(text, first), codePointOffset(text, last)]),
    text,
  };
}

function codePointOffset(text: string, utf16Offset: number): number {
  let count = 0;
  for (let at = 0; at < utf16Offset; at++) {
    const code = text.charCodeAt(at);
    // A high surrogate and its low one are one code point.
    if (code >= 0xd800 && code <= 0xdbff && at + 1 < utf16Offset) at++;
    count++;
  }
  return count;
}
