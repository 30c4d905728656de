import { isScalar, Schema, type ScalarTag } from "yaml";

/**
 * The build's fast path for YAML: a reader of the YAML the content is written in (block mappings with plain keys,
 * block sequences, plain and quoted scalars, `>`, `>-`, `|` and `|-` scalars, flow collections of these), which
 * refuses, by returning undefined, anything else: that goes to `yaml`, the parser of record, which reads and locates
 * every problem. What it accepts it reads as `yaml` does (YAML 1.2, core schema, strict); test/yaml-fast-path.test.ts
 * holds the two to the same data over the content, the fixtures, hand-made cases and seeded mutations of them.
 * js-yaml, the fast path before it, is general, and read the shipped content's 3.4 MB of YAML in some 250 ms cold and
 * 100 ms warm, a fifth of a small build's time; this reads it in some 100 and 40.
 */
export function parseYamlSubset(text: string): { data: unknown } | undefined {
  if (UNSAFE.test(text)) return undefined;
  try {
    return { data: new SubsetReader(text).document() };
  } catch (error) {
    if (error === REFUSED) return undefined;
    throw error;
  }
}

/** Thrown, never seen outside: the text is not in the subset. */
const REFUSED = new Error("not in the subset");
function refuse(): never {
  throw REFUSED;
}

/** Characters the subset leaves to `yaml`: tabs, carriage returns, controls, BOMs, Unicode's line separators, lone surrogates. */
const UNSAFE = /[^\n\x20-\x7E\u00A0-\u2027\u202A-\uD7FF\uE000-\uFEFE\uFF00-\uFFFD\u{10000}-\u{10FFFF}]/u;
/** Keys `yaml` writes otherwise than as they are (a null key is "") and one no object can have as its own. */
const UNSURE_KEYS = new Set(["null", "Null", "NULL", "__proto__"]);
/** Characters no plain scalar of the subset starts with (`-`, `?` and `:` only when a space or the end follows). */
const INDICATORS = new Set([..."&*!%@`,[]{}#|>'\"", "\\"]);

/** `yaml`'s own core-schema scalars: its tests and resolvers, so that `012`, `0b1` or `Null` become what `yaml` makes of them. */
const CORE_SCALARS: ScalarTag[] = (new Schema({ schema: "core" }).tags as ScalarTag[]).filter((tag) => tag.test);
/** How every core-schema null, boolean and number starts: most plain scalars are prose, and are known by it at once. */
const MAY_BE_CORE = /^(?:$|[~nNtTfF0-9+\-.])/;

function plainValue(text: string): unknown {
  if (!MAY_BE_CORE.test(text)) return own(text);
  const tag = CORE_SCALARS.find((candidate) => candidate.test!.test(text));
  if (!tag) return own(text);
  // `yaml` gives null and booleans wrapped in a Scalar.
  const value = tag.resolve(text, () => undefined, { intAsBigInt: false });
  return isScalar(value) ? value.value : value;
}

const ESCAPES: Record<string, string> = { '"': '"', "\\": "\\", "/": "/", n: "\n", t: "\t" };

class SubsetReader {
  private readonly lines: string[];
  /** Each line's indentation: the spaces it starts with (its length when it is blank). */
  private readonly indents: Int32Array;
  /** The line being read. */
  private at = 0;

  constructor(text: string) {
    this.lines = text.split("\n");
    this.indents = new Int32Array(this.lines.length);
    for (const [index, line] of this.lines.entries()) this.indents[index] = indentOf(line);
  }

  document(): unknown {
    this.skipBlank();
    if (this.at >= this.lines.length) return null;
    if (this.indents[this.at] !== 0) refuse();
    const value = this.block(0);
    this.skipBlank();
    if (this.at < this.lines.length) refuse();
    return value;
  }

  /** Past blank lines and comment lines. */
  private skipBlank(): void {
    for (; this.at < this.lines.length; this.at++) {
      const line = this.lines[this.at]!;
      const indent = this.indents[this.at]!;
      if (indent < line.length && line.charCodeAt(indent) !== 0x23) return;
    }
  }

