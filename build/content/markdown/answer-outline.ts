/**
 * What the rules about an answer's shape need from its Markdown body, read once at load time so that the
 * body's text need not be held: the closing section (its heading, line and list items) and, for every
 * sentence that gives a quantity, the sources the sentence cites.
 */
import { blankCode, findCitations } from "./citations.ts";

export interface AnswerOutline {
  /** The last level-2 section: its heading text, the file line it stands on and its list items. */
  closing?: { heading: string; line: number; listItems: number };
  /** For each sentence or list item that states a quantity and cites a source: the ids it cites, and its first quantity. */
  citedQuantities: Array<{ ids: string[]; quantity: string }>;
}

// A number with a unit a buyer can use ("4.5 m", "25 licences", "60 dB", "US$3.3 billion", "15 degrees"),
// not any digit: standard names ("EN 301 549"), sections and versions are not quantities. The unit is looked
// ahead for, not matched: the same test, but V8 compiled the matched form in some 18 ms at its first use in every
// process, against under 1 ms. € £ – ° are escaped, as in every regular expression of a launch bundle
// (build/tools/launch.mjs).
const QUANTITY = new RegExp(
  String.raw`(?:(?:US\$|\$|\u20ac|\u00a3)\s?\d[\d,.]*)|(?:\b\d+(?:[.,]\d+)?(?:\s?(?:-|\u2013|to)\s?\d+(?:[.,]\d+)?)?\s?` +
    String.raw`(?=%|dB(?:A)?\b|ms\b|seconds?\b|k?Hz\b|[kMG]bps\b|[kMG]bit/s\b|fps\b|m\b|cm\b|mm\b|ft\b|feet\b|foot\b|inch(?:es)?\b|` +
    String.raw`degrees?\b|\u00b0|W\b|watts?\b|years?\b|months?\b|days?\b|hours?\b|minutes?\b|people\b|persons?\b|seats?\b|rooms?\b|devices?\b|` +
    String.raw`licen[cs]es?\b|times\b|x\b|ports?\b|cameras?\b|microphones?\b|displays?\b|screens?\b|per cent\b|percent\b))`,
  "i",
);
const LINK_TARGET = /\]\([^)]*\)/g;
const HEADING = /^##\s+(.+?)\s*#*\s*$/;
const LIST_ITEM = /^\s{0,3}(?:[-*+]|\d+[.)])\s+/;

/** `firstLine` is the file line the body starts on, so that positions are the file's. */
export function outlineAnswer(markdown: string, firstLine = 1): AnswerOutline {
  // Fenced code blanked: a "## " or "- " line in it is code, as the renderer shows it, not a section or an item.
  const lines = blankCode(markdown, false).split("\n");
  let closing: AnswerOutline["closing"];
  for (const [index, line] of lines.entries()) {
    const heading = HEADING.exec(line);
    if (heading) closing = { heading: heading[1]!, line: firstLine + index, listItems: 0 };
    else if (closing && LIST_ITEM.test(line)) closing.listItems += 1;
  }
  const citedQuantities: AnswerOutline["citedQuantities"] = [];
  for (const statement of statements(lines)) {
    const ids = findCitations(statement).flatMap((group) => group.ids);
    if (ids.length === 0) continue;
    // Citation ids and link targets carry digits of their own.
    const text = statement.replace(/\[@[^\]]*\]/g, "").replace(LINK_TARGET, "]");
    const quantity = QUANTITY.exec(text);
    // The number with the unit after it ("2.4 m"), for a problem that names the sentence nearest to what it asks.
    if (quantity)
      citedQuantities.push({
        ids: [...new Set(ids)],
        quantity: `${quantity[0]}${/^\S*/.exec(text.slice(quantity.index + quantity[0].length))![0]}`.replace(
          /[.,;:)]+$/,
          "",
        ),
      });
  }
  return closing ? { closing, citedQuantities } : { citedQuantities };
}

/** The body's sentences, each list item counting as one statement with its continuation lines. */
function* statements(lines: readonly string[]): Generator<string> {
  let block: string[] = [];
  function* flush(): Generator<string> {
    const text = block.join(" ").trim();
    block = [];
    if (text === "") return;
    yield* sentences(text);
  }
  for (const line of lines) {
    if (line.trim() === "" || HEADING.test(line) || /^#{1,6}\s/.test(line)) {
      yield* flush();
    } else if (LIST_ITEM.test(line)) {
      yield* flush();
      block.push(line.replace(LIST_ITEM, ""));
    } else block.push(line);
  }
  yield* flush();
}

/**
 * A sentence's end: . ! or ? (and any citation after it) before white space and a capital letter, a quote or a
 * bracket. Found forwards: a split at a lookbehind, which V8 tries at every character, took 289 ms over the
 * paragraphs of 10,000 generated answers, this 112.
 */
const SENTENCE_END = /[.!?](?:\s*\[@[^\]]*\])?(?=\s+["\u201c(*A-Z])/g;
const SPACE_RUN = /\s+/y;

/** A text's sentences, the white space between them dropped. */
export function sentences(text: string): string[] {
  const found: string[] = [];
  let from = 0;
  for (const match of text.matchAll(SENTENCE_END)) {
    const end = match.index + match[0].length;
    found.push(text.slice(from, end));
    SPACE_RUN.lastIndex = end;
    SPACE_RUN.test(text);
    from = SPACE_RUN.lastIndex;
  }
  found.push(text.slice(from));
  return found;
}
