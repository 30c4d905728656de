/**
 * The one serialisation of every JSON file the build writes: keys sorted by code unit at every depth,
 * two-space indentation, a final newline. Sorted keys make the files diff cleanly and make two builds of the
 * same content byte-identical whatever order the code assembled the objects in.
 */
export function canonicalJson(value: unknown): string {
  return `${JSON.stringify(sortKeys(value), null, 2)}\n`;
}

/** The same form on one line (keys sorted, no indentation, a final newline): a line of an NDJSON file. */
export function canonicalJsonLine(value: unknown): string {
  return `${JSON.stringify(sortKeys(value))}\n`;
}

/**
 * canonicalJson(value) as UTF-8 bytes, written straight into them: no text of the whole is made. A computed `q`
 * response's own part (its links and meta, the hits' explanations: some 60 KB at 100 answers) was JSON.stringify's
 * text, flattened by a slice and copied again as it was encoded, and half of what a warm call allocated.
 */
export function canonicalJsonBytes(value: unknown): Uint8Array<ArrayBuffer> {
  bytes.at = 0;
  writeJson(sortKeys(value), "");
  bytes.byte(0x0a);
  const written = bytes.buffer.slice(0, bytes.at);
  // A buffer grown for a large value is not kept for the small ones after it.
  if (bytes.buffer.length > KEPT_BUFFER_BYTES) bytes.buffer = new Uint8Array(KEPT_BUFFER_BYTES);
  return written;
}

const KEPT_BUFFER_BYTES = 1024 * 1024;

/** The one buffer canonicalJsonBytes writes into (nothing awaits within a call), copied out at its end. */
const bytes = {
  buffer: new Uint8Array(64 * 1024) as Uint8Array<ArrayBuffer>,
  at: 0,
  room(length: number) {
    if (this.at + length <= this.buffer.length) return;
    const grown = new Uint8Array(Math.max(this.buffer.length * 2, this.at + length));
    grown.set(this.buffer.subarray(0, this.at));
    this.buffer = grown;
  },
  byte(code: number) {
    this.room(1);
    this.buffer[this.at++] = code;
  },
  /** Text of ASCII characters only, as it is. */
  ascii(text: string) {
    this.room(text.length);
    for (let at = 0; at < text.length; at++) this.buffer[this.at++] = text.charCodeAt(at);
  },
  /**
   * A string as JSON.stringify writes it: quoted, escaped, as UTF-8. A long one that needs no escape is encoded
   * natively (the snippets and titles of a q response: byte by byte, they were a third of a warm call); a short one
   * byte by byte here, where the encoder's call and the view it writes into would cost more than the loop.
   */
  string(text: string) {
    if (text.length >= NATIVE_LENGTH && !NEEDS_ESCAPE.test(text)) {
      this.room(text.length * 3 + 2);
      this.buffer[this.at++] = 0x22;
      this.at += ENCODER.encodeInto(text, this.buffer.subarray(this.at)).written;
      this.buffer[this.at++] = 0x22;
    } else if (!this.asciiString(text)) this.text(JSON.stringify(text));
  },
  /**
   * An ASCII string as JSON.stringify writes it: quoted, its quotes, backslashes and control characters escaped.
   * False, and nothing written, for a string that is not ASCII.
   */
  asciiString(text: string): boolean {
    this.room(text.length * 6 + 2);
    const buffer = this.buffer;
    let at = this.at;
    buffer[at++] = 0x22;
    for (let index = 0; index < text.length; index++) {
      const code = text.charCodeAt(index);
      if (code >= 0x20 && code !== 0x22 && code !== 0x5c) {
        if (code >= 0x80) return false;
        buffer[at++] = code;
        continue;
      }
      buffer[at++] = 0x5c;
      const short = SHORT_ESCAPES[code]!;
      if (short !== 0) buffer[at++] = short;
      else {
        // A \u00XX escape, its digits in lower case as JSON.stringify writes them.
        buffer[at++] = 0x75;
        buffer[at++] = 0x30;
        buffer[at++] = 0x30;
        buffer[at++] = HEX[code >> 4]!;
        buffer[at++] = HEX[code & 15]!;
      }
    }
    buffer[at++] = 0x22;
    this.at = at;
    return true;
  },
  /** A whole number from 0 to 2^53 − 1, its digits as JSON.stringify writes them (without a string made of them). */
  digits(value: number) {
    let length = 1;
    for (let rest = value; rest >= 10; rest = Math.floor(rest / 10)) length++;
    this.room(length);
    let rest = value;
    for (let at = this.at + length - 1; at >= this.at; at--) {
      this.buffer[at] = 0x30 + (rest % 10);
      rest = Math.floor(rest / 10);
    }
    this.at += length;
  },
  /** Any text, as UTF-8. */
  text(text: string) {
    if (PLAIN_ASCII.test(text)) return this.ascii(text);
    this.room(text.length * 3);
    this.at += ENCODER.encodeInto(text, this.buffer.subarray(this.at)).written;
  },
};

