/**
 * Reading one content file: strict UTF-8, YAML (the whole file, or an answer's front matter) and an answer's
 * Markdown body. Pure functions of the file's bytes with plain-data results, so that the load stage can run
 * them on worker threads.
 */
import { createHash } from "node:crypto";
import path from "node:path";
import { canonicalJson } from "../../contract/canonical-json.ts";
import { DIAGNOSTIC_CATALOGUE } from "../diagnostics/catalogue.ts";
import type { Diagnostic, Position } from "../diagnostics/diagnostic.ts";
import { type BodyMarks, bodyMarks } from "../markdown/body-marks.ts";
import { outlineAnswer, type AnswerOutline } from "../markdown/answer-outline.ts";
import { findCitations } from "../markdown/citations.ts";
import { splitFrontMatter } from "./front-matter.ts";
import { CONTENT_LAYOUT, type ContentKind } from "./layout.ts";
import { LineIndex } from "./line-index.ts";
import { type MarkedParagraph, markedParagraphs } from "./outward-markers.ts";
import { parseYamlSource, yamlLocator, type YamlSource } from "./yaml-document.ts";

/** A content file to parse: where it is, and what the caller knows of it already. */
export interface ContentFileJob {
  kind: ContentKind;
  /** Relative to the content folder. */
  file: string;
  /** Absolute. */
  path: string;
  /** The bytes, when the caller has read them already (the build cache, which must parse exactly what it hashed). */
  bytes?: Uint8Array;
  /** What the walk found of a regular file (not a link): the build cache knows an unchanged file by it. */
  stat?: { size: number; ino: number; mtimeMs: number; ctimeMs: number };
}

/**
 * Where an answer's Markdown body comes from when it is rendered: the file on disk, read again (bodies are
 * not held from load to compile, or memory would grow with the content), or the text itself (content parsed
 * from memory, in tests). Plain data, so that it can be handed to a worker thread.
 */
export type AnswerBodySource = { path: string } | { text: string };

/**
 * The Markdown body of an answer, as the later stages need it without holding its text: the citations (for
 * validation), a digest (for the content digest), and where to read the text again (for rendering). Holding
 * every body from load to compile would make memory grow with the whole content.
 */
export interface MarkdownBody {
  /** Every id the body cites, once each, in order of first citation. Where each citation stands is found again only when a problem is reported (citationGroupsIn). */
  citedIds: string[];
  /** The closing section and the cited quantities, for the rules about an answer's shape. */
  outline: AnswerOutline;
  /** Its paragraphs that hold a marker of a claim of absence or of a pending event (outward-markers.ts). */
  marked: MarkedParagraph[];
  /** Where it links, and its marks that look like citations but are not (body-marks.ts). */
  marks: BodyMarks;
  digest: string;
  /**
   * The answer's own digest, of its front matter and this digest as canonical JSON: its share of the content
   * digest, made here (on the parsing threads, kept with the parse) rather than for every answer in every build.
   */
  answerDigest: string;
  source: AnswerBodySource;
}

export interface CitationGroup {
  ids: string[];
  position: Position;
}

/** One content file, parsed. For Markdown, `data` is the front matter and `body` the Markdown after it. */
export interface ParsedContentFile {
  kind: ContentKind;
  /** Path relative to the content folder, with "/" separators. */
  file: string;
  /** The file name without its extension. */
  stem: string;
  data: unknown;
  body?: MarkdownBody;
}

export type ContentFileParse = ParsedContentFile | { diagnostics: Diagnostic[] };

const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

export function stemOf(file: string): string {
  return path.posix.basename(file).replace(/\.[^.]+$/, "");
}

/**
 * Parses one file's bytes. With `absolutePath`, the body is read again from there when it is rendered; without
 * it, the body's text is kept.
 */
export function parseContentFile(
  kind: ContentKind,
  file: string,
  bytes: Uint8Array,
  absolutePath?: string,
): ContentFileParse {
  const read = readYamlOf(kind, file, bytes);
  if ("diagnostics" in read) return read;
  const { yaml, lines } = read;
  const parsed = parseYamlSource(yaml.text, file, yaml.offset, lines);
  if (!parsed.ok) return { diagnostics: parsed.diagnostics };
  const stem = stemOf(file);
  if (!read.body) return { kind, file, stem, data: parsed.data };
  const body = markdownBody(read.body.text, lines.positionAt(read.body.offset).line, absolutePath, parsed.data);
  return { kind, file, stem, data: parsed.data, body };
}

