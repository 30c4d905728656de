/**
 * Why an answer matched `q`: the fields a query token starts a word of, and a plain-text snippet (a sentence or
 * two around the best match) with the matched words as character ranges. Made from the answer's own texts
 * (answer-fields.ts), so it needs nothing but the answer's file. Pure TypeScript with no Node APIs. An answer is
 * prepared once (its words' places, its sentences) and then explained for any query cheaply.
 *
 * Offsets count Unicode code points ("characters" in Python, `Array.from(text)` in JavaScript), end exclusive:
 * a client highlights by slicing the text, never by inserting markup into it.
 */
import { SEARCH_FIELDS, type AnswerSearchTexts, type SearchField } from "./answer-fields.ts";
import { hasWordStartingWith, tokenize, vocabulary } from "./text-match.ts";

export type SnippetField = Exclude<SearchField, "tags">;

export interface Snippet {
  field: SnippetField;
  text: string;
  /** [start, end) of each matched word in `text`, in code points, ascending. */
  matches: Array<[number, number]>;
}

export interface HitExplanation {
  fields: SearchField[];
  snippet: Snippet;
}

/** A snippet's longest text, in UTF-16 units, before it is cut around its first match. */
const SNIPPET_MAX = 240;
/** A sentence shorter than this is followed by the next one of the same field. */
const SENTENCE_SHORT = 120;
/** Fields a snippet is taken from, in order of preference when two sentences match equally well. */
const SNIPPET_FIELDS: readonly SnippetField[] = ["summary", "body", "question", "title"];

const ASCII_ONLY = /^[\x00-\x7f]*$/;
const ASCII_RUN = /[A-Za-z0-9]+/g;
// Outside ASCII, a word is a run of anything but spaces, punctuation, separators and controls: tokenize then says
// which words it holds (NFKD turns some symbols into letters, "㎒" into "MHz").
const RUN = /[^\s\p{P}\p{Z}\p{C}\x00-\x2f\x3a-\x40\x5b-\x60\x7b-\x7f]+/gu;

/**
 * A field made ready for explaining hits: its words' places and, once asked, its sentences. ASCII text (nearly
 * all of it) keeps one lower-cased copy and compares in place, so preparing an answer allocates almost nothing
 * per word; other text keeps each word's tokens, and its vocabulary for the index's own matching rule.
 */
class PreparedField {
  private readonly lower: string | undefined;
  private readonly wordTokens: string[][] = [];
  private readonly vocabulary: string[] | undefined;
  readonly starts: number[] = [];
  readonly ends: number[] = [];
  private sentenceList: Array<{ start: number; end: number; firstWord: number; endWord: number }> | undefined;

  constructor(readonly text: string) {
    const ascii = ASCII_ONLY.test(text);
    const pattern = ascii ? ASCII_RUN : RUN;
    pattern.lastIndex = 0;
    for (let found = pattern.exec(text); found; found = pattern.exec(text)) {
      // An ASCII run of letters and digits is one token, lower-cased: tokenize would say the same, at a cost.
      const tokens = ascii ? undefined : tokenize(found[0]);
      if (tokens?.length === 0) continue;
      this.starts.push(found.index);
      this.ends.push(found.index + found[0].length);
      if (tokens) this.wordTokens.push(tokens);
    }
    this.lower = ascii ? text.toLowerCase() : undefined;
    this.vocabulary = ascii ? undefined : vocabulary([text]);
  }

  get wordCount(): number {
    return this.starts.length;
  }

  /** Whether query token `queryToken` starts (a token of) word `word`. */
  wordMatches(word: number, queryToken: string): boolean {
    if (this.lower !== undefined) return this.ends[word]! - this.starts[word]! >= queryToken.length && this.lower.startsWith(queryToken, this.starts[word]!);
    return this.wordTokens[word]!.some((token) => token.startsWith(queryToken));
  }

  /** Which query tokens (a bit each, the first 31) start word `word`. */
  wordMask(word: number, queryTokens: readonly string[]): number {
    let mask = 0;
    for (let bit = 0; bit < queryTokens.length; bit++) if (this.wordMatches(word, queryTokens[bit]!)) mask |= 1 << Math.min(bit, 30);
    return mask;
  }

  /** Whether some query token starts a word of the field, by the index's rule (tokenize of the whole text). */
  matches(queryTokens: readonly string[]): boolean {
    if (this.vocabulary) return queryTokens.some((token) => hasWordStartingWith(this.vocabulary!, token));
    for (let word = 0; word < this.starts.length; word++) for (const token of queryTokens) if (this.wordMatches(word, token)) return true;
    return false;
  }

  /** Each sentence's [start, end) in the text and [first, end) among the words. */
  sentences(): Array<{ start: number; end: number; firstWord: number; endWord: number }> {
    if (this.sentenceList) return this.sentenceList;
    const sentences: Array<{ start: number; end: number; firstWord: number; endWord: number }> = [];
    const text = this.text;
    let start = 0;
    let word = 0;
    const close = (end: number) => {
      if (end <= start) return;
      const firstWord = word;
      while (word < this.starts.length && this.ends[word]! <= end) word++;
      sentences.push({ start, end, firstWord, endWord: word });
    };
    SENTENCE_END.lastIndex = 0;
    for (let found = SENTENCE_END.exec(text); found; found = SENTENCE_END.exec(text)) {
      close(found[0] === "\n" ? found.index : found.index + 1);
      start = found.index + 1;
      while (start < text.length && /\s/.test(text[start]!)) start++;
    }
    close(text.length);
    return (this.sentenceList = sentences);
  }
}

