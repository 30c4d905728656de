/** Servers measured: throughput of the local server and of `serve`, and the load test held at its peak with a memory bound. */
import { spawn, type ChildProcess } from "node:child_process";
import { readFile } from "node:fs/promises";
import autocannon from "autocannon";
import { ENV, ROOT } from "./workspace.ts";

export async function startProcess(args: string[], env: Record<string, string>, ready: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...ENV, ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
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

/** `serve`'s handler (serve-handler) on a plain Node server of `dist`, on loopback: a static origin and nothing more. */
export function startStaticServer(dist: string, port: number): Promise<ChildProcess> {
  return startProcess(
    [
      "-e",
      `const http=require("node:http");const handler=require("serve-handler");http.createServer((q,s)=>handler(q,s,{public:${JSON.stringify(dist)}})).listen(${port},"127.0.0.1",()=>console.log("ready"));`,
    ],
    {},
    "ready",
  );
}

export async function measureServers(dist: string, seconds: number) {
  const headers = { accept: "application/json", "accept-encoding": "identity" };
  const local = await startProcess(
    ["--import", "tsx", "build/serve/server/start.ts"],
    { DIST: dist, PORT: "18080", HOST: "127.0.0.1" },
    "Serving",
  );
  const plain = await startStaticServer(dist, 18081);
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
    return {
      file,
      plainServeHandler: summary(plainFile),
      localServer: summary(localFile),
      localServerQuery: summary(localQuery),
      ratio: localFile.requests.average / plainFile.requests.average,
    };
  } finally {
    local.kill("SIGTERM");
    plain.kill("SIGTERM");
  }
}

/** The load test: fixed before the run, so that the run can fail it. */
export const LOAD = {
  seconds: 30,
  connections: 100,
  /** The local server's resident memory may not exceed this at any sample. */
  memoryBoundMiB: 256,
  /** netlify serve is a tree of processes (the CLI on Node 26, Deno, its static server): their sum, fixed before the run. */
  netlifyServeMemoryBoundMiB: 1536,
  paths: [
    "/api/v1/answers/room-sizing.json",
    "/api/v1/answers/index.json",
    "/api/v1/answers?q=ceiling+micro",
    "/api/v1/answers?slug=room-sizing",
    "/api/v1/answers?page=1&q=c",
    "/api/v1/health",
    "/api/v1/no-such-thing",
  ],
};

export interface LoadFigures {
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
  /** Those responses by path and the status they had, to tell what went wrong. */
  mismatchesByPath: Record<string, Record<string, number>>;
  rssBeforeMiB: number;
  rssPeakMiB: number;
  rssAfterMiB: number;
  sameBytesAfter: boolean;
  passed: boolean;
}

/** Resident memory of a process, from /proc (Linux). */
export async function residentMiB(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) / 1024;
}

/** The local server held at its peak (see loadTest). */
export async function measureLoad(dist: string): Promise<LoadFigures> {
  const server = await startProcess(
    ["--import", "tsx", "build/serve/server/start.ts"],
    { DIST: dist, PORT: "18082", HOST: "127.0.0.1" },
    "Serving",
  );
  try {
    return await loadTest("http://127.0.0.1:18082", () => residentMiB(server.pid!), LOAD.memoryBoundMiB);
  } finally {
    server.kill("SIGTERM");
  }
}

/**
 * A server held at its peak for LOAD.seconds with LOAD.connections connections, over a mix of canonical files,
 * a collection, computed `q`, `slug` and `page` answers, an alias and a 404: every response is compared with
 * the bytes and status the same request got at rest, and the server's memory (`rss`) is sampled throughout.
 */
export async function loadTest(
  origin: string,
  rss: () => Promise<number>,
  memoryBoundMiB: number,
): Promise<LoadFigures> {
  const headers = { accept: "application/json", "accept-encoding": "identity" };
  const atRest = async () => {
    const answers = new Map<string, { status: number; body: string }>();
    for (const requestPath of LOAD.paths) {
      const response = await fetch(origin + requestPath, { headers });
      answers.set(requestPath, { status: response.status, body: await response.text() });
    }
    return answers;
  };
  const expected = await atRest();
  const rssBeforeMiB = await rss();
  let rssPeakMiB = rssBeforeMiB;
  const sampler = setInterval(() => {
    rss().then(
      (value) => (rssPeakMiB = Math.max(rssPeakMiB, value)),
      () => undefined,
    );
  }, 200);
  // Our own clients rather than autocannon's request sequence: under netlify serve, which closes connections,
  // autocannon attributed responses to the wrong paths. Each client sends one request at a time and knows
  // which path each response answers.
  let mismatches = 0;
  const mismatchesByPath: Record<string, Record<string, number>> = {};
  let errors = 0;
  const latencies: number[] = [];
  const ends = performance.now() + LOAD.seconds * 1000;
  const client = async (offset: number) => {
    for (let turn = offset; performance.now() < ends; turn++) {
      const requestPath = LOAD.paths[turn % LOAD.paths.length]!;
      const started = performance.now();
      try {
        const response = await fetch(origin + requestPath, { headers });
        const body = await response.text();
        latencies.push(performance.now() - started);
        const wanted = expected.get(requestPath)!;
        if (response.status !== wanted.status || body !== wanted.body) {
          mismatches++;
          const byStatus = (mismatchesByPath[requestPath] ??= {});
          byStatus[response.status] = (byStatus[response.status] ?? 0) + 1;
        }
      } catch {
        errors++;
      }
    }
  };
  await Promise.all(Array.from({ length: LOAD.connections }, (_, index) => client(index)));
  latencies.sort((a, b) => a - b);
  const at = (fraction: number) =>
    Math.round(latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * fraction))] ?? 0);
  const result = {
    requests: { total: latencies.length + errors, average: (latencies.length + errors) / LOAD.seconds },
    latency: { p50: at(0.5), p99: at(0.99) },
    errors,
    timeouts: 0,
  };
  clearInterval(sampler);
  const rssAfterMiB = await rss();
  const after = await atRest();
  const sameBytesAfter = LOAD.paths.every(
    (requestPath) =>
      after.get(requestPath)!.body === expected.get(requestPath)!.body &&
      after.get(requestPath)!.status === expected.get(requestPath)!.status,
  );
  const figures = {
    seconds: LOAD.seconds,
    connections: LOAD.connections,
    memoryBoundMiB,
    paths: LOAD.paths,
    requests: result.requests.total,
    requestsPerSecond: result.requests.average,
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    errors: result.errors,
    timeouts: result.timeouts,
    mismatches,
    mismatchesByPath,
    rssBeforeMiB,
    rssPeakMiB,
    rssAfterMiB,
    sameBytesAfter,
  };
  return {
    ...figures,
    passed:
      figures.errors === 0 &&
      figures.timeouts === 0 &&
      mismatches === 0 &&
      sameBytesAfter &&
      rssPeakMiB <= memoryBoundMiB,
  };
}
