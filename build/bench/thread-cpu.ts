/**
 * CPU time of the calling thread, from Linux's scheduler statistics (nanoseconds, /proc/thread-self/schedstat);
 * undefined elsewhere. process.cpuUsage counts every thread of the process, V8's compiler and garbage collector
 * helpers and libuv's file reads included; the main thread's own time is where an isolate's JavaScript runs.
 */
import { readFileSync } from "node:fs";

export function threadCpuMs(): number | undefined {
  try {
    return Number(readFileSync("/proc/thread-self/schedstat", "utf8").split(" ")[0]) / 1e6;
  } catch {
    return undefined;
  }
}

/** Main-thread CPU since `since` (from threadCpuMs), or undefined where it cannot be read. */
export function threadCpuMsSince(since: number | undefined): number | undefined {
  const now = threadCpuMs();
  return since === undefined || now === undefined ? undefined : now - since;
}
