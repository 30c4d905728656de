/**
 * Our clean build beside two static site generators on the same generated answers, in one run: Hugo (Debian's
 * `hugo` package) and Eleventy (npm, pinned by build/tools/bench/generators/package-lock.json and installed on demand
 * into artifacts/bench-generators/, never into the project's node_modules). Each writes one JSON file per answer
 * holding its front matter and its body rendered to HTML (the sites are in build/tools/bench/generators/); ours writes
 * everything it always writes. Builds are taken in turns (Hugo, Eleventy, ours, …), each into a folder that never
 * held files, so that the machine's drift touches all three alike.
 */
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { runBuild } from "./measure-build.ts";
import { deleteOutputs, ENV, ROOT, waitOutRecentDeletion, WORK } from "./workspace.ts";
import { median } from "./percentile.ts";

const SITES = path.join(ROOT, "build", "tools", "bench", "generators");
const ELEVENTY_TOOLS = path.join(ROOT, "artifacts", "bench-generators");

export interface GeneratorRun {
  seconds: number;
  peakMiB: number;
  files: number;
  /** Bytes of every file written. */
  bytes: number;
}

export interface GeneratorFigures {
  name: string;
  version: string;
  /** Wall-clock seconds of each build, in the order taken. */
  seconds: number[];
  median: number;
  peakMiB: number;
  files: number;
  bytes: number;
}

export interface GeneratorComparison {
  answers: number;
  repeats: number;
  generators: GeneratorFigures[];
  /** Why a generator was left out (not installed here), by name. */
  missing: Record<string, string>;
}

/**
 * The bench's own tools (Eleventy, and Vega-Lite with Vega for the chart) from the pinned lockfile, installed once
 * per lockfile into artifacts/bench-generators/. Returns the folder of their node_modules.
 */
export function installBenchTools(): string {
  installEleventy();
  return path.join(ELEVENTY_TOOLS, "node_modules");
}