  /** The collection whose first line (the current one) is indented `indent`. */
  private block(indent: number): unknown {
    const line = this.lines[this.at]!;
    if (isEntry(line, indent)) return this.sequence(indent);
    if (keyEnd(line, indent) > 0) return this.mapping(indent);
    return refuse();
  }

  /** A mapping indented `indent`; `compact`: its first line is a sequence entry's ("- key: value"). */
  private mapping(indent: number, compact = false): Record<string, unknown> {
    const mapping: Record<string, unknown> = {};
    for (let first = compact; ; first = false) {
      if (!first) {
        this.skipBlank();
        if (this.at >= this.lines.length) break;
        // A line indented more is no key at `indent`: refused below.
        if (this.indents[this.at]! < indent) break;
      }
      const line = this.lines[this.at]!;
      const [name, colon] = newKey(line, indent, mapping);
      let start = colon + 1;
      while (line.charCodeAt(start) === 0x20) start++;
      mapping[name] = this.value(line, start, indent, true);
    }
    return mapping;
  }

  private sequence(indent: number): unknown[] {
    const sequence: unknown[] = [];
    for (;;) {
      this.skipBlank();
      if (this.at >= this.lines.length) break;
      const line = this.lines[this.at]!;
      // A line indented more ends the sequence, and its parent refuses it.
      if (this.indents[this.at]! < indent || !isEntry(line, indent)) break;
      let start = indent + 1;
      while (line.charCodeAt(start) === 0x20) start++;
      // "- key: value": a mapping indented as its first key, the lines after it with it.
      if (keyEnd(line, start) > 0) sequence.push(this.mapping(start, true));
      else sequence.push(this.value(line, start, indent, false));
    }
    return sequence;
  }

  /**
   * The value that starts at `start` of the current line, in a collection indented `indent` (its lines after the
   * first are indented more); `inMapping`: a sequence may then start at the mapping's own indentation.
   */
  private value(line: string, start: number, indent: number, inMapping: boolean): unknown {
    if (start >= line.length || line.charCodeAt(start) === 0x23) {
      this.at++;
      this.skipBlank();
      if (this.at >= this.lines.length) return null;
      const next = this.lines[this.at]!;
      const nextIndent = this.indents[this.at]!;
      if (nextIndent > indent) return this.block(nextIndent);
      if (inMapping && nextIndent === indent && isEntry(next, indent)) return this.sequence(indent);
      return null;
    }
    const first = line[start]!;
    if (first === '"' || first === "'") {
      const [value, end] = this.quoted(start, indent);
      this.endOfLine(end);
      return value;
    }
    if (first === "[" || first === "{") return this.flow(start, indent);
    if (first === ">" || first === "|") return this.blockScalar(line.slice(start), indent);
    refuseUnlessPlainStart(line, start, " ");
    return this.plain(line, start, indent);
  }

  /** Only blanks and a comment may follow a value on its line: then the next line. */
  private endOfLine(end: number): void {
    const line = this.lines[this.at]!;
    let at = end;
    while (line.charCodeAt(at) === 0x20) at++;
    if (at < line.length && (at === end || line.charCodeAt(at) !== 0x23)) refuse();
    this.at++;
  }

  /** A plain scalar, and the lines indented more than `indent` that continue it, folded. */
  private plain(line: string, start: number, indent: number): unknown {
    const [first, commented] = plainPart(line, start);
    this.at++;
    if (commented) return plainValue(first);
    let folded = first;
    let breaks = 0;
    for (; this.at < this.lines.length; this.at++) {
      const next = this.lines[this.at]!;
      const nextIndent = this.indents[this.at]!;
      if (nextIndent === next.length) {
        breaks++;
        continue;
      }
      if (nextIndent <= indent) break;
      const lead = next[nextIndent]!;
      if (INDICATORS.has(lead) || lead === "-" || lead === "?" || lead === ":") refuse();
      const [part, ended] = plainPart(next, nextIndent);
      folded += breaks > 0 ? "\n".repeat(breaks) : " ";
      folded += part;
      breaks = 0;
      if (ended) {
        this.at++;
        break;
      }
    }
    // Folded, it holds a blank or a break, which no core null, boolean or number does.
    return folded === first ? plainValue(first) : own(folded);
  }

