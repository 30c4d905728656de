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
const median = (values) => [...values].sort((a, b) => a - b)[values.length >> 1];

async function ask(q) {
  const response = await answersQuery(
    new Request(`${origin}/api/v1/answers?q=${encodeURIComponent(q)}`),
    new AnswersData(originReader(origin)),
  );
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`q=${q} was answered ${response.status}`);
}

for (let round = 0; round < 3; round++) for (const { q } of cases) await ask(q);
const results = [];
for (const { q } of cases) {
  const cpu = [];
  const mainThread = [];
  for (let attempt = 0; attempt < repeats; attempt++) {
    reads = 0;
    const since = cpuClocks();
    await ask(q);
    const now = cpuClocks();
    cpu.push(now.processMs - since.processMs);
    mainThread.push(now.threadMs - since.threadMs);
  }
  results.push({ q, cpuMs: median(cpu), mainThreadCpuMs: median(mainThread), reads });
}

// Warm, as measure-search.ts measures it in Node: one AnswersData kept, 1,000 calls, then 1,000 timed until the
// handler returns its Response.
const percentile = (sorted, share) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))];
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
