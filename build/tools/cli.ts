import { statSync } from "node:fs";
import path from "node:path";
import { BuildCache, DEFAULT_CACHE_ROOT } from "../engine/cache/build-cache.ts";
import { describeReuse } from "../engine/cache/describe-reuse.ts";
import type { BuildOptions } from "../engine/run/context.ts";
import { formatDiagnostics } from "../content/diagnostics/format-diagnostics.ts";
import { OutputError } from "../engine/output/atomic-output.ts";
import { runBuild } from "../engine/run/pipeline.ts";
import { sourceDateEpoch } from "../engine/run/source-date-epoch.ts";
import { dueOn } from "../content/load/outward-claims.ts";
import {
  commandArguments,
  exitWhenWritten,
  isInside,
  isMainModule,
  originSetting,
  realFolder,
} from "../content/load/command-line.ts";
import { listenSettings, servedOrigin } from "../serve/server/host-guard.ts";

/**
 * `npm run build`'s options and environment, as its usage (`npm run build -- --help`), or `npm run dev`'s, whose loop
 * is incremental whatever --no-cache says, so that its usage does not offer it. The build is incremental
 * (build/engine/cache/); `--no-cache` does everything afresh and leaves the cache as it is.
 */
export function buildUsage(command: "build" | "dev"): string {
  const build = command === "build";
  return [
    `usage: npm run ${command} [-- --content DIR] [--out DIR] [--cache DIR${build ? " | --no-cache" : ""}] [--threads N]`,
    "  --content  the content to build (content/)",
    "  --out      the output folder (dist/): new, empty or an earlier output, replaced whole when the build succeeds",
    `  --cache    the incremental build's cache (artifacts/build-cache/); ${build ? "--no-cache does everything afresh" : "the loop is incremental, --no-cache or not"}`,
    "  --threads  worker threads that parse and render (0: none; by default one a core, at most 4, from 2,000 files)",
    "environment: SOURCE_DATE_EPOCH (whole seconds: every generated time), BASE_URL or URL (the origin of absolute URLs)",
  ].join("\n");
}

export function optionsFromCommandLine(
  argv: readonly string[],
  env: NodeJS.ProcessEnv,
  command = "build",
  usage = buildUsage("build"),
): BuildOptions & { cacheRoot: string | false } {
  const { values } = commandArguments(
    command,
    usage,
    {
      content: { type: "string", default: "content" },
      out: { type: "string", default: "dist" },
      cache: { type: "string" },
      "no-cache": { type: "boolean", default: false },
      threads: { type: "string" },
    },
    { argv },
  );
  const contentDir = path.resolve(values.content!);
  const found = statSync(contentDir, { throwIfNoEntry: false });
  if (!found?.isDirectory())
    throw new Error(
      `the content folder ${contentDir} ${found ? "is not a folder" : "does not exist"} (--content DIR names it; content/ by default).`,
    );
  const outDir = realFolder(values.out!);
  if (values["no-cache"] && values.cache !== undefined)
    throw new Error("--cache and --no-cache were both given: --no-cache builds afresh with no cache, so give one.");
  const cacheRoot = values["no-cache"] ? false : realFolder(values.cache ?? DEFAULT_CACHE_ROOT);
  // The content keeps the name it was given (the diagnostics' paths), and is compared by where it is.
  const realContent = realFolder(contentDir);
  const refuseInContent = (what: string, option: string, folder: string) => {
    if (isInside(realContent, folder))
      throw new Error(
        `the ${what} folder ${folder} is in the content folder ${contentDir}: the next build would read it as content. Give ${option} a folder outside it.`,
      );
  };
  refuseInContent("output", "--out", outDir);
  if (isInside(outDir, realContent))
    throw new Error(
      `the content folder ${contentDir} is in the output folder ${outDir}, which each build replaces whole: it would be deleted. Give --out a folder outside it.`,
    );
  if (cacheRoot) refuseInContent("cache", "--cache", cacheRoot);
  if (cacheRoot && isInside(outDir, cacheRoot))
    throw new Error(
      `the cache folder ${cacheRoot} is in the output folder ${outDir}, which each build replaces whole. Give --cache a folder outside it.`,
    );
  const options: BuildOptions & { cacheRoot: string | false } = {
    contentDir,
    outDir,
    cacheRoot,
  };
  if (values.threads !== undefined) {
    const threads = Number(values.threads);
    if (!/^\d+$/.test(values.threads) || threads > 64)
      throw new Error(`--threads takes a whole number of worker threads from 0 to 64 (got "${values.threads}").`);
    options.workers = threads;
  }
  const epoch = sourceDateEpoch(env);
  if (epoch !== undefined) options.sourceDateEpoch = epoch;
  const baseUrl = env.BASE_URL || env.URL;
  if (baseUrl) options.baseUrl = originSetting(env.BASE_URL ? "BASE_URL" : "URL", baseUrl);
  return options;
}