/** An answer made ready for explaining hits: what every query would otherwise compute again. */
export type PreparedAnswer = Record<SearchField, PreparedField>;

const SENTENCE_END = /[.!?](?=\s)|\n/g;

export function prepareAnswer(texts: AnswerSearchTexts): PreparedAnswer {
  return Object.fromEntries(SEARCH_FIELDS.map((field) => [field, new PreparedField(texts[field])])) as PreparedAnswer;
}

/** The fields of an answer that some query token starts a word of, in SEARCH_FIELDS order: the index's own rule. */
export function matchedFields(answer: PreparedAnswer, queryTokens: readonly string[]): SearchField[] {
  return SEARCH_FIELDS.filter((field) => answer[field].matches(queryTokens));
}

// The last explanation of each prepared answer, by its query: the pages of one query, asked again, cost nothing.
const lastExplanation = new WeakMap<PreparedAnswer, { key: string; explanation: HitExplanation }>();

export function explainHit(answer: PreparedAnswer, queryTokens: readonly string[]): HitExplanation {
  const key = queryTokens.join(" ");
  const last = lastExplanation.get(answer);
  if (last?.key === key) return last.explanation;
  const fields = matchedFields(answer, queryTokens);
  const explanation = { fields, snippet: snippetOf(answer, fields, queryTokens) };
  lastExplanation.set(answer, { key, explanation });
  return explanation;
}

function bitCount(mask: number): number {
  let count = 0;
  for (let rest = mask; rest !== 0; rest &= rest - 1) count++;
  return count;
}

/** The sentence matching the most distinct query tokens (then the earlier field of SNIPPET_FIELDS, then the earlier sentence). */
function snippetOf(answer: PreparedAnswer, matched: readonly SearchField[], queryTokens: readonly string[]): Snippet {
  let best: { field: SnippetField; index: number; tokens: number } | undefined;
  for (const field of SNIPPET_FIELDS) {
    const prepared = answer[field];
    if (prepared.text === "") continue;
    // A field no token matches has no sentence better than none: its first one stands, only when nothing else does.
    if (!matched.includes(field)) {
      if (!best) best = { field, index: 0, tokens: 0 };
      continue;
    }
    prepared.sentences().forEach((sentence, index) => {
      let mask = 0;
      for (let word = sentence.firstWord; word < sentence.endWord; word++) mask |= prepared.wordMask(word, queryTokens);
      const tokens = bitCount(mask);
      if (!best || tokens > best.tokens) best = { field, index, tokens };
    });
  }
  if (!best) return { field: "title", text: answer.title.text, matches: [] };
  const prepared = answer[best.field];
  const sentences = prepared.sentences();
  const sentence = sentences[best.index]!;
  const next = sentences[best.index + 1];
  const joined = sentence.end - sentence.start < SENTENCE_SHORT && next !== undefined;
  return cut(best.field, prepared, sentence.start, joined ? next.end : sentence.end, sentence.firstWord, joined ? next.endWord : sentence.endWord, queryTokens);
}

/** The snippet: text[start, end) cut to SNIPPET_MAX around its first match at word boundaries, with its matches in code points. */
function cut(field: SnippetField, prepared: PreparedField, start: number, end: number, firstWord: number, endWord: number, queryTokens: readonly string[]): Snippet {
  const { starts, ends } = prepared;
  const matching = (word: number) => prepared.wordMask(word, queryTokens) !== 0;
  let from = start;
  let to = end;
  if (end - start > SNIPPET_MAX) {
    let first = firstWord;
    while (first < endWord && !matching(first)) first++;
    // Start a little before the first match, at a word's start, and end at a word's end.
    const anchor = first < endWord ? Math.max(start, starts[first]! - 60) : start;
    if (anchor > start) {
      let word = firstWord;
      while (starts[word]! < anchor) word++;
      from = starts[word]!;
    }
    const limit = from + SNIPPET_MAX;
    if (to > limit) {
      let word = endWord - 1;
      while (word >= firstWord && ends[word]! > limit) word--;
      to = word >= firstWord ? ends[word]! : limit;
    }
  }
  const before = from > start ? "…" : "";
  const text = `${before}${prepared.text.slice(from, to)}${to < end ? "…" : ""}`;
  const ranges: Array<[number, number]> = [];
  for (let word = firstWord; word < endWord; word++) {
    if (starts[word]! < from || ends[word]! > to || !matching(word)) continue;
    ranges.push([starts[word]! - from + before.length, ends[word]! - from + before.length]);
  }
  return { field, text, matches: ASCII_ONLY.test(text) ? ranges : ranges.map(([first, last]) => [codePointOffset(text, first), codePointOffset(text, last)]) };
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
