/** Builds measured: time and peak memory per size, the search index's size and parse time, and `q` latency. */
import { spawnSync } from "node:child_process";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { AnswersData } from "../request/answers-data.ts";
import { answersQuery } from "../request/answers-query.ts";
import { ANSWERS_SEARCH_INDEX_FILE } from "../api/layout.ts";
import type { SearchIndex } from "../search/search-index.ts";
import { ROOT, WORK, ENV } from "./workspace.ts";

export interface BuildFigures {
  label: string;
  answers: number;
  /** The median of `repeats` builds. */
  seconds: number;
  secondsRange: [number, number];
  repeats: number;
  msPerAnswer: number;
  /** The highest of the builds. */
  peakMiB: number;
  files: number;
  index: { rawBytes: number; gzipBytes: number; bytesPerAnswer: number; terms: number; parseMs: number };
  query?: QueryFigures;
}

export interface QueryFigures {
  coldStartMs: number;
  /** Origin reads of a cold request, the health file included. */
  subrequests: Array<{ query: string; status: number; reads: number }>;
  cases: Array<{ name: string; q: string; matches: number; p50Ms: number; p99Ms: number }>;
}

export function percentile(sorted: readonly number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))]!;
}

/**
 * Builds one content `repeats` times, each into a folder of its own that never held files, and reports the
 * median time (with the range) and the highest peak memory: one build's time moves by a tenth from run to run
 * on these machines.
 */
export async function measureBuild(label: string, contentDir: string, answers: number, repeats: number): Promise<BuildFigures> {
  const runs: Array<{ seconds: number; peakMiB: number; files: number }> = [];
  let out = "";
  for (let attempt = 1; attempt <= repeats; attempt++) {
    out = path.join(WORK, attempt === repeats ? `dist-${label}` : `dist-${label}-run${attempt}`);
    // Start every build with the disk's write-back done, so that one build's writing is not charged to the next.
    spawnSync("sync");
    const started = performance.now();
    const run = spawnSync(process.execPath, ["--import", "tsx", "build/cli.ts", "--content", contentDir, "--out", out], {
      cwd: ROOT,
      encoding: "utf8",
      env: { ...ENV, SOURCE_DATE_EPOCH: "1763683200", AVB_REPORT_RESOURCES: "1" },
      maxBuffer: 64 * 1024 * 1024,
    });
    const seconds = (performance.now() - started) / 1000;
    if (run.status !== 0) throw new Error(`the build of ${label} failed: ${run.stderr.slice(0, 2000)}`);
    const resources = JSON.parse(/resources: (\{.*\})/.exec(run.stderr)![1]!) as { maxRssKiB: number };
    runs.push({ seconds, peakMiB: resources.maxRssKiB / 1024, files: Number(/wrote (\d+) files/.exec(run.stdout)![1]) });
  }
  const times = runs.map((run) => run.seconds).sort((a, b) => a - b);
  const seconds = times[Math.floor(times.length / 2)]!;
  const peakMiB = Math.max(...runs.map((run) => run.peakMiB));
  const files = runs[0]!.files;
  const indexText = await readFile(path.join(out, ...ANSWERS_SEARCH_INDEX_FILE.split("/").filter(Boolean)), "utf8");
  const parseTimes: number[] = [];
  let index: SearchIndex | undefined;
  for (let attempt = 0; attempt < 5; attempt++) {
    const t = performance.now();
    index = JSON.parse(indexText) as SearchIndex;
    parseTimes.push(performance.now() - t);
  }
  const rawBytes = Buffer.byteLength(indexText);
  return {
    label,
    answers,
    seconds,
    secondsRange: [times[0]!, times[times.length - 1]!],
    repeats,
    msPerAnswer: (seconds * 1000) / answers,
    peakMiB,
    files,
    index: { rawBytes, gzipBytes: gzipSync(indexText).byteLength, bytesPerAnswer: rawBytes / answers, terms: index!.terms.length, parseMs: parseTimes.sort((a, b) => a - b)[2]! },
  };
}

export async function measureQueries(dist: string): Promise<QueryFigures> {
  const read = (file: string) => readFile(path.join(dist, ...file.split("/").filter(Boolean)), "utf8").catch(() => undefined);
  const index = JSON.parse((await read(ANSWERS_SEARCH_INDEX_FILE))!) as SearchIndex;
  // The rarest and the commonest words of this index, so that the cases mean the same at every size.
  const byFrequency = index.terms.map((term, at) => ({ term, count: index.postings[at]!.split(",").length })).filter((entry) => entry.term.length > 3).sort((a, b) => a.count - b.count || (a.term < b.term ? -1 : 1));
  const rare = byFrequency[0]!.term;
  const common = byFrequency[byFrequency.length - 1]!.term;
  const cases = [
    { name: "common word", q: common },
    { name: "rare word", q: rare },
    { name: "one-letter prefix", q: "r" },
    { name: "one-letter prefix", q: "c" },
    { name: "several words", q: `${common} ${byFrequency[Math.floor(byFrequency.length / 2)]!.term} m` },
    { name: "miss", q: "zzzzqqq" },
  ];
  // Until the handler returns its Response: the body then streams from prebuilt bytes as the server sends it.
  const run = async (data: AnswersData, q: string) => {
    const response = await answersQuery(new Request(`http://localhost/api/v1/answers?q=${encodeURIComponent(q)}`), data);
    return Number(response!.headers.get("content-length"));
  };
  const coldStarted = performance.now();
  await run(new AnswersData(read), common);
  const coldStartMs = performance.now() - coldStarted;
  const data = new AnswersData(read);
  const results: QueryFigures["cases"] = [];
  for (const testCase of cases) {
    for (let warm = 0; warm < 20; warm++) await run(data, testCase.q);
    const times: number[] = [];
    for (let iteration = 0; iteration < 300; iteration++) {
      const t = performance.now();
      await run(data, testCase.q);
      times.push(performance.now() - t);
    }
    const response = await answersQuery(new Request(`http://localhost/api/v1/answers?q=${encodeURIComponent(testCase.q)}`), data);
    const matches = ((await response!.json()) as { meta: { total: number } }).meta.total;
    times.sort((a, b) => a - b);
    results.push({ ...testCase, matches, p50Ms: percentile(times, 0.5), p99Ms: percentile(times, 0.99) });
  }
  return { coldStartMs, cases: results, subrequests: await countSubrequests(read, index) };
}

/**
 * The origin reads of a cold request, as at the edge on a fresh isolate: one for the health file (the deploy's
 * digest, read by deploy-snapshot.ts) and those the handler makes.
 */
async function countSubrequests(read: (file: string) => Promise<string | undefined>, index: SearchIndex): Promise<QueryFigures["subrequests"]> {
  const requests = [`q=room`, `q=a`, `slug=${index.documents[0]}`, `slug=${index.documents[0]}&q=a`, "page=2", "page=2&q=a"];
  const figures: QueryFigures["subrequests"] = [];
  for (const query of requests) {
    const files: string[] = [];
    const counting = (file: string) => (files.push(file), read(file));
    const response = await answersQuery(new Request(`http://localhost/api/v1/answers?${query}`), new AnswersData(counting));
    figures.push({ query, status: response!.status, reads: 1 + files.length });
  }
  return figures;
}
