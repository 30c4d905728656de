import { createHash } from "node:crypto";
import { readFile as readFileCallback } from "node:fs";
import type { Stats } from "node:fs";
import { realpath, stat } from "node:fs/promises";
import { promisify } from "node:util";
import path from "node:path";
import fg from "fast-glob";
import { DIAGNOSTIC_CATALOGUE } from "../diagnostics/catalogue.ts";
import type { Diagnostic, Position } from "../diagnostics/diagnostic.ts";
import { splitFrontMatter } from "../content/front-matter.ts";
import { CONTENT_LAYOUT, describeLayout, layoutEntryFor, type ContentKind } from "../content/layout.ts";
import { LineIndex } from "../content/line-index.ts";
import { parseYamlSource } from "../content/yaml-document.ts";
import { findCitations } from "../markdown/citations.ts";
import { FILE_CONCURRENCY, mapConcurrently } from "../output/bounded-concurrency.ts";

// The callback API: fs/promises makes a FileHandle object for every file read, which costs more than the read.
const readFile = promisify(readFileCallback);

/** Content files are hand-written; anything larger is a mistake or an attack, refused before it is read. */
export const MAX_CONTENT_FILE_BYTES = 1024 * 1024;

export interface LoadOptions {
  contentDir: string;
}

/**
 * The Markdown body of an answer, as the later stages need it without holding its text: the citations (for
 * validation), a digest (for the content digest), and a way to read the text again (for rendering). Holding
 * every body from load to compile would make memory grow with the whole content.
 */
export interface MarkdownBody {
  start: Position;
  citations: Array<{ ids: string[]; position: Position }>;
  digest: string;
  read(): Promise<string>;
}

/** One content file, parsed. For Markdown, `data` is the front matter and `body` the Markdown after it. */
export interface ContentFile {
  kind: ContentKind;
  /** Path relative to the content folder, with "/" separators. */
  file: string;
  /** The file name without its extension. */
  stem: string;
  data: unknown;
  locate(pointer: string, prefer?: "value" | "key"): Position;
  body?: MarkdownBody;
}

export interface LoadedContent {
  files: ContentFile[];
  /** Files that have a place in the layout but could not be read or parsed (their problems are in diagnostics). */
  unreadable: Array<{ kind: ContentKind; file: string; stem: string }>;
  diagnostics: Diagnostic[];
}

const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** Stage 1: find every file of the content folder, read it as strict UTF-8 and parse its YAML. */
export async function loadContent(options: LoadOptions): Promise<LoadedContent> {
  const contentDir = path.resolve(options.contentDir);
  const contentRoot = await realpath(contentDir);
  // fast-glob returns the lstat it made while walking, so each file is stat-ed once.
  const entries = await fg("**/*", { cwd: contentDir, dot: false, onlyFiles: false, followSymbolicLinks: false, stats: true });
  entries.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const found = entries.map((entry) => entry.path);
  const files: ContentFile[] = [];
  const unreadable: LoadedContent["unreadable"] = [];
  const diagnostics: Diagnostic[] = [];
  const problem = (code: Diagnostic["code"], file: string, message: string, position: Position = { line: 1, column: 1 }) =>
    diagnostics.push({ code, file, ...position, pointer: "", message, hint: DIAGNOSTIC_CATALOGUE[code].hint });

  // Each file is read and parsed independently; results are gathered in the sorted order of the paths.
  const outcomes = await mapConcurrently(entries, FILE_CONCURRENCY, (entry) => loadOne(contentDir, contentRoot, entry.path, entry.stats!));
  for (const outcome of outcomes) {
    if (!outcome) continue;
    diagnostics.push(...outcome.diagnostics);
    if (outcome.file) files.push(outcome.file);
    if (outcome.unreadable) unreadable.push(outcome.unreadable);
  }

  for (const entry of CONTENT_LAYOUT) {
    if (!entry.many && !found.includes(entry.path)) {
      problem("file/missing", entry.path, `the content folder has no ${entry.path}.`);
    }
  }
  return { files, unreadable, diagnostics };
}

interface LoadOutcome {
  file?: ContentFile;
  unreadable?: LoadedContent["unreadable"][number];
  diagnostics: Diagnostic[];
}

async function loadOne(contentDir: string, contentRoot: string, relativePath: string, stats: Stats): Promise<LoadOutcome | undefined> {
  const absolutePath = path.join(contentDir, relativePath);
  const problem = (code: Diagnostic["code"], message: string): LoadOutcome => ({
    diagnostics: [{ code, file: relativePath, line: 1, column: 1, pointer: "", message, hint: DIAGNOSTIC_CATALOGUE[code].hint }],
  });
  if (stats.isDirectory()) return undefined;
  if (stats.isSymbolicLink()) {
    const target = await realpath(absolutePath).catch(() => undefined);
    if (!target || !isInside(contentRoot, target)) return problem("file/outside-content", "the file is a symbolic link to somewhere outside the content folder.");
  }
  const entry = layoutEntryFor(relativePath);
  if (!entry) return problem("file/unexpected", `the content layout has no place for this file; it expects ${describeLayout()}.`);
  const stem = stemOf(relativePath);
  // A link inside the content folder is measured at its target; anything else by the walk's own lstat.
  const bytes = stats.isSymbolicLink() ? (await stat(absolutePath)).size : stats.size;
  if (bytes > MAX_CONTENT_FILE_BYTES) {
    return { ...problem("file/too-large", `the file has ${bytes} bytes; the limit is ${MAX_CONTENT_FILE_BYTES} bytes (1 MiB).`), unreadable: { kind: entry.kind, file: relativePath, stem } };
  }
  const loaded = parseContentFile(entry.kind, relativePath, await readFile(absolutePath), () => readFile(absolutePath));
  if ("diagnostics" in loaded) return { diagnostics: loaded.diagnostics, unreadable: { kind: entry.kind, file: relativePath, stem } };
  return { file: loaded, diagnostics: [] };
}

