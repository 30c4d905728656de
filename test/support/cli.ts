import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
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

/** The scripts of package.json. */
export const SCRIPTS = (
  JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as { scripts: Record<string, string> }
).scripts;

/**
 * The arguments Node is given by a script that is one `node` command (after the build, for `start`), relative to the
 * project's folder: a test starts what npm starts.
 */
export function nodeScript(name: string): string[] {
  const words = SCRIPTS[name]!.split(" && ").at(-1)!.split(" ");
  if (words[0] !== "node") throw new Error(`npm run ${name} is not a node command: ${SCRIPTS[name]}`);
  return words.slice(1);
}

/**
 * A script of package.json with `args` appended, through a shell with node_modules/.bin on its PATH, as npm runs it.
 * Stopped after 30 s (a status of null): a command that ignored its arguments may be a server that never ends.
 */
export function runScript(
  name: string,
  args: readonly string[] = [],
  env: NodeJS.ProcessEnv = {},
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn("sh", ["-c", `${SCRIPTS[name]} "$@"`, "sh", ...args], {
      cwd: ROOT,
      env: { ...cleanEnv, ...env, PATH: `${path.join(ROOT, "node_modules", ".bin")}:${cleanEnv.PATH}` },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    const timer = setTimeout(() => process.kill(-child.pid!, "SIGKILL"), 30_000);
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (piece) => (stdout += piece));
    child.stderr.on("data", (piece) => (stderr += piece));
    child.on("error", reject);
    child.on("close", (status) => {
      clearTimeout(timer);
      resolve({ status, stdout, stderr });
    });
  });
}

/** What a command prints when it is given an option it does not take: its name, the option, then its usage. */
export const refusedOption = (name: string, option: string) =>
  new RegExp(`^${name}: Unknown option '${option}'\\.\\nusage: npm run ${name}\\b`);
