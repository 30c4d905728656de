/**
 * The shipped content, built once per test run and shared read-only by every test file that only reads it.
 *
 * Vitest runs test files in several worker processes; the first one to ask for a variant builds it into the run's
 * folder (given by the global setup), holding a lock folder, and the others wait for it. The global setup's
 * teardown checks that no test changed a shared build (test/support/global-setup.ts): a test that changes files
 * works on its own copy (`copyOfShipped`, or `buildShipped` into a folder of its own).
 */
import { cpSync, watch } from "node:fs";
import { mkdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { inject } from "vitest";
import type { CompiledSite } from "../../build/engine/run/engine.ts";
import { build, readTreeDigests, SHIPPED_CONTENT, temporaryFolder } from "./build-helpers.ts";

/**
 * The variants tests read. `epoch`: generated times from SOURCE_DATE_EPOCH 1,700,000,000 (2023-11-14T22:13:20Z),
 * the configured origin. `production`: the same with a production-like origin, so that a test can tell absolute
 * production URLs from the root-relative ones; given as someone might write it, with capitals and the default port,
 * and written as `origin` everywhere.
 */
export const SHARED_VARIANTS = {
  epoch: { sourceDateEpoch: 1_700_000_000 },
  production: { sourceDateEpoch: 1_700_000_000, baseUrl: "https://AV-Buyer-Data.example:443" },
} as const;
/** The production variant's origin, as every URL of its build writes it. */
export const PRODUCTION_ORIGIN = "https://av-buyer-data.example";
export type SharedVariant = keyof typeof SHARED_VARIANTS;

export interface SharedBuild {
  /** Read only: the global teardown fails the run if a file of it changed. */
  dist: string;
  site: CompiledSite;
}

declare module "vitest" {
  export interface ProvidedContext {
    /** The folder of this run's shared builds (test/support/global-setup.ts). */
    sharedBuildRoot: string;
    /** The same on the disk, where that is in RAM (test/support/global-setup.ts): for what Deno reads. */
    diskScratchRoot: string;
  }
}

/** Files beside a variant's `dist/`: the build's summary, the digests the teardown checks, and a failure's report. */
export const sharedFiles = (root: string, variant: SharedVariant) => {
  const folder = path.join(root, variant);
  return {
    folder,
    dist: path.join(folder, "dist"),
    site: path.join(folder, "site.json"),
    digests: path.join(folder, "digests.json"),
    failed: path.join(folder, "failed.txt"),
    lock: `${folder}.lock`,
  };
};

const pending = new Map<SharedVariant, Promise<SharedBuild>>();

/** The shipped content built as `variant`, once per run; built here if no other worker has done it yet. */
export function sharedBuild(variant: SharedVariant = "epoch"): Promise<SharedBuild> {
  let build = pending.get(variant);
  if (!build) pending.set(variant, (build = buildOnce(inject("sharedBuildRoot"), variant)));
  return build;
}

async function buildOnce(root: string, variant: SharedVariant): Promise<SharedBuild> {
  const files = sharedFiles(root, variant);
  await mkdir(files.folder, { recursive: true });
  for (;;) {
    if (await exists(files.site)) return { dist: files.dist, site: JSON.parse(await readFile(files.site, "utf8")) };
    if (await exists(files.failed)) throw new Error(await readFile(files.failed, "utf8"));
    try {
      // mkdir is atomic: one worker builds; the others look again until its summary (or its failure) is there.
      await mkdir(files.lock);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      await untilChanged(files.folder);
      continue;
    }
    try {
      const result = await build(SHIPPED_CONTENT, files.dist, SHARED_VARIANTS[variant]);
      if (!result.ok) {
        const report = `the shared build "${variant}" failed: ${JSON.stringify(result.diagnostics, null, 2)}`;
        await writeFile(files.failed, report);
        throw new Error(report);
      }
      await writeFile(files.digests, JSON.stringify(Object.fromEntries(await readTreeDigests(files.dist))));
      // The summary last, by rename: its presence means the build is complete.
      await writeFile(`${files.site}.partial`, JSON.stringify(result.site));
      await rename(`${files.site}.partial`, files.site);
    } finally {
      await rm(files.lock, { recursive: true, force: true });
    }
  }
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}

/** Resolves when an entry of `folder` changes (another worker's build finishing), or after a second regardless. */
async function untilChanged(folder: string): Promise<void> {
  await new Promise<void>((resolve) => {
    const watcher = watch(folder, () => done());
    // A change made between the caller's look and this watch is not reported: look again every second anyway.
    const timer = setTimeout(() => done(), 1000);
    function done() {
      clearTimeout(timer);
      watcher.close();
      resolve();
    }
  });
}

/** A copy of a shared build in a folder of this test file's own, for a test that changes or rebuilds it. */
export async function copyOfSharedBuild(label: string, variant: SharedVariant = "epoch"): Promise<SharedBuild> {
  const shared = await sharedBuild(variant);
  const dist = path.join(await temporaryFolder(label), "dist");
  cpSync(shared.dist, dist, { recursive: true });
  return { dist, site: shared.site };
}
