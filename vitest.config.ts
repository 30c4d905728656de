import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // Generous: many tests build the content or start servers, and two busy cores can triple their time.
    testTimeout: 90_000,
    hookTimeout: 120_000,
    // Two cores: more workers only queue for the same CPUs.
    maxWorkers: 2,
  },
});
