/**
 * The ranked search of q: the sharded index answers exactly as matching the texts directly does (with match=all,
 * every word starting a word; with match=any, query-words.ts's rule over each answer's own words), scores as the
 * documented formula computed from the texts says, whatever the shard sizes; explanations point at the words
 * that matched and say how; suggestions come from the index's words.
 */
import { describe, expect, it } from "vitest";
import { canonicalJson } from "../build/contract/canonical-json.ts";
import { itemFragment } from "../build/contract/envelope.ts";
import { searchableAnswerOf } from "../build/serve/request/answers-data.ts";
import {
  ANSWERS_SEARCH_INDEX_FILE,
  SEARCH_SUGGESTIONS_FILE,
  searchDocumentsPath,
  searchPrefixPath,
  searchTermsPath,
} from "../build/contract/layout.ts";
import { htmlText, SEARCH_FIELDS, type AnswerSearchTexts } from "../build/search/answer-fields.ts";
import { explainHit as explainPrepared, matchedWords, prepareAnswer } from "../build/search/explain.ts";
import { holdsWord, matchKind, type QueryWord, queryWord, type SynonymGroups } from "../build/search/query-words.ts";

/** Query words as match=all takes them: each matched as the start of a word, nothing else. */
const strictWords = (tokens: readonly string[]) => tokens.map((token) => queryWord(token, "all", [], true));
const explainHit = (texts: AnswerSearchTexts, tokens: readonly string[]) =>
  explainPrepared(prepareAnswer(texts), strictWords(tokens));
const matchedFields = (texts: AnswerSearchTexts, tokens: readonly string[]) =>
  matchedWords(prepareAnswer(texts), strictWords(tokens)).fields;
/** A query of these words with match=all (the rule before issue 49). */
const all = (words: readonly string[]) => ({ words, match: "all" as const });
import { pointsOfRankKey, positionOfRankKey, rankKey } from "../build/search/relevance.ts";
import { type PostingChange, PostingsStore, spliceStoredPostings } from "../build/search/postings-store.ts";
import { patchedBuilder, readSearchState, SearchStateWriter } from "../build/search/search-state.ts";
import { temporaryFolder } from "./support/build-helpers.ts";
import path from "node:path";
import { serialize } from "node:v8";
import { SearchFiles } from "../build/search/search-files.ts";
import { documentsChunkOf } from "../build/search/documents-chunk.ts";
import {
  fieldTokens,
  type IndexedAnswer,
  indexedAnswer,
  patchWordLevels,
  SearchIndexBuilder,
} from "../build/search/index-builder.ts";
import { decodePostings, encodePostings, encodeShorterPostings } from "../build/search/postings-codec.ts";
import {
  ANSWER_FINGERPRINT_CHARACTERS,
  answerFingerprint,
  decodeSlugBlock,
  encodeSlugBlock,
  firstSlugOf,
  slugInBlock,
  type SearchDocumentsChunk,
  type SearchIndexFile,
} from "../build/search/search-format.ts";
import { BoundedCache } from "../build/search/bounded-cache.ts";
import { editDistance, likeliestName } from "../build/contract/edit-distance.ts";
import { allowedDistance, SearchReader, shardsFor, typoDistance } from "../build/search/search-reader.ts";
import {
  compareCodeUnits,
  indexTokens,
  matchesAllTokens,
  parseQuery,
  tokenize,
  vocabulary,
} from "../build/search/text-match.ts";
import { seededRandom } from "../build/tools/synthetic/seeded-random.ts";

const DIGEST = `sha256:${"0".repeat(64)}`;
const WORDS = [
  "room",
  "rooms",
  "camera",
  "ceiling",
  "microphone",
  "microphones",
  "microsoft",
  "zoom",
  "teams",
  "écran",
  "straße",
  "2026",
  "display",
  "displays",
  "warranty",
  "cable",
  "r",
  "ro",
  "screens",
  "mounting",
  "mounted",
  "mount",
  "batteries",
  "people",
  "person",
  "webcam",
  "the",
  // Compounds: the index holds each whole too (wifi, usbc), and the explanations find them.
  "wi-fi",
  "usb-c",
];

/** Synonym groups for the match=any checks: a group's words meet each other and their inflections. */
const SYNONYMS: SynonymGroups = [
  ["display", "screen", "tv"],
  ["camera", "webcam"],
  ["microphone", "mic"],
];

function pathOf(file: SearchIndexFile): string {
  if (file.kind === "prefix") return searchPrefixPath(file.body.prefix);
  return file.kind === "map"
    ? ANSWERS_SEARCH_INDEX_FILE
    : file.kind === "terms"
      ? searchTermsPath(file.shard)
      : file.kind === "documents"
        ? searchDocumentsPath(file.chunk)
        : SEARCH_SUGGESTIONS_FILE;
}

/**
 * A word's idf in thousandths by the formula the docs state, written out here again: BM25's, counting 5 more answers
 * without the word, fewer as the collection grows and none from 1,000 answers.
 */
function referenceIdf(answers: number, matched: number): number {
  const extra = 5 * Math.max(0, 1 - answers / 1000);
  return Math.round(Math.log(1 + (answers + extra - matched + 0.5) / (matched + 0.5)) * 1000);
}

function readerOf(
  answers: ReadonlyArray<{ slug: string; texts: AnswerSearchTexts }>,
  sizes?: { shardCharacters: number; documentCharacters: number; slugsPerBlock: number },
  synonyms: SynonymGroups = [],
) {
  const builder = new SearchIndexBuilder(sizes);
  for (const answer of answers)
    builder.add(indexedAnswer(answer.slug, "A".repeat(ANSWER_FINGERPRINT_CHARACTERS), fieldTokens(answer.texts)));
  const files = new Map<string, string>();
  for (const file of builder.files(DIGEST, 100, synonyms)) files.set(pathOf(file), canonicalJson(file.body));
  return { reader: new SearchReader(new SearchFiles(async (path) => files.get(path))), files };
}

function randomAnswers(count: number, seed: number) {
  const random = seededRandom(seed);
  const text = (length: number) => Array.from({ length }, () => WORDS[Math.floor(random() * WORDS.length)]).join(" ");
  return Array.from({ length: count }, (_, at) => ({
    slug: `answer-${String(at).padStart(4, "0")}`,
    texts: {
      title: text(1 + Math.floor(random() * 4)),
      question: text(3),
      tags: text(2),
      summary: text(8),
      body: `${text(30)} unique${at}`,
    },
  }));
}

/**
 * A word's level in an answer by the formula the docs state, written out here again (not through relevance.ts):
 * BM25F over two groups of fields (title, question, tags and summary; the body), each saturated, their mean in 63rds.
 */
function referenceLevels(answers: ReadonlyArray<{ slug: string; texts: AnswerSearchTexts }>) {
  let levels = referenceLevelsOf.get(answers);
  if (!levels) referenceLevelsOf.set(answers, (levels = computeReferenceLevels(answers)));
  return levels;
}
/** Made once per set of answers: the queries of a test share them, and making them again took seconds a run. */
const referenceLevelsOf = new WeakMap<object, ReturnType<typeof computeReferenceLevels>>();

function computeReferenceLevels(answers: ReadonlyArray<{ slug: string; texts: AnswerSearchTexts }>) {
  const weights = [6, 3, 3, 2, 1];
  const tokenized = answers.map((answer) => fieldTokens(answer.texts));
  // Rounded to hundredths, as the map publishes them and the levels are made with.
  const averages = weights.map(
    (_, field) =>
      Math.round((tokenized.reduce((sum, fields) => sum + fields[field]!.length, 0) / answers.length) * 100) / 100,
  );
  // Each answer's levels, kept by word: the formula is the same for every query that meets the word.
  const known = new Map<string[][], Map<string, number>>();
  const level = (fields: string[][], word: string) => {
    let levels = known.get(fields);
    if (!levels) known.set(fields, (levels = new Map()));
    let value = levels.get(word);
    if (value === undefined) levels.set(word, (value = levelOf(fields, word)));
    return value;
  };
  const levelOf = (fields: string[][], word: string) => {
    const tf = (from: number, to: number) =>
      fields
        .slice(from, to)
        .reduce(
          (sum, words, at) =>
            sum +
            (weights[from + at]! * words.filter((w) => w === word).length) /
              (0.25 + (0.75 * words.length) / (averages[from + at]! || 1)),
          0,
        );
    const about = tf(0, 4);
    const body = tf(4, 5);
    return Math.round(((about / (5 + about) + body / (5 + body)) / 2) * 63);
  };
  return { tokenized, level };
}

/**
 * The score of an answer for a match=all query, computed from its texts by the formula the docs state: the token's
 * idf from the answers it matches, its level in an answer that of the best word it starts, whole points.
 */
