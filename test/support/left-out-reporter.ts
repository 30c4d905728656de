/**
 * Ends a run of the whole quick project, and nothing of the full one, with one line saying what was left out and
 * the command that runs it: `npm test`. A run of some files (`npx vitest run test/search.test.ts`, or test:all's
 * run of some quick files on the other Node) chose what it left out, and is told nothing.
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import type { Reporter, TestModule } from "vitest/node";

const WHAT_FULL_ADDS =
  "Netlify's own build and serve with Deno, Node 26, Chromium, Lighthouse, wget mirrors, WARC replay, the Frictionless libraries and the MCP conformance suite";

/** The quick project's files: test/*.test.ts (vitest.config.ts). */
const QUICK_FILES = readdirSync(path.resolve(import.meta.dirname, "..")).filter((name) => name.endsWith(".test.ts"));

export default class LeftOutReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const projects = modules.map((module) => module.project.name);
    const quick = projects.filter((name) => name === "quick").length;
    if (quick === QUICK_FILES.length && !projects.includes("full"))
      process.stdout.write(`\nLeft out: test/full/ (${WHAT_FULL_ADDS}); run everything with npm run test:all\n`);
  }
}
