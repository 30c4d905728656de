/**
 * What the answers query reads, from the prebuilt files only: the search index, the collection's pages (for
 * the page size and count, and for the answers' prebuilt text), an answer's own file, and the root resource
 * (for the versioning headers). `readText` is the only way in, so the same code reads from the CDN at the edge
 * (fetch) and from dist/ locally. Each file is read and parsed once per AnswersData; make a new one when the
 * files change.
 *
 * Every file read must carry the search index's content digest: a response is made from one build only. A
 * file of another build is a MixedDeployError (the caller reloads once); a missing, failed or malformed read is
 * an OriginError. A failed read is never remembered.
 */
import { collectionPageUrl, pageItemFragments, singleItemFragment, type EnvelopeMeta } from "../api/envelope.ts";
import { answerPath, collectionPath, ROOT_RESOURCE_FILE } from "../api/layout.ts";
import type { VersioningPolicy } from "../api/versioning.ts";
import { answerSearchTexts, type AnswerSearchTexts, type SearchableAnswer } from "../search/answer-fields.ts";
import { SearchFileError, SearchFiles } from "../search/search-files.ts";
import { SearchReader } from "../search/search-reader.ts";
import { OriginError, type ReadText } from "./deploy-snapshot.ts";

export type { ReadText };

/** Files of two builds met in one response: the deploy changed while it was being read. */
export class MixedDeployError extends OriginError {}

/** One answer as the text it has inside a collection's `data` array, as UTF-8, with what identifies that text. */
export interface AnswerFragment {
  bytes: Uint8Array<ArrayBuffer>;
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

/** How many answers' searchable texts are kept parsed, for explaining hits. */
const KEPT_TEXTS = 2000;

export class AnswersData {
  private readonly cache = new Map<string, Promise<unknown>>();
  private readonly texts = new Map<string, AnswerSearchTexts>();
  /** The search index, read through the same checks as every other file. */
  readonly search: SearchReader;

  constructor(readonly readText: ReadText) {
    const files = new SearchFiles(async (path) => this.readText(path));
    // The index's own errors, as this module's: another build's file is reloaded once, anything else is the origin's fault.
    const checked = <T>(read: () => Promise<T>) =>
      read().catch((error: unknown) => {
        if (error instanceof SearchFileError) throw error.otherBuild ? new MixedDeployError(error.message) : new OriginError(error.message);
        throw error;
      });
    this.search = new SearchReader({
      map: () => checked(() => files.map()),
      terms: (shard) => checked(() => files.terms(shard)),
      documents: (chunk) => checked(() => files.documents(chunk)),
      suggestions: () => checked(() => files.suggestions()),
    });
    this.searchMap = () => checked(() => files.map());
  }

  private readonly searchMap: () => Promise<{ content_digest: string; answers: number }>;

  /** The content digest of the build the search index's map is of: every file read must carry it. */
  async contentDigest(): Promise<string> {
    return (await this.searchMap()).content_digest;
  }

  private remember<T>(key: string, load: () => Promise<T>): Promise<T> {
    let pending = this.cache.get(key) as Promise<T> | undefined;
    if (!pending) {
      pending = load();
      // A failed read is not remembered: the next request tries again.
      pending.catch(() => this.cache.delete(key));
      this.cache.set(key, pending);
    }
    return pending;
  }

  /** A prebuilt file's exact text, with the digest of its bytes (for its ETag), checked to be of the index's build. */
  file(path: string): Promise<{ text: string; digest: string }> {
    return this.remember(`file:${path}`, async () => {
      const [text, digest] = await Promise.all([this.readText(path), this.contentDigest()]);
      if (text === undefined) throw new OriginError(`${path} is missing`);
      const carried = carriedDigest(text);
      if (carried === undefined) throw new OriginError(`${path} is not complete`);
      if (carried !== digest) throw new MixedDeployError(`${path} is of build ${carried}, the search index of ${digest}`);
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
    return this.remember("versioning", async () => (JSON.parse((await this.file(ROOT_RESOURCE_FILE)).text) as { versioning: VersioningPolicy }).versioning);
  }

  /** An answer's own file (what `?slug=` alone answers with). */
  answerFile(slug: string): Promise<{ text: string; digest: string }> {
    return this.file(answerPath(slug));
  }

  /** Page `page` of the prebuilt collection (what `?page=` alone answers with). */
  async collectionPage(page: number): Promise<{ text: string; digest: string }> {
    const meta = await this.collectionMeta();
    return this.file(collectionPageUrl("answers", meta.page_count)(page));
  }

  /**
   * The answers with these slugs and positions (all in the index), in the order given, as prebuilt text. Where a page holds
   * many of them (a quarter of a page or more), or is the first page (read anyway for the meta), they are
   * taken from the page: one read for many answers. Answers scattered over many pages come from their own
   * files, so that a rare word does not read a hundred whole pages.
   */
  async fragments(answers: ReadonlyArray<{ slug: string; position: number }>): Promise<AnswerFragment[]> {
    const pageSize = (await this.collectionMeta()).page_size;
    const places = answers.map(({ slug, position }) => ({ slug, page: Math.floor(position / pageSize) + 1, at: position % pageSize }));
    const wanted = new Map<number, number>();
    for (const { page } of places) wanted.set(page, (wanted.get(page) ?? 0) + 1);
    return Promise.all(
      places.map(async ({ slug, page, at }) =>
        page === 1 || wanted.get(page)! * 4 >= pageSize ? (await this.pageFragments(page))[at]! : this.answerFragment(slug),
      ),
    );
  }

  private answerFragment(slug: string): Promise<AnswerFragment> {
    return this.remember(`fragment:${slug}`, async () => {
      const { text, digest } = await this.answerFile(slug);
      const fragment = singleItemFragment(text);
      if (fragment === undefined) throw new OriginError(`${answerPath(slug)} is not a canonical collection file`);
      return { bytes: new TextEncoder().encode(fragment), digest };
    });
  }

  private pageFragments(page: number): Promise<AnswerFragment[]> {
    return this.remember(`fragments:${page}`, async () => {
      const { text, digest } = await this.collectionPage(page);
      const texts = pageItemFragments(text);
      if (texts === undefined) throw new OriginError(`page ${page} of the answers is not a canonical collection file`);
      const encoder = new TextEncoder();
      // The page's digest covers every answer on it: an answer's place on its page names its text.
      return texts.map((fragment, at) => ({ bytes: encoder.encode(fragment), digest: `${digest}:${at}` }));
    });
  }

  /** The searchable texts of an answer, from its prebuilt text (parsed once, a bounded number kept). */
  answerTexts(slug: string, fragment: AnswerFragment): AnswerSearchTexts {
    let texts = this.texts.get(slug);
    if (texts) return texts;
    texts = answerSearchTexts(JSON.parse(new TextDecoder().decode(fragment.bytes)) as SearchableAnswer);
    if (this.texts.size >= KEPT_TEXTS) this.texts.delete(this.texts.keys().next().value!);
    this.texts.set(slug, texts);
    return texts;
  }
}
