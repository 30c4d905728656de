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
  type WordLevels,
} from "../search/search-index.ts";
import { product } from "./product.ts";
import { patchedBuilder, readSearchState, type SearchState, SearchStateWriter } from "../search/search-state.ts";

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
  // From the texts every reader explains a hit with: the index and the explanations cannot disagree.
  part: (answer) =>
    indexedAnswer(
      answer.resource.slug,
      answerFingerprint(answer.digest),
      fieldTokens(answerSearchTexts(answer.resource)),
    ),
  run({ contentDigest, pageSize, answers: collection }, output) {
    // With a memory of the last build (a dev loop's), the answers are kept for the next build to compare with, and
    // only the words of those that changed are levelled again (SearchIndexBuilder.reusing); else each is added and
    // let go. A build that splices answers from the last output takes theirs from the last build's postings
    // (search-state.ts), which each build without a memory saves, and adds only the others.
    const kept = output.memory?.get("index") as KeptIndex | undefined;
    output.memory?.delete("index");
    const answers: IndexedAnswer[] | undefined = output.memory ? [] : undefined;
    let builder = answers ? undefined : new SearchIndexBuilder();
    const saved = output.memory ? undefined : output.savedState;
    const keys: Array<string | null> = [];
    let state: SearchState | undefined;
    // The positions whose answer is the state's (the same key): replayed, or read whole (the first page's) but unchanged.
    const same: boolean[] = [];
    const changed: Array<{ position: number; answer: IndexedAnswer }> = [];
    return {
      async replays(candidates) {
        state = saved && (await readSearchState(saved.file, saved.key));
        // Only when most answers are taken from the state: the others' parts are held until the end.
        const taken = [...candidates].filter(([position, key]) => state?.keys[position] === key).length;
        if (!state || collection.length - taken > Math.max(MOST_CHANGED, collection.length / 10)) {
          state = undefined;
          return () => false;
        }
        return (position) => state!.keys[position] === candidates.get(position);
      },
      async answer(part, answer) {
        if (saved) keys.push(answer.key ?? null);
        if (answers) answers.push(part);
        else if (state) {
          if (answer.key !== undefined && state.keys[answer.position] === answer.key) same[answer.position] = true;
          else changed.push({ position: answer.position, answer: part });
        } else builder!.add(part);
      },
      async finish() {
        if (state) builder = patchedBuilder(state, collection.length, (position) => same[position] === true, changed);
        state = undefined;
        builder ??= SearchIndexBuilder.reusing(kept, answers!);
        // The state is written as the words are made (a state that cannot be written only costs the next build
        // its splicing).
        const writer = saved && new SearchStateWriter(saved.file, saved.key);
        const made = builder;
        const eachWord =
          writer &&
          ((term: string, word: WordLevels, averages: readonly number[]) =>
            writer.word(term, word, averages, made.encodedPostings(term)));
        // One file at a time: each is small (a shard of words, a chunk of slugs).
        const paths: string[] = [];
        try {
          for (const file of builder.files(contentDigest, pageSize, eachWord)) {
            const path = pathOf(file);
            paths.push(path);
            await output.file(path, canonicalJson(file.body));
          }
        } catch (error) {
          await writer?.abandon();
          throw error;
        }
        await writer?.finish(builder, keys);
        if (answers) output.memory?.set("index", { builder, answers } satisfies KeptIndex);
        return paths;
      },
    };
  },
});

/** The most answers a build that splices the others adds to the last build's postings (or a tenth of them). */
const MOST_CHANGED = 1000;

/** What the product keeps of a build for the next in the process: its builder and the answers it indexed. */
interface KeptIndex {
  builder: SearchIndexBuilder;
  answers: readonly IndexedAnswer[];
}
