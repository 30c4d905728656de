/**
 * Runs the test files that take longest first, so that no worker starts a long file while the others have run dry:
 * the longest-processing-time rule. Vitest orders by the durations of the previous run, which a fresh clone (CI's)
 * has not got; without them it starts the largest files first, and the slowest (Netlify's serve, the killed builds)
 * then began late and ran alone at the end. The table holds rough seconds of the slow files on 2 cores; a file not
 * in it comes after them, as vitest would order it.
 */
import { BaseSequencer, type TestSpecification } from "vitest/node";

/** Rough seconds of each slow file, from a run of npm run test:all on 2 cores (more than about 5 s). */
const SLOW: Record<string, number> = {
  "test/full/netlify-deploy.test.ts": 53,
  "test/full/build-killed.test.ts": 32,
  "test/full/lighthouse.test.ts": 28,
  "test/full/incremental-random.test.ts": 27,
  "test/full/archive-mirror.test.ts": 17,
  "test/full/archive-replay.test.ts": 16,
  "test/full/browser-docs.test.ts": 14,
  "test/build-output.test.ts": 12,
  "test/incremental-build.test.ts": 12,
  "test/server-behaviour.test.ts": 10,
  "test/content-diagnostics.test.ts": 10,
  "test/full/archive-memory.test.ts": 9,
  "test/search.test.ts": 8,
  "test/dev-loop.test.ts": 7,
  "test/mcp-prompts.test.ts": 5,
};

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const byVitest = await super.sort(files);
    const seconds = (file: TestSpecification) => SLOW[file.moduleId.slice(file.project.config.root.length + 1)] ?? 0;
    // Array.prototype.sort is stable: the files of equal weight keep vitest's order.
    return byVitest.sort((a, b) => seconds(b) - seconds(a));
  }
}
