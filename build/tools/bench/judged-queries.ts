/**
 * The judged sets (test/fixtures/search/judged-queries.yaml: buyers' keywords, whole questions as buyers type them,
 * and whole questions written blind) run against a ranking: mean reciprocal rank of the first answer judged best,
 * how often it comes first, and how many queries find nothing at all. Our ranking is the API's reader over the
 * built files; MiniSearch 7.2 indexes the same fields with the same tokens, as issue 49 names it: prefix search,
 * fuzzy 0.2, the title boosted 2.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import MiniSearch from "minisearch";
import { parse } from "yaml";
import { answerSearchTexts, SEARCH_FIELDS, type SearchableAnswer } from "../../search/answer-fields.ts";
import { SearchFiles } from "../../search/search-files.ts";
import { SearchReader } from "../../search/search-reader.ts";
import { parseQuery, tokenize } from "../../search/text-match.ts";
import { projectRoot } from "../../content/load/project.ts";

export const JUDGED_QUERIES_FILE = path.join(projectRoot(), "test/fixtures/search/judged-queries.yaml");

export interface JudgedQuery {
  q: string;
  best: string[];
  why: string;
}

export interface JudgedFigures {
  queries: number;
  meanReciprocalRank: number;
  topOneHits: number;
  /** Queries that found no answer at all. */
  noHit: number;
  /** The rank (from 1) of the first best answer for each query, 0 when it is not found. */
  ranks: Array<{ q: string; rank: number }>;
}

/**
 * The judged sets: short keyword queries, whole questions, and whole questions written blind (by readers who saw
 * only the answers, never a search result, and were never shown how the ranking did on them before it was measured).
 */
export interface JudgedSets {
  keywords: JudgedQuery[];
  questions: JudgedQuery[];
  blind: JudgedQuery[];
}

/** The sets by name, in the order the bench reports them. */
export const JUDGED_SETS = ["keywords", "questions", "blind"] as const satisfies ReadonlyArray<keyof JudgedSets>;

export type Ranking = (q: string) => Promise<string[]>;

export async function readJudgedSets(file = JUDGED_QUERIES_FILE): Promise<JudgedSets> {
  const { queries, questions, blind } = parse(await readFile(file, "utf8")) as {
    queries: JudgedQuery[];
    questions: JudgedQuery[];
    blind: JudgedQuery[];
  };
  return { keywords: queries, questions, blind };
}

export async function judge(queries: readonly JudgedQuery[], ranking: Ranking): Promise<JudgedFigures> {
  const ranks: JudgedFigures["ranks"] = [];
  let noHit = 0;
  for (const query of queries) {
    const found = await ranking(query.q);
    if (found.length === 0) noHit++;
    const at = found.findIndex((slug) => query.best.includes(slug));
    ranks.push({ q: query.q, rank: at + 1 });
  }
  return {
    queries: queries.length,
    noHit,
    meanReciprocalRank: ranks.reduce((sum, { rank }) => sum + (rank === 0 ? 0 : 1 / rank), 0) / queries.length,
    topOneHits: ranks.filter(({ rank }) => rank === 1).length,
    ranks,
  };
}

/** A build's search index files, read from its dist/ (each parsed once). */
function indexFiles(dist: string): SearchFiles {
  return new SearchFiles(async (file) => {
    try {
      return await readFile(path.join(dist, ...file.split("/").filter(Boolean)), "utf8");
    } catch {
      return undefined;
    }
  });
}

/** The API's ranking by one reader: every hit, best first. */
function readerRanking(reader: SearchReader): Ranking {
  return async (q) => {
    const parsed = parseQuery(q);
    if (!parsed.ok) return [];
    return (
      await reader.search({ words: parsed.tokens, match: "any" }, "relevance", 0, await reader.answers())
    ).hits.map((hit) => hit.slug);
  };
}

/**
 * MiniSearch over the same answers and fields, with our tokens (so normalisation is equal), as issue 49 measured it:
 * prefix search, fuzzy 0.2, the title boosted 2, any word (its default).
 */
export function miniSearchRanking(answers: ReadonlyArray<SearchableAnswer & { slug: string }>): Ranking {
  const search = new MiniSearch<Record<string, string>>({
    idField: "slug",
    fields: [...SEARCH_FIELDS],
    tokenize: (text) => tokenize(text),
    processTerm: (term) => term,
    searchOptions: { prefix: true, fuzzy: 0.2, boost: { title: 2 } },
  });
  search.addAll(answers.map((answer) => ({ slug: answer.slug, ...answerSearchTexts(answer) })));
  return async (q) => search.search(q).map((result) => String(result.id));
}

export interface JudgedComparison {
  ours: JudgedFigures & { ms: number };
  miniSearch: JudgedFigures & { ms: number; indexMs: number };
}

/** Every judged set, each compared. */
export interface JudgedSetsComparison {
  keywords: JudgedComparison;
  questions: JudgedComparison;
  /** Absent from runs before 2026-11-29. */
  blind?: JudgedComparison;
  /** Set when `npm run bench -- --judged-only` measured them after the run the rest of the page comes from. */
  commit?: string;
  date?: string;
}

/**
 * Both rankings on each judged set, over one build (its answers collection and its index), each timed warm: after
 * one round, with the files parsed (our reader) or the index built (MiniSearch). Ours is timed with a new reader
 * over the parsed files, since a reader remembers the rankings of the queries it has answered.
 */
export async function compareOnJudgedQueries(dist: string): Promise<JudgedSetsComparison> {
  const sets = await readJudgedSets();
  const { data } = JSON.parse(await readFile(path.join(dist, "api", "v1", "answers", "index.json"), "utf8")) as {
    data: Array<SearchableAnswer & { slug: string }>;
  };
  const files = indexFiles(dist);
  const indexStarted = performance.now();
  const mini = miniSearchRanking(data);
  const indexMs = performance.now() - indexStarted;
  const compare = async (queries: readonly JudgedQuery[]): Promise<JudgedComparison> => {
    await judge(queries, readerRanking(new SearchReader(files)));
    await judge(queries, mini);
    const ours = readerRanking(new SearchReader(files));
    let started = performance.now();
    const oursFigures = await judge(queries, ours);
    const oursMs = performance.now() - started;
    started = performance.now();
    const miniFigures = await judge(queries, mini);
    const miniMs = performance.now() - started;
    return { ours: { ...oursFigures, ms: oursMs }, miniSearch: { ...miniFigures, ms: miniMs, indexMs } };
  };
  return {
    keywords: await compare(sets.keywords),
    questions: await compare(sets.questions),
    blind: await compare(sets.blind),
  };
}

/** Every set's figures as lines of text, with each query either ranking puts the best answer below first. */
export function judgedSummary(judged: JudgedSetsComparison): string {
  const lines: string[] = [];
  for (const name of JUDGED_SETS) {
    if (!judged[name]) continue;
    const { ours, miniSearch } = judged[name];
    const figures = (of: JudgedFigures) =>
      `first ${of.topOneHits} of ${of.queries}, MRR ${of.meanReciprocalRank.toFixed(3)}, no hit ${of.noHit}`;
    lines.push(`${name}: this API ${figures(ours)}; MiniSearch ${figures(miniSearch)}`);
    ours.ranks.forEach(({ q, rank }, at) => {
      const other = miniSearch.ranks[at]!.rank;
      if (rank !== 1 || other !== 1) lines.push(`  ${rank || "-"}\t${other || "-"}\t${q}`);
    });
  }
  return lines.join("\n");
}
