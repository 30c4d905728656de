import type { ChildProcess } from "node:child_process";

/** Resolves once `url` answers 2xx: a server started in a child process is ready. Fails after `timeoutMs`. */
export async function untilAnswered(url: string, timeoutMs = 10_000): Promise<void> {
  const started = performance.now();
  for (;;) {
    if (
      await fetch(url).then(
        (response) => response.ok,
        () => false,
      )
    )
      return;
    if (performance.now() - started > timeoutMs) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
    // Looked at again soon: the server comes up in a few hundred milliseconds.
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Resolves with everything a child has printed to stdout, once it includes `text`; rejects if it exits first. */
export function untilPrinted(child: ChildProcess, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = "";
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (!output.includes(text)) return;
      child.stdout!.off("data", onData);
      child.off("exit", onExit);
      resolve(output);
    };
    const onExit = (code: number | null) => reject(new Error(`exited (${code}) before printing "${text}":\n${output}`));
    child.stdout!.on("data", onData);
    child.once("exit", onExit);
  });
}

/** Resolves with what `check` gives once it gives anything; fails after `timeoutMs`, naming what it waited for. */
export async function until<T>(what: string, check: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const started = performance.now();
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (performance.now() - started > timeoutMs) throw new Error(`waited ${timeoutMs} ms for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
