const encoder = new TextEncoder();

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
 * canonicalJson(value) as it stands inside a container at a depth: every line after the first indented by `indent`,
 * no final newline (a collection page's item).
 */
export function canonicalJsonAt(value: unknown, indent: string): string {
  return indented(sortKeys(value), indent);
}

/**
 * The value with its keys in canonical order, copied only where they were not: a value written into several files
 * (an answer: its own file, its page's item, its NDJSON line) is sorted once, and each serialisation finds it in order.
 */
export function canonicalOrder<Value>(value: Value): Value {
  return sortKeys(value) as Value;
}

/**
 * canonicalJson(value) as UTF-8 bytes: a computed `q` response's own part (its links and meta, the hits'
 * explanations: some 100 KB at 100 answers). A writer of our own put the bytes straight into a reused buffer, making
 * fewer objects, yet with it Node ran 148 full collections in 3,000 warm calls against 10 this way (--trace-gc, the
 * cause not found). Under Deno, where the edge answers, its warm p99 was twice this one's (2.9 against
 * 1.5 ms at 10,000 answers, medians of five runs alternated, the p50 alike). Measured again on 2026-11-30 against
 * this encoding: under Deno and Node 26 the p99s alike, this p50 lower; under Node 20 that writer's far lower (0.8
 * and 2.0 against 1.5 and 8-9 ms). That was Node 20 encoding a two-byte text slowly (the search texts' line mark
 * made every snippet two-byte, answer-fields.ts): with one-byte text this is 0.4 and 1.5 ms there.
 */
export function canonicalJsonBytes(value: unknown): Uint8Array<ArrayBuffer> {
  const text = JSON.stringify(sortKeys(value), null, 2);
  // The text is encoded as JSON.stringify made it and its newline added as a byte: joined first, it was a rope that
  // encoding copied whole (at 100,000 answers a question's part is 95 KB). Its length is its UTF-8 length when ASCII.
  let bytes = new Uint8Array(text.length + 1);
  let { read, written } = encoder.encodeInto(text, bytes);
  if (read < text.length || written === bytes.length) {
    // Not ASCII: the rest into room for the most UTF-8 takes, 3 bytes a code unit.
    const larger = new Uint8Array(written + (text.length - read) * 3 + 1);
    larger.set(bytes.subarray(0, written));
    written += encoder.encodeInto(text.slice(read), larger.subarray(written)).written;
    bytes = larger;
  }
  bytes[written] = 0x0a;
  return bytes.subarray(0, written + 1);
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
