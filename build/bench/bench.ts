/**
 * `npm run bench [-- --sizes 1000,10000,100000 --seconds 10]`: measures, on this machine, how the build and
 * the request path grow with the content, and writes BENCHMARKS.md and artifacts/bench/results.json
 * (`-- --render-only` rewrites BENCHMARKS.md from that file).
 * Speed is measured here, never asserted in the tests.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { cpus, totalmem } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { brotliCompressSync, gzipSync } from "node:zlib";
import autocannon from "autocannon";
import { AnswersData } from "../request/answers-data.ts";
import { answersQuery } from "../request/answers-query.ts";
import { ANSWERS_SEARCH_INDEX_FILE } from "../api/layout.ts";
import type { SearchIndex } from "../search/search-index.ts";
import { generateContent } from "../synthetic/generate.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
const WORK = path.join(ROOT, "artifacts", "bench");
const { BASE_URL: _viteBaseUrl, ...ENV } = process.env;

interface BuildFigures {
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

interface QueryFigures {
  coldStartMs: number;
  cases: Array<{ name: string; q: string; matches: number; p50Ms: number; p99Ms: number }>;
}

function percentile(sorted: readonly number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))]!;
}

/**
 * Outputs of an earlier run are moved aside, not deleted, until this run has measured everything. On ext4
 * without a journal (these machines' disks), creating a file skips every inode deleted in the last one to six
 * minutes, one by one (the kernel's `recently_deleted`, seen with `perf`): a build that follows the deletion of
 * 100,000 files spends seconds of system time in it. The builds are measured into folders that never held files,
 * as a first build is, and the old ones are deleted last.
 */
async function setAsideEarlierOutputs(): Promise<string> {
  // The window is a minute once the deleting is written out (five more while the kernel's buffers are dirty),
  // so an earlier run's deletion, which ends with a sync, is waited out if it was less than a minute ago.
  const deletedAt = Number(await readFile(DELETED_AT, "utf8").catch(() => "0"));
  const wait = deletedAt + RECENTLY_DELETED_MS - Date.now();
  if (wait > 0) {
    process.stderr.write(`bench: waiting ${Math.ceil(wait / 1000)} s for the file system to stop skipping the files the last run deleted…\n`);
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
  const aside = path.join(WORK, `.earlier-${process.pid}`);
  await mkdir(aside, { recursive: true });
  for (const name of await readdir(WORK)) {
    if (name.startsWith("dist-")) await rename(path.join(WORK, name), path.join(aside, name));
  }
  return aside;
}

const DELETED_AT = path.join(WORK, ".deleted-at");
const RECENTLY_DELETED_MS = 65_000;

/** Deletes what setAsideEarlierOutputs moved aside, writes the deletion out and notes when it happened. */
async function deleteEarlierOutputs(aside: string): Promise<void> {
  await rm(aside, { recursive: true, force: true });
  spawnSync("sync");
  await writeFile(DELETED_AT, String(Date.now()));
}

/**
 * Builds one content `repeats` times, each into a folder of its own that never held files, and reports the
 * median time (with the range) and the highest peak memory: one build's time moves by a tenth from run to run
 * on these machines.
 */
async function measureBuild(label: string, contentDir: string, answers: number, repeats: number): Promise<BuildFigures> {
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

async function measureQueries(dist: string): Promise<QueryFigures> {
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
  return { coldStartMs, cases: results };
}

async function startProcess(args: string[], env: Record<string, string>, ready: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, args, { cwd: ROOT, env: { ...ENV, ...env }, stdio: ["ignore", "pipe", "inherit"] });
  await new Promise<void>((resolve, reject) => {
    let output = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(ready)) resolve();
    });
    child.once("exit", () => reject(new Error(`${args.join(" ")} exited before it was ready`)));
  });
  child.stdout!.resume();
  return child;
}

