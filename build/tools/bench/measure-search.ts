/**
 * The search of a build, measured: the index's files (sizes, shards, the parse a cold token pays at most), and
 * `q` through the real request handler: cold in a new process (compiler and data cold, as a new edge isolate's
 * first request), cold in a process of its own (a fresh AnswersData, the compiler warmed: the data's own cost), the
 * same under Deno with every read fetched (cold-query-deno.js: the edge runtime, and what its reads cost it), and
 * warm (p50 and p99 of 1,000 calls after 200). The queries are measured in a child process (query-figures.ts), not
 * in the bench's: an edge isolate's heap holds little but the query's data, and in the bench's own process, after
 * its builds, the cold figures at 100,000 were twice as high (70 against 34 ms for the dearest query).
 */
import { spawnSync } from "node:child_process";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { ANSWERS_SEARCH_INDEX_FILE, SEARCH_SUGGESTIONS_FILE, searchTermsPath } from "../../contract/layout.ts";
import { AnswersData } from "../../serve/request/answers-data.ts";
import { answersQuery } from "../../serve/request/answers-query.ts";
import type { SearchIndexMap, SearchSuggestions, SearchTermsShard } from "../../search/search-format.ts";
import { SearchFiles } from "../../search/search-files.ts";
import { SearchReader } from "../../search/search-reader.ts";
import { compareCodeUnits, parseQuery } from "../../search/text-match.ts";
import type { ColdQueryRun } from "./cold-query.ts";
import { countingReader, fileOf } from "./counting-reader.ts";
import { median, percentile, rotatedRounds } from "./percentile.ts";
import { cpuClocks, cpuSince } from "./thread-cpu.ts";
import { ENV, ROOT } from "./workspace.ts";
import { startStaticServer } from "./measure-servers.ts";
import { freePort } from "../../serve/server/free-port.ts";
import { installToolchain, TOOLCHAIN, toolchainEnv } from "../toolchain/netlify-toolchain.ts";

export interface IndexFigures {
  files: number;
  rawBytes: number;
  /** Each file gzipped on its own, as a CDN serves it. */
  gzipBytes: number;
  gzipBytesPerAnswer: number;
  shards: number;
  documentsChunks: number;
  prefixFiles: number;
  terms: number;
  mapBytes: number;
  largestShardBytes: number;
  /** Parsing the map and the largest words shard: the most one cold token pays, but for several-shard prefixes. */
  parseMs: number;
}

export interface QueryCase {
  name: string;
  q: string;
  matches: number;
  /** CPU of the query in a new process (cold-query.ts), its first: median of five processes. */
  coldNewProcessCpuMs?: number;
  /** The same, its main thread's alone (Linux only). */
  coldNewProcessMainThreadCpuMs?: number;
  coldNewProcessWallMs?: number;
  /** A fresh AnswersData per call (a cold isolate's data), the compiler warmed first: median of five. */
  coldCpuMs: number;
  coldMainThreadCpuMs?: number;
  coldWallMs?: number;
  /** The same, the search alone (index files read, parsed, ranked, the page's slugs): no answer read or explained. */
  coldIndexCpuMs: number;
  coldIndexMainThreadCpuMs?: number;
  coldReads: number;
  coldReadBytes: number;
  /**
   * The fresh-data figure under Deno, the edge runtime (cold-query-deno.js), every read a real fetch from a static
   * server of the build on loopback (in another process, as the CDN is): the process's CPU and the main thread's
   * (where the isolate's JavaScript and Deno's HTTP client run). Undefined where the test toolchain's Deno is not.
   */
  edgeCpuMs?: number;
  edgeMainThreadCpuMs?: number;
  /** One AnswersData kept, the same q asked again: the reader remembers the query's ranking, so this is its remembered path. */
  p50Ms: number;
  p99Ms: number;
  /** The same under Deno, the edge runtime (cold-query-deno.js); undefined where the test toolchain's Deno is not. */
  edgeP50Ms?: number;
  edgeP99Ms?: number;
}

export interface QueryFigures {
  /** Set when measured apart from the builds (`--queries-only`), on those a full run left. */
  measured?: { commit: string; date: string };
  cases: QueryCase[];
  /** Origin reads of a cold request, the health file included. */
  subrequests: Array<{ query: string; status: number; reads: number }>;
}

async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

