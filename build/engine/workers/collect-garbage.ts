/**
 * A full garbage collection, between the stages of a build that runs once (kept beside the build's threads: what
 * the process does with its resources). V8 collects when its heap grows, not when a stage ends: at 100,000 answers
 * the load left some 150 MB of garbage that the checks, and the cache's saving of the parses, then grew the heap
 * and malloc's arenas over, 40-50 MiB above the resident set that a collection first kept; and the pass over the
 * answers left garbage that the finishing steps grew the heap over again. Not in a save of a process that builds
 * again and again (the dev loop): a full collection of its heap, which holds every answer, costs a save more than it
 * gives; it collects once, after its first build, before any save. Nor for a small build, whose garbage is small
 * (the tests build hundreds of times in one process), nor while the heap is small: at 10,000 answers it holds some
 * 40-80 MB, and the three collections took some 100 ms of a clean build and 185 ms of a one-answer rebuild.
 */
import { getHeapStatistics, setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

let collect: (() => void) | undefined;

/** From how many content files a load's garbage is worth a collection (about 30 ms at 10,000 answers). */
const WORTH_FROM_FILES = 2000;

/** From how large a heap a collection is worth its time (at 100,000 answers the load leaves some 360 MB). */
const WORTH_FROM_HEAP_BYTES = 128 * 1024 ** 2;

/** Whether it collected: only from WORTH_FROM_FILES files and a heap of WORTH_FROM_HEAP_BYTES. */
export function collectGarbageAfter(files: number): boolean {
  if (files < WORTH_FROM_FILES || getHeapStatistics().used_heap_size < WORTH_FROM_HEAP_BYTES) return false;
  if (!collect) {
    // The flag makes `gc` a global of contexts made after it: one is made to take it from (as Jest does).
    setFlagsFromString("--expose-gc");
    collect = runInNewContext("gc") as () => void;
  }
  collect();
  return true;
}
