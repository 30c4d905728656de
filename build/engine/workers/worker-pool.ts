import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { bundleText } from "../bundles/bundle-cache.ts";

/** Tasks by name: plain data in, plain data out, the same function whether a worker or this thread runs it. */
export type TaskTable<State> = Record<string, (input: never, state: State) => Promise<unknown>>;

/**
 * What a pool runs: its task table, the module a worker thread runs (it answers the same table), and the
 * part of the state a task run on this thread gets (on a worker, the worker's module provides it).
 */
export interface TaskSet<State, Table extends TaskTable<State>> {
  table: Table;
  /** A function: the worker's own bundle includes the table's module, where import.meta.url means nothing. */
  workerEntry: () => URL;
  localState: Partial<State>;
  /** What each thread is given as it starts (its workerData), made on this thread: what it cannot find itself. */
  workerData?: () => unknown;
}

type InputOf<Table, Name extends keyof Table> = Table[Name] extends (
  input: infer Input,
  state: never,
) => Promise<unknown>
  ? Input
  : never;
type OutputOf<Table, Name extends keyof Table> = Table[Name] extends (
  input: never,
  state: never,
) => Promise<infer Output>
  ? Output
  : never;

/**
 * Worker threads for the per-file and per-answer work of a large build (parsing YAML, rendering Markdown,
 * serialising), so that it uses every core while the main thread reads, checks and writes. Threads start on
 * first use; a small build never starts any: bundling their code and starting them (about a tenth of a
 * second) and the messages to and fro cost more than they save below a few thousand files.
 */
export class WorkerPool<State = unknown, Table extends TaskTable<State> = TaskTable<State>> {
  private threads: Array<{ worker: Worker; pending: Map<number, Pending> }> | undefined;
  private nextId = 0;
  private failure: Error | undefined;

  /**
   * `size` threads (0: every task runs on the main thread), started for batches of at least `minimumItems`.
   */
  constructor(
    readonly tasks: TaskSet<State, Table>,
    readonly size: number,
    private readonly minimumItems: number,
  ) {}

  /** The pool a build uses when its options do not say: one thread per core (at most 4), from 2,000 items. */
  static automatic<State, Table extends TaskTable<State>>(tasks: TaskSet<State, Table>): WorkerPool<State, Table> {
    return new WorkerPool(tasks, Math.min(4, availableParallelism()), 2000);
  }

  /** How many threads are running now (none before the first task, or after `rest` or `close`). */
  get running(): number {
    return this.threads?.length ?? 0;
  }

  /** True when a batch of `items` should go to the threads. */
  worthwhileFor(items: number): boolean {
    return this.size > 0 && items >= this.minimumItems;
  }

  /** Runs a task on the least busy thread. */
  run<Name extends keyof Table & string>(task: Name, input: InputOf<Table, Name>): Promise<OutputOf<Table, Name>> {
    if (this.failure) return Promise.reject(this.failure);
    const threads = this.start();
    const thread = threads.reduce((least, candidate) =>
      candidate.pending.size < least.pending.size ? candidate : least,
    );
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      thread.pending.set(id, { resolve: resolve as (output: unknown) => void, reject });
      thread.worker.postMessage({ id, task, input });
    });
  }

  /** Sends state to every thread; a thread has it before it runs any task sent after. */
  share(state: Partial<State>): void {
    for (const thread of this.start()) thread.worker.postMessage({ state });
  }

  /**
   * Stops the threads until a task needs them again (they start anew then, without the state shared before): a
   * build's finishing steps, its peak, need none, and each idle thread holds a heap of its own.
   */
  async rest(): Promise<void> {
    const threads = this.threads;
    if (!threads?.length || threads.some((thread) => thread.pending.size > 0)) return;
    this.threads = undefined;
    await Promise.all(
      threads.map(({ worker }) => {
        // Stopped on purpose, with nothing pending: its exit is not the failure it would be mid-build.
        worker.removeAllListeners("exit");
        return worker.terminate();
      }),
    );
  }

  async close(): Promise<void> {
    const threads = this.threads ?? [];
    this.threads = [];
    this.failure ??= new Error("the worker pool is closed");
    await Promise.all(threads.map(({ worker }) => worker.terminate()));
  }

  private start(): NonNullable<WorkerPool["threads"]> {
    if (this.threads) return this.threads;
    const code = workerBundle(this.tasks.workerEntry());
    this.threads = Array.from({ length: this.size }, () => {
      // A bounded heap makes a worker collect its garbage (the parse trees of files long done) instead of
      // growing: at 100,000 answers unbounded workers added hundreds of megabytes to the build's peak. A worker
      // holds the evidence register and one file's work at a time.
      const worker = new Worker(code, {
        eval: true,
        workerData: this.tasks.workerData?.(),
        resourceLimits: { maxOldGenerationSizeMb: 96, maxYoungGenerationSizeMb: 16 },
      });
      const pending = new Map<number, Pending>();
      worker.on("message", ({ id, output, error }: { id: number; output?: unknown; error?: string }) => {
        const waiting = pending.get(id)!;
        pending.delete(id);
        if (error === undefined) waiting.resolve(output);
        else waiting.reject(new Error(error));
      });
      const fail = (error: Error) => {
        this.failure ??= error;
        for (const waiting of pending.values()) waiting.reject(error);
        pending.clear();
      };
      worker.on("error", fail);
      worker.on("exit", (code) => fail(new Error(`a build worker thread stopped (exit code ${code})`)));
      return { worker, pending };
    });
    return this.threads;
  }
}

interface Pending {
  resolve(output: unknown): void;
  reject(error: Error): void;
}

/**
 * The worker's code as one CommonJS bundle, made with esbuild when the first thread starts (about 60 ms; kept
 * on disk for the next build, bundle-cache.ts). A
 * thread then starts in about 20 ms; loading the TypeScript modules through tsx instead took a quarter of a
 * second of CPU per thread, because Node 20 gives each worker its own module-hook thread.
 */
function workerBundle(entry: URL): string {
  return bundleText({
    entryPoints: [fileURLToPath(entry)],
    bundle: true,
    platform: "node",
    format: "cjs",
    target: "node20",
    logLevel: "silent",
  });
}

/** Runs a task on the pool when the batch is large enough, else here; the result is the same either way. */
export function runTask<State, Table extends TaskTable<State>, Name extends keyof Table & string>(
  tasks: TaskSet<State, Table>,
  pool: WorkerPool<State, Table> | undefined,
  onThreads: boolean,
  task: Name,
  input: InputOf<Table, Name>,
  state: Partial<State> = {},
): Promise<OutputOf<Table, Name>> {
  if (pool && onThreads) return pool.run(task, input);
  const run = tasks.table[task] as unknown as (
    input: InputOf<Table, Name>,
    state: State,
  ) => Promise<OutputOf<Table, Name>>;
  return run(input, { ...state, ...tasks.localState } as State);
}
