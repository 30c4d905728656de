/** A worker thread of WorkerPool: runs the build tasks it is sent, one reply per task, in any order. */
import { readFileSync } from "node:fs";
import { parentPort, workerData } from "node:worker_threads";
import { zlibModule } from "../output/raw-deflate.ts";
import { BUILD_TASKS, type BuildTaskName, type WorkerState } from "./build-tasks.ts";

type Message = { state: Omit<WorkerState, "read"> } | { id: number; task: BuildTaskName; input: unknown };

// Blocking reads: this thread has nothing else to do meanwhile, and each asynchronous read would cost four
// trips through the event loop (open, stat, read, close), which measured more than the parsing itself.
const read = async (path: string) => readFileSync(path);
let state: WorkerState = { read };
zlibModule((workerData as { zlib: WebAssembly.Module }).zlib);

parentPort!.on("message", (message: Message) => {
  if ("state" in message) {
    state = { ...message.state, read };
    return;
  }
  const { id, task, input } = message;
  const run = BUILD_TASKS[task] as (input: unknown, state: WorkerState) => Promise<unknown>;
  run(input, state).then(
    (output) => parentPort!.postMessage({ id, output }),
    (error: unknown) => parentPort!.postMessage({ id, error: error instanceof Error ? error.message : String(error) }),
  );
});
