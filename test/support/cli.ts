import path from "node:path";
import { ROOT } from "./build-helpers.ts";

/** The build's command as `npm run build` runs it: one process, the CLI run from its kept bundle (build/tools/launch.mjs). */
export const NODE = process.execPath;
export const cli = (...args: string[]) => [
  path.join(ROOT, "build", "tools", "launch.mjs"),
  path.join(ROOT, "build", "tools", "cli.ts"),
  ...args,
];
/** The environment without Vite's BASE_URL ("/"), which Vitest sets and the build would read as its origin. */
export const { BASE_URL: _viteBaseUrl, ...cleanEnv } = process.env;