const ENCODER = new TextEncoder();
/** Printable ASCII: text of it is written as it is. */
const PLAIN_ASCII = /^[\x20-\x7e]*$/;
/** The length from which a string is encoded natively (bytes.string): the two ways cost the same at about 40 in Node 20. */
const NATIVE_LENGTH = 40;
/** What JSON.stringify escapes, and surrogates (a lone one is escaped; any makes the string take the long way). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the controls JSON escapes are the point.
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;
/** The letter of each escape JSON.stringify writes as a backslash and one letter, by character code (else 0). */
const SHORT_ESCAPES = new Uint8Array(128);
for (const [character, letter] of ["\bb", "\tt", "\nn", "\ff", "\rr", '""', "\\\\"])
  SHORT_ESCAPES[character!.charCodeAt(0)] = letter!.charCodeAt(0);
const HEX = [..."0123456789abcdef"].map((digit) => digit.charCodeAt(0));
/** Indentation by depth, each made once: a string made per container was a tenth of what a q response allocated. */
const INDENTS: string[] = [""];
const indentBelow = (indent: string) => (INDENTS[indent.length / 2 + 1] ??= `${indent}  `);

/** JSON.stringify(value, null, 2) at a depth of `indent`, for a value sortKeys gave (every object in key order). */
function writeJson(value: unknown, indent: string): void {
  if (typeof value === "string") bytes.string(value);
  else if (typeof value === "number" && value >= 0 && Number.isSafeInteger(value)) {
    // A response's explanations hold thousands of whole numbers (the snippets' ranges): a string each was a sixth
    // of what a warm q call allocated.
    bytes.digits(value);
  } else if (value === null || typeof value !== "object") {
    // JSON.stringify's own text of a scalar; what JSON cannot show (undefined, a function) stands as null in an array
    // (an object's such members are left out below).
    bytes.ascii(JSON.stringify(value) ?? "null");
  } else if (typeof (value as { toJSON?: unknown }).toJSON === "function") bytes.text(indented(value, indent));
  else if (Array.isArray(value)) writeArray(value, indent);
  else writeObject(value as Record<string, unknown>, indent);
}

function writeArray(value: readonly unknown[], indent: string): void {
  if (value.length === 0) {
    bytes.ascii("[]");
    return;
  }
  const inner = indentBelow(indent);
  for (let at = 0; at < value.length; at++) {
    bytes.ascii(at === 0 ? "[\n" : ",\n");
    bytes.ascii(inner);
    writeJson(value[at], inner);
  }
  bytes.byte(0x0a);
  bytes.ascii(indent);
  bytes.byte(0x5d);
}

function writeObject(value: Record<string, unknown>, indent: string): void {
  const inner = indentBelow(indent);
  let first = true;
  // sortKeys gives plain objects only, whose enumerable keys are their own.
  for (const key in value) {
    const member = value[key];
    if (member === undefined || typeof member === "function" || typeof member === "symbol") continue;
    bytes.ascii(first ? "{\n" : ",\n");
    first = false;
    bytes.ascii(inner);
    writeJson(key, inner);
    bytes.ascii(": ");
    writeJson(member, inner);
  }
  if (first) {
    bytes.ascii("{}");
    return;
  }
  bytes.byte(0x0a);
  bytes.ascii(indent);
  bytes.byte(0x7d);
}

/**
 * The value with every object's keys in code-unit order. What is already in order (a plain object whose keys
 * are sorted and defined, an array of such values) is given back as it is, not copied: JSON.stringify writes
 * it alike, and a response's many small objects are not made twice.
 */