function referenceScores(
  answers: ReadonlyArray<{ slug: string; texts: AnswerSearchTexts }>,
  tokens: readonly string[],
): Map<string, number> {
  const { tokenized, level } = referenceLevels(answers);
  const scores = new Map<string, number>();
  const perToken = tokens.map((token) => {
    const levels = tokenized.map((fields) => {
      let best = -1;
      for (const word of new Set(fields.flat())) {
        if (!word.startsWith(token)) continue;
        const thousandths =
          word.length === token.length
            ? level(fields, word) * 1000
            : Math.floor((level(fields, word) * 1000 * token.length) / word.length);
        best = Math.max(best, thousandths);
      }
      return best;
    });
    const matched = levels.filter((value) => value >= 0).length;
    const idf = referenceIdf(answers.length, matched);
    return levels.map((value) => (value < 0 ? -1 : Math.floor((idf * value) / 1000)));
  });
  answers.forEach((answer, at) => {
    if (perToken.every((levels) => levels[at]! >= 0))
      scores.set(
        answer.slug,
        perToken.reduce((sum, levels) => sum + levels[at]!, 0),
      );
  });
  return scores;
}

/** What each kind of match keeps of a word's level, in thousandths, as the docs state (a prefix: its coverage). */
const SHARE = { stem: 900, synonym: 800, typo: 700 } as const;

/**
 * The hits of a match=any query computed from the texts: each word matched by query-words.ts's rule over each
 * answer's own distinct words (typos, for a word that matches nothing, from the commonest words within its
 * distance), levels and idf as the docs state, the answers holding every word first, then by points, then by
 * position.
 */
function referenceAny(
  answers: ReadonlyArray<{ slug: string; texts: AnswerSearchTexts }>,
  tokens: readonly string[],
  synonyms: SynonymGroups,
): Array<{ slug: string; score: number; complete: boolean }> {
  const { tokenized, level } = referenceLevels(answers);
  const vocabularies = tokenized.map((fields) => [...new Set(fields.flat())]);
  // The suggestion words: every word by how many answers hold it, then in code-unit order.
  const holders = new Map<string, number>();
  for (const words of vocabularies) for (const word of words) holders.set(word, (holders.get(word) ?? 0) + 1);
  const common = [...holders].sort(([a, x], [b, y]) => y - x || compareCodeUnits(a, b)).map(([word]) => word);
  const perWord = tokens.map((token, index) => {
    let query: QueryWord = queryWord(token, "any", synonyms, index === tokens.length - 1);
    const matchIn = (words: readonly string[]) =>
      words.flatMap((word) => {
        const kind = matchKind(query, word);
        return kind ? [{ word, kind }] : [];
      });
    if (vocabularies.every((words) => matchIn(words).length === 0)) {
      const bound = typoDistance(token.length);
      const typos = common
        .map((word, rank) => ({ word, rank, distance: bound === 0 ? bound + 1 : editDistance(token, word, bound) }))
        .filter((candidate) => candidate.distance <= bound)
        .sort((a, b) => a.distance - b.distance || a.rank - b.rank)
        .slice(0, 3)
        .map((candidate) => candidate.word);
      query = { ...query, typos };
    }
    const values = tokenized.map((fields, at) => {
      let best = -1;
      let holds = false;
      for (const { word, kind } of matchIn(vocabularies[at]!)) {
        const wordLevel = level(fields, word);
        const value =
          kind === "exact"
            ? wordLevel * 1000
            : kind === "prefix"
              ? Math.floor((wordLevel * 1000 * token.length) / word.length)
              : wordLevel * SHARE[kind];
        best = Math.max(best, value);
        holds ||= holdsWord(query, kind);
      }
      return { best, holds };
    });
    const matched = values.filter((value) => value.best >= 0).length;
    const idf = referenceIdf(answers.length, matched);
    return values.map(({ best, holds }) => ({ points: best < 0 ? -1 : Math.floor((idf * best) / 1000), holds }));
  });
  return answers
    .map((answer, at) => ({
      slug: answer.slug,
      at,
      matched: perWord.some((values) => values[at]!.points >= 0),
      score: perWord.reduce((sum, values) => sum + Math.max(0, values[at]!.points), 0),
      complete: perWord.every((values) => values[at]!.holds),
    }))
    .filter((hit) => hit.matched)
    .sort((a, b) => Number(b.complete) - Number(a.complete) || b.score - a.score || a.at - b.at)
    .map(({ slug, score, complete }) => ({ slug, score, complete }));
}

/**
 * What a match=any `q` finds through `reader` is what the rule finds in the texts, scored and ordered as the docs
 * say, the same through `other` (of other shard sizes), and its words are explained as the texts hold them.
 */
async function expectAnyAsTheTextsSay(
  answers: ReadonlyArray<{ slug: string; texts: AnswerSearchTexts }>,
  reader: SearchReader,
  other: SearchReader,
  q: string,
): Promise<void> {
  const parsed = parseQuery(q);
  if (!parsed.ok) throw new Error("test query must be valid");
  const query = { words: parsed.tokens, match: "any" as const };
  const expected = referenceAny(answers, parsed.tokens, SYNONYMS);
  const ranked = await reader.search(query, "relevance", 0, answers.length);
  expect(ranked.total).toBe(expected.length);
  expect(ranked.hits.map((hit) => [hit.slug, hit.score])).toEqual(expected.map((hit) => [hit.slug, hit.score]));
  expect(await other.search(query, "relevance", 0, answers.length)).toEqual(ranked);
  const bySlug = await reader.search(query, "slug", 0, answers.length);
  expect(bySlug.hits.map((hit) => hit.slug)).toEqual(expected.map((hit) => hit.slug).sort(compareCodeUnits));
  // The explanations hold what the index matched: each hit matches some word, and holds every word exactly where
  // the index ranked it among those that do.
  const words = await reader.queryWords(query);
  const texts = new Map(answers.map((answer) => [answer.slug, answer.texts]));
  for (const hit of expected) {
    const { allWords, matched, missing } = matchedWords(prepareAnswer(texts.get(hit.slug)!), words);
    expect(matched.length).toBeGreaterThan(0);
    expect(matched.length + missing.length).toBe(words.length);
    expect(allWords, hit.slug).toBe(hit.complete);
  }
}

/**
 * What `q` finds through `reader` is what matching the texts directly finds, scored as the formula says, best first,
 * the same through `other` (of other shard sizes), and any page is the same slice of the whole.
 */
async function expectAsTheTextsSay(
  answers: ReadonlyArray<{ slug: string; texts: AnswerSearchTexts }>,
  reader: SearchReader,
  other: SearchReader,
  q: string,
): Promise<void> {
  const parsed = parseQuery(q, "all");
  if (!parsed.ok) throw new Error("test query must be valid");
  const query = all(parsed.tokens);
  const direct = answers
    .filter((answer) => matchesAllTokens(vocabulary(Object.values(answer.texts)), parsed.tokens))
    .map((answer) => answer.slug);
  const bySlug = await reader.search(query, "slug", 0, answers.length);
  expect(bySlug.hits.map((hit) => hit.slug)).toEqual(direct);
  expect(bySlug.total).toBe(direct.length);

  const expected = referenceScores(answers, parsed.tokens);
  const ranked = await reader.search(query, "relevance", 0, answers.length);
  expect(new Map(ranked.hits.map((hit) => [hit.slug, hit.score]))).toEqual(expected);
  // Best first; equal scores in collection order.
  const order = [...expected].sort(([a, x], [b, y]) => y - x || compareCodeUnits(a, b)).map(([slug]) => slug);
  expect(ranked.hits.map((hit) => hit.slug)).toEqual(order);
  expect(await other.search(query, "relevance", 0, answers.length)).toEqual(ranked);

  // Any page is the same slice of the whole, whether the first pages come from a partial selection or a sort.
  for (const [offset, limit] of [
    [0, 1],
    [0, 3],
    [2, 5],
    [10, 10],
    [direct.length - 1, 4],
    [direct.length, 3],
  ] as const) {
    const fresh = freshSmallReader(answers);
    expect((await fresh.search(query, "relevance", Math.max(0, offset), limit)).hits).toEqual(
      ranked.hits.slice(Math.max(0, offset), Math.max(0, offset) + limit),
    );
    expect((await fresh.search(query, "slug", Math.max(0, offset), limit)).hits.map((hit) => hit.slug)).toEqual(
      direct.slice(Math.max(0, offset), Math.max(0, offset) + limit),
    );
  }
}