/**
 * Where a JSON pointer into a file's YAML was written, found by reading the YAML again: only a file with a
 * problem needs positions, so none are kept from the first parse.
 */
export function locatorFor(kind: ContentKind, file: string, bytes: Uint8Array): YamlSource["locate"] {
  const read = readYamlOf(kind, file, bytes);
  if ("diagnostics" in read) return () => ({ line: 1, column: 1 });
  return yamlLocator(read.yaml.text, read.lines.positionAt(read.yaml.offset));
}

type YamlOfFile =
  | { yaml: { text: string; offset: number }; lines: LineIndex; body?: { text: string; offset: number } }
  | { diagnostics: Diagnostic[] };

/** The checks every file passes before its YAML is parsed, and where the YAML (and an answer's body) is. */
function readYamlOf(kind: ContentKind, file: string, bytes: Uint8Array): YamlOfFile {
  const fail = (
    code: Diagnostic["code"],
    message: string,
    position: Position = { line: 1, column: 1 },
    hint: string = DIAGNOSTIC_CATALOGUE[code].hint,
  ) => ({
    diagnostics: [{ code, file, ...position, pointer: "", message, hint }],
  });
  // UTF-16 without its byte order mark decodes as UTF-8, a NUL beside each ASCII character: said as what it is.
  const utf16 = withoutMark(bytes);
  if (utf16) return fail("file/encoding", `the file is UTF-16 (${utf16}-endian) without a byte order mark.`);
  let decoded: string;
  try {
    decoded = utf8.decode(bytes);
  } catch {
    // UTF-16, which Windows PowerShell 5 writes by default, is told as such rather than as a bad byte at the start.
    const utf16 =
      bytes[0] === 0xff && bytes[1] === 0xfe ? "little" : bytes[0] === 0xfe && bytes[1] === 0xff ? "big" : "";
    if (utf16 !== "")
      return fail("file/encoding", `the file is UTF-16 (${utf16}-endian: it starts with its byte order mark).`);
    const { position, offset } = firstInvalidUtf8Position(bytes);
    return fail(
      "file/encoding",
      `the bytes at line ${position.line}, column ${position.column} (byte ${offset}) are not valid UTF-8.`,
      position,
    );
  }
  // What Windows editors save is read as any other file: a byte order mark is dropped, and CRLF and lone CR line
  // ends are read as LF. Line and column numbers are unchanged.
  const text = (decoded.startsWith("\uFEFF") ? decoded.slice(1) : decoded).replace(/\r\n?/g, "\n");
  // A YAML file of nothing but comments and document markers (a profile cut down to its "---") is as empty: most
  // files have a line starting with a key, found at once, before their lines are split.
  const blank = text.trim() === "";
  const noYaml =
    kind !== "answer" && !KEY_START.test(text) && text.split("\n").every((line) => NO_YAML_LINE.test(line));
  if (blank || noYaml) {
    // A single file of the layout cannot be deleted: the build would then say it is missing.
    const single = CONTENT_LAYOUT.some((entry) => entry.kind === kind && !entry.many);
    const hint = single
      ? "Write the file's content: the build needs this file (the README's 'Adding content' section shows its shape)."
      : undefined;
    return fail(
      "file/empty",
      blank ? "the file has no content." : "the file holds only comments and document markers (---).",
      undefined,
      hint,
    );
  }
  const lines = new LineIndex(text);
  if (kind !== "answer") return { yaml: { text, offset: 0 }, lines };

  const split = splitFrontMatter(text);
  if (!split.ok) {
    if (split.problem === "engine") {
      return fail(
        "front-matter/engine",
        `the opening line is "${split.opening}"; only "---" (plain YAML) is accepted.`,
      );
    }
    if (split.problem === "unclosed") return fail("front-matter/unclosed", "no line '---' ends the front matter.");
    return fail("front-matter/missing", "the file does not start with a line '---'.");
  }
  if (split.yaml.trim() === "")
    return fail(
      "file/empty",
      "the front matter is empty.",
      { line: 2, column: 1 },
      // The catalogue's hint would have a file with a whole body deleted.
      "Write the front matter (the fields its schema asks for) between the two lines '---'.",
    );
  return {
    yaml: { text: split.yaml, offset: split.yamlOffset },
    lines,
    body: { text: split.body, offset: split.bodyOffset },
  };
}