async function measureServers(dist: string, seconds: number) {
  const headers = { accept: "application/json", "accept-encoding": "identity" };
  const local = await startProcess(["--import", "tsx", "build/server/start.ts"], { DIST: dist, PORT: "18080", HOST: "127.0.0.1" }, "Serving");
  const plain = await startProcess(
    ["-e", `const http=require("node:http");const handler=require("serve-handler");http.createServer((q,s)=>handler(q,s,{public:${JSON.stringify(dist)}})).listen(18081,"127.0.0.1",()=>console.log("ready"));`],
    {},
    "ready",
  );
  try {
    const run = (url: string) => autocannon({ url, connections: 10, duration: seconds, headers });
    const file = "/api/v1/answers/room-sizing.json";
    await run(`http://127.0.0.1:18081${file}`); // warm both, then measure
    await run(`http://127.0.0.1:18080${file}`);
    const plainFile = await run(`http://127.0.0.1:18081${file}`);
    const localFile = await run(`http://127.0.0.1:18080${file}`);
    const localQuery = await run("http://127.0.0.1:18080/api/v1/answers?q=ceiling+micro");
    const summary = (result: Awaited<ReturnType<typeof run>>) => ({
      requestsPerSecond: result.requests.average,
      latencyP50Ms: result.latency.p50,
      latencyP99Ms: result.latency.p99,
      errors: result.errors,
      non2xx: result.non2xx,
    });
    return { file, plainServeHandler: summary(plainFile), localServer: summary(localFile), localServerQuery: summary(localQuery), ratio: localFile.requests.average / plainFile.requests.average };
  } finally {
    local.kill("SIGTERM");
    plain.kill("SIGTERM");
  }
}

/** The load test: fixed before the run, so that the run can fail it. */
const LOAD = {
  seconds: 30,
  connections: 100,
  /** The local server's resident memory may not exceed this at any sample. */
  memoryBoundMiB: 256,
  paths: ["/api/v1/answers/room-sizing.json", "/api/v1/answers/index.json", "/api/v1/answers?q=ceiling+micro", "/api/v1/health", "/api/v1/no-such-thing"],
};

interface LoadFigures {
  seconds: number;
  connections: number;
  memoryBoundMiB: number;
  paths: string[];
  requests: number;
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  errors: number;
  timeouts: number;
  /** Responses whose status or bytes differ from the same request's at rest. */
  mismatches: number;
  rssBeforeMiB: number;
  rssPeakMiB: number;
  rssAfterMiB: number;
  sameBytesAfter: boolean;
  passed: boolean;
}

/** Resident memory of a process, from /proc (Linux). */
async function residentMiB(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) / 1024;
}

/**
 * The local server held at its peak for LOAD.seconds with LOAD.connections connections, over a mix of a
 * canonical file, a collection, a computed `q` page, an alias and a 404: every response is compared with the
 * bytes and status the same request got at rest, and the server's memory is sampled throughout.
 */
async function measureLoad(dist: string): Promise<LoadFigures> {
  const headers = { accept: "application/json", "accept-encoding": "identity" };
  const server = await startProcess(["--import", "tsx", "build/server/start.ts"], { DIST: dist, PORT: "18082", HOST: "127.0.0.1" }, "Serving");
  const origin = "http://127.0.0.1:18082";
  try {
    const atRest = async () => {
      const answers = new Map<string, { status: number; body: string }>();
      for (const requestPath of LOAD.paths) {
        const response = await fetch(origin + requestPath, { headers });
        answers.set(requestPath, { status: response.status, body: await response.text() });
      }
      return answers;
    };
    const expected = await atRest();
    const rssBeforeMiB = await residentMiB(server.pid!);
    let rssPeakMiB = rssBeforeMiB;
    const sampler = setInterval(() => {
      residentMiB(server.pid!).then((rss) => (rssPeakMiB = Math.max(rssPeakMiB, rss)), () => undefined);
    }, 200);
    let mismatches = 0;
    const result = await autocannon({
      url: origin,
      connections: LOAD.connections,
      duration: LOAD.seconds,
      headers,
      requests: LOAD.paths.map((requestPath) => ({
        method: "GET",
        path: requestPath,
        onResponse: (status: number, body: string) => {
          const wanted = expected.get(requestPath)!;
          if (status !== wanted.status || body !== wanted.body) mismatches++;
        },
      })),
    });
    clearInterval(sampler);
    const rssAfterMiB = await residentMiB(server.pid!);
    const after = await atRest();
    const sameBytesAfter = LOAD.paths.every((requestPath) => after.get(requestPath)!.body === expected.get(requestPath)!.body && after.get(requestPath)!.status === expected.get(requestPath)!.status);
    const figures = {
      ...LOAD,
      requests: result.requests.total,
      requestsPerSecond: result.requests.average,
      latencyP50Ms: result.latency.p50,
      latencyP99Ms: result.latency.p99,
      errors: result.errors,
      timeouts: result.timeouts,
      mismatches,
      rssBeforeMiB,
      rssPeakMiB,
      rssAfterMiB,
      sameBytesAfter,
    };
    return { ...figures, passed: figures.errors === 0 && figures.timeouts === 0 && mismatches === 0 && sameBytesAfter && rssPeakMiB <= LOAD.memoryBoundMiB };
  } finally {
    server.kill("SIGTERM");
  }
}

