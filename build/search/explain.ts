/**
 * Why an answer matched `q`: the fields a query token starts a word of, and a plain-text snippet (a sentence or
 * two around the best match) with the matched words as character ranges. Made from the answer's own texts
 * (answer-fields.ts), so it needs nothing but the answer's file. Pure TypeScript with no Node APIs.
 *
 * Offsets count Unicode code points ("characters" in Python, `Array.from(text)` in JavaScript), end exclusive:
 * a client highlights by slicing the text, never by inserting markup into it.
 */
import { SEARCH_FIELDS, type AnswerSearchTexts, type SearchField } from "./answer-fields.ts";
import { tokenize } from "./text-match.ts";

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

interface Word {
  start: number;
  end: number;
  tokens: string[];
}

/** The words of a text with their places (UTF-16), each with the normalised tokens it holds. */
export function wordsOf(text: string): Word[] {
  const words: Word[] = [];
  const pattern = ASCII_ONLY.test(text) ? ASCII_RUN : RUN;
  pattern.lastIndex = 0;
  for (let found = pattern.exec(text); found; found = pattern.exec(text)) {
    const tokens = tokenize(found[0]);
    if (tokens.length > 0) words.push({ start: found.index, end: found.index + found[0].length, tokens });
  }
  return words;
}

function startsAnyToken(word: Word, queryTokens: readonly string[]): boolean {
  return word.tokens.some((token) => queryTokens.some((queryToken) => token.startsWith(queryToken)));
}

/** The fields of an answer that some query token starts a word of, in SEARCH_FIELDS order. */
export function matchedFields(texts: AnswerSearchTexts, queryTokens: readonly string[]): SearchField[] {
  return SEARCH_FIELDS.filter((field) => tokenize(texts[field]).some((token) => queryTokens.some((queryToken) => token.startsWith(queryToken))));
}

interface Sentence {
  field: SnippetField;
  start: number;
  end: number;
}

const SENTENCE_END = /[.!?](?=\s)|\n/g;

function sentencesOf(field: SnippetField, text: string): Sentence[] {
  const sentences: Sentence[] = [];
  let start = 0;
  SENTENCE_END.lastIndex = 0;
  for (let found = SENTENCE_END.exec(text); found; found = SENTENCE_END.exec(text)) {
    const end = found[0] === "\n" ? found.index : found.index + 1;
    if (end > start) sentences.push({ field, start, end });
    start = found.index + 1;
    while (start < text.length && /\s/.test(text[start]!)) start++;
  }
  if (start < text.length) sentences.push({ field, start, end: text.length });
  return sentences;
}

export function explainHit(texts: AnswerSearchTexts, queryTokens: readonly string[]): HitExplanation {
  return { fields: matchedFields(texts, queryTokens), snippet: snippetOf(texts, queryTokens) };
}

/** The sentence matching the most distinct query tokens (then the earlier field of SNIPPET_FIELDS, then the earlier sentence). */
export function snippetOf(texts: AnswerSearchTexts, queryTokens: readonly string[]): Snippet {
  let best: { sentence: Sentence; sentences: Sentence[]; index: number; tokens: number } | undefined;
  for (const field of SNIPPET_FIELDS) {
    const text = texts[field];
    if (text === "") continue;
    const sentences = sentencesOf(field, text);
    sentences.forEach((sentence, index) => {
      const found = new Set<string>();
      for (const word of wordsOf(text.slice(sentence.start, sentence.end))) {
        for (const token of word.tokens) for (const queryToken of queryTokens) if (token.startsWith(queryToken)) found.add(queryToken);
      }
      if (!best || found.size > best.tokens) best = { sentence, sentences, index, tokens: found.size };
    });
  }
  if (!best) return { field: "title", text: texts.title, matches: [] };
  const text = texts[best.sentence.field];
  let { start, end } = best.sentence;
  const next = best.sentences[best.index + 1];
  if (end - start < SENTENCE_SHORT && next) end = next.end;
  return cut(best.sentence.field, text.slice(start, end), queryTokens);
}

/** The snippet's text, cut to SNIPPET_MAX around its first match at word boundaries, with its matches in code points. */
function cut(field: SnippetField, sentence: string, queryTokens: readonly string[]): Snippet {
  const words = wordsOf(sentence);
  let from = 0;
  let to = sentence.length;
  if (sentence.length > SNIPPET_MAX) {
    const first = words.find((word) => startsAnyToken(word, queryTokens));
    // Start a little before the first match, at a word's start, and end at a word's end.
    const anchor = first ? Math.max(0, first.start - 60) : 0;
    if (anchor > 0) from = words.find((word) => word.start >= anchor)!.start;
    const limit = from + SNIPPET_MAX;
    if (to > limit) to = words.findLast((word) => word.end <= limit)?.end ?? limit;
  }
  const before = from > 0 ? "…" : "";
  const text = `${before}${sentence.slice(from, to)}${to < sentence.length ? "…" : ""}`;
  const ranges: Array<[number, number]> = [];
  for (const word of words) {
    if (word.start < from || word.end > to || !startsAnyToken(word, queryTokens)) continue;
    ranges.push([word.start - from + before.length, word.end - from + before.length]);
  }
  return { field, text, matches: ASCII_ONLY.test(text) ? ranges : ranges.map(([start, end]) => [codePointOffset(text, start), codePointOffset(text, end)]) };
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
