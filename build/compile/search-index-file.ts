import { canonicalJson } from "../api/canonical-json.ts";
import {
  ANSWERS_SEARCH_INDEX_FILE,
  SEARCH_SUGGESTIONS_FILE,
  searchDocumentsPath,
  searchPrefixPath,
  searchTermsPath,
} from "../api/layout.ts";
import type { OutputSink } from "../output/output-sink.ts";
import type { SearchIndexBuilder, SearchIndexFile } from "../search/search-index.ts";

/** Where each file of the index is published. */
function pathOf(file: SearchIndexFile): string {
  switch (file.kind) {
    case "map":
      return ANSWERS_SEARCH_INDEX_FILE;
    case "terms":
      return searchTermsPath(file.shard);
    case "documents":
      return searchDocumentsPath(file.chunk);
    case "suggestions":
      return SEARCH_SUGGESTIONS_FILE;
    case "prefix":
      return searchPrefixPath(file.body.prefix);
  }
}

/**
 * Writes the search index's files, one at a time (each is small: a shard of words, a chunk of slugs), and gives
 * back their texts by path: the docs' examples are answered from them, and the offline page embeds them.
 */
export async function writeSearchIndex(
  sink: OutputSink,
  builder: SearchIndexBuilder,
  contentDigest: string,
  pageSize: number,
): Promise<Map<string, string>> {
  const texts = new Map<string, string>();
  for (const file of builder.files(contentDigest, pageSize)) {
    const path = pathOf(file);
    const text = canonicalJson(file.body);
    texts.set(path, text);
    await sink.file(path, text);
  }
  return texts;
}
