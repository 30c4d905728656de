/**
 * What the answers query reads, from the prebuilt files only: the search index, the collection's pages (for
 * the page size and count, and for the answers' prebuilt text), an answer's own file, and the root resource
 * (for the versioning headers). `readText` is the only way in, so the same code reads from the CDN at the edge
 * (fetch) and from dist/ locally. Each file is read and parsed once per AnswersData; make a new one when the
 * files change.
 *
 * Every file read must be of the search index's build: a response is made from one build only. A page or the root
 * resource must carry the index's content digest; an answer's own file carries the answer's, whose fingerprint the
 * index records. A file of another build is a MixedDeployError (the caller reloads once); a missing, failed or
 * malformed read is an OriginError. A failed read is never remembered.
 */
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
import { SearchReader } from "../../search/search-reader.ts";
import { answerFingerprint } from "../../search/search-format.ts";
import { OriginError, type ReadText } from "./deploy-snapshot.ts";

export type { ReadText };

/** Files of two builds met in one response: the deploy changed while it was being read. */
export class MixedDeployError extends OriginError {}

/** One answer as the text it has inside a collection's `data` array, as UTF-8, with what identifies that text. */
export interface AnswerFragment {
  bytes: Uint8Array<ArrayBuffer>;
  /** The same, as text (a slice of the file's text, which is kept anyway): explaining a hit reads it. */
  text: string;
  digest: string;
}

export async function sha256Hex(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  let hex = "";
  for (const byte of digest) hex += byte.toString(16).padStart(2, "0");
  return hex;
}

// An envelope's meta follows its data, and no string inside the data can hold an unescaped quote: the last
// occurrence of this key is the meta's.
const DIGEST_KEY = '"content_digest": "';

/** The content digest an envelope file's meta (or the root resource) carries, read without parsing the file. */
function carriedDigest(text: string): string | undefined {
  const at = text.lastIndexOf(DIGEST_KEY);
  if (at < 0) return undefined;
  const end = text.indexOf('"', at + DIGEST_KEY.length);
  return end < 0 ? undefined : text.slice(at + DIGEST_KEY.length, end);
}

/** The same of a file read, which must be there and complete. */
function carriedDigestOf(path: string, text: string | undefined): string {
  if (text === undefined) throw new OriginError(`${path} is missing`);
  const carried = carriedDigest(text);
  if (carried === undefined) throw new OriginError(`${path} is not complete`);
  return carried;
}

/** How many answers are kept prepared for explaining hits. */
const KEPT_PREPARED = 2000;

export class AnswersData {
  private readonly cache = new Map<string, Promise<unknown>>();
  private readonly prepared = new Map<string, PreparedAnswer>();
  /** What `cache` holds that has been read, at hand without a promise: a promise per answer was a sixth of the garbage a warm query left. */
  private readonly settled = new Map<string, unknown>();
  /** The search index, read through the same checks as every other file. */
  readonly search: SearchReader;

