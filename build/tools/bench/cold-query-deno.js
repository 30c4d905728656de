// Runs under Deno, the edge runtime: the cold `q` figures of measure-search.ts (a fresh AnswersData per query, the
// compiler warmed on every case first), with Deno's V8 and every read a real `fetch` from an origin serving the
// build (a static server on loopback, in another process: the CDN's part), as the edge entry reads. Plain
// JavaScript, so that the project's Node type check leaves this Deno-only file alone.
// Usage: deno run --allow-all <this> <build/ folder> <origin> <cases as JSON: [{ q }]> <repeats>
// (--allow-all: Deno lets nothing less read /proc, where the main thread's CPU is.)
// Prints [{ q, cpuMs, mainThreadCpuMs, reads, warmP50Ms, warmP99Ms }] as JSON: medians of `repeats` queries, the
// reads of the last, and the warm calls' percentiles.
import process from "node:process";

const [buildFolder, origin, casesJson, repeatsArgument] = Deno.args;
const cases = JSON.parse(casesJson);
const repeats = Number(repeatsArgument);
const { AnswersData } = await import(`file://${buildFolder}/serve/request/answers-data.ts`);
const { answersQuery } = await import(`file://${buildFolder}/serve/request/answers-query.ts`);
const { originReader } = await import(`file://${buildFolder}/serve/request/deploy-snapshot.ts`);
const { median, percentile, rotatedRounds } = await import(`file://${buildFolder}/tools/bench/percentile.ts`);

let reads = 0;
const originFetch = globalThis.fetch;
globalThis.fetch = (...request) => {
  reads++;
  return originFetch(...request);
};

// The main thread's CPU (where the isolate's JavaScript runs, and Deno's HTTP client with it; its id is the
// process's), from Linux's scheduler statistics; the process's counts every thread. Each read after a sleep of
// 50 µs, so that the kernel has accounted the running thread's time (thread-cpu.ts says why).
const sleeper = new Int32Array(new SharedArrayBuffer(4));
const cpuClocks = () => {
  Atomics.wait(sleeper, 0, 0, 0.05);
  const { user, system } = process.cpuUsage();
  return {
    processMs: (user + system) / 1000,
    threadMs: Number(Deno.readTextFileSync(`/proc/${Deno.pid}/task/${Deno.pid}/schedstat`).split(" ")[0]) / 1e6,
  };
};

async function ask(q) {
  const response = await answersQuery(
    new Request(`${origin}/api/v1/answers?q=${encodeURIComponent(q)}`),
    new AnswersData(originReader(origin)),
  );
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`q=${q} was answered ${response.status}`);
}

for (let round = 0; round < 3; round++) for (const { q } of cases) await ask(q);
// Rounds over every case, each starting one case further on (percentile.ts says why), medians per case.
const samples = cases.map(() => ({ cpu: [], mainThread: [], reads: 0 }));
for (const at of rotatedRounds(cases.length, repeats)) {
  reads = 0;
  const since = cpuClocks();
  await ask(cases[at].q);
  const now = cpuClocks();
  samples[at].cpu.push(now.processMs - since.processMs);
  samples[at].mainThread.push(now.threadMs - since.threadMs);
  samples[at].reads = reads;
}
const results = cases.map(({ q }, at) => ({
  q,
  cpuMs: median(samples[at].cpu),
  mainThreadCpuMs: median(samples[at].mainThread),
  reads: samples[at].reads,
}));

// Warm, as measure-search.ts measures it in Node: one AnswersData kept, 1,000 calls, then 1,000 timed until the
// handler returns its Response.
for (const result of results) {
  const data = new AnswersData(originReader(origin));
  const request = () => new Request(`${origin}/api/v1/answers?q=${encodeURIComponent(result.q)}`);
  for (let call = 0; call < 1000; call++) await answersQuery(request(), data);
  const times = [];
  for (let call = 0; call < 1000; call++) {
    const started = performance.now();
    await answersQuery(request(), data);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  result.warmP50Ms = percentile(times, 0.5);
  result.warmP99Ms = percentile(times, 0.99);
}
console.log(JSON.stringify(results));