  /** A quoted scalar from `start` (its quote), over lines indented more than `indent`: its value and where it ends. */
  private quoted(start: number, indent: number): [string, number] {
    const quote = this.lines[this.at]![start]!;
    let line = this.lines[this.at]!;
    let at = start + 1;
    let value = "";
    for (;;) {
      const close = line.indexOf(quote, at);
      const backslash = quote === '"' ? line.indexOf("\\", at) : -1;
      if (backslash >= 0 && (close < 0 || backslash < close)) {
        value += line.slice(at, backslash);
        const code = line[backslash + 1];
        if (code === undefined) refuse();
        const plain = ESCAPES[code];
        if (plain !== undefined) {
          value += plain;
          at = backslash + 2;
        } else if (code === "u" || code === "x") {
          const digits = code === "u" ? 4 : 2;
          const hex = line.slice(backslash + 2, backslash + 2 + digits);
          if (!/^[0-9A-Fa-f]+$/.test(hex) || hex.length !== digits) refuse();
          value += String.fromCharCode(Number.parseInt(hex, 16));
          at = backslash + 2 + digits;
        } else refuse();
        continue;
      }
      if (close >= 0) {
        if (quote === "'" && line[close + 1] === "'") {
          value += line.slice(at, close + 1);
          at = close + 2;
          continue;
        }
        return [own(value + line.slice(at, close)), close + 1];
      }
      // The line ends inside the quotes: its trailing blanks go, and the break folds as a plain scalar's does.
      value += trimSpaces(line.slice(at));
      let breaks = 0;
      for (;;) {
        this.at++;
        if (this.at >= this.lines.length) refuse();
        line = this.lines[this.at]!;
        const lineIndent = this.indents[this.at]!;
        if (lineIndent < line.length) {
          if (lineIndent <= indent) refuse();
          at = lineIndent;
          break;
        }
        breaks++;
      }
      value += breaks > 0 ? "\n".repeat(breaks) : " ";
    }
  }

  /**
   * A flow collection (`[a, "b", [c]]`, `{key: value, other: [d]}`) from `start` (its bracket) over one line or
   * more, the lines after the first indented more than `indent`; then the rest of its last line.
   */
  private flow(start: number, indent: number): unknown {
    const cursor = { line: this.lines[this.at]!, at: start };
    const value = this.flowCollection(cursor, indent);
    this.endOfLine(cursor.at);
    return value;
  }

  /** Past blanks, onto the next lines while the line ends; a comment, a blank line or a line too little indented is left to `yaml`. */
  private flowBlank(cursor: { line: string; at: number }, indent: number): void {
    for (;;) {
      while (cursor.line.charCodeAt(cursor.at) === 0x20) cursor.at++;
      if (cursor.at < cursor.line.length) {
        if (cursor.line.charCodeAt(cursor.at) === 0x23) refuse();
        return;
      }
      this.at++;
      if (this.at >= this.lines.length) refuse();
      cursor.line = this.lines[this.at]!;
      cursor.at = this.indents[this.at]!;
      if (cursor.at === cursor.line.length || cursor.at <= indent) refuse();
    }
  }

