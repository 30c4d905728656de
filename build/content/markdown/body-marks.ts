/**
 * What an answer's body links to, and the marks in it that look like citations but are not one, each where it stands:
 * found line by line at load time (no Markdown parse), so that the rules can check them without the body's text.
 * The renderer publishes a link it refuses as its Markdown text, and a mark that is not `[@id]` as it is: without
 * these, both went out silently.
 */
import type { Position } from "../diagnostics/diagnostic.ts";
import { blankCode, citationGroupAt, codeFences } from "./citations.ts";

export interface BodyMark extends Position {
  /** A link's destination, or a loose citation mark's whole text. */
  text: string;
}

export interface BodyMarks {
  links: BodyMark[];
  /**
   * Brackets holding an `@` where a citation's would stand (`[@]`, `[see @id]`, `[@id, p. 4]`) that are not `[@id]`,
   * and a citation missing a bracket (`[@id`, `@id]`).
   */
  looseCitations: BodyMark[];
  /** Citations written as a link's text (`[@id](`): published as the citation, then "(address)" as text. */
  linkedCitations: BodyMark[];
  /** The first control character of each line that holds one (CONTROL_CHARACTER), code included. */
  controls: BodyMark[];
  /** Images (`![text](…)`), which the renderer does not make: each would be published as "!" and a link. */
  images: BodyMark[];
  /**
   * Brackets holding only ids (`[id]`, `[id; id]`) and no `@`, not a link's text, and an `@id` with no brackets: a
   * citation if they are sources'.
   */
  bareIds: Array<BodyMark & { ids: string[] }>;
  /** The ATX headings (`## Text`), each with its level: the answer's outline. */
  headings: Array<BodyMark & { level: number }>;
  /** HTML tags and comments, the first three of a line named at its first: the renderer publishes them as text. */
  html: BodyMark[];
  /** A code fence never closed (its text), with the lines after it and the headings among them: all shown as code. */
  unclosedFence?: BodyMark & { lines: number; headings: string[] };
}

