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
} from "../../contract/layout.ts";
import { canonicalJson } from "../../contract/canonical-json.ts";
import { answerSearchTexts } from "../../search/answer-fields.ts";
import {
  fieldTokens,
  type IndexedAnswer,
  indexedAnswer,
  SearchIndexBuilder,
  type WordLevels,
} from "../../search/index-builder.ts";
import { answerFingerprint, type SearchIndexFile } from "../../search/search-format.ts";
import { product } from "./product.ts";
import { patchedBuilder, readSearchState, type SearchState, SearchStateWriter } from "../../search/search-state.ts";

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
  purpose: "what q reads: the answers' words, which answers hold each and how strongly",
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
  run({ contentDigest, pageSize, answers: collection, content }, output) {
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
    // Where each answer's postings are in the state (-1: it changed, or is new): the same key, and increasing with
    // the position, so that answers added or taken out before others only renumber theirs.
    let from = new Int32Array(0);
    // The least place in the state taken by a replayed answer after each position: an answer read whole (the
    // first page's) is taken from the state at its own position only below it.
    let ceiling = new Int32Array(0);
    let lastFrom = -1;
    const changed: Array<{ position: number; answer: IndexedAnswer }> = [];
    return {
      async replays(candidates) {
        state = saved && (await readSearchState(saved.file, saved.key));
        if (!state) return () => false;
        const placesOf = new Map<string | null, number[]>();
        for (const [place, key] of state.keys.entries()) {
          const places = placesOf.get(key);
          if (places) places.push(place);
          else placesOf.set(key, [place]);
        }
        from = new Int32Array(collection.length).fill(-1);
        let last = -1;
        let taken = 0;
        for (const [position, key] of [...candidates].sort((a, b) => a[0] - b[0])) {
          const places = placesOf.get(key);
          const place = places?.find((place) => place > last);
          if (place === undefined) continue;
          from[position] = last = place;
          taken++;
        }
        // Only when most answers are taken from the state: the others' parts are held until the end.
        if (collection.length - taken > Math.max(MOST_CHANGED, collection.length / 10)) {
          state = undefined;
          return () => false;
        }
        ceiling = new Int32Array(collection.length + 1).fill(state.keys.length);
        for (let position = collection.length - 1; position >= 0; position--)
          ceiling[position] = from[position]! >= 0 ? from[position]! : ceiling[position + 1]!;
        return (position) => from[position]! >= 0;
      },
      async answer(part, answer) {
        if (saved) keys.push(answer.key ?? null);
        if (answers) answers.push(part);
        else if (state) {
          const position = answer.position;
          const place =
            from[position]! >= 0
              ? from[position]!
              : position > lastFrom && position < ceiling[position + 1]!
                ? position
                : -1;
          if (place >= 0 && answer.key !== undefined && state.keys[place] === answer.key)
            from[position] = lastFrom = place;
          else {
            if (!part)
              throw new Error(`the search index has no part of ${answer.slug}, which it did not take from the state`);
            from[position] = -1;
            changed.push({ position, answer: part });
          }
        } else builder!.add(part);
      },
      async finish() {
        if (state) builder = patchedBuilder(state, collection.length, from, changed);
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
          for (const file of builder.files(
            contentDigest,
            pageSize,
            content.synonyms.groups.map((group) => group.words),
            eachWord,
          )) {
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
