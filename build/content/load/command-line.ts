/**
 * The arguments of one of our commands (`npm run build`, `serve`, `mcp`, `stale`…), read strictly: `--help` or `-h`
 * prints the command's usage and exits 0, before the command does anything; an option it does not know, an option
 * without its value or an argument it does not take is refused with the usage, exit 2. Never ignored (a `--port`
 * given to a command that reads PORT was dropped without a word) and never a stack trace.
 */
import { lstatSync, readlinkSync, realpathSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type ParseArgsConfig, parseArgs } from "node:util";

export function commandArguments<const O extends NonNullable<ParseArgsConfig["options"]>>(
  command: string,
  usage: string,
  options: O,
  { positionals = 0, argv = process.argv.slice(2) }: { positionals?: number; argv?: readonly string[] } = {},
) {
  let parsed: ReturnType<typeof parseArgs<{ options: O; allowPositionals: true; strict: true }>>;
  try {
    if (argv.some((argument) => argument === "--help" || argument === "-h")) {
      process.stdout.write(`${usage}\n`);
      process.exit(0);
    }
    parsed = parseArgs({ args: [...argv], options, allowPositionals: true, strict: true });
    if (parsed.positionals.length > positionals)
      throw new Error(`takes no argument "${parsed.positionals[positionals]}"`);
  } catch (error) {
    // parseArgs says "Unknown option '--x'. To specify a positional argument starting with a '-', place it at the
    // end of the command after '--', as in '-- \"--x\"": the hint is for programs whose arguments may start so.
    const message = (error as Error).message.replace(/\. To specify a positional argument.*$/s, "");
    process.stderr.write(`${command}: ${message}.\n${usage}\n`);
    process.exit(2);
  }
  return parsed;
}

/**
 * An environment variable that names an origin (BASE_URL, MCP_ORIGIN): the origin, a trailing slash or two taken off,
 * or an Error saying what is wanted. A path, query or user would make every URL made from it wrong.
 */
export function originSetting(name: string, value: string): string {
  const origin = value.replace(/\/+$/, "");
  // The URL parser has the last word (a port past 65535, a quote in the host): the origin it reads back is the one.
  let parsed: string | undefined;
  try {
    parsed = new URL(origin).origin;
  } catch {
    parsed = undefined;
  }
  if (!/^https?:\/\/[^\s/?#@]+$/.test(origin) || parsed === undefined || parsed === "null")
    throw new Error(`${name} must be an origin such as https://example.org, with no path (got "${value}").`);
  return origin;
}

/**
 * Exits with `code` once stdout and stderr have taken all that was written to them: process.exit drops what a pipe has
 * not taken yet (a build's 1,125 diagnostics piped to less were cut at 128 KiB, mid-line).
 */
export function exitWhenWritten(code: number): void {
  process.exitCode = code;
  let open = 2;
  const written = () => {
    if (--open === 0) process.exit(code);
  };
  process.stdout.write("", written);
  process.stderr.write("", written);
}

/** What stops a command that is not a bug (nothing built, a deploy that cannot be reached): told in a line, exit 1. */
export class ToldError extends Error {
  override name = "ToldError";
}

/** For a command's work that failed: a ToldError is told in a line (exit 1); anything else is thrown on, with its stack. */
export function tellOrThrow(command: string, error: unknown): never {
  if (!(error instanceof ToldError)) throw error;
  process.stderr.write(`${command}: ${error.message}.\n`);
  process.exit(1);
}

/**
 * Whether a module is the one Node was started with, directly or by build/tools/launch.mjs: by its path, not its URL,
 * which encodes what a path may hold (a space, a non-ASCII letter) and so never equals `file://` and the path.
 */
export function isMainModule(moduleUrl: string): boolean {
  return process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(moduleUrl);
}

/**
 * Runs a command's body when its module is the main one. In an async function, not awaited at the top level: the
 * launcher's bundle is CommonJS, which has no top-level await.
 */
export function runAsCommand(moduleUrl: string, body: () => Promise<void>): void {
  if (isMainModule(moduleUrl)) void body();
}

/** Whether `file` is `folder` or inside it (paths resolved alike). */
export function isInside(folder: string, file: string): boolean {
  const relative = path.relative(folder, file);
  return relative === "" || (!relative.startsWith("..") && !path.isAbsolute(relative));
}

/**
 * A folder's absolute path with the symbolic links in the part of it that exists followed, as the kernel would: an
 * --out that is a link is built where it points, the link left as it is (a build replaces its output folder whole,
 * which would otherwise put a folder in the link's place), and a folder inside the content is seen to be there
 * whatever path names it.
 */
export function realFolder(folder: string): string {
  const absolute = path.resolve(folder);
  try {
    return realpathSync(absolute);
  } catch (error) {
    // Not there, or under a file: the build says so when it writes there.
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== "ENOENT" && code !== "ENOTDIR") throw error;
  }
  // A link to a folder not made yet: where it points.
  let link: string | undefined;
  try {
    if (lstatSync(absolute).isSymbolicLink()) link = readlinkSync(absolute);
  } catch {
    // Not there either.
  }
  if (link !== undefined) return realFolder(path.resolve(path.dirname(absolute), link));
  const parent = path.dirname(absolute);
  return parent === absolute ? absolute : path.join(realFolder(parent), path.basename(absolute));
}