/**
 * A character no text of the content may hold: the C0 controls but tab, line feed and carriage return, DEL and the
 * C1 controls, U+FFFE, U+FFFF and a lone surrogate. XML 1.0 cannot hold them, even escaped (the Atom feed), and a
 * terminal runs the escape sequences they start (llms.txt, the CSV tables). YAML's "\x1b" writes one.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point.
export const CONTROL_CHARACTER = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\ufffe\uffff]|\p{Cs}/u;

// `[text](destination "title")`, a reference definition `[label]: destination`, an autolink `<scheme:…>`.
// A destination may hold balanced parentheses ("javascript:alert(1)"), one level deep.
const INLINE_LINK = /\]\(\s*<?((?:[^()\s<>]|\([^()\s]*\))*)/g;
const REFERENCE_DEFINITION = /^ {0,3}\[[^\]]+\]:\s*<?([^\s>]+)/;
const AUTOLINK = /<([a-z][a-z0-9+.-]*:[^\s<>]*)>/gi;
const IMAGE = /!\[[^\]\n]*\]\(/g;
/** A bracket with an `@` at the start of a word in it, not a link's text (a `(` right after it). */
const AT_BRACKET = /\[[^[\]\n]*(?<=[[\s;])@[^[\]\n]*\](?!\()/g;
/** A citation with a link's address after it: the renderer makes the citation, then "(address)" as text. */
const LINKED_CITATION = /\[\s*@[^[\]\n]*\]\(/g;
/** A citation's opening that its line does not close (`[@id`, `[see @id`, then the line's end or another `[`). */
const UNCLOSED_CITATION = /\[(?:[^[\]\n@]*\s)?@(?:[^\s[\]]|\s+(?=@))*(?=[^[\]\n]*(?:\[|$))/g;
/** A citation's ids and closing bracket with no opening one (`@id]`), not an address's "@". */
const UNOPENED_CITATION = /(?<![\w.+-])@[a-z0-9]+(?:-[a-z0-9]+)*(?:\s*;\s*@[a-z0-9]+(?:-[a-z0-9]+)*)*\](?!\()/g;
const HEADING = /^ {0,3}(#{1,6})(?:[ \t]+|$)(.*)$/;
/**
 * An HTML element's tag (`<b>`, `</div>`, `<img src=x>`) or a comment's start: not a placeholder in angle brackets
 * (`<slug>`, `<Enter>`), which is text as the author means it, nor an autolink (`<https:…>`), nor escaped (`\\<b>`).
 */
const HTML_ELEMENTS =
  "a abbr article aside audio b base blockquote body br button canvas caption center code col dd del details div dl " +
  "dt em embed figure font footer form h[1-6] head header hr html i iframe img input ins kbd label li link main mark " +
  "math meta nav noscript object ol option p picture pre q s script section select small source span strike strong " +
  "style sub summary sup svg table tbody td template textarea th thead title tr u ul video";
const HTML_TAG = new RegExp(`(?<!\\\\)<(?:/?(?:${HTML_ELEMENTS.replaceAll(" ", "|")})(?=[\\s/>])[^<>]*>|!--)`, "gi");
const BARE_IDS = /\[([a-z0-9]+(?:-[a-z0-9]+)*(?:\s*;\s*[a-z0-9]+(?:-[a-z0-9]+)*)*)\](?![([:])/g;
/** An `@id` with no brackets round it (not an address's "@", nor one an `@id]` or a bracket takes): a citation if a source's. */
const BARE_AT = /@([a-z0-9]+(?:-[a-z0-9]+)*)(?![\w\]@-])/g;
/** What may stand before a bare `@id`'s "@" (tried by hand: a leading lookbehind is tried at every character). */
const BEFORE_BARE_AT = /[\w.+@[;-]/;

/** `firstLine` is the file line the body starts on, so that positions are the file's. */
export function bodyMarks(markdown: string, firstLine = 1): BodyMarks {
  const marks: BodyMarks = {
    links: [],
    looseCitations: [],
    linkedCitations: [],
    controls: [],
    images: [],
    bareIds: [],
    headings: [],
    html: [],
  };
  // Code, fenced or in spans, blanked with its columns kept: what it holds is shown, never linked nor cited.
  const text = blankCode(markdown);
  const blanked = text.split("\n");
  const lines = markdown.split("\n");
  let blankBefore = true;
  let lineStart = 0;
  // Each expression is tried only on lines holding what it needs: over 10,000 generated answers, scans of lines that
  // could not match were some 40% of this function's time, most of it the HTML tags' expression, whose leading
  // lookbehind V8 tries at every character.
  const controlled = CONTROL_CHARACTER.test(markdown);
  for (const [index, raw] of lines.entries()) {
    const control = controlled ? CONTROL_CHARACTER.exec(raw) : null;
    if (control) marks.controls.push({ line: firstLine + index, column: control.index + 1, text: control[0] });
    const startsBlock = blankBefore;
    blankBefore = raw.trim() === "";
    const line = blanked[index]!;
    if (HEADING.test(line)) {
      const [, hashes, text] = HEADING.exec(raw)!;
      marks.headings.push({ line: firstLine + index, column: 1, text: text!.trim(), level: hashes!.length });
    }
    const at = (column: number, text: string): BodyMark => ({ line: firstLine + index, column: column + 1, text });
    const linked = line.includes("](");
    const angled = line.includes("<");
    if (linked)
      for (const match of line.matchAll(INLINE_LINK))
        marks.links.push(at(match.index + match[0].indexOf(match[1]!), match[1]!));
    // A definition cannot interrupt a paragraph: a citation starting a line within one ("[@id]: in …") is none.
    const definition = startsBlock ? REFERENCE_DEFINITION.exec(line) : null;
    if (definition) marks.links.push(at(definition[0].length - definition[1]!.length, definition[1]!));
    if (angled) for (const match of line.matchAll(AUTOLINK)) marks.links.push(at(match.index + 1, match[1]!));
    if (linked) for (const match of line.matchAll(IMAGE)) marks.images.push(at(match.index, match[0].slice(0, -1)));
    const tags = angled ? [...line.matchAll(HTML_TAG)] : [];
    if (tags.length > 0)
      marks.html.push(
        at(
          tags[0]!.index,
          `${tags
            .slice(0, 3)
            .map((tag) => tag[0])
            .join(", ")}${tags.length > 3 ? ", …" : ""}`,
        ),
      );
    for (const match of line.matchAll(BARE_IDS))
      marks.bareIds.push({ ...at(match.index, match[0]), ids: match[1]!.split(";").map((id) => id.trim()) });
    if (line.includes("@"))
      for (const match of line.matchAll(BARE_AT))
        if (!BEFORE_BARE_AT.test(line.charAt(match.index - 1)) && !/\[[^[\]]*$/.test(line.slice(0, match.index)))
          marks.bareIds.push({ ...at(match.index, match[0]), ids: [match[1]!] });
    for (const match of line.matchAll(AT_BRACKET))
      if (!citationGroupAt(line, match.index)) marks.looseCitations.push(at(match.index, match[0]));
    if (linked)
      for (const match of line.matchAll(LINKED_CITATION))
        if (citationGroupAt(line, match.index)) marks.linkedCitations.push(at(match.index, match[0].slice(0, -1)));
    // A citation may run over two lines ("[@a;" then "@b]"), as the renderer reads it: only one that none closes or
    // opens is told, and an "@id]" only outside brackets its paragraph opened.
    for (const match of line.matchAll(UNCLOSED_CITATION))
      if (!citationGroupAt(text, lineStart + match.index)) marks.looseCitations.push(at(match.index, match[0]));
    for (const match of line.matchAll(UNOPENED_CITATION)) {
      const before = text.slice(text.lastIndexOf("\n\n", lineStart) + 1, lineStart + match.index);
      if (!/\[[^[\]]*$/.test(before)) marks.looseCitations.push(at(match.index, match[0]));
    }
    lineStart += raw.length + 1;
  }
  // A fence needs three backticks or tildes: a body without them (most) is not scanned again for one.
  const fence = markdown.includes("```") || markdown.includes("~~~") ? codeFences(lines).unclosed : undefined;
  if (fence) {
    const after = lines.slice(fence.line + 1);
    marks.unclosedFence = {
      line: firstLine + fence.line,
      column: fence.column,
      text: fence.fence,
      lines: after.filter((line) => line.trim() !== "").length,
      headings: after.filter((line) => HEADING.test(line)).map((line) => line.trim()),
    };
  }
  return marks;
}
