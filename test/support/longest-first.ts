/**
 * The order of a run's test files when Vitest has no times of its own yet (a fresh clone: a newcomer's first
 * `npm test`). Vitest then starts the larger files first, and the incremental build's file, a fifth of the quick
 * suite's time but not among the largest, started late and ran on alone at the end: the first `npm test` of a
 * fresh clone took 122-123 s where the next took 100-108. Once Vitest has times (node_modules/.vite/), its own order
 * (the longest first) stands.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The quick suite's longest files, longest first (measured 2026-12-07; two of them are small files that spawn
 * commands, which Vitest's order by size would start last). The full suite's are left in Vitest's order:
 * with its longest files first, a fresh clone's `.ci/run` took 367 s against 341-349, those files waiting on
 * processes of their own (Netlify's CLI, Deno, Chromium) at the same time.
 */
const LONGEST = [
  "test/incremental-build.test.ts",
  "test/commands.test.ts",
  "test/dev-loop.test.ts",
  "test/build-output.test.ts",
];

// A file renamed or removed would drop out of the order unnoticed.
const gone = LONGEST.filter((file) => !existsSync(path.join(import.meta.dirname, "../..", file)));
if (gone.length > 0)
  throw new Error(`test/support/longest-first.ts names files that are not there: ${gone.join(", ")}`);

export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const relative = (file: TestSpecification) => path.relative(this.ctx.config.root, file.moduleId);
    if (sorted.some((file) => this.ctx.cache.getFileTestResults(`${file.project.name}:${relative(file)}`)))
      return sorted;
    // Within each project, in the order Vitest gave the projects.
    const projects = [...new Set(sorted.map((file) => file.project.name))];
    const rank = (file: TestSpecification) => {
      const at = LONGEST.indexOf(relative(file));
      return projects.indexOf(file.project.name) * (LONGEST.length + 1) + (at < 0 ? LONGEST.length : at);
    };
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
