/**
 * The searchable fields of an answer, the one owner of what `q` searches: the build indexes these texts, and
 * every reader explains a hit (which fields matched, the snippet) from the same texts of the answer's own
 * file. Pure TypeScript with no Node APIs.
 */

/** The fields in the order of their weight, heaviest first. */
export const SEARCH_FIELDS = ["title", "question", "tags", "summary", "body"] as const;
export type SearchField = (typeof SEARCH_FIELDS)[number];

/** The texts of an answer's searchable fields, as plain text. */
export type AnswerSearchTexts = Record<SearchField, string>;

/** What of an answer resource the fields are made from: a parsed answer object has all of it. */
export interface SearchableAnswer {
  title: string;
  question: string;
  summary: string;
  tags: readonly string[];
  body: { html: string };
}

export function answerSearchTexts(answer: SearchableAnswer): AnswerSearchTexts {
  return { title: answer.title, question: answer.question, tags: answer.tags.join(" "), summary: answer.summary, body: htmlText(answer.body.html) };
}

const ENTITIES: Readonly<Record<string, string>> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };
// One pass over the markup: citation markers ("[1, 2]", links to the sources list, not words of the answer) and
// other tags go; the end of a block (a paragraph, heading, item, cell) becomes the end of a line, so that a
// snippet never runs a heading into the paragraph after it.
const MARKUP = /[ \t]*<sup class="citation">[\s\S]*?<\/sup>|(<\/(?:p|h[1-6]|li|td|th|tr|pre|blockquote|figcaption|dt|dd)>|<br\s*\/?>|<hr\s*\/?>)|<[^>]*>/gi;
const ENTITY = /&(?:#(\d+)|#x([0-9a-f]+)|([a-z]+));/gi;

/**
 * The text of the answers' rendered (and sanitised) HTML: tags dropped, citations left out, entities decoded,
 * one line per block, spaces collapsed. The HTML is the build's own output, so a small decoder is exact for it.
 */
export function htmlText(html: string): string {
  let text = html.replace(MARKUP, (_markup, blockEnd: string | undefined) => (blockEnd ? "\n" : ""));
  if (text.includes("&")) {
    text = text.replace(ENTITY, (whole, decimal: string | undefined, hex: string | undefined, name: string | undefined) => {
      if (name !== undefined) return ENTITIES[name.toLowerCase()] ?? whole;
      const code = decimal !== undefined ? Number(decimal) : parseInt(hex!, 16);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    });
  }
  return text
    .replace(/[ \t\r\f\v\u00a0]+/g, " ")
    .replace(/ ?\n[\n ]*/g, "\n")
    .trim();
}
