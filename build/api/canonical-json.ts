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
