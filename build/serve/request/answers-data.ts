/**
 * What the answers query reads, from the prebuilt files only: the search index, the collection's pages (for
 * the page size and count, and for the answers' prebuilt bytes), an answer's own file, and the root resource
 * (for the versioning headers). `read` is the only way in, so the same code reads from the CDN at the edge
 * (fetch) and from dist/ locally. Each file is read and parsed once per AnswersData; make a new one when the
 * files change. The answers' files are kept as bytes and never decoded whole: a response splices views of them,
 * and explaining a hit decodes only the few members it reads.
 *
 * Every file read must be of the search index's build: a response is made from one build only. A page or the root
 * resource must carry the index's content digest; an answer's own file carries the answer's, whose fingerprint the
 * index records. A file of another build is a MixedDeployError (the caller reloads once); a missing, failed or
 * malformed read is an OriginError. A failed read is never remembered.
 */
import { bytesAt, indexOfBytes, lastIndexOfBytes, utf8, utf8Text } from "../../contract/bytes.ts";
import {
  collectionPageUrl,
  pageCountOf,
  pageItemFragments,
  singleItemFragment,
  type EnvelopeMeta,
} from "../../contract/envelope.ts";
import { answerPath, collectionPath, ROOT_RESOURCE_FILE } from "../../contract/layout.ts";
import type { VersioningPolicy } from "../../contract/versioning.ts";
import { answerSearchTexts, type SearchableAnswer } from "../../search/answer-fields.ts";
import { prepareAnswer, type PreparedAnswer } from "../../search/explain.ts";
import { SearchFileError, SearchFiles } from "../../search/search-files.ts";
import { BoundedCache } from "../../search/bounded-cache.ts";
import { SearchReader } from "../../search/search-reader.ts";
import { lowerBound } from "../../search/text-match.ts";
import { answerFingerprint } from "../../search/search-format.ts";
import { OriginError, type ReadFile } from "./deploy-snapshot.ts";

export type { ReadFile };

/** Files of two builds met in one response: the deploy changed while it was being read. */
export class MixedDeployError extends OriginError {}

/** One answer as the UTF-8 it has inside a collection's `data` array (a view of its file), with what identifies it. */
export interface AnswerFragment {
  bytes: Uint8Array<ArrayBuffer>;
  digest: string;
}

export async function sha256Hex(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  let hex = "";
  for (const byte of digest) hex += byte.toString(16).padStart(2, "0");
  return hex;
}

// An envelope's meta follows its data, and no string inside the data can hold an unescaped quote: the last
// occurrence of this key is the meta's.
const DIGEST_KEY = utf8('"content_digest": "');
const QUOTE = 0x22;
const META_KEY = utf8('\n  "meta": ');

/** The content digest an envelope file's meta (or the root resource) carries, read without parsing the file. */
function carriedDigest(bytes: Uint8Array): string | undefined {
  const at = lastIndexOfBytes(bytes, DIGEST_KEY);
  if (at < 0) return undefined;
  const end = bytes.indexOf(QUOTE, at + DIGEST_KEY.length);
  return end < 0 ? undefined : utf8Text(bytes.subarray(at + DIGEST_KEY.length, end));
}

/** The same of a file read, which must be there and complete. */
function carriedDigestOf(path: string, bytes: Uint8Array | undefined): string {
  if (bytes === undefined) throw new OriginError(`${path} is missing`);
  const carried = carriedDigest(bytes);
  if (carried === undefined) throw new OriginError(`${path} is not complete`);
  return carried;
}

type Bytes = Uint8Array<ArrayBuffer>;

/** How many answers are kept prepared for explaining hits. */
const KEPT_PREPARED = 2000;
/**
 * How many bytes of files (and what is made of them) are kept, the most recently used: a long-lived isolate or
 * local server paging through a large collection otherwise kept every answer file it had read (270 MB after 300
 * pages of 100 scattered hits at 100,000 answers).
 */
const KEPT_BYTES = 64 * 1024 * 1024;

export class AnswersData {
  /** What is being read. */
  private readonly pending = new Map<string | number, Promise<unknown>>();
  private readonly prepared = new Map<string, PreparedAnswer>();
  /** What has been read, at hand without a promise (a promise per answer was a sixth of the garbage a warm query left), weighed by its bytes. */
  private readonly settled: BoundedCache<unknown, string | number>;
  /** The search index, read through the same checks as every other file. */
  readonly search: SearchReader;

