/**
 * What the answers query reads, from the prebuilt files only: the collection's first page (for its page size
 * and, while the collection fits one page, every answer), the search index, and per-slug files. `readText`
 * is the only way in, so the same code reads from the CDN at the edge (fetch) and from dist/ locally.
 * Each file is read once per AnswersData; make a new one when the files change.
 */
import type { AnswerResource } from "../compile/answers.ts";
import type { Envelope } from "../compile/envelope.ts";
import { ANSWERS_SEARCH_INDEX_PATH, type SearchIndex } from "../search/search-index.ts";

export type ReadText = (path: string) => Promise<string | undefined>;

export const ANSWERS_INDEX_PATH = "/api/v1/answers/index.json";

export class AnswersData {
  private readonly cache = new Map<string, Promise<unknown>>();

  constructor(readonly readText: ReadText) {}

  private json<T>(path: string): Promise<T> {
    let pending = this.cache.get(path) as Promise<T> | undefined;
    if (!pending) {
      pending = this.readText(path).then((text) => {
        if (text === undefined) throw new Error(`the prebuilt file ${path} is missing`);
        return JSON.parse(text) as T;
      });
      // A failed read is not remembered: the next request tries again.
      pending.catch(() => this.cache.delete(path));
      this.cache.set(path, pending);
    }
    return pending;
  }

  firstPage(): Promise<Envelope<AnswerResource>> {
    return this.json(ANSWERS_INDEX_PATH);
  }

  searchIndex(): Promise<SearchIndex> {
    return this.json(ANSWERS_SEARCH_INDEX_PATH);
  }

  /** The answers with these slugs (all known to exist), in the order given. */
  async answers(slugs: readonly string[]): Promise<AnswerResource[]> {
    const first = await this.firstPage();
    if (first.meta.page_count === 1) {
      const bySlug = new Map(first.data.map((answer) => [answer.slug, answer]));
      return slugs.map((slug) => bySlug.get(slug)!);
    }
    // Past one page, each answer comes from its own file: the edge never loads the whole collection.
    return Promise.all(
      slugs.map(async (slug) => (await this.json<Envelope<AnswerResource>>(`/api/v1/answers/${slug}.json`)).data[0]!),
    );
  }
}