  private flowCollection(cursor: { line: string; at: number }, indent: number, depth = 0): unknown {
    // Content nests a flow or two deep; deeper is left to `yaml`, which reports it, before the stack runs out.
    if (depth > 16) refuse();
    const close = cursor.line[cursor.at] === "[" ? "]" : "}";
    const items: unknown[] = [];
    const mapping: Record<string, unknown> = {};
    cursor.at++;
    this.flowBlank(cursor, indent);
    if (cursor.line[cursor.at] === close) {
      cursor.at++;
      return close === "]" ? items : mapping;
    }
    for (;;) {
      if (close === "]") items.push(this.flowNode(cursor, indent, depth));
      else {
        const [name, colon] = newKey(cursor.line, cursor.at, mapping);
        cursor.at = colon + 1;
        this.flowBlank(cursor, indent);
        mapping[name] = this.flowNode(cursor, indent, depth);
      }
      this.flowBlank(cursor, indent);
      const separator = cursor.line[cursor.at];
      cursor.at++;
      if (separator === close) return close === "]" ? items : mapping;
      if (separator !== ",") refuse();
      this.flowBlank(cursor, indent);
      // A trailing comma is left to `yaml`.
      if (cursor.line[cursor.at] === close) refuse();
    }
  }

  /** A value in a flow collection: a nested one, a quoted scalar or a plain one (over lines, folded). */
  private flowNode(cursor: { line: string; at: number }, indent: number, depth = 0): unknown {
    const first = cursor.line[cursor.at]!;
    if (first === "[" || first === "{") return this.flowCollection(cursor, indent, depth + 1);
    if (first === '"' || first === "'") {
      const [value, end] = this.quoted(cursor.at, indent);
      cursor.line = this.lines[this.at]!;
      cursor.at = end;
      return value;
    }
    refuseUnlessPlainStart(cursor.line, cursor.at, " ,]}");
    let item = "";
    let folded = false;
    for (;;) {
      const end = flowPlainEnd(cursor.line, cursor.at);
      item += trimSpaces(cursor.line.slice(cursor.at, end));
      cursor.at = end;
      if (end < cursor.line.length) break;
      this.flowBlank(cursor, indent);
      const next = cursor.line[cursor.at];
      if (next === "," || next === "]" || next === "}") break;
      item += " ";
      folded = true;
    }
    return folded ? own(item) : plainValue(item);
  }

  /** `>-`, `>`, `|-` or `|` (header `header`), its lines indented more than `indent`. */
  private blockScalar(header: string, indent: number): string {
    const folded = header[0] === ">";
    const chomp = trimSpaces(header.slice(1));
    if (chomp !== "" && chomp !== "-") refuse();
    this.at++;
    let contentIndent = -1;
    let widestBlank = 0;
    const lines: string[] = [];
    for (; this.at < this.lines.length; this.at++) {
      const line = this.lines[this.at]!;
      const lineIndent = this.indents[this.at]!;
      if (lineIndent === line.length) {
        // Blank lines before the first (which `>` keeps otherwise than the ones after it) are left to `yaml`.
        if (contentIndent < 0) refuse();
        widestBlank = Math.max(widestBlank, lineIndent);
        lines.push("");
        continue;
      }
      if (contentIndent < 0) {
        if (lineIndent <= indent) break;
        contentIndent = lineIndent;
      }
      if (lineIndent < contentIndent) {
        if (lineIndent > indent) refuse();
        break;
      }
      // Lines indented more than the first, which `>` keeps as they are: left to `yaml`.
      if (folded && lineIndent > contentIndent) refuse();
      lines.push(line.slice(contentIndent));
    }
    if (contentIndent < 0 || widestBlank > contentIndent) refuse();
    while (lines.at(-1) === "") lines.pop();
    let value: string;
    if (folded) {
      value = lines[0]!;
      let breaks = 0;
      for (let index = 1; index < lines.length; index++) {
        const line = lines[index]!;
        if (line === "") breaks++;
        else {
          value += (breaks > 0 ? "\n".repeat(breaks) : " ") + line;
          breaks = 0;
        }
      }
    } else value = lines.join("\n");
    return own(chomp === "-" ? value : `${value}\n`);
  }
}

function indentOf(line: string): number {
  let indent = 0;
  while (line.charCodeAt(indent) === 0x20) indent++;
  return indent;
}

