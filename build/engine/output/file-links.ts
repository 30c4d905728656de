/**
 * The hard links by which an incremental build keeps the previous output's unchanged files in its stage: at 10,000
 * answers some 20,000 links, half a second of system calls. The first few are made here; past them, batches go to a
 * thread of plain JavaScript, which links while this thread goes on with the build (on two cores, it had nothing
 * else to do). Each batch is answered in turn, with the first link it could not make.
 */
import { linkSync } from "node:fs";
import { Worker } from "node:worker_threads";

/** Linked on this thread (some 25 µs each here): the thread takes 60-80 ms to start, on the other core. */
const LINKED_HERE = 512;
const BATCH = 2048;

// Plain JavaScript, without the loader this process was started with (as removeFolder's thread).
const LINKER = `const { linkSync } = require("node:fs");
const { parentPort } = require("node:worker_threads");
parentPort.on("message", (links) => {
  for (let at = 0; at < links.length; at += 3) {
    try {
      linkSync(links[at], links[at + 1]);
    } catch {
      parentPort.postMessage(links[at + 2]);
      return;
    }
  }
  parentPort.postMessage(null);
});`;

export class FileLinks {
  constructor(
    /** How many are linked on this thread, and how many the thread is sent at a time. */
    private readonly sizes = { here: LINKED_HERE, batch: BATCH },
  ) {}

  private linkedHere = 0;
  /** Source, target and URL path of each link not sent yet. */
  private batch: string[] = [];
  private worker?: Worker;
  /** One a batch sent, in order: resolved with why a link of it was not made, or null. */
  private readonly waiting: Array<(failed: string | null) => void> = [];
  private readonly answers: Array<Promise<string | null>> = [];

  /** Links `target` to `source` (`urlPath`'s file), now or on the thread; a link not made is told by done(). */
  link(source: string, target: string, urlPath: string): void {
    if (this.linkedHere < this.sizes.here) {
      this.linkedHere++;
      try {
        linkSync(source, target);
      } catch {
        this.answers.push(Promise.resolve(keptFileChanged(urlPath)));
      }
      return;
    }
    this.batch.push(source, target, urlPath);
    if (this.batch.length >= 3 * this.sizes.batch) this.send();
  }

  /** Once every link is asked for: waits for them, stops the thread, and throws if one could not be made. */
  async done(): Promise<void> {
    this.send();
    const failed = (await Promise.all(this.answers)).find((why) => why !== null);
    await this.worker?.terminate();
    this.worker = undefined;
    if (failed) throw new Error(failed);
  }

  /** Stops the thread, its batches unanswered (a write stopped midway): a thread left running would hold the process. */
  async stop(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    await worker?.terminate();
  }

  private send(): void {
    if (this.batch.length === 0) return;
    this.worker ??= this.start();
    this.answers.push(new Promise((resolve) => this.waiting.push(resolve)));
    this.worker.postMessage(this.batch);
    this.batch = [];
  }

  private start(): Worker {
    const worker = new Worker(LINKER, { eval: true, execArgv: [] });
    worker.on("message", (urlPath: string | null) =>
      this.waiting.shift()?.(urlPath === null ? null : keptFileChanged(urlPath)),
    );
    // A thread that fails or stops leaves its batches unanswered: they count as not linked.
    const stopped = (why: unknown) => {
      for (const resolve of this.waiting.splice(0))
        resolve(`the thread linking the previous output's files stopped: ${why}`);
    };
    worker.on("error", stopped);
    worker.on("exit", (code) => stopped(`exit ${code}`));
    return worker;
  }
}

/** A link not made: the previous output's file went, or moved, since the build chose to keep it. */
export const keptFileChanged = (urlPath: string) =>
  `${urlPath} of the previous output changed while this build read it: build again`;