function markdownBody(
  markdown: string,
  firstLine: number,
  absolutePath: string | undefined,
  frontMatter: unknown,
): MarkdownBody {
  // The ids are slices of the file's text, and V8 keeps a slice's whole parent alive: copied, they hold only themselves.
  const citedIds = JSON.parse(
    JSON.stringify([...new Set(findCitations(markdown).flatMap((group) => group.ids))]),
  ) as string[];
  const outline = JSON.parse(JSON.stringify(outlineAnswer(markdown, firstLine))) as AnswerOutline;
  const marked = markedParagraphs(markdown, firstLine);
  const marks = JSON.parse(JSON.stringify(bodyMarks(markdown, firstLine))) as BodyMarks;
  const digest = createHash("sha256").update(markdown).digest("hex");
  return {
    citedIds,
    outline,
    marked,
    marks,
    digest,
    answerDigest: createHash("sha256")
      .update(canonicalJson({ front_matter: frontMatter, body_sha256: digest }))
      .digest("hex"),
    source: absolutePath ? { path: absolutePath } : { text: markdown },
  };
}

/** An answer's Markdown body as the load stage read it (strict UTF-8, line ends as "\n"); undefined if the file no longer reads as an answer. */
export function answerBodyOf(file: string, bytes: Uint8Array): string | undefined {
  const read = readYamlOf("answer", file, bytes);
  return "diagnostics" in read ? undefined : read.body?.text;
}

/** Where each `[@id, ...]` group of an answer's body stands in the file (the file's bytes read again). */
export function citationGroupsIn(file: string, bytes: Uint8Array): CitationGroup[] {
  const read = readYamlOf("answer", file, bytes);
  if ("diagnostics" in read || !read.body) return [];
  const start = read.lines.positionAt(read.body.offset);
  const lines = new LineIndex(read.body.text);
  return findCitations(read.body.text).map((group) => {
    const at = lines.positionAt(group.offset);
    return { ids: group.ids, position: { line: start.line + at.line - 1, column: at.column } };
  });
}

/** Where a file stops being UTF-8: the diagnostic stands there, so that an editor opens the file at the bad byte. */
function firstInvalidUtf8Position(bytes: Uint8Array): { position: Position; offset: number } {
  const offset = firstInvalidUtf8Offset(bytes);
  const prefix = utf8.decode(bytes.subarray(0, offset));
  return { position: new LineIndex(prefix).positionAt(prefix.length), offset };
}

/** RFC 3629 well-formedness, byte by byte: no overlong forms, no surrogates, nothing above U+10FFFF. */
function firstInvalidUtf8Offset(bytes: Uint8Array): number {
  let at = 0;
  while (at < bytes.length) {
    const lead = bytes[at]!;
    let length: number;
    let min = 0x80;
    let max = 0xbf;
    if (lead < 0x80) length = 1;
    else if (lead >= 0xc2 && lead <= 0xdf) length = 2;
    else if (lead >= 0xe0 && lead <= 0xef) {
      length = 3;
      if (lead === 0xe0) min = 0xa0;
      if (lead === 0xed) max = 0x9f;
    } else if (lead >= 0xf0 && lead <= 0xf4) {
      length = 4;
      if (lead === 0xf0) min = 0x90;
      if (lead === 0xf4) max = 0x8f;
    } else return at;
    for (let next = 1; next < length; next++) {
      const byte = bytes[at + next];
      const low = next === 1 ? min : 0x80;
      const high = next === 1 ? max : 0xbf;
      if (byte === undefined || byte < low || byte > high) return at;
    }
    at += length;
  }
  return at;
}

/** A line that starts with something other than white space, a comment, a dash or a dot: YAML of some kind. */
const KEY_START = /^[ \t]*[^\s#.-]/m;

/** A line of only a comment, a document marker (--- or ...) or white space. */
const NO_YAML_LINE = /^(?:---|\.\.\.)?[ \t]*(?:#.*)?$/;

/** "little" or "big" for UTF-16 text without a byte order mark: most of its first bytes' odd or even ones are NUL. */
function withoutMark(bytes: Uint8Array): "little" | "big" | undefined {
  const length = Math.min(bytes.length, 256) & ~1;
  const marked = (bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff);
  if (marked || length < 4 || bytes.subarray(0, length).indexOf(0) < 0) return undefined;
  let [even, odd] = [0, 0];
  for (let at = 0; at < length; at += 2) {
    if (bytes[at] === 0) even++;
    if (bytes[at + 1] === 0) odd++;
  }
  const half = length / 2;
  return odd > half * 0.6 && even === 0 ? "little" : even > half * 0.6 && odd === 0 ? "big" : undefined;
}