export async function measureIndex(dist: string, answers: number): Promise<IndexFigures> {
  const files = await filesUnder(path.join(dist, "api", "v1", "search"));
  let rawBytes = 0;
  let gzipBytes = 0;
  let terms = 0;
  let largest = { bytes: 0, text: "" };
  for (const file of files) {
    const text = await readFile(file, "utf8");
    rawBytes += Buffer.byteLength(text);
    gzipBytes += gzipSync(text).byteLength;
    if (file.includes(`${path.sep}terms${path.sep}`)) {
      terms += (JSON.parse(text) as SearchTermsShard).terms.length;
      if (Buffer.byteLength(text) > largest.bytes) largest = { bytes: Buffer.byteLength(text), text };
    }
  }
  const mapText = await readFile(fileOf(dist, ANSWERS_SEARCH_INDEX_FILE), "utf8");
  const parses: number[] = [];
  for (let attempt = 0; attempt < 5; attempt++) {
    const started = performance.now();
    JSON.parse(mapText);
    JSON.parse(largest.text);
    parses.push(performance.now() - started);
  }
  const count = (folder: string) => files.filter((file) => file.includes(`${path.sep}${folder}${path.sep}`)).length;
  return {
    files: files.length,
    rawBytes,
    gzipBytes,
    gzipBytesPerAnswer: gzipBytes / answers,
    shards: count("terms"),
    documentsChunks: count("documents"),
    prefixFiles: count("prefixes"),
    terms,
    mapBytes: Buffer.byteLength(mapText),
    largestShardBytes: largest.bytes,
    parseMs: parses.sort((a, b) => a - b)[2]!,
  };
}

/** The words of more than three characters, each with how many answers hold it, in code-unit order; and how many answers there are. */
async function wordCounts(dist: string): Promise<{ answers: number; counts: Array<{ term: string; count: number }> }> {
  const map = JSON.parse(await readFile(fileOf(dist, ANSWERS_SEARCH_INDEX_FILE), "utf8")) as SearchIndexMap;
  const counts: Array<{ term: string; count: number }> = [];
  for (let shard = 1; shard <= map.shard_firsts.length; shard++) {
    const { terms, answers } = JSON.parse(
      await readFile(fileOf(dist, searchTermsPath(shard)), "utf8"),
    ) as SearchTermsShard;
    terms.forEach((term, at) => {
      if (term.length > 3) counts.push({ term, count: answers[at]! });
    });
  }
  return { answers: map.answers, counts };
}

/** The median of samples, or undefined when any is missing (the main thread's time where it cannot be read). */
const medianOfAll = (values: Array<number | undefined>) =>
  values.every((value) => value !== undefined) ? median(values as number[]) : undefined;

const REPEATS = 5;
const WARM_UP_CALLS = 1000;
const WARM_CALLS = 1000;

/** The cases, chosen from the build's own index, so that they mean the same at every size. */
async function queryCases(dist: string): Promise<Array<{ name: string; q: string }>> {
  const { words } = JSON.parse(await readFile(fileOf(dist, SEARCH_SUGGESTIONS_FILE), "utf8")) as SearchSuggestions;
  // The suggestion words are the index's commonest first.
  const long = words.filter((word) => word.length > 3 && /^[a-z]+$/.test(word));
  const common = long[0]!;
  const { answers, counts } = await wordCounts(dist);
  // The first in code-unit order of those in the fewest answers.
  const rarest = counts.reduce((best, word) => (word.count < best.count ? word : best));
  // Words in most answers but not all: each narrows and scores, so their long lists are decoded and intersected
  // (a word in every answer of a large collection weighs nothing and is skipped).
  const commonButNotEverywhere = counts
    .filter((word) => word.count < answers)
    .sort((a, b) => b.count - a.count || compareCodeUnits(a.term, b.term))
    .slice(0, 3)
    .map((word) => word.term);
  return [
    { name: "common word", q: common },
    { name: "rare word", q: rarest.term },
    { name: "one-letter prefix", q: "r" },
    { name: "one-letter prefix", q: "c" },
    { name: "several words", q: `${common} ${long[Math.floor(long.length / 2)]!} m` },
    { name: "three words in most answers", q: commonButNotEverywhere.join(" ") },
    { name: "miss (with suggestions)", q: "zzzzqqq" },
    { name: "misspelt word", q: `${common.slice(0, -2)}${common.at(-1)}${common.at(-2)}` },
    // As a buyer asks: stop words left out, three words of the index from its commonest to its middling, each
    // matched with its stem and synonyms, the answers holding all of them first.
    {
      name: "a question",
      q: `how should the ${common} ${long[Math.floor(long.length / 4)]!} be ${long[Math.floor(long.length / 2)]!}`,
    },
  ];
}

const ask = async (data: AnswersData, q: string) =>
  (await answersQuery(new Request(`http://localhost/api/v1/answers?q=${encodeURIComponent(q)}`), data))!;

