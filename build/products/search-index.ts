/**
 * The prebuilt search index that `q` reads (build/search/): its map, word shards, document chunks, prefix files and
 * suggestions. Its result is the paths of the index's files, in the order written: the docs' examples are answered
 * from the files (read back from the output, not kept here: at 100,000 answers they are 30 MB) and a small
 * collection's offline page embeds them.
 */
import {
  ANSWERS_SEARCH_FOLDER,
  ANSWERS_SEARCH_INDEX_FILE,
  SEARCH_SUGGESTIONS_FILE,
  searchDocumentsPath,
  searchPrefixPath,
  searchTermsPath,
} from "../api/layout.ts";
import { canonicalJson } from "../api/canonical-json.ts";
import { answerSearchTexts } from "../search/answer-fields.ts";
import {
  answerFingerprint,
  fieldTokens,
  type IndexedAnswer,
  indexedAnswer,
  SearchIndexBuilder,
  type SearchIndexFile,
} from "../search/search-index.ts";
import { product } from "./product.ts";

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

export const searchIndex = product<IndexedAnswer, string[]>({
  name: "search-index",
  purpose: "what q reads: the answers' words, their places and their fields",
  after: [],
  writes: [
    ANSWERS_SEARCH_INDEX_FILE,
    `${ANSWERS_SEARCH_FOLDER}/terms/{n}.json`,
    `${ANSWERS_SEARCH_FOLDER}/documents/{n}.json`,
    searchPrefixPath("{prefix}"),
    SEARCH_SUGGESTIONS_FILE,
  ],
  // Its part is plain data: a replayed answer carries it, read from the cache without the answer's bytes.
  replay: "with-part",
  // From the texts every reader explains a hit with: the index and the explanations cannot disagree.
  part: (answer) =>
    indexedAnswer(
      answer.resource.slug,
      answerFingerprint(answer.digest),
      fieldTokens(answerSearchTexts(answer.resource)),
    ),
  run({ contentDigest, pageSize }, output) {
    // With a memory of the last build (a dev loop's), the answers are kept for the next build to compare with, and
    // only the words of those that changed are levelled again (SearchIndexBuilder.reusing); else each is added and
    // let go.
    const kept = output.memory?.get("index") as KeptIndex | undefined;
    output.memory?.delete("index");
    const answers: IndexedAnswer[] | undefined = output.memory ? [] : undefined;
    let builder = answers ? undefined : new SearchIndexBuilder();
    return {
      async answer(part) {
        if (answers) answers.push(part);
        else builder!.add(part);
      },
      async finish() {
        builder ??= SearchIndexBuilder.reusing(kept, answers!);
        // One file at a time: each is small (a shard of words, a chunk of slugs).
        const paths: string[] = [];
        for (const file of builder.files(contentDigest, pageSize)) {
          const path = pathOf(file);
          paths.push(path);
          await output.file(path, canonicalJson(file.body));
        }
        if (answers) output.memory?.set("index", { builder, answers } satisfies KeptIndex);
        return paths;
      },
    };
  },
});

/** What the product keeps of a build for the next in the process: its builder and the answers it indexed. */
interface KeptIndex {
  builder: SearchIndexBuilder;
  answers: readonly IndexedAnswer[];
}
