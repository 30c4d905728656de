/**
 * Facts expire: the marker phrases by which a claim of absence or of a pending event is found, wherever it stands
 * (an answer's body is read for them when it is parsed, on a worker thread in a large build, so that nothing has to
 * read it again), and the prose a claim is compared in. The list is published on the docs page with the
 * methodology; the rule outward-claims-covered (content/rules/) holds every marked claim to its outward search.
 *
 * They are a net, not a parser: a phrase that is not a claim of absence or of a pending event (a plan we state as
 * policy, a definition) is fixed by rephrasing it or by covering it, never by widening the exemptions.
 */
import type { Position } from "../diagnostics/diagnostic.ts";
import { blankCode } from "../markdown/citations.ts";
import { LineIndex } from "./line-index.ts";

/** Text compared as a reader sees it: Unicode NFC, every run of white space one space. */
export function normaliseProse(text: string): string {
  // NFC leaves ASCII as it is, and ICU's normaliser is dear: most prose is ASCII.
  const composed = NOT_ASCII.test(text) ? text.normalize("NFC") : text;
  // Only the runs that are not already one space: half the time of replacing every run, over megabytes of prose.
  return composed.replace(SPACE_TO_COLLAPSE, " ").trim();
}

const SPACE_TO_COLLAPSE = /\s{2,}|[^\S ]/g;

const NOT_ASCII = /[\u0080-\uffff]/;

export interface OutwardMarker {
  /** What the marker catches, as the docs print it. */
  phrase: string;
  kind: "absence" | "pending";
  pattern: RegExp;
}

/** Words that may stand between "no" and a verb of finding, within one clause. */
const CLAUSE = "[^.;:!?]{0,120}?";

/** "no" as a word of the sentence, not a piece of a name (support.neat.no, a list of .no domains). */
const NO = String.raw`(?<![\w./@-])no\b(?!\.\w)`;