/** The key that starts at `start`, and where its colon is; refused when it is none, or one the mapping has or the subset leaves to `yaml`. */
function newKey(line: string, start: number, mapping: Record<string, unknown>): [string, number] {
  const colon = keyEnd(line, start);
  if (colon < 0) refuse();
  const name = line.slice(start, colon);
  if (UNSURE_KEYS.has(name) || Object.hasOwn(mapping, name)) refuse();
  return [name, colon];
}

/**
 * Refuses a plain scalar that would start at `at` with an indicator, or with "-", "?" or ":" before one of
 * `enders` (or the line's end), which would make it something else.
 */
function refuseUnlessPlainStart(line: string, at: number, enders: string): void {
  const first = line[at]!;
  if (INDICATORS.has(first)) refuse();
  if ((first === "-" || first === "?" || first === ":") && (at + 1 === line.length || enders.includes(line[at + 1]!)))
    refuse();
}

/**
 * Where the colon of a key that starts at `start` is, or -1: a key of the subset is a word (a letter or "_", then
 * letters, digits, "_" and "-"), followed by ": " or by ":" at the line's end.
 */
function keyEnd(line: string, start: number): number {
  let at = start;
  const first = line.charCodeAt(at) | 0x20;
  if (!((first >= 0x61 && first <= 0x7a) || line.charCodeAt(at) === 0x5f)) return -1;
  for (at++; at < line.length; at++) {
    const code = line.charCodeAt(at);
    if (code === 0x3a) {
      const after = line.charCodeAt(at + 1);
      return at + 1 === line.length || after === 0x20 ? at : -1;
    }
    const lower = code | 0x20;
    if (!((lower >= 0x61 && lower <= 0x7a) || (code >= 0x30 && code <= 0x39) || code === 0x5f || code === 0x2d))
      return -1;
  }
  return -1;
}

/** Whether the line holds a sequence entry ("- …" or "-") at `indent`. */
function isEntry(line: string, indent: number): boolean {
  return line.charCodeAt(indent) === 0x2d && (indent + 1 === line.length || line.charCodeAt(indent + 1) === 0x20);
}

/** The plain text of a line from `start` to its comment or end, and whether a comment ends it. */
function plainPart(line: string, start: number): [string, boolean] {
  const comment = line.indexOf(" #", start);
  const text = trimSpaces(comment < 0 ? line.slice(start) : line.slice(start, comment));
  // A ": " or a ":" at the end would make it a key.
  if (text.includes(": ") || text.endsWith(":")) refuse();
  return [text, comment >= 0];
}

/** Where a plain scalar in a flow collection ends on its line: its ",", "]" or "}", else the line's end. */
function flowPlainEnd(line: string, start: number): number {
  for (let at = start; at < line.length; at++) {
    const code = line.charCodeAt(at);
    if (code === 0x2c || code === 0x5d || code === 0x7d) return at;
    // "[", "{", a "#" after a blank, a ":" before a blank or flow indicator: left to `yaml`.
    if (code === 0x5b || code === 0x7b) refuse();
    if (code === 0x23 && line.charCodeAt(at - 1) === 0x20) refuse();
    if (code === 0x3a && /[ ,\]}]/.test(line[at + 1] ?? " ")) refuse();
  }
  return line.length;
}

/** Without its trailing spaces (YAML's blanks; trimEnd() would take Unicode's spaces too). */
function trimSpaces(text: string): string {
  let end = text.length;
  while (text.charCodeAt(end - 1) === 0x20) end--;
  return end === text.length ? text : text.slice(0, end);
}

/**
 * The string as a copy of its own: V8 keeps a substring, and a string joined from substrings, as references into
 * its parent, so that the data would keep every file's whole text (an answer's body included) in memory until the
 * build ends. A string joined to another is made flat when it is sliced, and the slice refers to that copy.
 */
function own(text: string): string {
  return text.length < 13 ? text : ` ${text}`.slice(1);
}
