/**
 * CPU clocks of this process, read so that a query of a few milliseconds is measured to the microsecond.
 *
 * Linux brings a running thread's CPU time up to date only at a scheduler tick (every 4 ms here) or when the
 * thread leaves the CPU, so a figure read straight away could be off by a tick at each end: ±4 ms on a 20 ms
 * query, which made one bench run's cold figures a third off the next one's. A sleep of 50 µs before reading makes
 * the kernel account the thread's time first.
 */
import { readFileSync } from "node:fs";

const SLEEPER = new Int32Array(new SharedArrayBuffer(4));

export interface CpuClocks {
  /** The whole process's (process.cpuUsage, user and system): every thread, V8's helpers and libuv's included. */
  processMs: number;
  /** The calling thread's alone (/proc/thread-self/schedstat), where the isolate's JavaScript runs; undefined off Linux. */
  threadMs: number | undefined;
}

export function cpuClocks(): CpuClocks {
  Atomics.wait(SLEEPER, 0, 0, 0.05);
  const { user, system } = process.cpuUsage();
  return { processMs: (user + system) / 1000, threadMs: threadCpuMs() };
}

/** The CPU used since `since` (from cpuClocks). */
export function cpuSince(since: CpuClocks): CpuClocks {
  const now = cpuClocks();
  return {
    processMs: now.processMs - since.processMs,
    threadMs: now.threadMs === undefined || since.threadMs === undefined ? undefined : now.threadMs - since.threadMs,
  };
}

function threadCpuMs(): number | undefined {
  try {
    return Number(readFileSync("/proc/thread-self/schedstat", "utf8").split(" ")[0]) / 1e6;
  } catch {
    return undefined;
  }
}