  constructor(readonly readText: ReadText) {
    const files = new SearchFiles(async (path) => this.readText(path));
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

  private remember<T>(key: string, load: () => Promise<T>): Promise<T> {
    let pending = this.cache.get(key) as Promise<T> | undefined;
    if (!pending) {
      pending = load();
      // A failed read is not remembered: the next request tries again.
      pending.then(
        (value) => this.settled.set(key, value),
        () => this.cache.delete(key),
      );
      this.cache.set(key, pending);
    }
    return pending;
  }

  /** What `remember` has read under `key`, or undefined while it is being read or was never asked for. */
  private remembered<T>(key: string): T | undefined {
    return this.settled.get(key) as T | undefined;
  }

  /** A prebuilt file's exact text, checked to carry the index's content digest. */
  private checkedText(path: string): Promise<string> {
    return this.remember(`text:${path}`, async () => {
      const [text, digest] = await Promise.all([this.readText(path), this.contentDigest()]);
      const carried = carriedDigestOf(path, text);
      if (carried !== digest)
        throw new MixedDeployError(`${path} is of build ${carried}, the search index of ${digest}`);
      return text!;
    });
  }

  /** The exact text of the answer's own file, checked to hold the answer the index (at `position`) was built with. */
  private answerText(slug: string, position: number): Promise<string> {
    const path = answerPath(slug);
    return this.remember(`text:${path}`, async () => {
      const [text, fingerprint] = await Promise.all([this.readText(path), this.search.fingerprintAt(position)]);
      const carried = carriedDigestOf(path, text);
      if (answerFingerprint(carried) !== fingerprint)
        throw new MixedDeployError(
          `${path} holds the answer of digest ${carried}, the search index one of ${fingerprint}…`,
        );
      return text!;
    });
  }

  /**
   * A prebuilt file's exact text, with the digest of its bytes (for its ETag), checked to be of the index's build
   * (by `checked`: checkedText unless said otherwise).
   */
  file(path: string, checked = () => this.checkedText(path)): Promise<{ text: string; digest: string }> {
    return this.remember(`file:${path}`, async () => {
      const text = await checked();
      return { text, digest: await sha256Hex(text) };
    });
  }

  /** The collection's meta (page size and count), from the tail of its first page: the answers before it are not parsed. */
  collectionMeta(): Promise<EnvelopeMeta> {
    return this.remember("collection-meta", async () => {
      const { text } = await this.file(collectionPath("answers"));
      const at = text.lastIndexOf('\n  "meta": ');
      if (at < 0) throw new OriginError(`${collectionPath("answers")} has no meta`);
      return (JSON.parse(`{${text.slice(at)}`) as { meta: EnvelopeMeta }).meta;
    });
  }

  /** The versioning block of the root resource: its dates become the Deprecation and Sunset headers of computed responses. */
  versioning(): Promise<VersioningPolicy> {
    return this.remember(
      "versioning",
      async () =>
        (JSON.parse((await this.file(ROOT_RESOURCE_FILE)).text) as { versioning: VersioningPolicy }).versioning,
    );
  }

  /** An answer's own file (what `?slug=` alone answers with); `position` is the slug's in the index. */
  answerFile(slug: string, position: number): Promise<{ text: string; digest: string }> {
    return this.file(answerPath(slug), () => this.answerText(slug, position));
  }

  /** Page `page` of the prebuilt collection (what `?page=` alone answers with). */
  async collectionPage(page: number): Promise<{ text: string; digest: string }> {
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
    const wanted = new Map<number, number>();
    for (const { position } of answers) {
      const page = Math.floor(position / pageSize) + 1;
      wanted.set(page, (wanted.get(page) ?? 0) + 1);
    }
    // What was read before is taken as it is (remembered), not through a promise each.
    const found: AnswerFragment[] = new Array(answers.length);
    const reads: Array<Promise<void>> = [];
    answers.forEach(({ slug, position }, at) => {
      const page = Math.floor(position / pageSize) + 1;
      if (wanted.get(page)! * 4 >= Math.min(pageSize, answerCount - (page - 1) * pageSize)) {
        const onPage = position % pageSize;
        const fragments = this.remembered<AnswerFragment[]>(pageFragmentsKey(page));
        if (fragments) found[at] = fragments[onPage]!;
        else reads.push(this.pageFragments(page).then((read) => void (found[at] = read[onPage]!)));
      } else {
        const fragment = this.remembered<AnswerFragment>(answerFragmentKey(slug));
        if (fragment) found[at] = fragment;
        else reads.push(this.answerFragment(slug, position).then((read) => void (found[at] = read)));
      }
    });
    await Promise.all(reads);
    return found;
  }

  private answerFragment(slug: string, position: number): Promise<AnswerFragment> {
    return this.remember(answerFragmentKey(slug), async () => {
      const text = await this.answerText(slug, position);
      const fragment = singleItemFragment(text);
      if (fragment === undefined) throw new OriginError(`${answerPath(slug)} is not a canonical collection file`);
      const bytes = new TextEncoder().encode(fragment);
      // Named by the answer's own content digest (checked against the index) and its length. The digest covers the
      // answer as rendered (it is that of its line in the NDJSON, HTML included), so a new renderer of the same
      // content changes it; a new layout of JSON would show in the envelope's own bytes, which the response's tag
      // hashes too (with the build's content digest in them). Hashing the bytes themselves was the handler's
      // largest single cost on a page of scattered answers.
      return { bytes, text: fragment, digest: `${carriedDigestOf(answerPath(slug), text)}:${bytes.byteLength}` };
    });
  }

  private pageFragments(page: number): Promise<AnswerFragment[]> {
    return this.remember(pageFragmentsKey(page), async () => {
      // The page count from the index, so that the collection's first page is not read for it.
      const pageCount = pageCountOf(await this.search.answers(), await this.search.pageSize());
      const { text, digest } = await this.file(collectionPageUrl("answers", pageCount)(page));
      const texts = pageItemFragments(text);
      if (texts === undefined) throw new OriginError(`page ${page} of the answers is not a canonical collection file`);
      const encoder = new TextEncoder();
      // The page's digest covers every answer on it: an answer's place on its page names its text.
      return texts.map((fragment, at) => ({
        bytes: encoder.encode(fragment),
        text: fragment,
        digest: `${digest}:${at}`,
      }));
    });
  }

  /** An answer prepared for explaining hits, from its prebuilt text (parsed once, a bounded number kept). */
  preparedAnswer(slug: string, fragment: AnswerFragment): PreparedAnswer {
    let prepared = this.prepared.get(slug);
    if (prepared) return prepared;
    prepared = prepareAnswer(answerSearchTexts(searchableAnswerOf(fragment.text)));
    if (this.prepared.size >= KEPT_PREPARED) this.prepared.delete(this.prepared.keys().next().value!);
    this.prepared.set(slug, prepared);
    return prepared;
  }
}

const answerFragmentKey = (slug: string) => `fragment:${slug}`;
const pageFragmentsKey = (page: number) => `fragments:${page}`;

/**
 * The searchable members of an answer's fragment, read from its canonical layout (each member of the answer on
 * lines of its own, six spaces in; the body's at eight) rather than by parsing the whole answer, whose Markdown
 * and sources a snippet never needs. Anything unexpected falls back to parsing it all.
 */
export function searchableAnswerOf(fragment: string): SearchableAnswer {
  const member = (key: string, indent: string): unknown => {
    const opening = `\n${indent}"${key}": `;
    const at = fragment.indexOf(opening);
    if (at < 0) return undefined;
    const from = at + opening.length;
    const lineEnd = fragment.indexOf("\n", from);
    const line = fragment.slice(from, lineEnd < 0 ? undefined : lineEnd);
    if (line !== "[") return JSON.parse(line.endsWith(",") ? line.slice(0, -1) : line);
    const close = fragment.indexOf(`\n${indent}]`, from);
    return close < 0 ? undefined : JSON.parse(fragment.slice(from, close + indent.length + 2));
  };
  try {
    const title = member("title", "      ");
    const question = member("question", "      ");
    const summary = member("summary", "      ");
    const tags = member("tags", "      ");
    const html = member("html", "        ");
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
  return JSON.parse(fragment) as SearchableAnswer;
}