function markdownBody(markdown: string, start: Position, reread: (() => Promise<Uint8Array>) | undefined): MarkdownBody {
  const lines = new LineIndex(markdown);
  const citations = findCitations(markdown).map((group) => {
    const at = lines.positionAt(group.offset);
    return { ids: group.ids, position: { line: start.line + at.line - 1, column: at.column } };
  });
  const digest = createHash("sha256").update(markdown).digest("hex");
  return { start, citations, digest, read: reread ? bodyFromDisk(reread) : bodyInMemory(Buffer.from(markdown, "utf8").toString("utf8")) };
}

// Each reader is made by a function of its own, so that its closure holds only what it needs, not the file's
// text (V8 closures share their enclosing function's context).
function bodyFromDisk(reread: () => Promise<Uint8Array>): () => Promise<string> {
  return async () => {
    const text = utf8.decode(await reread()).replace(/\r\n?/g, "\n");
    const split = splitFrontMatter(text);
    if (!split.ok) throw new Error("the file changed while the build ran");
    return split.body;
  };
}

function bodyInMemory(markdown: string): () => Promise<string> {
  return async () => markdown;
}

function stemOf(file: string): string {
  return path.posix.basename(file).replace(/\.[^.]+$/, "");
}

function isInside(root: string, target: string): boolean {
  const relative = path.relative(root, target);
  return relative !== "" && !relative.startsWith("..") && !path.isAbsolute(relative);
}

/**
 * Parses one file's bytes. `reread` gives the file's bytes again when the body is needed; without it, the
 * body's text is kept.
 */
export function parseContentFile(kind: ContentKind, file: string, bytes: Uint8Array, reread?: () => Promise<Uint8Array>): ContentFile | { diagnostics: Diagnostic[] } {
  const fail = (code: Diagnostic["code"], message: string, position: Position = { line: 1, column: 1 }) => ({
    diagnostics: [{ code, file, ...position, pointer: "", message, hint: DIAGNOSTIC_CATALOGUE[code].hint }],
  });
  let decoded: string;
  try {
    decoded = utf8.decode(bytes);
  } catch {
    return fail("file/encoding", `the bytes at ${describeInvalidUtf8(bytes)} are not valid UTF-8.`);
  }
  if (decoded.startsWith("\uFEFF")) return fail("file/encoding", "the file starts with a byte order mark (U+FEFF).");
  // CRLF and lone CR line ends are accepted and read as LF; line and column numbers are unchanged.
  const text = decoded.replace(/\r\n?/g, "\n");
  if (text.trim() === "") return fail("file/empty", "the file has no content.");
  const lines = new LineIndex(text);
  const stem = stemOf(file);

  if (kind !== "answer") {
    const parsed = parseYamlSource(text, file, 0, lines);
    if (!parsed.ok) return { diagnostics: parsed.diagnostics };
    return { kind, file, stem, data: parsed.source.data, locate: parsed.source.locate };
  }

  const split = splitFrontMatter(text);
  if (!split.ok) {
    if (split.problem === "engine") {
      return fail("front-matter/engine", `the opening line is "${split.opening}"; only "---" (plain YAML) is accepted.`);
    }
    if (split.problem === "unclosed") return fail("front-matter/unclosed", "no line '---' ends the front matter.");
    return fail("front-matter/missing", "the file does not start with a line '---'.");
  }
  if (split.yaml.trim() === "") return fail("file/empty", "the front matter is empty.", { line: 2, column: 1 });
  const parsed = parseYamlSource(split.yaml, file, split.yamlOffset, lines);
  if (!parsed.ok) return { diagnostics: parsed.diagnostics };
  return {
    kind,
    file,
    stem,
    data: parsed.source.data,
    locate: parsed.source.locate,
    body: markdownBody(split.body, lines.positionAt(split.bodyOffset), reread),
  };
}

/** "line L, column C (byte B)" of the first byte that is not part of a valid UTF-8 sequence. */
function describeInvalidUtf8(bytes: Uint8Array): string {
  const offset = firstInvalidUtf8Offset(bytes);
  const prefix = utf8.decode(bytes.subarray(0, offset));
  const { line, column } = new LineIndex(prefix).positionAt(prefix.length);
  return `line ${line}, column ${column} (byte ${offset})`;
}

/** RFC 3629 well-formedness, byte by byte: no overlong forms, no surrogates, nothing above U+10FFFF. */
export function firstInvalidUtf8Offset(bytes: Uint8Array): number {
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