/** The query as the first thing a new Node process does (cold-query.ts), `REPEATS` processes: medians. */
function coldInNewProcess(dist: string, q: string): { cpuMs: number; mainThreadCpuMs?: number; wallMs: number } {
  const runs: ColdQueryRun[] = [];
  for (let attempt = 0; attempt < REPEATS; attempt++) {
    const run = spawnSync(process.execPath, ["--import", "tsx", "build/tools/bench/cold-query.ts", dist, q], {
      cwd: ROOT,
      encoding: "utf8",
      env: ENV,
    });
    if (run.status !== 0) throw new Error(`the cold query ${q} failed: ${run.stderr.slice(0, 2000)}`);
    runs.push(JSON.parse(run.stdout) as ColdQueryRun);
  }
  return {
    cpuMs: median(runs.map((run) => run.cpuMs)),
    mainThreadCpuMs: medianOfAll(runs.map((run) => run.mainThreadCpuMs)),
    wallMs: median(runs.map((run) => run.wallMs)),
  };
}

/** One sample of the query on fresh data in this process, and of the search alone on fresh files. */
interface ColdSample {
  cpuMs: number;
  mainThreadCpuMs?: number;
  wallMs: number;
  indexCpuMs: number;
  indexMainThreadCpuMs?: number;
  reads: number;
  readBytes: number;
}

/**
 * The query on fresh data in this process, once. No collection is forced before a call: V8 sweeps after it on
 * helper threads, which would be counted in the call's CPU.
 */
async function coldInThisProcess(dist: string, q: string): Promise<ColdSample> {
  const reader = countingReader(dist);
  const since = cpuClocks();
  const started = performance.now();
  await (await ask(new AnswersData(reader.read), q)).arrayBuffer();
  const wallMs = performance.now() - started;
  const used = cpuSince(since);
  // The search alone, on fresh files: what the query needs of the index, ranked, the page's slugs, a miss's suggestions.
  const parsed = parseQuery(q);
  // Bytes, as the handler gives them (text would be encoded again to be read).
  const search = new SearchReader(new SearchFiles(countingReader(dist).read));
  const indexSince = cpuClocks();
  if (parsed.ok) {
    const query = { words: parsed.tokens, match: "any" as const };
    const found = await search.search(query, "relevance", 0, 100);
    await search.queryWords(query);
    if (found.total === 0) await search.suggest(query);
  }
  const indexUsed = cpuSince(indexSince);
  return {
    cpuMs: used.processMs,
    mainThreadCpuMs: used.threadMs,
    wallMs,
    indexCpuMs: indexUsed.processMs,
    indexMainThreadCpuMs: indexUsed.threadMs,
    reads: reader.tally.reads,
    readBytes: reader.tally.bytes,
  };
}

/** The medians of a case's cold samples, and the reads of the last. */
function coldFigures(samples: readonly ColdSample[]) {
  const last = samples.at(-1)!;
  return {
    coldCpuMs: median(samples.map((sample) => sample.cpuMs)),
    coldMainThreadCpuMs: medianOfAll(samples.map((sample) => sample.mainThreadCpuMs)),
    coldWallMs: median(samples.map((sample) => sample.wallMs)),
    coldIndexCpuMs: median(samples.map((sample) => sample.indexCpuMs)),
    coldIndexMainThreadCpuMs: medianOfAll(samples.map((sample) => sample.indexMainThreadCpuMs)),
    coldReads: last.reads,
    coldReadBytes: last.readBytes,
  };
}

/**
 * One AnswersData kept: 1,000 calls, then 1,000 timed (wall time until the Response is returned). V8 goes on
 * optimising the handler for the first few hundred calls: after 200, calls of 3 to 8 ms with no collection in them
 * came every dozen calls until about the 500th (measured on 2026-11-29, a collection's start beside each call), and
 * they made up most of a p99 of 1,000 calls that was not a collection's pause.
 */