async function responseSizes(dist: string) {
  const files = ["/api/v1/index.json", "/api/v1/answers/index.json", "/api/v1/answers/room-sizing.json", "/api/v1/suppliers/index.json", "/api/v1/evidence/index.json", "/api/v1/health/index.json", ANSWERS_SEARCH_INDEX_FILE, "/api/v1/openapi.json", "/index.html", "/docs/index.html"];
  const sizes = [];
  for (const file of files) {
    const bytes = await readFile(path.join(dist, ...file.split("/").filter(Boolean)));
    sizes.push({ file, raw: bytes.byteLength, gzip: gzipSync(bytes, { level: 9 }).byteLength, brotli: brotliCompressSync(bytes).byteLength });
  }
  return sizes;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: { sizes: { type: "string", default: "1000,10000,100000" }, seconds: { type: "string", default: "10" }, "render-only": { type: "boolean", default: false } },
    strict: true,
  });
  if (values["render-only"]) {
    // Rewrites BENCHMARKS.md from the last run's figures (after a change to this page's wording), measuring nothing.
    await writeFile(path.join(ROOT, "BENCHMARKS.md"), markdown(JSON.parse(await readFile(path.join(WORK, "results.json"), "utf8"))));
    return;
  }
  const sizes = values.sizes!.split(",").map(Number);
  await mkdir(WORK, { recursive: true });
  const aside = await setAsideEarlierOutputs();
  const builds: BuildFigures[] = [];
  const shipped = await measureBuild("shipped", path.join(ROOT, "content"), 20, 3);
  shipped.query = await measureQueries(path.join(WORK, "dist-shipped"));
  builds.push(shipped);
  for (const size of sizes) {
    const content = path.join(WORK, `content-${size}`);
    if (!existsSync(path.join(content, "site.yaml"))) await generateContent({ answers: size, out: content });
    process.stderr.write(`bench: building ${size} answers…\n`);
    // Three builds each up to 10,000 answers; one of 100,000 (40 s and 2 GB of files).
    const figures = await measureBuild(String(size), content, size, size <= 10_000 ? 3 : 1);
    if (size <= 10_000) figures.query = await measureQueries(path.join(WORK, `dist-${size}`));
    builds.push(figures);
  }
  process.stderr.write("bench: servers…\n");
  const servers = await measureServers(path.join(WORK, "dist-shipped"), Number(values.seconds));
  process.stderr.write(`bench: load, ${LOAD.seconds} s…\n`);
  const load = await measureLoad(path.join(WORK, "dist-shipped"));
  await deleteEarlierOutputs(aside);
  const results = {
    date: new Date().toISOString(),
    machine: { node: process.version, cpus: cpus().length, cpuModel: cpus()[0]?.model ?? "unknown", memoryGiB: Math.round(totalmem() / 2 ** 30) },
    builds,
    servers,
    load,
    sizes: await responseSizes(path.join(WORK, "dist-shipped")),
  };
  await writeFile(path.join(WORK, "results.json"), JSON.stringify(results, null, 2) + "\n");
  await writeFile(path.join(ROOT, "BENCHMARKS.md"), markdown(results));
  process.stdout.write(markdown(results));
}