export const OUTWARD_MARKERS: readonly OutwardMarker[] = [
  { phrase: "not found", kind: "absence", pattern: /\bnot\s+(?:been\s+)?found\b/i },
  { phrase: "not seen", kind: "absence", pattern: /\bnot\s+(?:been\s+)?seen\b/i },
  { phrase: "not established", kind: "absence", pattern: /\bnot\s+(?:been\s+)?established\b/i },
  { phrase: "not documented", kind: "absence", pattern: /\bnot\s+(?:been\s+)?documented\b/i },
  { phrase: "not read", kind: "absence", pattern: /\bnot\s+(?:been\s+)?read\b/i },
  { phrase: "not recorded", kind: "absence", pattern: /\bnot\s+(?:been\s+)?recorded\b/i },
  {
    phrase: "did not (could not, cannot) find, see or locate",
    kind: "absence",
    pattern: /\b(?:did\s+not|could\s+not|cannot|can\s+not|(?:did|could|ca)n['\u2019]t)\s+(?:find|see|locate)\b/i,
  },
  {
    phrase: "has not (hasn't) said, published, stated, confirmed or disclosed",
    kind: "absence",
    pattern:
      /\b(?:has|have)(?:\s+not|n['\u2019]t)\s+(?:yet\s+)?(?:said|published|stated|confirmed|disclosed|made\s+public)\b/i,
  },
  { phrase: "we have not", kind: "absence", pattern: /\b(?:we|I)\s+have\s+not\b/i },
  { phrase: "found no / found none / found nothing", kind: "absence", pattern: /\bfound\s+(?:no|none|nothing)\b/i },
  {
    phrase: "no … was (were) found, seen, read, recorded or established",
    kind: "absence",
    pattern: new RegExp(
      String.raw`(?:${NO}|\b(?:nothing|none)\b)${CLAUSE}\b(?:was|were|is|are|has\s+been|have\s+been)\s+(?:found|seen|read|recorded|established)\b`,
      "i",
    ),
  },
  {
    phrase: "no … in our notes (sources, register)",
    kind: "absence",
    pattern: new RegExp(String.raw`(?:${NO}|\bnothing\b)${CLAUSE}\bin\s+our\s+(?:notes|sources|register)\b`, "i"),
  },
  {
    phrase: "no source (document) read",
    kind: "absence",
    // Up to four words may name the kind ("no Google Meet hardware page read").
    pattern: new RegExp(String.raw`${NO}\s+(?:[\w-]+\s+){0,4}?(?:source|document|page|list)s?\s+(?:we\s+)?read\b`, "i"),
  },
  // A claim that gives the day it was searched rests on that search, which expires (an editor's audit of renewing
  // searches found such claims held only where another marker stood beside them).
  {
    phrase: "searched (on) a day: (searched 2026-11-28)",
    kind: "absence",
    pattern: /\bsearched\s+(?:on\s+)?\d{4}-\d{2}-\d{2}\b/i,
  },
  { phrase: "announced", kind: "pending", pattern: /\bannounce[sd]?\b/i },
  { phrase: "expected, expects", kind: "pending", pattern: /\bexpect(?:s|ed)\b/i },
  { phrase: "not yet", kind: "pending", pattern: /\bnot\s+yet\b/i },
  // "will" alone is mostly advice in the answers ("people who will use the room"): a pending event says when (a
  // year, not one inside a citation's id), or what will happen to a product, a deal or a date.
  {
    phrase: "will … (a year), will be (discontinued, released, extended …), will end (ship, close …)",
    kind: "pending",
    pattern: new RegExp(
      String.raw`\bwill\b${CLAUSE}(?<![\w-])(?:19|20)\d\d\b|\bwill\s+(?:no\s+longer|(?:be\s+)?(?:discontinued|retired|withdrawn|replaced|renamed|acquired|sold|released|launched|extended|ended|completed|certified|decertified)|end|ship|launch|close|expire|stop|cease)\b`,
      "i",
    ),
  },
  { phrase: "agreed to", kind: "pending", pattern: /\bagreed\s+to\b/i },
  { phrase: "pending", kind: "pending", pattern: /\bpending\b/i },
  // A step toward an outcome not yet given: a certification applied for, a decision awaited (the second editor's
  // workflow audit wrote "has applied for certification" and it passed).
  { phrase: "applied for, awaiting, awaits", kind: "pending", pattern: /\bapplied\s+for\b|\bawait(?:s|ing)\b/i },
  // A plan someone has (not the planning a buyer does).
  {
    phrase: "plans to, is planned, planned for",
    kind: "pending",
    pattern: /\bplans\s+to\b|\b(?:is|are|was|were)\s+planned\b|\bplanned\s+(?:for|to)\b/i,
  },
];

export interface MarkerHit {
  marker: OutwardMarker;
  /** Where the hit is, in the normalised text of its string. */
  start: number;
  end: number;
}

/**
 * Every marker as one expression, each in a group of its own: one pass over a text finds the first marker at each
 * place (two markers of one phrase, "no ... was found" and "not found", make one hit, which is all the rule needs).
 */
const ANY_MARKER = new RegExp(OUTWARD_MARKERS.map((marker) => `(${marker.pattern.source})`).join("|"), "gi");

/** Every marker hit in a text (already normalised), in order. */
export function markerHits(text: string): MarkerHit[] {
  const hits: MarkerHit[] = [];
  for (const match of text.matchAll(ANY_MARKER)) {
    const marker = OUTWARD_MARKERS[match.findIndex((group, at) => at > 0 && group !== undefined) - 1]!;
    hits.push({ marker, start: match.index, end: match.index + match[0].length });
  }
  return hits;
}

/**
 * Whether a text as written may hold a marker: the markers match across any white space, so a text without a hit
 * as it is has none once normalised either (and is not normalised, which costs more than the test).
 */
export function mayHoldMarker(text: string): boolean {
  ANY_MARKER.lastIndex = 0;
  const may = ANY_MARKER.test(text);
  ANY_MARKER.lastIndex = 0;
  return may;
}

/**
 * A paragraph of an answer's body that holds a marker: its normalised text, and where it starts in the file; and as
 * written (code blanked), to find where a sentence of it stands.
 */
export interface MarkedParagraph {
  text: string;
  position: Position;
  source: string;
}

/**
 * Where in the file the paragraph's normalised text has its character at `offset`: exact unless normalising composed
 * characters (NFC) changed the text, and then where the paragraph starts.
 */
export function positionInParagraph(paragraph: MarkedParagraph, offset: number): Position {
  const { source, position } = paragraph;
  if (NOT_ASCII.test(source) && source.normalize("NFC") !== source) return position;
  // The normalised text is the source trimmed, each run of white space one space.
  let at = source.search(/\S/);
  for (let read = 0; read < offset && at < source.length; read++) {
    if (!WHITE.test(source[at]!)) at++;
    else while (at < source.length && WHITE.test(source[at]!)) at++;
  }
  const lines = source.slice(0, at).split("\n");
  return lines.length === 1
    ? { line: position.line, column: position.column + at }
    : { line: position.line + lines.length - 1, column: lines.at(-1)!.length + 1 };
}
const WHITE = /\s/;

/** The paragraphs (runs of lines between blank lines) of a body that hold a marker; `firstLine` is the body's. */
export function markedParagraphs(body: string, firstLine: number): MarkedParagraph[] {
  const marked: MarkedParagraph[] = [];
  let lines: LineIndex | undefined;
  // What a fenced block holds is shown as code, never a claim.
  for (const match of blankCode(body, false).matchAll(/[^\n]+(?:\n[ \t]*[^\s][^\n]*)*/g)) {
    if (!mayHoldMarker(match[0])) continue;
    const text = normaliseProse(match[0]);
    lines ??= new LineIndex(body);
    const at = lines.positionAt(match.index);
    marked.push({ text, position: { line: firstLine + at.line - 1, column: at.column }, source: match[0] });
  }
  return marked;
}