async function warm(dist: string, q: string) {
  const data = new AnswersData(countingReader(dist).read);
  for (let call = 0; call < WARM_UP_CALLS; call++) await ask(data, q);
  const times: number[] = [];
  for (let call = 0; call < WARM_CALLS; call++) {
    const started = performance.now();
    await ask(data, q);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const matches = ((await (await ask(data, q)).json()) as { meta: { total: number } }).meta.total;
  return { matches, p50Ms: percentile(times, 0.5), p99Ms: percentile(times, 0.99) };
}

/** The query figures of a build, measured in a Node process of their own (query-figures.ts), and its cold cases under Deno. */
export async function measureQueries(dist: string): Promise<QueryFigures> {
  // The build has just written its files: their writing back to disk is not to run beside the queries measured
  // (at 100,000 answers, 4 GB of them; measure-build.ts does the same before each build).
  spawnSync("sync");
  const run = spawnSync(process.execPath, ["--import", "tsx", "build/tools/bench/query-figures.ts", dist], {
    cwd: ROOT,
    encoding: "utf8",
    env: ENV,
    maxBuffer: 64 * 1024 * 1024,
  });
  if (run.status !== 0) throw new Error(`measuring the queries of ${dist} failed: ${run.stderr.slice(0, 2000)}`);
  const figures = JSON.parse(run.stdout) as QueryFigures;
  const edge = await coldUnderDeno(dist, figures.cases);
  for (const testCase of figures.cases) {
    const found = edge.find((result) => result.q === testCase.q);
    testCase.edgeCpuMs = found?.cpuMs;
    testCase.edgeMainThreadCpuMs = found?.mainThreadCpuMs;
    testCase.edgeP50Ms = found?.warmP50Ms;
    testCase.edgeP99Ms = found?.warmP99Ms;
  }
  return figures;
}

/** What cold-query-deno.js prints of a case: cold (median) and warm (percentiles). */
interface EdgeFigures {
  q: string;
  cpuMs: number;
  mainThreadCpuMs: number;
  warmP50Ms: number;
  warmP99Ms: number;
}

/**
 * The cases cold (fresh data, compiler warmed) under Deno with the toolchain the deploy tests install, each read a
 * fetch from serve-handler on loopback; nothing where that toolchain cannot be installed (no network, no cache).
 */
async function coldUnderDeno(dist: string, cases: readonly QueryCase[]): Promise<EdgeFigures[]> {
  try {
    installToolchain();
  } catch (error) {
    process.stderr.write(
      `bench: no Deno, so no edge figures: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    return [];
  }
  const port = await freePort();
  const origin = await startStaticServer(dist, port);
  try {
    const script = path.join(ROOT, "build", "tools", "bench", "cold-query-deno.js");
    const args = [
      "run",
      "--no-config",
      "--no-npm",
      "--no-remote",
      "--no-prompt",
      "--allow-all",
      script,
      path.join(ROOT, "build"),
      `http://127.0.0.1:${port}`,
      JSON.stringify(cases.map(({ q }) => ({ q }))),
      String(REPEATS),
    ];
    const run = spawnSync(path.join(TOOLCHAIN.denoBin, "deno"), args, {
      cwd: ROOT,
      encoding: "utf8",
      env: toolchainEnv(ENV),
      maxBuffer: 16 * 1024 * 1024,
    });
    if (run.status !== 0) throw new Error(`the cold queries under Deno failed: ${run.stderr.slice(0, 2000)}`);
    return JSON.parse(run.stdout) as EdgeFigures[];
  } finally {
    origin.kill("SIGTERM");
  }
}

/**
 * Every case cold in new processes first, then cold in this process after the compiler is warmed on every case
 * alike (three rounds, each on fresh data), then warm: no case's cold figure depends on which cases ran before it.
 */
export async function measureQueriesHere(dist: string): Promise<QueryFigures> {
  const cases = await queryCases(dist);
  const newProcess = cases.map((testCase) => coldInNewProcess(dist, testCase.q));
  for (let round = 0; round < 3; round++)
    for (const testCase of cases)
      await (await ask(new AnswersData(countingReader(dist).read), testCase.q)).arrayBuffer();
  // REPEATS rounds over every case, each round starting one case further on (rotatedRounds), medians per case.
  const samples = cases.map((): ColdSample[] => []);
  for (const at of rotatedRounds(cases.length, REPEATS)) samples[at]!.push(await coldInThisProcess(dist, cases[at]!.q));
  const cold = samples.map(coldFigures);
  const results: QueryCase[] = [];
  for (const [at, testCase] of cases.entries()) {
    const { matches, p50Ms, p99Ms } = await warm(dist, testCase.q);
    results.push({
      ...testCase,
      matches,
      coldNewProcessCpuMs: newProcess[at]!.cpuMs,
      coldNewProcessMainThreadCpuMs: newProcess[at]!.mainThreadCpuMs,
      coldNewProcessWallMs: newProcess[at]!.wallMs,
      ...cold[at]!,
      p50Ms,
      p99Ms,
    });
  }
  const { document_firsts: firsts } = JSON.parse(
    await readFile(fileOf(dist, ANSWERS_SEARCH_INDEX_FILE), "utf8"),
  ) as SearchIndexMap;
  return { cases: results, subrequests: await countSubrequests(dist, firsts[0]!) };
}

/**
 * The origin reads of a cold request, as at the edge on a fresh isolate: one for the health file (the deploy's
 * digest, read by deploy-snapshot.ts) and those the handler makes.
 */
async function countSubrequests(dist: string, slug: string): Promise<QueryFigures["subrequests"]> {
  const requests = ["q=room", "q=c", `slug=${slug}`, `slug=${slug}&q=c`, "page=2", "page=2&q=c"];
  const figures: QueryFigures["subrequests"] = [];
  for (const query of requests) {
    const reader = countingReader(dist);
    const response = await answersQuery(
      new Request(`http://localhost/api/v1/answers?${query}`),
      new AnswersData(reader.read),
    );
    figures.push({ query, status: response!.status, reads: 1 + reader.tally.reads });
  }
  return figures;
}
