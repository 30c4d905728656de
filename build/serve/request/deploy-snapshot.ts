/**
 * What an edge entry reads from its own deploy (the CDN in production, dist/ locally), kept while the deploy
 * stays the same: the health file's content digest is checked at most every few seconds, so a new deploy or
 * a local rebuild is picked up without a restart. Pure web APIs: it runs under Deno and in the local server.
 */
import { utf8Text } from "../../contract/bytes.ts";
import { HEALTH_FILE } from "../../contract/layout.ts";

/**
 * A prebuilt file's bytes by its root-relative path, or undefined when there is none (404). Bytes, not text: the
 * answers' files are spliced into responses as they are, and decoding a page of them to a string (a two-byte one,
 * for a few non-ASCII characters) was the largest cost of a cold query under Deno; text is read with `textOf`.
 */
export type ReadFile = (path: string) => Promise<Uint8Array<ArrayBuffer> | undefined>;

/** A file's text (UTF-8, as `Response.text()` reads it), or undefined for a file that is not there. */
export function textOf(bytes: Uint8Array | undefined): string | undefined {
  return bytes && utf8Text(bytes);
}

/** The origin failed, hung, or gave something unreadable: the request is answered 503, and nothing is kept. */
export class OriginError extends Error {
  override name = "OriginError";
}

/**
 * How often an entry looks at the deploy's digest again, and by which clock. At the edge a deploy changes rarely:
 * every 5 s. The local server sees a rebuild within a quarter of a second and sets its own (createLocalServer sets `snapshotTiming`);
 * tests move its clock instead of waiting. One per process, as the entries that keep snapshots are.
 */
export const snapshotTiming = { recheckMs: 5000, now: (): number => Date.now() };
/** A read that takes longer has failed: far inside the 40 s Netlify gives an edge function to start its response. */
const ORIGIN_READ_TIMEOUT_MS = 4000;

/**
 * Origins this process serves itself, with a reader of their files: the local server registers each origin it answers
 * for, so that its edge entries read their deploy from its files, not over HTTP through the server's own event loop
 * (busy with a dev loop's build while it is made). Netlify's edge runs none: there the deploy is fetched.
 */
export const ownOrigins = new Map<string, ReadFile>();

/**
 * Reads files of one origin with `fetch` (or, for an origin of this process, from its files): a 404 is undefined;
 * any other failure, or a hang, is an OriginError.
 */
export function originReader(origin: string): ReadFile {
  const own = ownOrigins.get(origin);
  if (own) return own;
  return async (path) => {
    // A timer of the read's own, cleared when the read is over: AbortSignal.timeout's fires, and makes its error,
    // whether the read is over or not, a few seconds later in an isolate busy with other requests (a cold q reads
    // over a hundred files).
    const controller = new AbortController();
    const timer = setTimeout(
      () => controller.abort(new DOMException("The read took too long", "TimeoutError")),
      ORIGIN_READ_TIMEOUT_MS,
    );
    try {
      let response: Response;
      try {
        response = await fetch(new URL(path, origin), { signal: controller.signal });
      } catch (error) {
        throw new OriginError(`reading ${path} failed: ${error instanceof Error ? error.message : String(error)}`);
      }
      if (!response.ok) {
        // A body not read is let go at once, not when the collector finds it.
        await response.body?.cancel().catch(() => undefined);
        if (response.status === 404) return undefined;
        throw new OriginError(`reading ${path} gave status ${response.status}`);
      }
      try {
        return new Uint8Array(await response.arrayBuffer());
      } catch (error) {
        throw new OriginError(
          `reading ${path} failed midway: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    } finally {
      clearTimeout(timer);
    }
  };
}

/**
 * `make` turns a reader of one origin into what the entry needs; one value is kept per origin and deploy.
 * `fresh` drops what is kept (after files of two builds were met) and reads the deploy's digest again.
 * `meanwhile`: what requests get while a new deploy's value is made, once an earlier deploy's was (an entry that
 * can hand a request on rather than wait: a dev loop's urls.txt is made only after every other file).
 */
export function deploySnapshots<T>(
  make: (read: ReadFile) => T,
  options: { meanwhile?: () => Awaited<T> } = {},
): (origin: string, fresh?: boolean) => Promise<Awaited<T>> {
  // `made`: the value is ready; `followed`: it replaced an earlier deploy's (else requests wait for it, meanwhile or not).
  const kept = new Map<string, { value: T; digest: string; checkedAt: number; made: boolean; followed: boolean }>();
  const waitFor = (entry: { value: T; made: boolean; followed: boolean }): Awaited<T> | Promise<Awaited<T>> =>
    !entry.made && entry.followed && options.meanwhile ? options.meanwhile() : (entry.value as Promise<Awaited<T>>);
  // One look at a deploy's digest at a time per origin: the requests that come meanwhile wait for it, rather than
  // each reading the digest and, when it is new, each making its own value (a burst of requests after a deploy,
  // or a client polling a dev loop, read urls.txt once each).
  const looking = new Map<string, Promise<T>>();
  const look = async (origin: string): Promise<T> => {
    const known = kept.get(origin);
    const read = originReader(origin);
    const digest = await deployDigest(read);
    if (known && known.digest === digest) {
      known.checkedAt = snapshotTiming.now();
      return waitFor(known) as T;
    }
    const value = make(read);
    const entry = {
      value,
      digest,
      checkedAt: snapshotTiming.now(),
      made: !(value instanceof Promise),
      followed: known !== undefined,
    };
    kept.set(origin, entry);
    if (value instanceof Promise)
      value.then(
        () => (entry.made = true),
        // A value still loading that fails is not kept: the next request tries again.
        () => kept.get(origin) === entry && kept.delete(origin),
      );
    return waitFor(entry) as T;
  };
  return async (origin, fresh = false): Promise<Awaited<T>> => {
    if (fresh) kept.delete(origin);
    const known = kept.get(origin);
    if (known && snapshotTiming.now() - known.checkedAt < snapshotTiming.recheckMs) return await waitFor(known);
    let pending = looking.get(origin);
    if (!pending) {
      pending = look(origin).finally(() => looking.delete(origin));
      looking.set(origin, pending);
    }
    return await pending;
  };
}

async function deployDigest(read: ReadFile): Promise<string> {
  const health = textOf(await read(HEALTH_FILE));
  if (health === undefined) throw new OriginError(`${HEALTH_FILE} is missing`);
  try {
    return String((JSON.parse(health) as { content_digest?: unknown }).content_digest);
  } catch {
    throw new OriginError(`${HEALTH_FILE} is not complete JSON`);
  }
}