/** Eleventy from the pinned lockfile, installed once per lockfile into artifacts/bench-generators/. */
function installEleventy(): string {
  const lock = readFileSync(path.join(SITES, "package-lock.json"));
  const digest = createHash("sha256").update(lock).digest("hex");
  const stamp = path.join(ELEVENTY_TOOLS, ".installed");
  const cli = path.join(ELEVENTY_TOOLS, "node_modules", "@11ty", "eleventy", "cmd.cjs");
  if (existsSync(stamp) && readFileSync(stamp, "utf8") === digest && existsSync(cli)) return cli;
  process.stderr.write(`bench: installing Eleventy from npm into ${path.relative(ROOT, ELEVENTY_TOOLS)}/ …\n`);
  const staging = `${ELEVENTY_TOOLS}.partial-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  for (const file of ["package.json", "package-lock.json"]) cpSync(path.join(SITES, file), path.join(staging, file));
  const install = spawnSync("npm", ["ci", "--ignore-scripts", "--no-audit", "--no-fund", "--loglevel=error"], {
    cwd: staging,
    stdio: ["ignore", 2, "inherit"],
  });
  if (install.status !== 0) throw new Error(`npm ci of Eleventy failed (exit ${install.status})`);
  writeFileSync(path.join(staging, ".installed"), digest);
  rmSync(ELEVENTY_TOOLS, { recursive: true, force: true });
  renameSync(staging, ELEVENTY_TOOLS);
  return cli;
}

/** A site folder in the work folder: the committed site's files, and the generated answers linked in. */
function siteFolder(
  name: string,
  answersDir: string,
  answersAt: string,
  files: Array<[from: string, to: string]>,
): string {
  const site = path.join(WORK, "generators", name);
  rmSync(site, { recursive: true, force: true });
  for (const [from, to] of files) {
    mkdirSync(path.dirname(path.join(site, to)), { recursive: true });
    cpSync(path.join(SITES, from), path.join(site, to));
  }
  mkdirSync(path.dirname(path.join(site, answersAt)), { recursive: true });
  symlinkSync(answersDir, path.join(site, answersAt), "dir");
  return site;
}

/** Runs a command under GNU time for its peak memory when that is installed (Debian's `time`), else without. */
function timed(
  command: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
): { seconds: number; peakMiB: number } {
  const gnuTime = existsSync("/usr/bin/time");
  spawnSync("sync");
  const started = performance.now();
  const run = gnuTime
    ? spawnSync("/usr/bin/time", ["-f", "peak-kib %M", command, ...args], {
        cwd,
        env,
        encoding: "utf8",
        maxBuffer: 64 * 1024 * 1024,
      })
    : spawnSync(command, args, { cwd, env, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  const seconds = (performance.now() - started) / 1000;
  if (run.status !== 0)
    throw new Error(
      `${command} ${args.join(" ")} failed (exit ${run.status}): ${(run.stderr || run.stdout).slice(0, 2000)}`,
    );
  const peak = /peak-kib (\d+)/.exec(run.stderr)?.[1];
  return { seconds, peakMiB: peak ? Number(peak) / 1024 : NaN };
}

/** The files a build wrote and their bytes. */
function written(folder: string): { files: number; bytes: number } {
  const listed = spawnSync("find", [folder, "-type", "f", "-printf", "%s\\n"], {
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
  });
  const sizes = listed.stdout.split("\n").filter(Boolean).map(Number);
  return { files: sizes.length, bytes: sizes.reduce((sum, size) => sum + size, 0) };
}

interface Generator {
  name: string;
  version: string;
  build(out: string): GeneratorRun;
}

const NO_HUGO = "Hugo is not installed: sudo apt-get install hugo (Debian's package, 0.111 here)";

/** What `hugo version` prints, or undefined when Hugo cannot run here. */
function hugoVersion(): string | undefined {
  const run = spawnSync("hugo", ["version"], { encoding: "utf8" });
  return run.error || run.status !== 0 ? undefined : run.stdout;
}

/** Why Hugo cannot run here, or undefined when it can. */
export const hugoMissing = (): string | undefined => (hugoVersion() === undefined ? NO_HUGO : undefined);

function hugo(answersDir: string): Generator | string {
  const version = hugoVersion();
  if (version === undefined) return NO_HUGO;
  const site = siteFolder("hugo", answersDir, "content/answers", [
    ["hugo/hugo.toml", "hugo.toml"],
    ["hugo/layouts/_default/single.json", "layouts/_default/single.json"],
  ]);
  return {
    name: "Hugo",
    version: /v[\d.]+/.exec(version)?.[0] ?? version.trim(),
    build: (out) => ({ ...timed("hugo", ["--quiet", "--destination", out], site, ENV), ...written(out) }),
  };
}

function eleventy(answersDir: string): Generator | string {
  let cli: string;
  try {
    cli = installEleventy();
  } catch (error) {
    return `Eleventy could not be installed from npm: ${(error as Error).message}`;
  }
  const site = siteFolder("eleventy", answersDir, "site/answers", [
    ["eleventy/eleventy.config.cjs", "eleventy.config.cjs"],
    ["eleventy/site-includes/answer.11ty.cjs", "site/_includes/answer.11ty.cjs"],
  ]);
  const version = JSON.parse(readFileSync(path.join(path.dirname(cli), "package.json"), "utf8")) as { version: string };
  return {
    name: "Eleventy",
    version: `v${version.version}`,
    build: (out) => ({
      ...timed(process.execPath, [cli, "--config=eleventy.config.cjs", "--quiet"], site, { ...ENV, ELEVENTY_OUT: out }),
      ...written(out),
    }),
  };
}

/** Another build of ours taken in the same turns (its name is also its output folders'). */
export interface OtherBuildOfOurs {
  name: string;
  contentDir: string;
  options: string[];
}

export async function compareWithStaticGenerators(
  contentDir: string,
  answers: number,
  repeats = 3,
  others: readonly OtherBuildOfOurs[] = [],
): Promise<GeneratorComparison> {
  const answersDir = path.join(contentDir, "answers");
  const missing: Record<string, string> = {};
  const generators: Generator[] = [];
  for (const made of [hugo(answersDir), eleventy(answersDir)]) {
    if (typeof made === "string") missing[made.split(" ")[0]!] = made;
    else generators.push(made);
  }
  for (const ours of [{ name: "ours", contentDir, options: [] }, ...others])
    generators.push({
      name: ours.name,
      version: "this checkout",
      build: (out) => ({ ...runBuild(ours.name, ours.contentDir, out, ours.options), ...written(out) }),
    });
  const outputs = Array.from({ length: repeats }, (_, at) =>
    generators.map((generator) => path.join(WORK, `dist-compare-${generator.name.toLowerCase()}-${at + 1}`)),
  );
  const leftovers = outputs.flat().filter((folder) => existsSync(folder));
  if (leftovers.length > 0) await deleteOutputs(leftovers);
  await waitOutRecentDeletion();
  const runs = generators.map(() => [] as GeneratorRun[]);
  for (const [at, round] of outputs.entries()) {
    process.stderr.write(
      `bench: ${answers} answers, ${generators.map((generator) => generator.name).join(", ")}, round ${at + 1} of ${repeats}…\n`,
    );
    for (const [index, generator] of generators.entries()) runs[index]!.push(generator.build(round[index]!));
  }
  await deleteOutputs(outputs.flat().flatMap((folder) => [folder, `${folder}-cache`]));
  return {
    answers,
    repeats,
    missing,
    generators: generators.map((generator, index) => ({
      name: generator.name,
      version: generator.version,
      seconds: runs[index]!.map((run) => run.seconds),
      median: median(runs[index]!.map((run) => run.seconds)),
      peakMiB: Math.max(...runs[index]!.map((run) => run.peakMiB)),
      files: runs[index]![0]!.files,
      bytes: runs[index]![0]!.bytes,
    })),
  };
}
