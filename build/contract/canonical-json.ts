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
    const keys = Object.keys(value);
    const record = value as Record<string, unknown>;
    if (Object.getPrototypeOf(value) === Object.prototype && inOrder(keys)) {
      let copy: Record<string, unknown> | undefined;
      for (let at = 0; at < keys.length; at++) {
        const child = record[keys[at]!];
        const sorted = child === undefined ? undefined : sortKeys(child);
        if (!copy && (child === undefined || sorted !== child)) {
          copy = {};
          for (let before = 0; before < at; before++) copy[keys[before]!] = record[keys[before]!];
        }
        if (copy && sorted !== undefined) copy[keys[at]!] = sorted;
      }
      return copy ?? value;
    }
    const sorted: Record<string, unknown> = {};
    for (const key of keys.sort()) {
      const child = record[key];
      if (child !== undefined) sorted[key] = sortKeys(child);
    }
    return sorted;
  }
  return value;
}

function inOrder(keys: readonly string[]): boolean {
  for (let at = 1; at < keys.length; at++) if (keys[at - 1]! > keys[at]!) return false;
  return true;
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