function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let at = 0; at < value.length; at++) {
      const item = value[at];
      const sorted = sortKeys(item);
      if (sorted !== item && !copy) copy = value.slice(0, at);
      copy?.push(sorted);
    }
    return copy ?? value;
  }
  if (value !== null && typeof value === "object") {
    const record = value as Record<string, unknown>;
    if (Object.getPrototypeOf(value) === Object.prototype) {
      // Keys in order are found in one pass, without an array of them (a response's many small objects).
      const kept = inOrderCopy(record);
      if (kept !== undefined) return kept;
    }
    const keys = Object.keys(value);
    const sorted: Record<string, unknown> = {};
    for (const key of keys.sort()) {
      const child = record[key];
      if (child !== undefined) sorted[key] = sortKeys(child);
    }
    return sorted;
  }
  return value;
}

/**
 * A plain object whose keys are in order: itself, or a copy where a member is undefined or changed below (its members
 * sorted); undefined when its keys are not in order. (A plain object has no enumerable key but its own.)
 */
function inOrderCopy(record: Record<string, unknown>): Record<string, unknown> | undefined {
  let previous: string | undefined;
  let copy: Record<string, unknown> | undefined;
  for (const key in record) {
    if (previous !== undefined && previous > key) return undefined;
    previous = key;
    const child = record[key];
    const sorted = child === undefined ? undefined : sortKeys(child);
    if (!copy && (child === undefined || sorted !== child)) {
      copy = {};
      for (const before in record) {
        if (before === key) break;
        copy[before] = record[before];
      }
    }
    if (copy && sorted !== undefined) copy[key] = sorted;
  }
  return copy ?? record;
}

/**
 * canonicalJson(value) in pieces made as they are asked for: a file that grows with the collection (the changelog)
 * is written without its whole text, or a copy of it, in memory. Joined, the pieces are canonicalJson(value) byte
 * for byte: every container with members is opened and closed here as JSON.stringify(…, null, 2) would, and each
 * scalar, and each small container without containers in it, is that call's own output, indented to its depth
 * (JSON text holds no raw line break but between tokens).
 */
export function* canonicalJsonPieces(value: unknown): Generator<string> {
  yield* jsonPieces(sortKeys(value), "");
  yield "\n";
}

/** Members of a container past which it is written member by member, not in one JSON.stringify call. */
const SPLIT_MEMBERS = 8;

function* jsonPieces(value: unknown, indent: string): Generator<string> {
  if (value === null || typeof value !== "object" || typeof (value as { toJSON?: unknown }).toJSON === "function") {
    yield JSON.stringify(value, null, 2) ?? "null";
    return;
  }
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    if (value.length === 0) return yield "[]";
    if (value.length < SPLIT_MEMBERS && !value.some(isContainer)) return yield indented(value, indent);
    for (let at = 0; at < value.length; at++) {
      yield `${at === 0 ? "[" : ","}\n${inner}`;
      // A member JSON cannot show (undefined, a function) is null in an array: JSON.stringify's own answer below.
      yield* jsonPieces(value[at], inner);
    }
    return yield `\n${indent}]`;
  }
  const record = value as Record<string, unknown>;
  // A member that is a function or a symbol is left out, as JSON.stringify leaves it (sortKeys may keep it).
  const keys = Object.keys(record).filter(
    (key) => typeof record[key] !== "function" && typeof record[key] !== "symbol",
  );
  if (keys.length === 0) return yield "{}";
  if (keys.length < SPLIT_MEMBERS && !keys.some((key) => isContainer(record[key])))
    return yield indented(value, indent);
  for (let at = 0; at < keys.length; at++) {
    yield `${at === 0 ? "{" : ","}\n${inner}${JSON.stringify(keys[at])}: `;
    yield* jsonPieces(record[keys[at]!], inner);
  }
  yield `\n${indent}}`;
}

function isContainer(value: unknown): boolean {
  return value !== null && typeof value === "object";
}

/** JSON.stringify(value, null, 2) as written at a depth of `indent`. */
function indented(value: unknown, indent: string): string {
  const text = JSON.stringify(value, null, 2);
  return indent === "" ? text : text.replaceAll("\n", `\n${indent}`);
}
