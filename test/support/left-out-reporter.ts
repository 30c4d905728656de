/**
 * Ends a run that left a project out with one line saying what was left out and the command that runs it:
 * `npm test` runs the quick project only.
 */
import type { Reporter, TestModule } from "vitest/node";

const WHAT_FULL_ADDS =
  "Netlify's own build and serve with Deno, Node 26, Chromium, Lighthouse, wget mirrors, WARC replay, the Frictionless libraries and the MCP conformance suite";

export default class LeftOutReporter implements Reporter {
  private projects = new Set<string>();

  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    for (const module of modules) this.projects.add(module.project.name);
    // test:all's run of some quick files on the other Node leaves nothing out: it ran the full project before.
    if (this.projects.has("quick") && !this.projects.has("full") && !process.env.AVB_SUBSET)
      process.stdout.write(`\nLeft out: test/full/ (${WHAT_FULL_ADDS}); run everything with npm run test:all\n`);
  }
}
