import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";
import { LongestFirst } from "./test/support/longest-first.ts";

export default defineConfig({
  test: {
    // quick: `npm test`, the newcomer's suite, from node_modules alone (offline, nothing downloaded, no root).
    // full: what `npm run test:all` adds, needing more than node_modules (Netlify's toolchain, Deno, the current LTS Node,
    // Chromium, wget, Lighthouse, ReplayWeb.page, the Frictionless libraries, root for network namespaces).
    projects: [
      { extends: true, test: { name: "quick", include: ["test/*.test.ts"], isolate: false } },
      { extends: true, test: { name: "full", include: ["test/full/*.test.ts"] } },
    ],
    globalSetup: ["test/support/global-setup.ts"],
    sequence: { sequencer: LongestFirst },
    reporters: ["default", "./test/support/left-out-reporter.ts"],
    // Generous: many tests build the content or start servers, and two busy cores can triple their time.
    testTimeout: 90_000,
    hookTimeout: 120_000,
    // One worker a core: the quick files keep their cores busy (npm run test:all adds one for the full files, which wait).
    maxWorkers: availableParallelism(),
  },
});