/** Small shards and chunks of small blocks, to have many of each from a few answers: two blocks of three slugs a chunk. */
const SMALL = { shardCharacters: 200, documentCharacters: 30, slugsPerBlock: 3 };

/** The files of readerOf(answers, SMALL), made once per set of answers. */
const smallFiles = new WeakMap<object, Map<string, string>>();

/** A reader over readerOf(answers, SMALL)'s files that has read nothing yet, so remembers no ranking. */
function freshSmallReader(answers: ReadonlyArray<{ slug: string; texts: AnswerSearchTexts }>): SearchReader {
  let files = smallFiles.get(answers);
  if (!files) smallFiles.set(answers, (files = readerOf(answers, SMALL).files));
  const kept = files;
  return new SearchReader(new SearchFiles(async (path) => kept.get(path)));
}

describe("the sharded index", () => {
  const answers = randomAnswers(240, 5);
  const one = readerOf(answers);
  const many = readerOf(answers, SMALL);
  const random = seededRandom(9);
  const queries = [
    "r",
    "ro",
    "room",
    "rooms",
    "m",
    "micro",
    "microphone",
    "ceil micro",
    "straße",
    "strasse",
    "ecran",
    "2026 zoom",
    "unique17",
    "unique1",
    "zzz",
    "teams rooms cam",
    "unique1 room",
    "micro unique2 cam",
    ...Array.from({ length: 40 }, () =>
      Array.from({ length: 1 + Math.floor(random() * 3) }, () =>
        WORDS[Math.floor(random() * WORDS.length)]!.slice(0, 1 + Math.floor(random() * 6)),
      ).join(" "),
    ),
  ];

  it("reads a documents chunk's blocks and fingerprints from its bytes as parsing it whole would, in any layout", () => {
    const encode = (text: string) => new TextEncoder().encode(text);
    // Each answer with a fingerprint of its own, so that a fingerprint read from the wrong place shows.
    const chunks: string[] = [];
    for (const sizes of [undefined, SMALL]) {
      const builder = new SearchIndexBuilder(sizes);
      answers.forEach((answer, at) => {
        builder.add(indexedAnswer(answer.slug, at.toString(36).padStart(8, "_"), fieldTokens(answer.texts)));
      });
      for (const file of builder.files(DIGEST, 100, []))
        if (file.kind === "documents") chunks.push(canonicalJson(file.body));
    }
    expect(chunks.length).toBe(41);
    for (const text of chunks) {
      const parsed = JSON.parse(text) as SearchDocumentsChunk;
      // An escape in a block: the same value, another layout.
      const escaped = text.replace(
        /("blocks": \[\n {4}")([a-z])/,
        (_, before: string, letter: string) => `${before}\\u00${letter.charCodeAt(0).toString(16)}`,
      );
      expect(escaped).not.toBe(text);
      // As the build writes it (read from its bytes), then on one line and with the escape (each parsed whole).
      for (const layout of [text, JSON.stringify(parsed), escaped]) {
        const view = documentsChunkOf(encode(layout));
        expect([view.format, view.content_digest, view.first, view.blockCount]).toEqual([
          parsed.format,
          parsed.content_digest,
          parsed.first,
          parsed.blocks.length,
        ]);
        expect(Array.from({ length: view.blockCount }, (_, at) => view.block(at))).toEqual(parsed.blocks);
        const count = parsed.fingerprints.length / ANSWER_FINGERPRINT_CHARACTERS;
        expect(Array.from({ length: count }, (_, at) => view.fingerprint(at)).join("")).toBe(parsed.fingerprints);
      }
    }
  });

  it("has many shards and chunks when they are small", () => {
    expect([...one.files.keys()].filter((path) => path.includes("/terms/"))).toHaveLength(1);
    expect([...many.files.keys()].filter((path) => path.includes("/terms/")).length).toBeGreaterThan(20);
    expect([...many.files.keys()].filter((path) => path.includes("/documents/"))).toHaveLength(240 / 6);
    // One-letter tokens whose words fill several shards read one prebuilt file instead.
    expect([...many.files.keys()].filter((path) => path.includes("/prefixes/")).length).toBeGreaterThan(3);
    expect([...one.files.keys()].filter((path) => path.includes("/prefixes/"))).toEqual([]);
    // Words in most answers are written densely, so the comparisons below read both forms.
    const postings = [...many.files.entries()]
      .filter(([path]) => path.includes("/terms/"))
      .flatMap(([, text]) => (JSON.parse(text) as { postings: string[] }).postings);
    expect(postings.filter((list) => list.startsWith(".")).length).toBeGreaterThan(3);
    expect(postings.filter((list) => !list.startsWith(".")).length).toBeGreaterThan(100);
  });

  it.each(queries)(
    "%j: matches as the texts do, scores as the formula says, the same with any shard size",
    async (q) => {
      await expectAsTheTextsSay(answers, many.reader, one.reader, q);
    },
  );

  const withSynonyms = readerOf(answers, SMALL, SYNONYMS);
  const oneWithSynonyms = readerOf(answers, undefined, SYNONYMS);
  it.each([
    ...queries.filter((q) => parseQuery(q).ok),
    "the microphones",
    "mounted screen",
    "tv mounts",
    "mics",
    "person",
    "people webcam",
    "battery display",
    "camrea",
    "microphnoe ceiling",
    "warrnaty",
    "zzzz room",
    "wifi",
    "guest wifi camera",
    "usbc",
    "wif",
    "wi-fi ceiling",
  ])("%j with match=any: as the rule finds in the texts, the same with any shard size", async (q) => {
    await expectAnyAsTheTextsSay(answers, withSynonyms.reader, oneWithSynonyms.reader, q);
  });

  it("finds a slug's position, and a slug's hit only when it matches", async () => {
    for (const [at, answer] of answers.entries()) expect(await many.reader.positionOf(answer.slug)).toBe(at);
    expect(await many.reader.positionOf("answer-9999")).toBeUndefined();
    expect(await many.reader.positionOf("a")).toBeUndefined();
    // Between two slugs of a block, and between two blocks.
    expect(await many.reader.positionOf("answer-0004-a")).toBeUndefined();
    expect(await many.reader.positionOf("answer-0005-a")).toBeUndefined();
    expect(await many.reader.hitFor(all(["unique17"]), "answer-0017")).toMatchObject({
      slug: "answer-0017",
      position: 17,
    });
    expect(await many.reader.hitFor(all(["unique17"]), "answer-0018")).toBeUndefined();
  });

  it("an empty collection answers nothing", async () => {
    const { reader } = readerOf([]);
    expect(await reader.search(all(["room"]), "relevance", 0, 10)).toEqual({ total: 0, hits: [] });
    expect(await reader.search({ words: ["room"], match: "any" }, "relevance", 0, 10)).toEqual({
      total: 0,
      hits: [],
    });
    expect(await reader.positionOf("room")).toBeUndefined();
    expect(await reader.suggest(all(["rooom"]))).toEqual([]);
  });
});

describe("a token in every answer of a large collection", () => {
  // From about 1,000 answers such a token's idf rounds to 0 thousandths: it narrows nothing and scores nothing.
  // "roomy" in every answer; words starting with y (enough to fill several shards, so y gets a prefix file) in a third.
  const answers = randomAnswers(1200, 11).map((answer, at) => ({
    ...answer,
    texts: { ...answer.texts, body: `${answer.texts.body} roomy${at % 3 === 0 ? ` y${at % 50}` : ""}` },
  }));
  const read: string[] = [];
  const many = readerOf(answers, SMALL);
  const logged = new SearchReader(
    new SearchFiles(async (path) => {
      read.push(path);
      return many.files.get(path);
    }),
  );
  const one = readerOf(answers).reader;

  it.each([
    "roomy",
    "r",
    "ro",
    "roomy micro",
    "r cam",
    "roomy r",
    "micro r roomy",
    "m",
    "y r",
    "y1 roomy",
    "unique117 r",
    "zzz r",
  ])("%j: as the texts say", async (q) => {
    await expectAsTheTextsSay(answers, many.reader, one, q);
  });

  const withSynonyms = readerOf(answers, SMALL, SYNONYMS);
  const oneWithSynonyms = readerOf(answers, undefined, SYNONYMS).reader;
  it.each(["roomy", "r roomy", "roomy r", "micro r roomy", "y r", "y1 roomy", "roomys camera"])(
    "%j with match=any: as the rule finds in the texts (a word before the last that only starts roomy does not hold it)",
    async (q) => {
      await expectAnyAsTheTextsSay(answers, withSynonyms.reader, oneWithSynonyms, q);
    },
  );

  it("is not decoded, nor its prefix file read", async () => {
    const map = JSON.parse(many.files.get(ANSWERS_SEARCH_INDEX_FILE)!) as {
      prefix_files: string[];
      prefix_answers: number[];
      relevance: { idf_extra_answers: number };
    };
    // From 1,000 answers the idf counts no extra answers, so a word in every answer weighs nothing.
    expect(map.relevance.idf_extra_answers).toBe(0);
    expect(map.prefix_answers[map.prefix_files.indexOf("r")]).toBe(1200);
    expect(map.prefix_answers[map.prefix_files.indexOf("y")]).toBe(400);
    expect((await logged.search(all(["r", "y"]), "relevance", 0, 10)).total).toBe(400);
    expect(read.filter((path) => path.includes("/prefixes/"))).toEqual(["/api/v1/search/answers/prefixes/y.json"]);
    // The word's postings emptied: decoded, they would match nothing.
    const emptied = new Map(many.files);
    for (const [path, text] of emptied) {
      const shard = JSON.parse(text) as { terms?: string[]; postings: string[] };
      const at = shard.terms?.indexOf("roomy") ?? -1;
      if (at >= 0)
        emptied.set(
          path,
          canonicalJson({
            ...shard,
            postings: shard.postings.map((postings, index) => (index === at ? "" : postings)),
          }),
        );
    }
    const expected = await many.reader.search(all(["micro", "roomy"]), "relevance", 0, 50);
    expect(expected.total).toBeGreaterThan(100);
    expect(
      await new SearchReader(new SearchFiles(async (path) => emptied.get(path))).search(
        all(["micro", "roomy"]),
        "relevance",
        0,
        50,
      ),
    ).toEqual(expected);
  });
});

describe("postings", () => {
  it("round-trip gaps of any size and every level", () => {
    const random = seededRandom(3);
    let position = 0;
    const postings = Array.from({ length: 2000 }, (_, at) => ({
      position: (position += at % 50 === 0 ? Math.floor(random() * 5_000_000) : 1 + Math.floor(random() * 40)),
      level: at % 64,
    }));
    const encoded = encodePostings(
      postings.map((posting) => posting.position),
      postings.map((posting) => posting.level),
    );
    expect(encoded).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodePostings(encoded)).toEqual(postings);
    // One small gap and a level: two digits.
    expect(encodePostings([3], [63])).toBe("D_");
  });

  it("of a word in most answers are one character per answer where that is shorter, and decode the same", () => {
    const random = seededRandom(4);
    for (const share of [0.3, 0.5, 0.51, 0.7, 0.99, 1]) {
      const positions: number[] = [];
      for (let position = 0; position < 3000; position++) if (random() < share) positions.push(position);
      const levels = positions.map((_, at) => at % 64);
      const shorter = encodeShorterPostings(positions, levels, positions.length, 3000);
      const sparse = encodePostings(positions, levels);
      expect(shorter.length).toBe(Math.min(sparse.length, 3001));
      expect(shorter).toMatch(shorter.length < sparse.length ? /^\.[A-Za-z0-9_~-]{3000}$/ : /^[A-Za-z0-9_-]*$/);
      expect(decodePostings(shorter)).toEqual(positions.map((position, at) => ({ position, level: levels[at] })));
    }
    expect(encodeShorterPostings([0, 2, 3], [0, 63, 1], 3, 4)).toBe(".A~_B");
    // As long either way: gaps and levels.
    expect(encodeShorterPostings([0, 2], [0, 63], 2, 3)).toBe("AAC_");
  });

  it("held while the index is built, round-trip for words interleaved, across blocks and slabs", () => {
    const random = seededRandom(5);
    const store = new PostingsStore();
    const fields = SEARCH_FIELDS.length;
    // A common word (over a megabyte: its chain crosses slabs), a few middling ones and many rare ones, interleaved.
    const words = Array.from({ length: 400 }, () => ({
      postings: store.word(),
      positions: [] as number[],
      counts: [] as number[],
    }));
    const frequencies = new Int32Array(fields);
    const add = (word: (typeof words)[number], position: number) => {
      for (let field = 0; field < fields; field++)
        frequencies[field] = random() < 0.5 ? 0 : Math.floor(random() ** 4 * 100_000);
      store.add(word.postings, position, frequencies, 0, fields);
      word.positions.push(position);
      word.counts.push(...frequencies);
    };
    for (let position = 0; position < 200_000; position++) {
      add(words[0]!, position);
      if (position % 7 === 0) add(words[1 + (position % 5)]!, position);
      if (random() < 0.02) add(words[8 + Math.floor(random() * 392)]!, position);
    }
    expect(store.bytes).toBeGreaterThan(1024 * 1024);
    for (const word of words) {
      const positions = new Int32Array(word.positions.length);
      const counts = new Int32Array(word.counts.length);
      store.decodeInto(word.postings, fields, positions, counts);
      // As text: deep equality of 200,000 numbers takes seconds.
      expect(positions.join()).toBe(word.positions.join());
      expect(counts.join()).toBe(word.counts.join());
    }
  });

  it("front-coded slug blocks round-trip slugs sharing any length of start, up to the longest slug", () => {
    const long = "a".repeat(78);
    const slugs = ["a", "a-b", "ab", `${long}-b`, `${long}-c`, `${long}cd`, "b", "b0", "b0-0", "c".repeat(80)];
    const block = encodeSlugBlock(slugs);
    expect(block).toMatch(/^[a-z0-9-][a-z0-9,A-Z_-]*$/);
    expect(decodeSlugBlock(block)).toEqual(slugs);
    expect(slugs.map((_, offset) => slugInBlock(block, offset))).toEqual(slugs);
    expect(firstSlugOf(block)).toBe("a");
    // A shared start of 79 characters takes two digits: 79 = 15 + 2 × 32.
    expect(encodeSlugBlock([`${long}-b`, `${long}-c`])).toBe(`${long}-b,vCc`);
    expect(decodeSlugBlock(encodeSlugBlock(["only"]))).toEqual(["only"]);
  });

  it("an answer's fingerprint is the first 48 bits of its content digest in base-64 digits, as base64url writes them", () => {
    const hex = "0123456789abcdef".repeat(4);
    expect(answerFingerprint(`sha256:${hex}`)).toBe("ASNFZ4mr");
    for (const digest of ["ffffffffffff", "000000000000", "fedcba987654"]) {
      expect(answerFingerprint(`sha256:${digest}${"0".repeat(52)}`)).toBe(
        Buffer.from(digest, "hex").toString("base64url"),
      );
    }
    expect(answerFingerprint(`sha256:${hex}`)).toHaveLength(ANSWER_FINGERPRINT_CHARACTERS);
  });

  it("rank keys order by holding every word, then points, then position, exactly up to the bounds", () => {
    expect(rankKey(2, 5) > rankKey(1, 0)).toBe(true);
    expect(rankKey(1, 0) > rankKey(1, 1)).toBe(true);
    expect(rankKey(0, 9, true) > rankKey(2 ** 28 - 1, 0)).toBe(true);
    expect(Number.isSafeInteger(rankKey(2 ** 28 - 1, 0, true))).toBe(true);
    expect(pointsOfRankKey(rankKey(2 ** 28 - 1, 7, true))).toBe(2 ** 28 - 1);
    expect(positionOfRankKey(rankKey(2 ** 28 - 1, 7, true))).toBe(7);
  });
});

describe("shards a token reads", () => {
  it.each([
    [["a", "c", "m"], "b", [1]],
    [["a", "c", "m"], "c", [2]],
    [["a", "c", "m"], "ca", [2]],
    [["a", "c", "m"], "z", [3]],
    [["a", "mic", "micz", "n"], "mic", [2, 3]],
    [["a", "mic", "micz", "n"], "m", [1, 2, 3]],
    [["b"], "a", [1]],
  ])("%j, %j → %j", (firsts, token, shards) => {
    expect(shardsFor(firsts, token)).toEqual(shards);
  });
});

describe("suggestions", () => {
  it("edit distance counts a swap of neighbours as one, and stops past its bound", () => {
    expect(editDistance("microphne", "microphone", 2)).toBe(1);
    expect(editDistance("teh", "the", 2)).toBe(1);
    expect(editDistance("camrea", "camera", 2)).toBe(1);
    expect(editDistance("room", "room", 2)).toBe(0);
    expect(editDistance("abcdef", "uvwxyz", 2)).toBe(3);
    expect([1, 2, 3, 4, 5, 9].map(allowedDistance)).toEqual([0, 0, 1, 1, 2, 2]);
    // A mistyped id or slug: the nearest within a third of its length, else the longest shared start of four or more.
    expect(likeliestName("room-sizng", ["room-acoustics", "room-sizing"])).toBe("room-sizing");
    expect(likeliestName("abcdxyzz", ["abcdefgh"])).toBe("abcdefgh");
    expect(likeliestName("abcxyzzz", ["abcdefgh"])).toBeUndefined();
    // A typo matched with match=any: none up to three letters, 1 up to seven, 2 from eight.
    expect([3, 4, 7, 8].map(typoDistance)).toEqual([0, 1, 1, 2]);
  });

  const answers = [
    {
      slug: "a",
      texts: {
        title: "Microphone coverage",
        question: "",
        tags: "audio",
        summary: "Ceiling microphones",
        body: "Cover every seat.",
      },
    },
    {
      slug: "b",
      texts: {
        title: "Camera framing",
        question: "",
        tags: "video",
        summary: "Cameras and displays",
        body: "Frame every seat.",
      },
    },
  ];
  const { reader } = readerOf(answers);

  it("corrects a word that starts no word, nearest and commonest first, each with what it finds", async () => {
    const parsed = parseQuery("Micróphne!");
    if (!parsed.ok) throw new Error("valid");
    expect(await reader.suggest(all(parsed.tokens))).toEqual([
      { q: "microphone", total: 1, corrections: [{ token: "microphne", word: "microphone", distance: 1 }] },
      { q: "microphones", total: 1, corrections: [{ token: "microphne", word: "microphones", distance: 2 }] },
    ]);
    expect(await reader.suggest(all(["camrea", "seat"]))).toEqual([
      { q: "camera seat", total: 1, corrections: [{ token: "camrea", word: "camera", distance: 1 }] },
      { q: "cameras seat", total: 1, corrections: [{ token: "camrea", word: "cameras", distance: 2 }] },
    ]);
  });

  it("never takes a word holding a digit for a typo of another or another for one, nor suggests one: a number, a model or a standard", async () => {
    const { reader: numbers } = readerOf([
      {
        slug: "a",
        texts: {
          title: "Budget",
          question: "",
          tags: "",
          summary: "USD 4900 a year",
          body: "Shure mxa920, Shure mxn5.",
        },
      },
      { slug: "b", texts: { title: "Microphones", question: "", tags: "", summary: "Ceiling arrays", body: "." } },
    ]);
    // "shure5" is one edit from "shure", a word of letters: a word holding a digit is never a typo of one.
    for (const word of ["9001", "4901", "mxa921", "mxna", "shure5"]) {
      const found = await numbers.search({ words: [word], match: "any" }, "relevance", 0, 2);
      expect([found.total, await numbers.suggest(all([word]))], word).toEqual([0, []]);
    }
    // A word of letters still matches a typo away.
    expect((await numbers.search({ words: ["microphnes"], match: "any" }, "relevance", 0, 2)).total).toBe(1);
  });

  it("never takes a stop word for a typo with match=any, nor suggests one: it would decide a match no stop word decides", async () => {
    const { reader: stops } = readerOf([
      {
        slug: "a",
        texts: { title: "Spares", question: "", tags: "", summary: "Keep some spare parts", body: "." },
      },
      { slug: "b", texts: { title: "Rooms", question: "", tags: "", summary: "Rooms with parts", body: "." } },
    ]);
    // "sime" is in no answer and one edit from "some", a stop word of answer a: it matches nothing…
    const found = await stops.search({ words: ["sime"], match: "any" }, "relevance", 0, 2);
    expect(found.total).toBe(0);
    expect(await stops.suggest({ words: ["sime"], match: "any" })).toEqual([]);
    // …while match=all, which keeps stop words as words, is still offered it.
    expect((await stops.suggest(all(["sime"]))).map((suggestion) => suggestion.q)).toEqual(["some"]);
    // A word of the answers still matches a typo away.
    expect((await stops.search({ words: ["spores"], match: "any" }, "relevance", 0, 2)).total).toBe(1);
  });

  it("corrects up to three words of a query", async () => {
    expect((await reader.suggest(all(["microphne", "ceilng", "covr"])))[0]?.q).toBe("microphone ceiling cover");
  });

  it("corrects to the commonest of words equally near, and to the first in code-unit order of words equally common", async () => {
    // table in four answers, cable in three, fable in two, sable in one: each one edit from "xable".
    const titled = (words: string[]) =>
      readerOf(
        words.map((title, at) => ({
          slug: `a${at}`,
          texts: { title, question: "", tags: "", summary: "", body: "." },
        })),
      ).reader;
    const common = titled(["table", "table", "table", "table", "cable", "cable", "cable", "fable", "fable", "sable"]);
    expect((await common.suggest(all(["xable"]))).map((suggestion) => suggestion.q)).toEqual([
      "table",
      "cable",
      "fable",
      "sable",
    ]);
    expect((await common.queryWords({ words: ["xable"], match: "any" }))[0]!.typos).toEqual([
      "table",
      "cable",
      "fable",
    ]);
    const even = titled(["table", "sable", "fable", "cable"]);
    expect((await even.queryWords({ words: ["xable"], match: "any" }))[0]!.typos).toEqual(["cable", "fable", "sable"]);
  });

  it("suggests nothing for short words, for queries whose words all start some word, or when no correction finds anything", async () => {
    expect(await reader.suggest(all(["zq"]))).toEqual([]);
    expect(await reader.suggest(all(["camera", "ceiling"]))).toEqual([]);
    expect(await reader.suggest(all(["camrea", "ceiling"]))).toEqual([]);
  });
});

describe("explanations", () => {
  const texts: AnswerSearchTexts = {
    title: "Ceiling microphones",
    question: "Where do the microphones go?",
    tags: "audio ceiling",
    summary: "Short. 😀 Café microphones cover the room; ceiling arrays need care.",
    body: `Intro line.\n${"Padding words go here and there. ".repeat(3)}A very long sentence ${"with many words ".repeat(30)}that finally mentions microphones near its end and goes on ${"and on ".repeat(20)}until it stops.`,
  };
  const highlighted = (text: string, matches: Array<[number, number]>) =>
    matches.map(([start, end]) => Array.from(text).slice(start, end).join(""));

  it("lists the fields a token starts a word of, heaviest first", () => {
    expect(matchedFields(texts, ["ceil"])).toEqual(["title", "tags", "summary"]);
    expect(matchedFields(texts, ["micro"])).toEqual(["title", "question", "summary", "body"]);
  });

  it("holds every word with match=all, where each word may be the start of one, and names the first field's word on a tie", () => {
    const prepared = prepareAnswer({
      title: "Ceiling microphones",
      question: "",
      tags: "",
      summary: "",
      body: "A microphone array.",
    });
    // As a reader makes them: only the last word is the last, and with match=all a prefix holds each word.
    const strict = [queryWord("micro", "all", [], false), queryWord("ceil", "all", [], true)];
    expect(explainPrepared(prepared, strict).all_words).toBe(true);
    // The title's "microphones" and the body's "microphone" both start "micro": the title's is named.
    expect(matchedWords(prepared, [queryWord("micro", "any", [], true)]).matched).toEqual([
      { found: "microphones", how: "prefix", word: "micro" },
    ]);
  });

  it("takes the sentence matching most tokens, with matches in code points", () => {
    const { snippet } = explainHit(texts, ["micro", "ceil"]);
    expect(snippet.field).toBe("summary");
    expect(snippet.text).toBe("😀 Café microphones cover the room; ceiling arrays need care.");
    expect(highlighted(snippet.text, snippet.matches)).toEqual(["microphones", "ceiling"]);
    expect(snippet.matches[0]).toEqual([7, 18]);
  });

  it("takes a paragraph's soft line breaks as spaces: its sentence is whole and the snippet on one line", () => {
    // markdown-it writes a line break of the source into the HTML's text; a block's end stays a line's end.
    const body = htmlText("<p>Two ceiling\nmicrophones cover a\nroom.</p>\n<h2>Rule of thumb</h2>");
    expect(body).toBe("Two ceiling microphones cover a room.\nRule of thumb");
    const { snippet } = explainHit({ ...texts, summary: "", title: "", question: "", body }, ["micro"]);
    expect(snippet.text).toBe("Two ceiling microphones cover a room. Rule of thumb");
    expect(highlighted(snippet.text, snippet.matches)).toEqual(["microphones"]);
  });

  it("cuts a long sentence around its first match at word boundaries, marked with …", () => {
    const { snippet } = explainHit({ ...texts, summary: "", title: "", question: "" }, ["finally"]);
    expect(snippet.field).toBe("body");
    expect(snippet.text.startsWith("…")).toBe(true);
    expect(snippet.text.endsWith("…")).toBe(true);
    expect(Array.from(snippet.text).length).toBeLessThanOrEqual(242);
    expect(highlighted(snippet.text, snippet.matches)).toEqual(["finally"]);
  });

  it("holds and highlights exactly what the rule matches against the text's own tokens, in any text", () => {
    const random = seededRandom(34);
    const pieces = [
      "Café",
      "cameras",
      "camera–arrays",
      "Mikrofon",
      "Wi-Fi",
      "USB-C",
      "Café-Bar",
      "Wi\u2011Fi",
      "2024-11-28",
      "m²",
      "3×4",
      "İstanbul",
      "ﬁles",
      "Straße",
      "𝐀pple",
      "naïve",
      "MXA920",
      "installed",
      "Rooms'",
      "Room's",
      "½",
      "😀",
      "—",
      ". ",
      "\n",
    ];
    const groups = [["display", "screen", "tv"]];
    const kinds = (text: string, query: QueryWord) =>
      vocabulary([text])
        .map((word) => matchKind(query, word))
        .filter((kind) => kind !== undefined);
    // The runs of letters and digits (and whatever NFKD makes letters of) a snippet's text is made of.
    // biome-ignore lint/suspicious/noControlCharactersInRegex: ASCII's controls and punctuation are not word characters.
    const RUNS = /[^\s\p{P}\p{Z}\p{C}\x00-\x2f\x3a-\x40\x5b-\x60\x7b-\x7f]+/gu;
    for (let round = 0; round < 300; round++) {
      // Every other text ASCII alone, which is searched in place rather than word by word.
      const pool = round % 2 === 0 ? pieces : pieces.filter((piece) => !/[^ -~\n]/.test(piece));
      const text = Array.from({ length: 12 }, () => pool[Math.floor(random() * pool.length)]).join(" ");
      // A word of a piece as the index holds it: a compound's whole too ("wifi", "wif").
      const tokens = indexTokens(pool[Math.floor(random() * pool.length)]!);
      const token = tokens[Math.floor(random() * tokens.length)];
      if (token === undefined) continue;
      const query = queryWord(token.slice(0, 1 + Math.floor(random() * token.length)), "any", groups, true);
      const texts = { title: "", question: "", tags: "", summary: text, body: "" };
      const prepared = prepareAnswer(texts);
      const { matched } = matchedWords(prepared, [query]);
      const expected = kinds(text, query);
      expect(matched.length, text).toBe(expected.length > 0 ? 1 : 0);
      const { snippet } = explainPrepared(prepared, [query]);
      // A run matches by its own tokens, or as a part of a compound ("Wi-Fi") whose word whole matches.
      const inMatchingCompound = new Set<number>();
      for (const compound of snippet.text.matchAll(/[\p{L}\p{N}\p{M}]+(?:[-\u2011][\p{L}\p{N}\p{M}]+)+/gu)) {
        const whole = indexTokens(compound[0]).slice(tokenize(compound[0]).length);
        if (!whole.some((word) => matchKind(query, word) !== undefined)) continue;
        for (let at = compound.index; at < compound.index + compound[0].length; at++) inMatchingCompound.add(at);
      }
      const matching = [...snippet.text.matchAll(RUNS)]
        .filter(
          (run) =>
            inMatchingCompound.has(run.index) || tokenize(run[0]).some((word) => matchKind(query, word) !== undefined),
        )
        .map((run) => run[0]);
      expect(highlighted(snippet.text, snippet.matches), `${text} / ${query.word}`).toEqual(matching);
    }
  });

  it("takes the first sentence holding the most query words, by the rule, in ASCII text", () => {
    const random = seededRandom(35);
    const words = ["camera", "cameras", "mounted", "mounting", "screen", "display", "tv", "room", "roomy", "mic"];
    const groups = [["display", "screen", "tv"]];
    for (let round = 0; round < 300; round++) {
      const pick = () => words[Math.floor(random() * words.length)]!;
      const sentences = Array.from({ length: 2 + Math.floor(random() * 5) }, () =>
        Array.from({ length: 1 + Math.floor(random() * 4) }, pick).join(" "),
      );
      const text = `${sentences.join(". ")}.`;
      const query = [...new Set([pick(), pick(), pick()])].map((word, at, all) =>
        queryWord(word, "any", groups, at === all.length - 1),
      );
      // Each sentence's distinct query words, word by word by the rule; the first with the most wins.
      const counts = sentences.map(
        (sentence) =>
          query.filter((word) => sentence.split(" ").some((token) => matchKind(word, token) !== undefined)).length,
      );
      const best = counts.indexOf(Math.max(...counts));
      const { snippet } = explainPrepared(
        prepareAnswer({ title: "", question: "", tags: "", summary: text, body: "" }),
        query,
      );
      // A short sentence is shown with the one after it.
      const shown = sentences.slice(best, best + 2).join(". ");
      expect(snippet.text, `${text} / ${query.map((word) => word.word)}`).toBe(
        best + 1 < sentences.length ? `${shown}.` : `${sentences[best]}.`,
      );
    }
  });

  it("says how each query word matched, with match=any, and which words the answer lacks", async () => {
    const answers = [
      {
        slug: "a",
        texts: {
          title: "Mounting the display",
          question: "Where do microphones go?",
          tags: "people",
          summary: "Batteries and a camera.",
          body: "The ceiling.",
        },
      },
      { slug: "b", texts: { title: "Other", question: "", tags: "", summary: "", body: "Nothing here." } },
    ];
    const { reader } = readerOf(answers, undefined, SYNONYMS);
    const query = {
      words: ["mounted", "tv", "microphone", "person", "battery", "camrea", "zebra", "wher"],
      match: "any" as const,
    };
    const words = await reader.queryWords(query);
    expect(words.find((word) => word.word === "camrea")!.typos).toEqual(["camera"]);
    const { fields, matched, missing } = matchedWords(prepareAnswer(answers[0]!.texts), words);
    expect(fields).toEqual(["title", "question", "tags", "summary"]);
    expect(matched).toEqual([
      { found: "mounting", how: "stem", word: "mounted" },
      { found: "display", how: "synonym", word: "tv" },
      { found: "microphones", how: "stem", word: "microphone" },
      { found: "people", how: "stem", word: "person" },
      { found: "batteries", how: "stem", word: "battery" },
      { found: "camera", how: "typo", word: "camrea" },
      { found: "where", how: "prefix", word: "wher" },
    ]);
    expect(missing).toEqual(["zebra"]);
    // The index finds it by the same rule; it lacks zebra, so it does not hold every word.
    const found = await reader.search(query, "relevance", 0, 10);
    expect(found.hits.map((hit) => hit.slug)).toEqual(["a"]);
    // A prefix holds only the last word: "wher" first finds where, but does not hold it.
    const prefixFirst = { words: ["wher", "display"], match: "any" as const };
    const [wher] = await reader.queryWords(prefixFirst);
    expect(wher!.last).toBe(false);
    expect(holdsWord(wher!, "prefix")).toBe(false);
    expect((await reader.search(prefixFirst, "relevance", 0, 10)).hits.map((hit) => hit.slug)).toEqual(["a"]);
  });

  it("finds a compound written as one word (wifi in Wi-Fi), holds it, and highlights its parts", async () => {
    const answers = [
      {
        slug: "a",
        texts: { title: "Guest access", question: "", tags: "", summary: "Guests join the Wi-Fi.", body: "" },
      },
      { slug: "b", texts: { title: "Guest rooms", question: "", tags: "", summary: "Wires and fibre.", body: "" } },
    ];
    const { reader } = readerOf(answers);
    const query = { words: ["guest", "wifi"], match: "any" as const };
    const found = await reader.search(query, "relevance", 0, 10);
    expect(found.hits.map((hit) => hit.slug)).toEqual(["a", "b"]);
    const words = await reader.queryWords(query);
    const explained = explainPrepared(prepareAnswer(answers[0]!.texts), words);
    expect(explained.all_words).toBe(true);
    expect(explained.matched).toContainEqual({ found: "wifi", how: "exact", word: "wifi" });
    expect(explainPrepared(prepareAnswer(answers[1]!.texts), words).missing).toEqual(["wifi"]);
    expect(highlighted(explained.snippet.text, explained.snippet.matches)).toEqual(["Guests", "Wi", "Fi"]);
    // The strict rule too: a compound is a word of the text.
    const strict = await reader.search({ words: ["wifi"], match: "all" }, "slug", 0, 10);
    expect(strict.hits.map((hit) => hit.slug)).toEqual(["a"]);
  });

  it("ranks the answers holding every word first: a whole word, not a prefix of another, holds a word before the last", async () => {
    const texts = (title: string, body: string) => ({ title, question: "", tags: "", summary: "", body });
    const { reader } = readerOf([
      // More points for both words, but "wher" only starts "where" here: it does not hold it.
      { slug: "a", texts: texts("Where the display goes", "where where display display display") },
      { slug: "b", texts: texts("Other", "wher display") },
    ]);
    const found = await reader.search({ words: ["wher", "display"], match: "any" }, "relevance", 0, 10);
    expect(found.hits.map((hit) => hit.slug)).toEqual(["b", "a"]);
    expect(found.hits[0]!.score).toBeLessThan(found.hits[1]!.score);
    // As the last word it may be half typed: a prefix holds it, and points decide.
    const last = await reader.search({ words: ["display", "wher"], match: "any" }, "relevance", 0, 10);
    expect(last.hits.map((hit) => hit.slug)).toEqual(["a", "b"]);
  });

  it("reads an answer's searchable members from its prebuilt fragment as parsing it whole would", () => {
    const answer = {
      slug: "a",
      title: 'Quotes " and \\ and \n "title": x',
      question: 'Why?\n      "tags": [',
      summary: "Ünïcode ☃ and </script>",
      tags: ["one", "two-words"],
      related: [{ slug: "b", title: "Nested title", href: "/b" }],
      body: { html: "<p>A</p>\n<p>B &amp; C</p>", markdown: "A\n\nB & C", word_count: 4 },
    };
    expect(searchableAnswerOf(new TextEncoder().encode(itemFragment(answer)))).toEqual({
      title: answer.title,
      question: answer.question,
      summary: answer.summary,
      tags: answer.tags,
      body: { html: answer.body.html },
    });
    expect(searchableAnswerOf(new TextEncoder().encode(itemFragment({ ...answer, tags: [] }))).tags).toEqual([]);
  });

  it("reads the answers' HTML as text: citations left out, entities decoded, one line per block", () => {
    expect(
      htmlText(
        '<p>A &amp; B <sup class="citation">[<a href="#source-x">1</a>]</sup>.</p>\n<h2>Next&#39;s &lt;part&gt;</h2><ul><li>one</li><li>two</li></ul>',
      ),
    ).toBe("A & B.\nNext's <part>\none\ntwo");
    // A paragraph separator in the text ends a line, as a block's end does.
    expect(htmlText("<p>one\u2029two \u2029 three&#8233;four</p>")).toBe("one\ntwo\nthree\nfour");
  });

  it("keeps ASCII text in V8's one-byte strings, body, snippet and words: Node 20 encodes a two-byte one slowly", () => {
    // v8.serialize tags a string by how V8 holds it: '"' one byte a character, 'c' two.
    const oneByte = (text: string) => serialize(text)[2] === 0x22;
    expect(oneByte("plain"), "the probe").toBe(true);
    // A slice of 13 characters or more: a shorter one V8 may copy to one byte (Node 26 does).
    expect(oneByte("plain text of a line \u2029".slice(0, 20)), "the probe").toBe(false);
    const body = htmlText("<h2>Rule</h2>\n<p>Two ceiling microphones cover a meeting room.</p><ul><li>one</li></ul>");
    expect(oneByte(body)).toBe(true);
    const { snippet, matched } = explainHit(
      { title: "Microphones", question: "How many?", tags: "", summary: "Plan them.", body },
      ["ceiling", "room"],
    );
    expect(snippet.field).toBe("body");
    expect([snippet.text, ...matched.flatMap((word) => [word.found, word.word])].every(oneByte)).toBe(true);
  });

  it("collapses space as it always has: runs and odd spaces to one, none beside a line's end, no empty lines", () => {
    // The expected texts are those the regular-expression version gave: the index and the snippets are made from them.
    expect(htmlText("<p>a \t b\u00a0\u00a0c  d</p>\n\n<p> e </p> \n <br> f")).toBe("a b c d\ne\nf");
    expect(
      htmlText('<h2> Title </h2>\r\n<p>x\u00a0<sup class="citation">[1]</sup> y \t<sup class="citation">[2]</sup></p>'),
    ).toBe("Title\nx y");
    expect(htmlText("<ul>\n  <li>one </li>\n  <li> two</li>\n</ul>\n")).toBe("one\ntwo");
  });
});

describe("the search index patched from the last build's (a dev loop's)", () => {
  const indexed = (answer: { slug: string; texts: AnswerSearchTexts }, fingerprint = "A") =>
    indexedAnswer(answer.slug, fingerprint.repeat(ANSWER_FINGERPRINT_CHARACTERS), fieldTokens(answer.texts));
  const filesOf = (builder: SearchIndexBuilder) =>
    [...builder.files(DIGEST, 100, [])].map((file) => [pathOf(file), canonicalJson(file.body)]);
  const fromScratch = (answers: readonly IndexedAnswer[]) => {
    const builder = new SearchIndexBuilder();
    for (const answer of answers) builder.add(answer);
    return filesOf(builder);
  };

  it("gives the files a builder made from scratch gives, patched where the lengths stay and made again where not", () => {
    const texts = randomAnswers(120, 11);
    let answers = texts.map((answer) => indexed(answer));
    let builder = SearchIndexBuilder.reusing(undefined, answers);
    expect(builder.reused).toBe(false);
    expect(filesOf(builder)).toEqual(fromScratch(answers));
    // Each edit keeps every field's length in words, so the averages stay and the index is patched: a word swapped
    // for one no answer held; common words (dense postings) dropped from and added to answers; a word only one
    // answer held (unique12) swapped away, leaving the vocabulary; several answers at once, the last one too.
    const edits: Array<[number[], (body: string, at: number) => string]> = [
      [[7], (body) => body.replace(/^\S+/, "zebra")],
      [[3, 50, 119], (body) => body.replace(/^\S+ \S+/, "room room")],
      [[12], (body) => body.replace("unique12", "unique7")],
      [[0, 1, 2, 60], (body, at) => body.replace(/^\S+/, at % 2 === 0 ? "camera" : "teams")],
    ];
    for (const [round, [positions, edit]] of edits.entries()) {
      const previous = { builder, answers };
      answers = answers.map((answer, at) =>
        positions.includes(at)
          ? indexed({ ...texts[at]!, texts: { ...texts[at]!.texts, body: edit(texts[at]!.texts.body, at) } }, "B")
          : answer,
      );
      for (const at of positions)
        texts[at] = { ...texts[at]!, texts: { ...texts[at]!.texts, body: edit(texts[at]!.texts.body, at) } };
      builder = SearchIndexBuilder.reusing(previous, answers);
      expect(builder.reused, `edit ${round + 1}`).toBe(true);
      expect(filesOf(builder), `edit ${round + 1}`).toEqual(fromScratch(answers));
    }
    // A longer body moves the body's average: made from scratch, the same files.
    const previous = { builder, answers };
    answers = answers.map((answer, at) =>
      at === 9
        ? indexed({ ...texts[9]!, texts: { ...texts[9]!.texts, body: `${texts[9]!.texts.body} camera camera` } })
        : answer,
    );
    builder = SearchIndexBuilder.reusing(previous, answers);
    expect(builder.reused).toBe(false);
    expect(filesOf(builder)).toEqual(fromScratch(answers));
  });

  it("keeps a word as it was, the same object, where the changed answers' levels of it are as they were", () => {
    const levels = [5, 7, 9];
    const word = patchWordLevels(undefined, [1, 4, 9], (index) => levels[index], 20)!;
    expect([...word.positions, ...word.levels]).toEqual([1, 4, 9, 5, 7, 9]);
    // The same level, or an answer that neither held nor holds it: nothing to patch.
    expect(patchWordLevels(word, [4, 5], (index) => [7, undefined][index], 20)).toBe(word);
    const raised = patchWordLevels(word, [4], () => 8, 20)!;
    expect([...raised.levels]).toEqual([5, 8, 9]);
    const dropped = patchWordLevels(word, [4], () => undefined, 20)!;
    expect([...dropped.positions]).toEqual([1, 9]);
    expect(dropped.encoded).toBe(encodeShorterPostings(dropped.positions, dropped.levels, 2, 20));
  });
});

describe("the search index patched from the last build's saved state (an incremental build's)", () => {
  const indexed = (answer: { slug: string; texts: AnswerSearchTexts }) =>
    indexedAnswer(answer.slug, "A".repeat(ANSWER_FINGERPRINT_CHARACTERS), fieldTokens(answer.texts));
  const fromScratch = (answers: readonly IndexedAnswer[]) => {
    const builder = new SearchIndexBuilder();
    for (const answer of answers) builder.add(answer);
    return [...builder.files(DIGEST, 100, [])].map((file) => [pathOf(file), canonicalJson(file.body)]);
  };
  /** The builder's files, its state saved as a build saves it (each answer's key by position). */
  const filesSaving = async (builder: SearchIndexBuilder, keys: readonly string[], file: string) => {
    const writer = new SearchStateWriter(file, "version");
    const files = [
      ...builder.files(DIGEST, 100, [], (term, word, averages) =>
        writer.word(term, word, averages, builder.encodedPostings(term)),
      ),
    ].map((made) => [pathOf(made), canonicalJson(made.body)]);
    await writer.finish(builder, keys);
    return files;
  };

  it("gives the files a builder made from scratch gives, through edits, a longer body, a deletion and an addition", async () => {
    const file = path.join(await temporaryFolder("search-state"), "search-index.state");
    const texts = randomAnswers(120, 11);
    let answers = texts.map((answer) => indexed(answer));
    let keys = answers.map((_, at) => `key-${at}-0`);
    const first = new SearchIndexBuilder();
    for (const answer of answers) first.add(answer);
    expect(await filesSaving(first, keys, file)).toEqual(fromScratch(answers));
    const edits: Array<(body: string) => string> = [
      // A word swapped for one no answer held; common words dropped and added; a word only one answer held
      // swapped away; a longer body, which moves the average (every level made again).
      (body) => body.replace(/^\S+/, "zebra"),
      (body) => body.replace(/^\S+ \S+/, "room room"),
      (body) => body.replace("unique12", "unique7"),
      (body) => `${body} camera camera`,
    ];
    const rounds: number[][] = [[7], [3, 50, 119], [12], [0, 1, 2, 60, 9]];
    for (const [round, positions] of rounds.entries()) {
      const edit = edits[round]!;
      for (const at of positions)
        texts[at] = { ...texts[at]!, texts: { ...texts[at]!.texts, body: edit(texts[at]!.texts.body) } };
      answers = texts.map((answer) => indexed(answer));
      keys = keys.map((key, at) => (positions.includes(at) ? `key-${at}-${round + 1}` : key));
      const state = (await readSearchState(file, "version"))!;
      expect(state, `round ${round + 1}`).toBeDefined();
      const changed = positions.map((position) => ({ position, answer: answers[position]! }));
      const from = Int32Array.from(keys, (key, position) => (state.keys[position] === key ? position : -1));
      const builder = patchedBuilder(state, answers.length, from, changed);
      expect(await filesSaving(builder, keys, file), `round ${round + 1}`).toEqual(fromScratch(answers));
    }
    // Answers taken out and added before others (those after them move: taken from the state at their new
    // places), one added at the end, and one edited among them.
    texts.splice(40, 1);
    texts.splice(10, 0, { ...texts[20]!, slug: "added-early" });
    texts.splice(90, 0, { ...texts[30]!, slug: "added-later" });
    texts.push({ ...texts[5]!, slug: "zz-added" });
    texts[70] = { ...texts[70]!, texts: { ...texts[70]!.texts, body: `${texts[70]!.texts.body} zebra` } };
    answers = texts.map((answer) => indexed(answer));
    keys = [...keys.slice(0, 10), "key-early", ...keys.slice(10, 40), ...keys.slice(41)];
    keys.splice(90, 0, "key-later");
    keys.push("key-added");
    keys[70] = "key-70-edited";
    const state = (await readSearchState(file, "version"))!;
    const places = new Map(state.keys.map((key, place) => [key, place]));
    const from = Int32Array.from(keys, (key) => places.get(key) ?? -1);
    const changed = answers.flatMap((answer, position) => (from[position]! >= 0 ? [] : [{ position, answer }]));
    expect(changed.map(({ position }) => position)).toEqual([10, 70, 90, 121]);
    expect(await filesSaving(patchedBuilder(state, answers.length, from, changed), keys, file)).toEqual(
      fromScratch(answers),
    );
    // Taken out of order, the state is not used.
    const swapped = Int32Array.from(from);
    [swapped[20], swapped[21]] = [from[21]!, from[20]!];
    expect(() => patchedBuilder(state, answers.length, swapped, changed)).toThrow(/out of order/);
    // Another version's state, or a damaged one, is not read.
    expect(await readSearchState(file, "another version")).toBeUndefined();
  });

  /** A word's postings (counts by field, by position) encoded as the builder encodes them. */
  const encode = (postings: ReadonlyMap<number, Int32Array>) => {
    const store = new PostingsStore();
    const word = store.word();
    for (const position of [...postings.keys()].sort((a, b) => a - b))
      store.add(word, position, postings.get(position)!, 0, SEARCH_FIELDS.length);
    return Buffer.concat(store.encoded(word));
  };

  it("splices a word's encoded postings as encoding them afresh would", () => {
    const random = seededRandom(8);
    const fields = SEARCH_FIELDS.length;
    const counts = () =>
      Int32Array.from({ length: fields }, () => (random() < 0.5 ? 0 : Math.floor(random() ** 3 * 50_000)));
    for (let round = 0; round < 300; round++) {
      const postings = new Map<number, Int32Array>();
      const size = Math.floor(random() * 40);
      for (let at = 0; at < size; at++) postings.set(Math.floor(random() * 200_000), counts());
      const changes: PostingChange[] = [];
      const positions = [...postings.keys()];
      for (let at = Math.floor(random() * 6); at > 0; at--) {
        // An existing posting replaced or taken out, or one added (at 0, or past every other, now and then).
        const existing = positions.length > 0 && random() < 0.5;
        const position = existing
          ? positions[Math.floor(random() * positions.length)]!
          : random() < 0.1
            ? 0
            : Math.floor(random() * 210_000);
        if (changes.some((change) => change.position === position)) continue;
        changes.push({ position, frequencies: random() < 0.4 ? undefined : counts() });
      }
      changes.sort((a, b) => a.position - b.position);
      const after = new Map(postings);
      for (const { position, frequencies } of changes)
        if (frequencies) after.set(position, Int32Array.from(frequencies));
        else after.delete(position);
      const spliced = spliceStoredPostings(encode(postings), postings.size, fields, changes);
      expect(spliced.count, `round ${round}`).toBe(after.size);
      expect(Buffer.from(spliced.encoded).toString("hex"), `round ${round}`).toBe(encode(after).toString("hex"));
    }
  });

  it("renumbers a word's encoded postings, some left out and others added, as encoding them afresh would", () => {
    const random = seededRandom(9);
    const fields = SEARCH_FIELDS.length;
    const counts = () => Int32Array.from({ length: fields }, () => Math.floor(random() * 3));
    for (let round = 0; round < 300; round++) {
      // A collection of up to 300 answers; some taken out, others added between them (each answer, new or old,
      // holding the word now and then).
      const before = Math.floor(random() * 300);
      const placeOf = new Int32Array(before).fill(-1);
      const postings = new Map<number, Int32Array>();
      const after = new Map<number, Int32Array>();
      const changes: PostingChange[] = [];
      let now = 0;
      for (let old = 0; old <= before; old++) {
        for (let added = random() < 0.1 ? Math.floor(random() * 4) : 0; added > 0; added--, now++)
          if (random() < 0.5) {
            const frequencies = counts();
            changes.push({ position: now, frequencies });
            after.set(now, frequencies);
          }
        if (old === before) break;
        const holds = random() < 0.5;
        const frequencies = counts();
        if (holds) postings.set(old, frequencies);
        if (random() < 0.15) continue;
        placeOf[old] = now;
        if (holds) after.set(now, frequencies);
        now++;
      }
      const renumbered = spliceStoredPostings(encode(postings), postings.size, fields, changes, (old) => placeOf[old]!);
      expect(renumbered.count, `round ${round}`).toBe(after.size);
      expect(Buffer.from(renumbered.encoded).toString("hex"), `round ${round}`).toBe(encode(after).toString("hex"));
    }
  });
});

describe("the readers' bounded cache", () => {
  it("keeps its weight within the bound, and evicts the entries read least lately first without reordering on a read", () => {
    const cache = new BoundedCache<string>(3);
    for (const key of ["a", "b", "c"]) cache.set(key, key, 1);
    expect(cache.get("a")).toBe("a");
    // Over the bound: "a" was read, so "b" (the oldest not read) goes, and "a" gets a second chance.
    cache.set("d", "d", 1);
    expect(["a", "b", "c", "d"].map((key) => cache.get(key) !== undefined)).toEqual([true, false, true, true]);
    // Every entry read just now (by those gets): a pass takes back each mark, then the oldest of them, "c", goes.
    cache.set("e", "e", 1);
    expect(["a", "c", "d", "e"].filter((key) => cache.get(key) !== undefined)).toEqual(["a", "d", "e"]);
    // One entry heavier than the bound is kept alone, as before.
    cache.set("big", "big", 10);
    expect(["a", "c", "d", "e", "big"].filter((key) => cache.get(key) !== undefined)).toEqual(["big"]);
  });
});
