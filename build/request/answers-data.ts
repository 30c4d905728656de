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
import { ANSWERS_SEARCH_INDEX_FILE, answerPath, collectionPath, ROOT_RESOURCE_FILE } from "../api/layout.ts";
import type { VersioningPolicy } from "../api/versioning.ts";
import { SEARCH_INDEX_FORMAT, type SearchIndex } from "../search/search-index.ts";
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

export class AnswersData {
  private readonly cache = new Map<string, Promise<unknown>>();

  constructor(readonly readText: ReadText) {}

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

  searchIndex(): Promise<SearchIndex> {
    return this.remember("search-index", async () => {
      const text = await this.readText(ANSWERS_SEARCH_INDEX_FILE);
      if (text === undefined) throw new OriginError(`${ANSWERS_SEARCH_INDEX_FILE} is missing`);
      let index: SearchIndex;
      try {
        index = JSON.parse(text) as SearchIndex;
      } catch {
        throw new OriginError(`${ANSWERS_SEARCH_INDEX_FILE} is not complete JSON`);
      }
      // A build of another version of the code: refuse it plainly rather than misread it.
      if (index?.format !== SEARCH_INDEX_FORMAT) throw new OriginError(`${ANSWERS_SEARCH_INDEX_FILE} is in format ${String(index?.format)}, not ${SEARCH_INDEX_FORMAT}`);
      return index;
    });
  }

  /** A prebuilt file's exact text, with the digest of its bytes (for its ETag), checked to be of the index's build. */
  file(path: string): Promise<{ text: string; digest: string }> {
    return this.remember(`file:${path}`, async () => {
      const [text, index] = await Promise.all([this.readText(path), this.searchIndex()]);
      if (text === undefined) throw new OriginError(`${path} is missing`);
      const carried = carriedDigest(text);
      if (carried === undefined) throw new OriginError(`${path} is not complete`);
      if (carried !== index.content_digest) throw new MixedDeployError(`${path} is of build ${carried}, the search index of ${index.content_digest}`);
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
   * The answers with these slugs (all in the index), in the order given, as prebuilt text. Where a page holds
   * many of them (a quarter of a page or more), or is the first page (read anyway for the meta), they are
   * taken from the page: one read for many answers. Answers scattered over many pages come from their own
   * files, so that a rare word does not read a hundred whole pages.
   */
  async fragments(slugs: readonly string[]): Promise<AnswerFragment[]> {
    const [positions, meta] = await Promise.all([this.positions(), this.collectionMeta()]);
    const pageSize = meta.page_size;
    const places = slugs.map((slug) => {
      const position = positions.get(slug)!;
      return { slug, page: Math.floor(position / pageSize) + 1, at: position % pageSize };
    });
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

  /** Each answer's position in the collection, made once: a map of every slug costs too much per request. */
  private positions(): Promise<Map<string, number>> {
    return this.remember("positions", async () => new Map((await this.searchIndex()).documents.map((slug, position) => [slug, position])));
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
}
