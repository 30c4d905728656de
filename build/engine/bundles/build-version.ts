import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import fg from "fast-glob";
import { projectRoot } from "../../content/load/project.ts";

// Found when called, not when loaded: the worker threads' bundle holds this module (bundle-cache.ts imports it)
// and there import.meta has no folder.

let computed: string | undefined;

/**
 * What a cache entry was made by: the build's own sources, the locked dependencies and the Node.js version
 * (entries are in V8's serialisation format). Any change to them makes every entry a miss, so that a cached
 * result is never one that today's code would not produce. Computed once per process.
 */
export function buildCodeVersion(): Promise<string> {
  return Promise.resolve().then(buildCodeVersionSync);
}

/** The same, read with blocking calls (for the bundles made at start-up, bundle-cache.ts): some 200 small files. */
export function buildCodeVersionSync(): string {
  // The launcher's digest of the same sources (and more), with the Node.js version, when it started this process.
  computed ??= (globalThis as { __avbBuildCodeVersion?: string }).__avbBuildCodeVersion;
  if (computed === undefined) {
    const hash = createHash("sha256").update(`node ${process.version}\n`);
    const root = projectRoot();
    const files = fg.sync(["build/**/*.ts", "package-lock.json"], { cwd: root, onlyFiles: true }).sort();
    for (const file of files) {
      const bytes = readFileSync(path.join(root, file));
      hash.update(`${file}\n${bytes.byteLength}\n`).update(bytes);
    }
    computed = hash.digest("hex");
  }
  return computed;
}