async function main(): Promise<number> {
  const started = performance.now();
  // `npm start` builds, then serves: a PORT or HOST the server cannot take is told now, not after the build.
  const serving = process.env.npm_lifecycle_event === "start" ? listenSettings("start", process.env) : undefined;
  let options: BuildOptions;
  let cacheRoot: string | false;
  try {
    const { cacheRoot: root, ...given } = optionsFromCommandLine(process.argv.slice(2), process.env);
    options = given;
    cacheRoot = root;
    // Built to be served here next: its absolute URLs name where the server will listen.
    const origin = serving && servedOrigin(process.env, serving);
    if (origin) options.baseUrl = origin;
  } catch (error) {
    process.stderr.write(`build: ${(error as Error).message}\n`);
    return 2;
  }
  if (cacheRoot) {
    // A cache that cannot be kept (a read-only node_modules) only makes the build a whole one.
    options.cache = await BuildCache.open(options.contentDir, options.outDir, cacheRoot).catch((error: unknown) => {
      process.stderr.write(
        `build cache: cannot use ${cacheRoot} (${(error as Error).message}); building everything afresh.\n`,
      );
      return undefined;
    });
  }
  const result = await runBuild(options);
  for (const note of options.cache?.notes ?? []) process.stderr.write(`${note}\n`);
  if (!result.ok) {
    process.stderr.write(
      formatDiagnostics(result.diagnostics, path.relative(process.cwd(), options.contentDir) || "."),
    );
    return 1;
  }
  const elapsed = Math.round(performance.now() - started);
  const out = path.relative(process.cwd(), options.outDir) || ".";
  const reuse = options.cache ? `; ${describeReuse(options.cache.stats)}` : "";
  process.stdout.write(
    `build: wrote ${result.site.paths.length} files to ${out}/ in ${elapsed} ms (${result.site.contentDigest.slice(0, 19)}…${reuse})\n`,
  );
  // Today's date decides only this line, never the output: a build stays reproducible.
  const today = new Date().toISOString().slice(0, 10);
  const due = dueOn(result.outward, today).length;
  if (result.outward.length > 0)
    process.stdout.write(
      `facts: ${due} of ${result.outward.length} claims searched outward are due on ${today}, by this machine's clock (npm run stale lists them).\n`,
    );
  return 0;
}

if (isMainModule(import.meta.url)) {
  // For the benchmark: the peak memory of this whole process, reported as it exits.
  if (process.env.AVB_REPORT_RESOURCES)
    process.on("exit", () =>
      process.stderr.write(`resources: ${JSON.stringify({ maxRssKiB: process.resourceUsage().maxRSS })}\n`),
    );
  main().then(
    (code) => exitWhenWritten(code),
    (error: unknown) => {
      // A problem of the machine (the output cannot be written) is told plainly; anything else is a bug, with its stack.
      const told =
        error instanceof OutputError
          ? error.message
          : error instanceof Error
            ? (error.stack ?? error.message)
            : String(error);
      process.stderr.write(`build failed: ${told}\n`);
      exitWhenWritten(1);
    },
  );
}
