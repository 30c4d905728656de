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
  return {
    title: answer.title,
    question: answer.question,
    tags: answer.tags.join(" "),
    summary: answer.summary,
    body: htmlText(answer.body.html),
  };
}

const ENTITIES: Readonly<Record<string, string>> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };
const CITATION_OPEN = '<sup class="citation">';
const CITATION_CLOSE = "</sup>";
// The end of a block (a paragraph, heading, item, cell, a break or rule) becomes the end of a line, so that a
// snippet never runs a heading into the paragraph after it.
const BLOCK_END = /<(?:\/(?:p|h[1-6]|li|td|th|tr|pre|blockquote|figcaption|dt|dd)|br\s*\/?|hr\s*\/?)>/iy;
/**
 * Where a block ended, until the text's own line breaks are made spaces; then a line's end. A control character no
 * text holds (the content rules refuse them, and markdown-it writes no numeric entity), and ASCII: with U+2029 here
 * every body's text was a two-byte string, its snippets and words too, and Node 20 took some 1 ms to encode a `q`
 * response's part holding them (p99 8 ms warm at 10,000 answers, against 2 ms with one-byte text).
 */
const LINE_END = "\u0001";
/** A paragraph separator in the text ends a line, as it did when it was the mark. */
const PARAGRAPH_SEPARATOR = "\u2029";
const ENTITY = /&(?:#(\d+)|#x([0-9a-f]+)|([a-z]+));/gi;
/** Space that is collapsed: a run of two or more, or one that is not a plain space. */
const ODD_SPACE = /[ \t\r\f\v\u00a0]{2,}|[\t\r\f\v\u00a0]/g;
/** What ODD_SPACE can match starts with one of these (a native search for each is quicker than the expression's). */
const ODD_SPACE_MARKS = ["  ", "\t", "\r", "\f", "\v", "\u00a0"];

/**
 * The text of the answers' rendered (and sanitised) HTML: tags dropped, citations left out, entities decoded,
 * one line per block, spaces collapsed. The HTML is the build's own output, so a small decoder is exact for it.
 * It runs for every hit a cold `q` explains, so it scans with indexOf and tests in place, and runs a regular
 * expression only over text that needs it.
 */
export function htmlText(html: string): string {
  // One scan from tag to tag (indexOf is native and fast; a regex over every character is not): text is kept,
  // citation markers ("[1, 2]", links to the sources list, not words) go with the spaces and tabs before them.
  let text = "";
  let at = 0;
  for (;;) {
    const open = html.indexOf("<", at);
    if (open < 0) {
      text += html.slice(at);
      break;
    }
    if (html.startsWith(CITATION_OPEN, open)) {
      let before = open;
      while (before > at && (html.charCodeAt(before - 1) === 0x20 || html.charCodeAt(before - 1) === 0x09)) before--;
      text += html.slice(at, before);
      const close = html.indexOf(CITATION_CLOSE, open);
      at = close < 0 ? html.length : close + CITATION_CLOSE.length;
      continue;
    }
    text += html.slice(at, open);
    const end = html.indexOf(">", open);
    if (end < 0) break;
    // Tested where the tag starts: it cannot match past the tag's ">", so this is a test of the tag alone.
    BLOCK_END.lastIndex = open;
    if (BLOCK_END.test(html)) text += LINE_END;
    at = end + 1;
  }
  if (text.includes("&")) {
    text = text.replace(
      ENTITY,
      (whole, decimal: string | undefined, hex: string | undefined, name: string | undefined) => {
        if (name !== undefined) return ENTITIES[name.toLowerCase()] ?? whole;
        const code = decimal !== undefined ? Number(decimal) : parseInt(hex!, 16);
        return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
      },
    );
  }
  // A line break in the HTML's text is a soft one, inside a paragraph: a space to a reader, so that a sentence is not
  // cut there (a snippet read "6 to 8 person\nroom.").
  if (text.includes("\n")) text = text.replaceAll("\n", " ");
  if (text.includes(PARAGRAPH_SEPARATOR)) text = text.replaceAll(PARAGRAPH_SEPARATOR, LINE_END);
  // Only what changes is matched: a single space is left alone, and text with nothing to collapse is not scanned.
  if (ODD_SPACE_MARKS.some((mark) => text.includes(mark))) text = text.replace(ODD_SPACE, " ");
  // A line's end takes the spaces beside it, and empty lines go (the space before and after a line is one at most now).
  let lines = "";
  for (const line of text.split(LINE_END)) {
    const start = line.charCodeAt(0) === 0x20 ? 1 : 0;
    const stop = line.length > start && line.charCodeAt(line.length - 1) === 0x20 ? line.length - 1 : line.length;
    if (stop <= start) continue;
    lines += lines === "" ? line.slice(start, stop) : `\n${line.slice(start, stop)}`;
  }
  return lines.trim();
}
