/**
 * Ends a run of the whole quick project, and nothing of the full one, with one line saying what was left out and
 * the command that runs it: `npm test`. A run of some files (`npx vitest run test/search.test.ts`) chose what it
 * left out, and test:all's run of the quick project on the other Node leaves out nothing test:all does not run
 * beside it (AVB_TEST_ALL): both are told nothing.
 */
import type { Reporter, TestModule, Vitest } from "vitest/node";

const WHAT_FULL_ADDS =
  "Netlify's own build and serve with Deno, Node 26, Chromium, Lighthouse, wget mirrors, WARC replay, the Frictionless libraries and the MCP conformance suite";

export default class LeftOutReporter implements Reporter {
  private vitest?: Vitest;

  onInit(vitest: Vitest): void {
    this.vitest = vitest;
  }

  async onTestRunEnd(modules: ReadonlyArray<TestModule>): Promise<void> {
    const projects = modules.map((module) => module.project.name);
    if (projects.includes("full") || process.env.AVB_TEST_ALL === "1") return;
    // The quick project's files as its own config finds them, with no filter of the command line.
    const quick = this.vitest?.projects.find((project) => project.name === "quick");
    const all = quick ? (await quick.globTestFiles()).testFiles.length : Number.NaN;
    if (projects.filter((name) => name === "quick").length === all)
      process.stdout.write(`\nLeft out: test/full/ (${WHAT_FULL_ADDS}); run everything with npm run test:all\n`);
  }
}