  constructor(
    readonly read: ReadFile,
    { keptBytes = KEPT_BYTES }: { keptBytes?: number } = {},
  ) {
    this.settled = new BoundedCache(keptBytes);
    const files = new SearchFiles((path) => this.read(path));
    // The index's own errors, as this module's: another build's file is reloaded once, anything else is the origin's fault.
    const checked = <T>(read: () => Promise<T>) =>
      read().catch((error: unknown) => {
        if (error instanceof SearchFileError)
          throw error.otherBuild ? new MixedDeployError(error.message) : new OriginError(error.message);
        throw error;
      });
    this.search = new SearchReader({
      map: () => checked(() => files.map()),
      terms: (shard) => checked(() => files.terms(shard)),
      documents: (chunk) => checked(() => files.documents(chunk)),
      prefix: (initial) => checked(() => files.prefix(initial)),
      suggestions: () => checked(() => files.suggestions()),
    });
  }

  /** The content digest of the build the search index's map is of: every file read must carry it. */
  contentDigest(): Promise<string> {
    return this.search.contentDigest();
  }

  /**
   * `load`'s value, read once and kept under `key`: a file's by a prefixed path ("bytes:/api/…", each key but these
   * holds a colon), an answer's fragment by its slug, a page's fragments by its number, so that a page of hits makes
   * no key string per hit (a hundred a warm call).
   */
  private remember<T>(key: string | number, load: () => Promise<T>): Promise<T> {
    const settled = this.settled.get(key) as T | undefined;
    if (settled !== undefined) return Promise.resolve(settled);
    let pending = this.pending.get(key) as Promise<T> | undefined;
    if (!pending) {
      pending = load();
      // A failed read is not remembered: the next request tries again.
      pending.then(
        (value) => {
          this.pending.delete(key);
          this.settled.set(key, value, weightOf(value));
        },
        () => this.pending.delete(key),
      );
      this.pending.set(key, pending);
    }
    return pending;
  }

  /** What `remember` has read under `key`, or undefined while it is being read or was never asked for. */
  private remembered<T>(key: string | number): T | undefined {
    return this.settled.get(key) as T | undefined;
  }

  /** A prebuilt file's exact bytes, checked to carry the index's content digest. */
  private checkedBytes(path: string): Promise<Bytes> {
    return this.remember(`bytes:${path}`, async () => {
      const [bytes, digest] = await Promise.all([this.read(path), this.contentDigest()]);
      const carried = carriedDigestOf(path, bytes);
      if (carried !== digest)
        throw new MixedDeployError(`${path} is of build ${carried}, the search index of ${digest}`);
      return bytes!;
    });
  }

  /** The exact bytes of the answer's own file, checked to hold the answer the index (at `position`) was built with. */
  private answerBytes(slug: string, position: number): Promise<Bytes> {
    const path = answerPath(slug);
    return this.remember(`bytes:${path}`, async () => {
      const [bytes, fingerprint] = await Promise.all([this.read(path), this.search.fingerprintAt(position)]);
      const carried = carriedDigestOf(path, bytes);
      if (answerFingerprint(carried) !== fingerprint)
        throw new MixedDeployError(
          `${path} holds the answer of digest ${carried}, the search index one of ${fingerprint}…`,
        );
      return bytes!;
    });
  }

  /**
   * A prebuilt file's exact bytes, with their digest (for its ETag), checked to be of the index's build (by
   * `checked`: checkedBytes unless said otherwise).
   */
  async file(path: string, checked = () => this.checkedBytes(path)): Promise<{ bytes: Bytes; digest: string }> {
    // The bytes are kept by `checked`; only their digest is kept here.
    const bytes = await checked();
    return { bytes, digest: await this.remember(`digest:${path}`, () => sha256Hex(bytes)) };
  }

  /** A prebuilt file's JSON, checked as `file` checks it. */
  json<T>(path: string): Promise<T> {
    return this.remember(`json:${path}`, async () => JSON.parse(utf8Text(await this.checkedBytes(path))) as T);
  }

  /** The collection's meta (page size and count), from the tail of its first page: the answers before it are not parsed. */
  collectionMeta(): Promise<EnvelopeMeta> {
    return this.remember("meta:collection", async () => {
      const bytes = await this.checkedBytes(collectionPath("answers"));
      const at = lastIndexOfBytes(bytes, META_KEY);
      if (at < 0) throw new OriginError(`${collectionPath("answers")} has no meta`);
      return (JSON.parse(`{${utf8Text(bytes.subarray(at))}`) as { meta: EnvelopeMeta }).meta;
    });
  }

