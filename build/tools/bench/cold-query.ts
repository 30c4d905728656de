/**
 * One query in a Node process of its own, as a new edge isolate's first request: none of the handler's code has
 * run (so none is compiled) and nothing is read. Run by measure-search.ts as
 * `node --import tsx build/tools/bench/cold-query.ts <dist> <q>`; prints the query's CPU and wall time and its reads
 * as one line of JSON. The modules are loaded before the clock starts, as an isolate loads its bundle.
 */
import { AnswersData } from "../../serve/request/answers-data.ts";
import { answersQuery } from "../../serve/request/answers-query.ts";
import { countingReader } from "./counting-reader.ts";
import { cpuClocks, cpuSince } from "./thread-cpu.ts";

export interface ColdQueryRun {
  /** The whole process's: V8's compiler and collector threads and libuv's file reads included. */
  cpuMs: number;
  /** The main thread's alone (Linux), where the isolate's JavaScript runs: closer to an edge function's CPU. */
  mainThreadCpuMs?: number;
  wallMs: number;
  reads: number;
  bytes: number;
}

async function main(): Promise<void> {
  const [dist, q] = process.argv.slice(2);
  if (!dist || q === undefined) throw new Error("usage: cold-query.ts <dist> <q>");
  // Node loads its web APIs (fetch's Request and Response, streams, WebCrypto) on first use; an edge isolate has them
  // built in. They are touched first, on nothing of ours, so that their loading is not counted.
  await new Response(new ReadableStream({ start: (controller) => controller.close() })).arrayBuffer();
  void new Request("http://localhost/").headers;
  await crypto.subtle.digest("SHA-256", new TextEncoder().encode("x"));
  new TextDecoder().decode(new Uint8Array(1));

  const reader = countingReader(dist);
  const since = cpuClocks();
  const started = performance.now();
  const response = await answersQuery(
    new Request(`http://localhost/api/v1/answers?q=${encodeURIComponent(q)}`),
    new AnswersData(reader.read),
  );
  await response!.arrayBuffer();
  const wallMs = performance.now() - started;
  const used = cpuSince(since);
  const run: ColdQueryRun = {
    cpuMs: used.processMs,
    mainThreadCpuMs: used.threadMs,
    wallMs,
    reads: reader.tally.reads,
    bytes: reader.tally.bytes,
  };
  process.stdout.write(`${JSON.stringify(run)}\n`);
}

await main();
