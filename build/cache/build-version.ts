import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import fg from "fast-glob";

const PROJECT_ROOT = path.resolve(import.meta.dirname, "../..");

let computed: Promise<string> | undefined;

/**
 * What a cache entry was made by: the build's own sources, the locked dependencies and the Node.js version
 * (entries are in V8's serialisation format). Any change to them makes every entry a miss, so that a cached
 * result is never one that today's code would not produce. Computed once per process.
 */
export function buildCodeVersion(): Promise<string> {
  computed ??= (async () => {
    const hash = createHash("sha256").update(`node ${process.version}\n`);
    const files = (await fg(["build/**/*.ts", "package-lock.json"], { cwd: PROJECT_ROOT, onlyFiles: true })).sort();
    for (const file of files) {
      const bytes = await readFile(path.join(PROJECT_ROOT, file));
      hash.update(`${file}\n${bytes.byteLength}\n`).update(bytes);
    }
    return hash.digest("hex");
  })();
  return computed;
}
