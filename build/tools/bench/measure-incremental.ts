/**
 * One changed answer, rebuilt incrementally (build/engine/cache/): by `npm run build` (a new process, its cache warm
 * from the build before) and by `npm run dev` (from the save until the API serves the change, and the loop's own
 * figure), and once more under V8's profiler, for where its time goes. On a copy of the synthetic content, so that
 * the content the other measurements build is untouched.
 */
import { spawn } from "node:child_process";
import { appendFile, cp, mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { freePort } from "../../serve/server/free-port.ts";
import path from "node:path";
import { summariseProfiles, type BuildProfile } from "./build-profile.ts";
import { timedBuild } from "./measure-build.ts";
import { deletionDone, ENV, ROOT, WORK } from "./workspace.ts";

export interface IncrementalFigures {
  answers: number;
  /** The first build of the copy, which fills the cache. */
  coldBuild: { seconds: number; peakMiB: number };
  /** `npm run build` after one answer changed: the process's wall time, its peak memory and its own line. */
  build: { seconds: number; peakMiB: number; line: string };
  /**
   * `npm run dev` after one answer changed, three times (three answers, one after the other): the median from the
   * save until the API serves it, each edit's, the loop's own time and line of the median edit.
   */
  dev: { seenMs: number; edits: number[]; rebuildMs: number; peakMiB: number; line: string };
  /** Another answer changed and built again under V8's sampling profiler: where an incremental rebuild's time goes. */
  profile?: { seconds: number; line: string } & Pick<BuildProfile, "kinds" | "idleSeconds">;
}

export async function measureIncremental(contentDir: string, answers: number): Promise<IncrementalFigures> {
  const content = path.join(WORK, `incremental-content-${answers}`);
  const out = path.join(WORK, `dist-incremental-${answers}`);
  const cache = path.join(WORK, `incremental-cache-${answers}`);
  for (const folder of [content, cache]) await rm(folder, { recursive: true, force: true });
  await cp(contentDir, content, { recursive: true });
  const files = (await readdir(path.join(content, "answers"))).sort();
  const change = async (name: string, marker: string) => {
    const file = path.join(content, "answers", name);
    const source = /^sources: \[([^,\]]+)/m.exec(await readFile(file, "utf8"))![1]!.trim();
    await appendFile(file, `\n${marker} [@${source}].\n`);
  };
  /** As `npm run build` starts it; through tsx (profiled when given a folder), so that each sample names its source file. */
  const build = (tsx?: { profiles?: string }) => {
    const profiled = tsx?.profiles ? ["--cpu-prof", "--cpu-prof-dir", tsx.profiles] : [];
    const node = tsx ? [...profiled, "--import", "tsx"] : ["build/tools/launch.mjs"];
    const { stdout, ...run } = timedBuild(
      [...node, "build/tools/cli.ts", "--content", content, "--out", out, "--cache", cache],
      "the incremental build",
    );
    return { ...run, line: stdout.trim() };
  };
  const coldBuild = build();
  await change(files[Math.floor(files.length / 2)]!, "A sentence the incremental build benchmark added");
  const incremental = build();
  // Before the builds through tsx below: the loop starts from npm run build's output and cache, as `npm run dev`
  // after `npm run build` does.
  const dev = await measureDev(
    content,
    out,
    cache,
    [1, 5, 7].map((eighth) => files[Math.floor((files.length * eighth) / 8)]!),
    change,
  );
  // Through tsx the build code's version is not the bundle's, so the cache is not its own: a build through tsx
  // first (a whole one), or the profile would be of a whole build.
  build({});
  await change(files[Math.floor((files.length * 2) / 3)]!, "A sentence the profiled incremental build added");
  const profiles = await mkdtemp(path.join(WORK, "incremental-profile-"));
  const profiled = build({ profiles });
  const profile = { seconds: profiled.seconds, line: profiled.line, ...summariseProfiles(profiles) };
  await rm(profiles, { recursive: true, force: true });
  // Each build above replaced the output, leaving its 20,000 names to a deleting process: the comparison with Hugo
  // and Eleventy that follows would otherwise start within the window in which ext4 skips recently deleted inodes.
  await deletionDone();
  return {
    answers,
    coldBuild: { seconds: coldBuild.seconds, peakMiB: coldBuild.peakMiB },
    build: incremental,
    dev,
    profile,
  };
}

async function measureDev(
  content: string,
  out: string,
  cache: string,
  names: readonly string[],
  change: (name: string, marker: string) => Promise<void>,
): Promise<IncrementalFigures["dev"]> {
  const port = await freePort();
  // As npm run dev starts it: from its kept bundle, whose build code version is npm run build's.
  const child = spawn(
    process.execPath,
    ["build/tools/launch.mjs", "build/tools/dev/start.ts", "--content", content, "--out", out, "--cache", cache],
    {
      cwd: ROOT,
      env: { ...ENV, SOURCE_DATE_EPOCH: "1763683200", PORT: String(port), HOST: "127.0.0.1" },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  try {
    await waitFor(
      () => /dev: serving /.test(output),
      600_000,
      () => output,
    );
    const edits: Array<{ seenMs: number; line: RegExpExecArray }> = [];
    for (const name of names) {
      const slug = name.replace(/\.md$/, "");
      const marker = `A sentence the dev loop benchmark added ${Date.now()}`;
      const mark = output.length;
      const saved = performance.now();
      await change(name, marker);
      const url = `http://127.0.0.1:${port}/api/v1/answers/${slug}.json`;
      let seenMs = 0;
      await waitFor(
        async () => {
          const text = await fetch(url).then(
            (response) => response.text(),
            () => "",
          );
          if (!text.includes(marker)) return false;
          seenMs = performance.now() - saved;
          return true;
        },
        120_000,
        () => output,
      );
      await waitFor(
        () => /rebuilt in \d+ ms/.test(output.slice(mark)),
        60_000,
        () => output,
      );
      edits.push({ seenMs, line: /dev: [^\n]*rebuilt in (\d+) ms[^\n]*/.exec(output.slice(mark))! });
    }
    const median = [...edits].sort((a, b) => a.seenMs - b.seenMs)[Math.floor(edits.length / 2)]!;
    const status = await readFile(`/proc/${child.pid}/status`, "utf8").catch(() => "");
    const peakKiB = Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0);
    return {
      seenMs: median.seenMs,
      edits: edits.map((edit) => edit.seenMs),
      rebuildMs: Number(median.line[1]),
      peakMiB: peakKiB / 1024,
      line: median.line[0],
    };
  } finally {
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
  }
}

async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs: number, told: () => string): Promise<void> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs)
      throw new Error(`the dev loop did not get there in ${timeoutMs / 1000} s:\n${told().slice(-2000)}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
