import type { BuildContext, BuildOptions } from "./context.ts";
import type { Diagnostic } from "../../content/diagnostics/diagnostic.ts";
import { WriteStopped, writeOutputAtomically } from "../output/atomic-output.ts";
import { MemorySink, type OutputFile } from "../output/output-sink.ts";
import type { OutputReuse } from "../output/output-reuse.ts";
import { loadSchemaRegistry } from "../../content/schemas/schema-registry.ts";
import { checkMediaTypes, type CompiledSite, runProducts } from "./engine.ts";
import { LazySite } from "./lazy-site.ts";
import { collectGarbageAfter } from "../workers/collect-garbage.ts";
import { loadContent } from "./load.ts";
import type { ValidContent } from "../../content/load/valid-content.ts";
import type { OutwardClaim } from "../../content/load/outward-claims.ts";
import { CONTENT_LAYOUT } from "../../content/load/layout.ts";
import { validateContent } from "./validate.ts";
import { BUILD_TASK_SET } from "../workers/build-tasks.ts";
import { WorkerPool } from "../workers/worker-pool.ts";

export type BuildResult =
  | { ok: true; site: CompiledSite; outward: OutwardClaim[] }
  | { ok: false; diagnostics: Diagnostic[] };
export type CompileResult =
  | { ok: true; site: CompiledSite; files: OutputFile[]; digests: ReadonlyMap<string, string> }
  | { ok: false; diagnostics: Diagnostic[] };

async function loadAndValidate(
  context: BuildContext,
  /** A build that runs once: what the load leaves is saved and let go before the content is checked. */
  once: boolean,
): Promise<{ ok: true; content: ValidContent } | { ok: false; diagnostics: Diagnostic[] }> {
  const loaded = await loadContent({
    contentDir: context.options.contentDir,
    workers: context.workers,
    cache: context.options.cache,
    walk: context.options.walk,
    // While the threads parse, this thread compiles the validators the next stage uses (ajv: about 0.2 s).
    whileParsing: () => {
      for (const entry of CONTENT_LAYOUT) context.schemas.validator(entry.schema);
    },
  });
  if (once) {
    // The load's garbage is collected before the cache serialises what it keeps, and what that leaves before the
    // checks: each had grown the heap over the other (at 100,000 answers the peak fell by some 40 MiB). A small
    // build, whose garbage is not worth a collection, checks while the cache is written: the writes' round trips
    // left the thread idle for some 40 ms of a 20-answer build.
    const large = collectGarbageAfter(loaded.files.length);
    const saving = context.options.cache?.parses.contentLoaded();
    if (large) {
      await saving;
      collectGarbageAfter(loaded.files.length);
    }
  }
  const validated = validateContent(loaded, context.schemas, await context.options.cache?.findings());
  return validated.ok ? { ok: true, content: validated.content } : validated;
}

/** Runs `build` with a context whose worker threads (if any were started) are stopped when it ends. */
async function withContext<T>(options: BuildOptions, build: (context: BuildContext) => Promise<T>): Promise<T> {
  const workers =
    options.threads ??
    (options.workers === undefined
      ? WorkerPool.automatic(BUILD_TASK_SET)
      : new WorkerPool(BUILD_TASK_SET, options.workers, 0));
  try {
    return await build({ options, schemas: options.schemas ?? (await loadSchemaRegistry()), workers });
  } finally {
    if (workers !== options.threads) await workers.close();
  }
}

/** load → validate → compile, into memory. The smoke check and the tests use it to know a build's files. */
export async function compileContent(options: BuildOptions): Promise<CompileResult> {
  return buildWithCache(options, async (context, content) => {
    const sink = new MemorySink();
    const site = await runProducts(context, content, sink);
    return { ok: true, site, files: sink.files, digests: sink.digests };
  });
}

/**
 * Loads and validates the content, then `build`s it, as one build of the cache (if any): the cache keeps this
 * build's work for the next only when `build` completes.
 */
async function buildWithCache<T>(
  options: BuildOptions,
  build: (context: BuildContext, content: ValidContent) => Promise<T>,
): Promise<T | { ok: false; diagnostics: Diagnostic[] }> {
  checkMediaTypes();
  options.cache?.startBuild();
  let complete = false;
  try {
    return await withContext(options, async (context) => {
      const loaded = await loadAndValidate(context, true);
      if (!loaded.ok) return loaded;
      const built = await build(context, loaded.content);
      complete = true;
      return built;
    });
  } finally {
    await options.cache?.finishBuild(complete);
  }
}

/**
 * load → validate → the answers rendered, into a build whose products run when their files are first wanted (the
 * dev loop's: products/lazy-site.ts). The build cache's build is started and finished by the caller, which completes
 * the site first.
 */
export async function prepareInMemory(
  options: BuildOptions,
): Promise<{ ok: true; site: LazySite } | { ok: false; diagnostics: Diagnostic[] }> {
  checkMediaTypes();
  return withContext(options, async (context) => {
    const loaded = await loadAndValidate(context, false);
    if (!loaded.ok) return loaded;
    return { ok: true, site: await LazySite.prepare(context, loaded.content) };
  });
}

/** Files writeCompiled writes before it lets other work of the thread in. */
const WRITE_BETWEEN_TURNS = 256;

/**
 * Writes files a build made in memory as the output folder, as runBuild would have written them (atomically, the
 * unchanged ones linked from the previous output when `reuse` knows them). It lets the thread's other work in
 * every few hundred files: a dev loop's server answers while it writes (a file is linked with blocking calls).
 * It gives up, with false and the output untouched, as soon as `stop` says so (a dev loop's newer save).
 */
export async function writeCompiled(
  outDir: string,
  files: readonly OutputFile[],
  digests: ReadonlyMap<string, string>,
  reuse?: OutputReuse,
  stop: () => boolean = () => false,
): Promise<boolean> {
  try {
    await writeOutputAtomically(
      outDir,
      async (sink) => {
        if (stop()) throw new WriteStopped();
        for (const [index, file] of files.entries()) {
          if (index % WRITE_BETWEEN_TURNS === WRITE_BETWEEN_TURNS - 1) {
            await new Promise((resolve) => setImmediate(resolve));
            if (stop()) throw new WriteStopped();
          }
          await sink.file(file.path, file.contents, digests.get(file.path));
        }
        await sink.finish();
      },
      reuse,
      true,
    );
    return true;
  } catch (error) {
    if (error instanceof WriteStopped) return false;
    throw error;
  }
}

/**
 * The build, stage by stage: load → validate → compile → emit, the products writing into a fresh stage folder
 * that replaces the output in one step (output/atomic-output.ts). Nothing is written unless all content is valid.
 */
export async function runBuild(options: BuildOptions): Promise<BuildResult> {
  return buildWithCache(options, async (context, content) => ({
    ok: true as const,
    site: await writeOutputAtomically(
      options.outDir,
      (sink) => runProducts(context, content, sink),
      options.cache,
      options.serving,
    ),
    outward: content.outward,
  }));
}
