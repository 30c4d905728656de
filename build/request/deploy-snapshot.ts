/**
 * What an edge entry reads from its own deploy (the CDN in production, dist/ locally), kept while the deploy
 * stays the same: the health file's content digest is checked at most every few seconds, so a new deploy or
 * a local rebuild is picked up without a restart. Pure web APIs: it runs under Deno and in the local server.
 */
import { HEALTH_FILE } from "../api/layout.ts";

/** A prebuilt file's text by its root-relative path, or undefined when there is none. */
export type ReadText = (path: string) => Promise<string | undefined>;

const RECHECK_MS = 5000;

/** `make` turns a reader of one origin into what the entry needs; one value is kept per origin and digest. */
export function deploySnapshots<T>(make: (readText: ReadText) => T): (origin: string) => Promise<T> {
  const kept = new Map<string, { value: T; digest: string; checkedAt: number }>();
  return async (origin) => {
    const readText: ReadText = async (path) => {
      const response = await fetch(new URL(path, origin));
      return response.ok ? await response.text() : undefined;
    };
    const known = kept.get(origin);
    if (known && Date.now() - known.checkedAt < RECHECK_MS) return known.value;
    const health = await readText(HEALTH_FILE);
    const digest = health ? String((JSON.parse(health) as { content_digest?: string }).content_digest) : "";
    if (known && known.digest === digest) {
      known.checkedAt = Date.now();
      return known.value;
    }
    const value = make(readText);
    kept.set(origin, { value, digest, checkedAt: Date.now() });
    // A value still loading that fails is not kept: the next request tries again.
    if (value instanceof Promise) value.catch(() => kept.get(origin)?.value === value && kept.delete(origin));
    return value;
  };
}
