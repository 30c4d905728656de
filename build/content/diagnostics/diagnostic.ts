import type { DiagnosticCode } from "./catalogue.ts";

/** A position in a content file, 1-based, columns counted in UTF-16 code units as editors do. */
export interface Position {
  line: number;
  column: number;
}

/**
 * One content problem, as plain data (ajv's errors are the model): a stable code from the catalogue, where it
 * is (file relative to the content folder, line, column, JSON pointer into the parsed document), what is wrong
 * and what to do about it.
 */
export interface Diagnostic {
  code: DiagnosticCode;
  file: string;
  line: number;
  column: number;
  pointer: string;
  message: string;
  hint: string;
}

/** Stable order for printing: by file, then position, then code. */
export function compareDiagnostics(a: Diagnostic, b: Diagnostic): number {
  return (
    compareText(a.file, b.file) ||
    a.line - b.line ||
    a.column - b.column ||
    compareText(a.code, b.code) ||
    compareText(a.pointer, b.pointer) ||
    compareText(a.message, b.message)
  );
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Escapes one JSON pointer segment (RFC 6901). */
function pointerSegment(segment: string | number): string {
  return String(segment).replace(/~/g, "~0").replace(/\//g, "~1");
}

export function joinPointer(...segments: Array<string | number>): string {
  return segments.map((segment) => `/${pointerSegment(segment)}`).join("");
}

export function splitPointer(pointer: string): string[] {
  if (pointer === "") return [];
  return pointer
    .slice(1)
    .split("/")
    .map((segment) => segment.replace(/~1/g, "/").replace(/~0/g, "~"));
}

/**
 * Where a text that should be plain ASCII holds a character beyond it, named by its code point (a non-breaking
 * hyphen, a Cyrillic "о", a typographic apostrophe look like their ASCII twins in an editor): "" when it holds none.
 */
export function unlikeAscii(text: string): string {
  const at = text.search(/[^\x20-\x7e]/u);
  if (at < 0) return "";
  const character = String.fromCodePoint(text.codePointAt(at)!);
  return ` (character ${[...text.slice(0, at)].length + 1} is ${codePointOf(character)}, not an ASCII character)`;
}

/** A character as a diagnostic names it: itself and its code point ("'" (U+0027)). */
export function codePointOf(character: string): string {
  return `"${character}" (U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")})`;
}
