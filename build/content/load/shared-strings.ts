/**
 * One copy of each short string in parsed content. A parse that comes from a worker thread, or from the build
 * cache's file, is a structured clone: every tag, date, status, slug and source id in it is a string of its own
 * (at 100,000 answers some two million strings, four in five of them repeats, about 60 MB). Short strings are
 * the ones that repeat; a title or a digest is rarely shared and is left alone.
 */

/** Strings longer than this are kept as they are. */
const SHARED_LENGTH = 64;

/**
 * Whether the parses of this many content files are worth sharing strings in: at 10,000 files the copies are some
 * 6 MB of heap (a build's peak some 10 MB higher, under 300 MB where its target is 400), which sharing took 120-150
 * ms of a build to save; at 100,000, some 60 MB of a peak near its target.
 */
export function worthSharing(files: number): boolean {
  return files >= 50_000;
}

/** Replaces, in place, each short string in `values` (plain data: objects, arrays) with one copy of it. */
export function shareStrings<T>(values: readonly T[]): void {
  const table = new Map<string, string>();
  const share = (value: unknown): unknown => {
    if (typeof value === "string") {
      if (value.length > SHARED_LENGTH) return value;
      const known = table.get(value);
      if (known !== undefined) return known;
      table.set(value, value);
      return value;
    }
    if (Array.isArray(value)) {
      for (let at = 0; at < value.length; at++) value[at] = share(value[at]);
    } else if (value !== null && typeof value === "object" && !ArrayBuffer.isView(value)) {
      const record = value as Record<string, unknown>;
      for (const key of Object.keys(record)) record[key] = share(record[key]);
    }
    return value;
  };
  for (const value of values) share(value);
}
