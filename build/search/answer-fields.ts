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
const CITATION_OPEN = '<sup class="citation">';
const CITATION_CLOSE = "</sup>";
// The end of a block (a paragraph, heading, item, cell, a break or rule) becomes the end of a line, so that a
// snippet never runs a heading into the paragraph after it.
const BLOCK_END = /^<(?:\/(?:p|h[1-6]|li|td|th|tr|pre|blockquote|figcaption|dt|dd)|br\s*\/?|hr\s*\/?)>$/i;
const ENTITY = /&(?:#(\d+)|#x([0-9a-f]+)|([a-z]+));/gi;

/**
 * The text of the answers' rendered (and sanitised) HTML: tags dropped, citations left out, entities decoded,
 * one line per block, spaces collapsed. The HTML is the build's own output, so a small decoder is exact for it.
 */
export function htmlText(html: string): string {
  // One scan from tag to tag (indexOf is native and fast; a regex over every character is not): text is kept,
  // citation markers ("[1, 2]", links to the sources list, not words) go with the spaces before them.
  let text = "";
  let at = 0;
  for (;;) {
    const open = html.indexOf("<", at);
    if (open < 0) {
      text += html.slice(at);
      break;
    }
    if (html.startsWith(CITATION_OPEN, open)) {
      text += html.slice(at, open).replace(/[ \t]+$/, "");
      const close = html.indexOf(CITATION_CLOSE, open);
      at = close < 0 ? html.length : close + CITATION_CLOSE.length;
      continue;
    }
    text += html.slice(at, open);
    const end = html.indexOf(">", open);
    if (end < 0) break;
    if (BLOCK_END.test(html.slice(open, end + 1))) text += "\n";
    at = end + 1;
  }
  if (text.includes("&")) {
    text = text.replace(ENTITY, (whole, decimal: string | undefined, hex: string | undefined, name: string | undefined) => {
      if (name !== undefined) return ENTITIES[name.toLowerCase()] ?? whole;
      const code = decimal !== undefined ? Number(decimal) : parseInt(hex!, 16);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    });
  }
  // Only what changes is matched: a single space is left alone (matching every one cost half of this function).
  return text
    .replace(/[ \t\r\f\v\u00a0]{2,}|[\t\r\f\v\u00a0]/g, " ")
    .replace(/ \n[\n ]*|\n[\n ]+/g, "\n")
    .trim();
}
