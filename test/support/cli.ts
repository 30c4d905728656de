import path from "node:path";
import { ROOT } from "./build-helpers.ts";

/** The build's command as `npm run build` runs it, in one process with tsx as a loader (killing the tsx wrapper would leave its node child building). */
export const NODE = process.execPath;
export const cli = (...args: string[]) => ["--import", "tsx", path.join(ROOT, "build", "cli.ts"), ...args];
/** The environment without Vite's BASE_URL ("/"), which Vitest sets and the build would read as its origin. */
export const { BASE_URL: _viteBaseUrl, ...cleanEnv } = process.env;
