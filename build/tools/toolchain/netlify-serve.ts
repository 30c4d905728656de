/**
 * Inside the loopback-only namespace (see netlify-toolchain.ts): `netlify serve --offline` in a copy of the
 * project, in its own process group (so that Deno and the static server it starts end with it), once it
 * answers; and the resident memory of that whole group.
 */
import { spawn } from "node:child_process";
import { openSync, readdirSync, readFileSync } from "node:fs";

export interface RunningNetlifyServe {
  origin: string;
  /** The process group of the CLI and everything it started. */
  group: number;
  stop(): void;
}

export async function startNetlifyServe(site: string, port: string, logFile: string): Promise<RunningNetlifyServe> {
  const origin = `http://localhost:${port}`;
  const log = openSync(logFile, "a");
  const netlify = spawn("netlify", ["serve", "--offline", "--port", port], {
    cwd: site,
    detached: true,
    stdio: ["ignore", log, log],
  });
  const stop = () => {
    try {
      process.kill(-netlify.pid!, "SIGKILL");
    } catch {
      // Already gone.
    }
  };
  process.on("exit", stop);
  let ready = false;
  for (let attempt = 0; attempt < 240 && !ready && netlify.exitCode === null; attempt++) {
    ready = await fetch(`${origin}/api/v1/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (!ready) await new Promise((resolve) => setTimeout(resolve, 500));
  }
  if (!ready) throw new Error(`netlify serve did not answer on ${origin}; its log: ${logFile}`);
  return { origin, group: netlify.pid!, stop };
}

/** The resident memory of every process of a group, in MiB, from /proc (Linux). */
export function groupResidentMiB(group: number): number {
  let kB = 0;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // Field 5 of stat is the process group; the command name (field 2) may hold spaces, so count from its ")".
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      if (Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[2]) !== group) continue;
      kB += Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${entry}/status`, "utf8"))?.[1] ?? 0);
    } catch {
      // The process ended meanwhile.
    }
  }
  return kB / 1024;
}