  /** The versioning block of the root resource: its dates become the Deprecation and Sunset headers of computed responses. */
  async versioning(): Promise<VersioningPolicy> {
    return (await this.json<{ versioning: VersioningPolicy }>(ROOT_RESOURCE_FILE)).versioning;
  }

  /** An answer's own file (what `?slug=` alone answers with); `position` is the slug's in the index. */
  answerFile(slug: string, position: number): Promise<{ bytes: Bytes; digest: string }> {
    return this.file(answerPath(slug), () => this.answerBytes(slug, position));
  }

  /** Page `page` of the prebuilt collection (what `?page=` alone answers with). */
  async collectionPage(page: number): Promise<{ bytes: Bytes; digest: string }> {
    const meta = await this.collectionMeta();
    return this.file(collectionPageUrl("answers", meta.page_count)(page));
  }

  /**
   * The answers with these slugs and positions (all in the index), in the order given, as prebuilt text. Where a page
   * holds many of them (a quarter of that page's answers or more), they are taken from the page: one read for many
   * answers. Answers scattered over many pages come from their own files, so that a rare word does not read a
   * hundred whole pages.
   */
  async fragments(answers: ReadonlyArray<{ slug: string; position: number }>): Promise<AnswerFragment[]> {
    const [pageSize, answerCount] = await Promise.all([this.search.pageSize(), this.search.answers()]);
    // How many hits each page holds, by a sorted copy of their pages (a Map of them grew and rehashed each call).
    const pages = new Int32Array(answers.length);
    for (let at = 0; at < answers.length; at++) pages[at] = Math.floor(answers[at]!.position / pageSize) + 1;
    pages.sort();
    const hitsOn = (page: number) => lowerBound(pages, page + 1) - lowerBound(pages, page);
    // What was read before is taken as it is (remembered), not through a promise each.
    const found: AnswerFragment[] = new Array(answers.length);
    const reads: Array<Promise<void>> = [];
    answers.forEach(({ slug, position }, at) => {
      const page = Math.floor(position / pageSize) + 1;
      if (hitsOn(page) * 4 >= Math.min(pageSize, answerCount - (page - 1) * pageSize)) {
        const onPage = position % pageSize;
        const fragments = this.remembered<AnswerFragment[]>(page);
        if (fragments) found[at] = fragments[onPage]!;
        else reads.push(this.pageFragments(page).then((read) => void (found[at] = read[onPage]!)));
      } else {
        const fragment = this.remembered<AnswerFragment>(slug);
        if (fragment) found[at] = fragment;
        else reads.push(this.answerFragment(slug, position).then((read) => void (found[at] = read)));
      }
    });
    await Promise.all(reads);
    return found;
  }

  private answerFragment(slug: string, position: number): Promise<AnswerFragment> {
    return this.remember(slug, async () => {
      const file = await this.answerBytes(slug, position);
      const bytes = singleItemFragment(file);
      if (bytes === undefined) throw new OriginError(`${answerPath(slug)} is not a canonical collection file`);
      // Named by the answer's own content digest (checked against the index) and its length. The digest covers the
      // answer as rendered (it is that of its line in the NDJSON, HTML included), so a new renderer of the same
      // content changes it; a new layout of JSON would show in the envelope's own bytes, which the response's tag
      // hashes too (with the build's content digest in them). Hashing the bytes themselves was the handler's
      // largest single cost on a page of scattered answers.
      return { bytes, digest: `${carriedDigestOf(answerPath(slug), file)}:${bytes.byteLength}` };
    });
  }

  private pageFragments(page: number): Promise<AnswerFragment[]> {
    return this.remember(page, async () => {
      // The page count from the index, so that the collection's first page is not read for it.
      const pageCount = pageCountOf(await this.search.answers(), await this.search.pageSize());
      const { bytes, digest } = await this.file(collectionPageUrl("answers", pageCount)(page));
      const fragments = pageItemFragments(bytes);
      if (fragments === undefined)
        throw new OriginError(`page ${page} of the answers is not a canonical collection file`);
      // The page's digest covers every answer on it: an answer's place on its page names its bytes.
      return fragments.map((fragment, at) => ({ bytes: fragment, digest: `${digest}:${at}` }));
    });
  }

