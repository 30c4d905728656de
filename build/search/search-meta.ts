/**
 * What a response to `q` adds to its meta, made in one place for the request handler, the docs' examples and the
 * offline page: the match mode, the stop words left out, each hit explained (explain.ts) by the query's words as
 * the index matched them, and for a query that finds nothing the suggestions. Pure TypeScript with no Node APIs.
 */
import type { AnswerMatch, SearchMeta } from "../contract/envelope.ts";
import { explainHit, type PreparedAnswer } from "./explain.ts";
import type { SearchQuery, SearchReader, SortOrder } from "./search-reader.ts";

export async function searchMeta(
  reader: SearchReader,
  query: SearchQuery & { ignored: readonly string[] },
  sort: SortOrder,
  hits: ReadonlyArray<{ slug: string; score: number }>,
  preparedAt: (at: number) => PreparedAnswer,
  /** Whether nothing matched, so that suggestions are wanted. */
  miss: boolean,
): Promise<SearchMeta> {
  const words = await reader.queryWords(query);
  // Keys in the order the canonical form sorts them, so that it need not copy them.
  const matches = hits.map((hit, at): AnswerMatch => {
    const { all_words, fields, matched, missing, snippet } = explainHit(preparedAt(at), words);
    return { all_words, fields, matched, missing, score: hit.score, slug: hit.slug, snippet };
  });
  const meta: SearchMeta = { ignored: [...query.ignored], match: query.match, matches, sort };
  // A miss suggests, from the index's own words: never from the request's text.
  if (miss) meta.suggestions = await reader.suggest(query);
  return meta;
}
