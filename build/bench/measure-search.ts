/**
 * The search of a build, measured: the index's files (sizes, shards, the parse a cold token pays at most), and
 * `q` through the real request handler, cold (a fresh AnswersData, as a fresh edge isolate, CPU time) and warm
 * (p50 and p99 of 300 calls after 20).
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { ANSWERS_SEARCH_INDEX_FILE, SEARCH_SUGGESTIONS_FILE, searchDocumentsPath, searchTermsPath } from "../api/layout.ts";
import { AnswersData } from "../request/answers-data.ts";
import { answersQuery } from "../request/answers-query.ts";
import { forEachPosting, type SearchDocumentsChunk, type SearchIndexMap, type SearchSuggestions, type SearchTermsShard } from "../search/search-index.ts";
import { SearchFiles } from "../search/search-files.ts";
import { SearchReader } from "../search/search-reader.ts";
import { parseQuery } from "../search/text-match.ts";
import { percentile } from "./percentile.ts";

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
  /** A fresh AnswersData per call (a cold isolate), the JIT warmed on other data first: median of five. */
  coldCpuMs: number;
  /** The same, the search alone (index files read, parsed, ranked, the page's slugs): no answer read or explained. */
  coldIndexCpuMs: number;
  coldReads: number;
  coldReadBytes: number;
  p50Ms: number;
  p99Ms: number;
}

export interface QueryFigures {
  cases: QueryCase[];
  /** Origin reads of a cold request, the health file included. */
  subrequests: Array<{ query: string; status: number; reads: number }>;
}

const fileOf = (dist: string, file: string) => path.join(dist, ...file.split("/").filter(Boolean));

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
      if (text.length > largest.bytes) largest = { bytes: Buffer.byteLength(text), text };
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

/** The word of more than three characters in the fewest answers (the first such in code-unit order). */
async function rarestWord(dist: string): Promise<string> {
  const map = JSON.parse(await readFile(fileOf(dist, ANSWERS_SEARCH_INDEX_FILE), "utf8")) as SearchIndexMap;
  let rarest = { term: "", count: Infinity };
  for (let shard = 1; shard <= map.shard_firsts.length; shard++) {
    const { terms, postings } = JSON.parse(await readFile(fileOf(dist, searchTermsPath(shard)), "utf8")) as SearchTermsShard;
    terms.forEach((term, at) => {
      if (term.length <= 3) return;
      let count = 0;
      forEachPosting(postings[at]!, () => count++);
      if (count < rarest.count) rarest = { term, count };
    });
  }
  return rarest.term;
}

/** A reader of a build's files that counts what it reads. */
function counting(dist: string) {
  const tally = { reads: 0, bytes: 0 };
  const read = async (file: string) => {
    const text = await readFile(fileOf(dist, file), "utf8").catch(() => undefined);
    tally.reads++;
    tally.bytes += text?.length ?? 0;
    return text;
  };
  return { read, tally };
}

const cpuMs = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};

const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function measureQueries(dist: string): Promise<QueryFigures> {
  const plain = (file: string) => readFile(fileOf(dist, file), "utf8").catch(() => undefined);
  const { words } = JSON.parse((await plain(SEARCH_SUGGESTIONS_FILE))!) as SearchSuggestions;
  // The commonest word and the rarest of the index, so that the cases mean the same at every size.
  const long = words.filter((word) => word.length > 3 && /^[a-z]+$/.test(word));
  const common = long[0]!;
  const rare = await rarestWord(dist);
  const cases = [
    { name: "common word", q: common },
    { name: "rare word", q: rare },
    { name: "one-letter prefix", q: "r" },
    { name: "one-letter prefix", q: "c" },
    { name: "several words", q: `${common} ${long[Math.floor(long.length / 2)]!} m` },
    { name: "miss (with suggestions)", q: "zzzzqqq" },
    { name: "misspelt word", q: `${common.slice(0, -2)}${common.at(-1)}${common.at(-2)}` },
  ];
  const ask = async (data: AnswersData, q: string) => {
    const response = await answersQuery(new Request(`http://localhost/api/v1/answers?q=${encodeURIComponent(q)}`), data);
    return response!;
  };
  // The JIT is warmed on throwaway data first, so that "cold" measures the data an isolate has not read, not the compiler.
  for (let round = 0; round < 3; round++) for (const testCase of cases) await (await ask(new AnswersData(plain), testCase.q)).text();

  const results: QueryCase[] = [];
  for (const testCase of cases) {
    const cold: number[] = [];
    const coldIndex: number[] = [];
    let tally = { reads: 0, bytes: 0 };
    for (let attempt = 0; attempt < 5; attempt++) {
      const reader = counting(dist);
      const since = process.cpuUsage();
      await (await ask(new AnswersData(reader.read), testCase.q)).arrayBuffer();
      cold.push(cpuMs(since));
      tally = reader.tally;
      const parsed = parseQuery(testCase.q);
      const search = new SearchReader(new SearchFiles(plain));
      const indexSince = process.cpuUsage();
      if (parsed.ok) {
        const found = await search.search(parsed.tokens, "relevance", 0, 100);
        if (found.total === 0) await search.suggest(parsed.tokens);
      }
      coldIndex.push(cpuMs(indexSince));
    }
    const data = new AnswersData(plain);
    for (let warm = 0; warm < 20; warm++) await ask(data, testCase.q);
    const times: number[] = [];
    for (let iteration = 0; iteration < 300; iteration++) {
      const started = performance.now();
      await ask(data, testCase.q);
      times.push(performance.now() - started);
    }
    const matches = ((await (await ask(data, testCase.q)).json()) as { meta: { total: number } }).meta.total;
    times.sort((a, b) => a - b);
    results.push({ ...testCase, matches, coldCpuMs: median(cold), coldIndexCpuMs: median(coldIndex), coldReads: tally.reads, coldReadBytes: tally.bytes, p50Ms: percentile(times, 0.5), p99Ms: percentile(times, 0.99) });
  }
  const { slugs } = JSON.parse((await plain(searchDocumentsPath(1)))!) as SearchDocumentsChunk;
  return { cases: results, subrequests: await countSubrequests(dist, slugs[0]!) };
}

/**
 * The origin reads of a cold request, as at the edge on a fresh isolate: one for the health file (the deploy's
 * digest, read by deploy-snapshot.ts) and those the handler makes.
 */
async function countSubrequests(dist: string, slug: string): Promise<QueryFigures["subrequests"]> {
  const requests = ["q=room", "q=a", `slug=${slug}`, `slug=${slug}&q=a`, "page=2", "page=2&q=a"];
  const figures: QueryFigures["subrequests"] = [];
  for (const query of requests) {
    const reader = counting(dist);
    const response = await answersQuery(new Request(`http://localhost/api/v1/answers?${query}`), new AnswersData(reader.read));
    figures.push({ query, status: response!.status, reads: 1 + reader.tally.reads });
  }
  return figures;
}

