/**
 * The one serialisation of every JSON file the build writes: keys sorted by code unit at every depth,
 * two-space indentation, a final newline. Sorted keys make the files diff cleanly and make two builds of the
 * same content byte-identical whatever order the code assembled the objects in.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value), null, 2) + "\n";
}

/** The same form on one line (keys sorted, no indentation, a final newline): a line of an NDJSON file. */
export function canonicalJsonLine(value: unknown): string {
  return JSON.stringify(sortKeys(value)) + "\n";
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value !== null && typeof value === "object") {
    const sorted: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) {
      const child = (value as Record<string, unknown>)[key];
      if (child !== undefined) sorted[key] = sortKeys(child);
    }
    return sorted;
  }
  return value;
}