function markdown(results: {
  date: string;
  machine: Record<string, unknown>;
  builds: BuildFigures[];
  servers: Awaited<ReturnType<typeof measureServers>>;
  load: LoadFigures;
  sizes: Awaited<ReturnType<typeof responseSizes>>;
}): string {
  const n = (value: number, digits = 1) => value.toFixed(digits);
  const target = (met: boolean) => (met ? "met" : "**missed**");
  const byLabel = new Map(results.builds.map((build) => [build.label, build]));
  const tenK = byLabel.get("10000");
  const hundredK = byLabel.get("100000");
  const lines = [
    "# Benchmarks",
    "",
    `Figures of one run of \`npm run bench\` on ${results.date.slice(0, 10)}: Node ${results.machine.node}, ${results.machine.cpus} cores (${results.machine.cpuModel}), ${results.machine.memoryGiB} GiB. Reproduce with \`npm run bench\` (sizes: \`-- --sizes 1000,10000,100000\`); the raw figures are written to \`artifacts/bench/results.json\`. Synthetic content comes from \`npm run gen\`; a build's time includes starting Node.`,
    "",
    "## Build",
    "",
    "| content | answers | files | builds | wall time (s), median | range (s) | ms per answer | peak memory (MiB), highest | index raw (KiB) | index gzip (KiB) | index bytes per answer | terms | index parse (ms) |",
    "|---|---|---|---|---|---|---|---|---|---|---|---|---|",
    ...results.builds.map((build) => `| ${build.label} | ${build.answers} | ${build.files} | ${build.repeats} | ${n(build.seconds, 2)} | ${build.repeats > 1 ? `${n(build.secondsRange[0], 2)}–${n(build.secondsRange[1], 2)}` : "—"} | ${n(build.msPerAnswer, 2)} | ${n(build.peakMiB, 0)} | ${n(build.index.rawBytes / 1024)} | ${n(build.index.gzipBytes / 1024)} | ${n(build.index.bytesPerAnswer, 0)} | ${build.index.terms} | ${n(build.index.parseMs)} |`),
    "",
    "From 2,000 files a build parses and renders on worker threads, one per core (two here), while the main thread checks and writes. Past 1,000 answers most of the time goes to parsing front matter, rendering Markdown and writing about 21 KB per answer in two files. Each build is measured into a folder that never held files, as a first build is: on these machines' ext4 disks (no journal), creating files within minutes of deleting many is slowed by the kernel skipping every recently deleted inode, so a rebuild right after deleting a large output can take seconds longer. Each size up to 10,000 answers is built three times and the median shown, because one build's time moves by about a tenth from run to run.",
    "",
    "The index parse is what an edge isolate pays once, on its first `q`: a few milliseconds at 10,000 answers. At 100,000 it passes Netlify's 50 ms of CPU per request, which is why the docs (Scale and limits) plan a sharded index before a collection of that size is deployed.",
    "",
    "## q in the request handler",
    "",
    "The handler called with a `Request` until it returns its `Response` (whose body then streams from prebuilt bytes), its data read from the built files and kept, as at the edge after the first request; 300 calls per case after 20 to warm up. Cold start: the first query on fresh data, reading and parsing the index and the first page.",
    "",
    "| content | cold start (ms) | case | q | matches | p50 (ms) | p99 (ms) |",
    "|---|---|---|---|---|---|---|",
    ...results.builds.flatMap((build) => (build.query ? build.query.cases.map((testCase) => `| ${build.label} | ${n(build.query!.coldStartMs)} | ${testCase.name} | \`${testCase.q}\` | ${testCase.matches} | ${n(testCase.p50Ms, 3)} | ${n(testCase.p99Ms, 3)} |`) : [])),
    "",
    "## Local server",
    "",
    `autocannon, 10 connections, the same headers (\`Accept: application/json\`, \`Accept-Encoding: identity\`), on the shipped build; the plain server is \`serve-handler\` alone over the same dist/.`,
    "",
    "| server | URL | requests/s | p50 (ms) | p99 (ms) | errors | non-2xx |",
    "|---|---|---|---|---|---|---|",
    `| serve-handler | \`${results.servers.file}\` | ${n(results.servers.plainServeHandler.requestsPerSecond, 0)} | ${results.servers.plainServeHandler.latencyP50Ms} | ${results.servers.plainServeHandler.latencyP99Ms} | ${results.servers.plainServeHandler.errors} | ${results.servers.plainServeHandler.non2xx} |`,
    `| local server | \`${results.servers.file}\` | ${n(results.servers.localServer.requestsPerSecond, 0)} | ${results.servers.localServer.latencyP50Ms} | ${results.servers.localServer.latencyP99Ms} | ${results.servers.localServer.errors} | ${results.servers.localServer.non2xx} |`,
    `| local server | \`/api/v1/answers?q=ceiling+micro\` | ${n(results.servers.localServerQuery.requestsPerSecond, 0)} | ${results.servers.localServerQuery.latencyP50Ms} | ${results.servers.localServerQuery.latencyP99Ms} | ${results.servers.localServerQuery.errors} | ${results.servers.localServerQuery.non2xx} |`,
    "",
    `Ratio, local server to serve-handler, canonical file: ${n(results.servers.ratio, 2)}.`,
    "",
    "## Load",
    "",
    `The local server on the shipped build, held at its peak for ${results.load.seconds} s by autocannon with ${results.load.connections} connections, cycling through ${results.load.paths.map((p) => `\`${p}\``).join(", ")}. Every response is compared with the status and bytes the same request got at rest; the server's resident memory is sampled every 200 ms against a bound of ${results.load.memoryBoundMiB} MiB fixed before the run.`,
    "",
    "| requests | requests/s | p50 (ms) | p99 (ms) | errors | timeouts | responses not as at rest | memory before / peak / after (MiB) | same bytes after | result |",
    "|---|---|---|---|---|---|---|---|---|---|",
    `| ${results.load.requests} | ${n(results.load.requestsPerSecond, 0)} | ${results.load.latencyP50Ms} | ${results.load.latencyP99Ms} | ${results.load.errors} | ${results.load.timeouts} | ${results.load.mismatches} | ${n(results.load.rssBeforeMiB, 0)} / ${n(results.load.rssPeakMiB, 0)} / ${n(results.load.rssAfterMiB, 0)} | ${results.load.sameBytesAfter ? "yes" : "**no**"} | ${results.load.passed ? "passed" : "**failed**"} |`,
    "",
    "## Response sizes (shipped content)",
    "",
    "| file | raw (bytes) | gzip -9 | brotli |",
    "|---|---|---|---|",
    ...results.sizes.map((size) => `| \`${size.file}\` | ${size.raw} | ${size.gzip} | ${size.brotli} |`),
    "",
    "## Targets",
    "",
    "| target | figure | status |",
    "|---|---|---|",
    `| shipped content builds in under 1.5 s | ${n(byLabel.get("shipped")!.seconds, 2)} s (median of ${byLabel.get("shipped")!.repeats}) | ${target(byLabel.get("shipped")!.seconds < 1.5)} |`,
    tenK ? `| 10,000 answers build in under 5 s | ${n(tenK.seconds, 2)} s (median of ${tenK.repeats}, ${n(tenK.secondsRange[0], 2)} to ${n(tenK.secondsRange[1], 2)}) | ${target(tenK.seconds < 5)} |` : "| 10,000 answers build in under 5 s | not run | — |",
    tenK ? `| 10,000 answers under 600 MB peak | ${n(tenK.peakMiB, 0)} MiB | ${target(tenK.peakMiB * 1.048576 < 600)} |` : "| 10,000 answers under 600 MB peak | not run | — |",
    hundredK ? `| 100,000 answers under 60 s and 1 GB | ${n(hundredK.seconds, 1)} s, ${n(hundredK.peakMiB, 0)} MiB | ${target(hundredK.seconds < 60 && hundredK.peakMiB * 1.048576 < 1000)} |` : "| 100,000 answers under 60 s and 1 GB | not run (add 100000 to --sizes) | — |",
    hundredK && tenK ? `| time per answer at 100k at most 1.5 times that at 10k | ${n(hundredK.msPerAnswer / tenK.msPerAnswer, 2)}× | ${target(hundredK.msPerAnswer <= 1.5 * tenK.msPerAnswer)} |` : "| linear growth 10k to 100k | not run | — |",
    tenK?.query ? `| q at 10,000: p99 under 2 ms | worst p99 ${n(Math.max(...tenK.query.cases.map((testCase) => testCase.p99Ms)), 2)} ms | ${target(Math.max(...tenK.query.cases.map((testCase) => testCase.p99Ms)) < 2)} |` : "| q at 10,000 | not run | — |",
    tenK?.query ? `| q at 10,000: cold start under 50 ms | ${n(tenK.query.coldStartMs, 1)} ms | ${target(tenK.query.coldStartMs < 50)} |` : "| q cold start | not run | — |",
    `| local server at least 0.8 times serve-handler | ${n(results.servers.ratio, 2)} | ${target(results.servers.ratio >= 0.8)} |`,
    `| ${results.load.seconds} s at peak load: no error, every response as at rest, memory under ${results.load.memoryBoundMiB} MiB | ${results.load.errors} errors, ${results.load.mismatches} differences, ${n(results.load.rssPeakMiB, 0)} MiB peak | ${target(results.load.passed)} |`,
    "",
  ];
  return lines.join("\n");
}

await main();
