/**
 * The work a build can hand to worker threads: plain data in, plain data out, the same function whether it
 * runs on a worker or on the main thread, so that the output does not depend on where it ran.
 */
import { type AnswerJob, renderAnswerParts } from "../products/answer-render.ts";
import { PRODUCTS } from "../products/index.ts";
import type { AnswerParts, AnswerRenderContext } from "../products/answer-parts.ts";
import { readFileAsync, type FileReader } from "../../content/load/answer-body.ts";
import { type ContentFileJob, parseContentFile, type ContentFileParse } from "../../content/load/content-file.ts";
import { storeAnswerEntry } from "../cache/answer-entry.ts";
import { zlibModule } from "../output/raw-deflate.ts";
import { deflatePiece } from "../output/zip-writer.ts";
import type { TaskSet, WorkerPool } from "./worker-pool.ts";

/** What tasks share across a build: how to read a file, and the render context the engine sets before it renders. */
export interface WorkerState {
  read: FileReader;
  render?: AnswerRenderContext;
}

export const BUILD_TASKS = {
  /** Stage 1: read and parse files, several to a message. */
  "parse-content-files": async (jobs: ContentFileJob[], state: WorkerState): Promise<ContentFileParse[]> => {
    const results: ContentFileParse[] = [];
    for (const job of jobs)
      results.push(parseContentFile(job.kind, job.file, job.bytes ?? (await state.read(job.path)), job.path));
    return results;
  },
  /** Stage 3: render answers and make every product's part of each, several to a message. */
  "render-answers": async (jobs: AnswerJob[], state: WorkerState): Promise<AnswerParts[]> => {
    const render = state.render;
    if (!render) throw new Error("render-answers ran before the render context was shared");
    const outputs: AnswerParts[] = [];
    for (const job of jobs) {
      const parts = await renderAnswerParts(job, render, state.read, PRODUCTS);
      if (job.store) storeAnswerEntry(job.store, parts);
      outputs.push(parts);
    }
    return outputs;
  },
  /** A piece of a file's deflated copy for the ZIP download (output/deflated-copy.ts). */
  "deflate-piece": async (raw: Uint8Array): Promise<Uint8Array> => deflatePiece(raw),
} satisfies Record<string, (input: never, state: WorkerState) => Promise<unknown>>;

export type BuildTaskName = keyof typeof BUILD_TASKS;

/** The build's tasks for a WorkerPool: build-worker.ts answers them on a thread; here they read asynchronously. */
export const BUILD_TASK_SET: TaskSet<WorkerState, typeof BUILD_TASKS> = {
  table: BUILD_TASKS,
  workerEntry: () => new URL("./build-worker.ts", import.meta.url),
  localState: { read: readFileAsync },
  // The deflater's WebAssembly, compiled once here: a thread's bundle could not find it (build-worker.ts).
  workerData: () => ({ zlib: zlibModule() }),
};

export type BuildWorkers = WorkerPool<WorkerState, typeof BUILD_TASKS>;