  /** An answer prepared for explaining hits, from its prebuilt text (parsed once, a bounded number kept). */
  preparedAnswer(slug: string, fragment: AnswerFragment): PreparedAnswer {
    let prepared = this.prepared.get(slug);
    if (prepared) return prepared;
    prepared = prepareAnswer(answerSearchTexts(searchableAnswerOf(fragment.bytes)));
    if (this.prepared.size >= KEPT_PREPARED) this.prepared.delete(this.prepared.keys().next().value!);
    this.prepared.set(slug, prepared);
    return prepared;
  }
}

/** What a kept value weighs: its bytes (a page's fragments, views of the page, their sum), or a kilobyte for a parsed value. */
function weightOf(value: unknown): number {
  if (value instanceof Uint8Array) return value.byteLength;
  if (Array.isArray(value)) return value.reduce((sum: number, item) => sum + weightOf(item), 0);
  if (typeof value === "object" && value !== null && "bytes" in value && value.bytes instanceof Uint8Array)
    return value.bytes.byteLength;
  return 1024;
}

const NEWLINE = 0x0a;
/** The members an answer's fragment is searched by, each with the indentation of its line (the body's html at eight). */
const ANSWER_MEMBER = (key: string) => utf8(`      "${key}": `);
const HTML_MEMBER = utf8('        "html": ');
const [TITLE, QUESTION, SUMMARY, TAGS] = ["title", "question", "summary", "tags"].map(ANSWER_MEMBER) as [
  Bytes,
  Bytes,
  Bytes,
  Bytes,
];
const OPEN_ARRAY = 0x5b;

/**
 * The value of the member whose line starts with `opening` (a key at its indentation), found by going from line to
 * line from `from` (forwards, or backwards when `backwards`): the canonical layout puts each member on a line of its
 * own, an array's items on lines of their own up to its closing bracket at the member's indentation. Only the
 * member's own bytes are decoded. Undefined when there is no such line.
 */
function memberValue(fragment: Bytes, opening: Bytes, from: number, backwards = false): unknown {
  let line = from;
  for (;;) {
    if (bytesAt(fragment, opening, line)) break;
    if (backwards) {
      if (line <= 1) return undefined;
      line = fragment.lastIndexOf(NEWLINE, line - 2) + 1;
    } else {
      const next = fragment.indexOf(NEWLINE, line);
      if (next < 0) return undefined;
      line = next + 1;
    }
  }
  const start = line + opening.length;
  let end = fragment.indexOf(NEWLINE, start);
  if (end < 0) end = fragment.length;
  if (fragment[start] === OPEN_ARRAY && end === start + 1) {
    // `[` then the items: the array closes at the member's indentation, `opening` less its key.
    const indent = opening.indexOf(QUOTE);
    const close = indexOfBytes(fragment, utf8(`\n${" ".repeat(indent)}]`), end);
    if (close < 0) return undefined;
    end = close + indent + 2;
  } else if (fragment[end - 1] === 0x2c) end--;
  return JSON.parse(utf8Text(fragment.subarray(start, end)));
}

/**
 * The searchable members of an answer's fragment, read from its canonical layout (each member of the answer on
 * lines of its own, six spaces in; the body's at eight) rather than by decoding and parsing the whole answer, whose
 * Markdown and sources a snippet never needs: the body's html is its first member, and the title, tags and
 * summary its last (keys are in order). Anything unexpected falls back to parsing it all.
 */
export function searchableAnswerOf(fragment: Bytes): SearchableAnswer {
  try {
    const html = memberValue(fragment, HTML_MEMBER, 0);
    const question = memberValue(fragment, QUESTION, 0);
    const tail = fragment.lastIndexOf(NEWLINE, fragment.length - 1) + 1;
    const title = memberValue(fragment, TITLE, tail, true);
    const tags = memberValue(fragment, TAGS, tail, true);
    const summary = memberValue(fragment, SUMMARY, tail, true);
    if (
      typeof title === "string" &&
      typeof question === "string" &&
      typeof summary === "string" &&
      Array.isArray(tags) &&
      typeof html === "string"
    ) {
      return { title, question, summary, tags: tags as string[], body: { html } };
    }
  } catch {
    // Not the layout expected: parsed whole below.
  }
  return JSON.parse(utf8Text(fragment)) as SearchableAnswer;
}
