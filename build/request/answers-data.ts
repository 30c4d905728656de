/**
 * What the answers query reads, from the prebuilt files only: the collection's first page (for its page size
 * and page count), the search index, per-slug files and page files. `readText` is the only way in, so the same
 * code reads from the CDN at the edge (fetch) and from dist/ locally. Each file is read and parsed once per
 * AnswersData; make a new one when the files change.
 */
import type { AnswerResource } from "../content/types.ts";
import type { Envelope } from "../api/envelope.ts";
import type { VersioningPolicy } from "../api/versioning.ts";
import { ANSWERS_SEARCH_INDEX_FILE, answerPath, collectionPath, ROOT_RESOURCE_FILE } from "../api/layout.ts";
import { singleItemFragment } from "../api/envelope.ts";
import { SEARCH_INDEX_FORMAT, type SearchIndex } from "../search/search-index.ts";

import type { ReadText } from "./deploy-snapshot.ts";

export type { ReadText };


/** One answer as the text it has inside a collection's `data` array, as UTF-8, with a digest of it. */
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

  /** A prebuilt file's exact text, with the digest of its bytes (for its ETag). */
  file(path: string): Promise<{ text: string; digest: string }> {
    return this.remember(`file:${path}`, async () => {
      const text = await this.readText(path);
      if (text === undefined) throw new Error(`the prebuilt file ${path} is missing`);
      return { text, digest: await sha256Hex(text) };
    });
  }

  firstPage(): Promise<Envelope<AnswerResource>> {
    return this.remember("first-page", async () => JSON.parse((await this.file(collectionPath("answers"))).text) as Envelope<AnswerResource>);
  }

  /** The versioning block of the root resource: its dates become the Deprecation and Sunset headers of computed responses. */
  versioning(): Promise<VersioningPolicy> {
    return this.remember("versioning", async () => (JSON.parse((await this.file(ROOT_RESOURCE_FILE)).text) as { versioning: VersioningPolicy }).versioning);
  }

  searchIndex(): Promise<SearchIndex> {
    return this.remember("search-index", async () => {
      const index = JSON.parse((await this.readText(ANSWERS_SEARCH_INDEX_FILE)) ?? "null") as SearchIndex | null;
      // A build of another version of the code: refuse it plainly rather than misread it.
      if (index?.format !== SEARCH_INDEX_FORMAT) throw new Error(`${ANSWERS_SEARCH_INDEX_FILE} is in format ${String(index?.format)}, not ${SEARCH_INDEX_FORMAT}: rebuild`);
      return index;
    });
  }

  /** The answers with these slugs (all known to exist), in the order given, as prebuilt text. */
  fragments(slugs: readonly string[]): Promise<AnswerFragment[]> {
    return Promise.all(
      slugs.map((slug) =>
        this.remember(`fragment:${slug}`, async () => {
          const { text } = await this.file(answerPath(slug));
          const fragment = singleItemFragment(text);
          if (fragment === undefined) throw new Error(`${answerPath(slug)} is not a canonical collection file`);
          return { bytes: new TextEncoder().encode(fragment), digest: await sha256Hex(fragment) };
        }),
      ),
    );
  }
}
