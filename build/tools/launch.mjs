// @ts-check
/**
 * `node build/tools/launch.mjs build/ENTRY.ts [arguments]`: runs a TypeScript entry of build/ (each npm script
 * that runs our code but the bench and `npm run types`) as one esbuild bundle of our own code, kept by a digest of every
 * source that goes into it, instead of through tsx. tsx transforms and loads each of some 200 modules through its hooks
 * on every start: some 0.7 s of wall time and 1 s of CPU before a build does anything, against about 0.15 s for the
 * kept bundle (measured on Node 20, 2 cores).
 *
 * Plain JavaScript, so that it runs without a loader (which is also why it keeps its bundles itself rather than
 * through build/engine/bundles/bundle-cache.ts). The bundle holds build/, schemas/ and the packages, so the digest
 * reads package-lock.json too; esbuild and netlify-redirector, which find files beside their own, are required from
 * node_modules as they are. Each module's `import.meta.url` and `import.meta.dirname`, ours and the packages', are
 * written in as its own file's, so that code finding files beside it behaves as it does under tsx. Bundles are kept
 * in node_modules/.cache/av-buyer-data/bundles/ (the few used last); one that cannot be written is made again next
 * time. The digest is of the sources' bytes, each hashed again only when its stamp (size, inode, times) is not the
 * one recorded, or was recorded too soon after the file changed to be trusted; the bundle's code reads it as the
 * build code's version (build/engine/bundles/build-version.ts), which would otherwise hash every source again.
 * Stack traces name the TypeScript files: a bundle's frames are mapped through its linked source map when an error's
 * stack is first read (enabling Node's source maps would parse the map at every start, for the rare failure).
 */
import { isAscii } from "node:buffer";
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { createRequire, SourceMap } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import vm from "node:vm";

const ROOT = path.resolve(import.meta.dirname, "../..");
const BUNDLES = path.join(ROOT, "node_modules", ".cache", "av-buyer-data", "bundles");
/** The bundle's CommonJS wrapper, on a line of its own, so that the bundle's lines keep their numbers (one more). */
const WRAPPER = "(function (exports, require, module, __filename, __dirname) {\n";
/** Launch bundles kept (per entry and sources). */
const KEPT = 10;
/** What is bundled, so what the digest reads: every file of these folders, and these files. */
const SOURCE_FOLDERS = ["build", "schemas"];
const SOURCE_FILES = ["tsconfig.json", "package-lock.json"];
/**
 * Not sources, though under build/: the bench's figures (its chart, the test commands' times), which it writes and
 * nothing bundles. Read as sources, each commit of them made every bundle and every cache entry again.
 */
const NOT_SOURCES = ["build/tools/bench/figures"];

const [entryArgument, ...rest] = process.argv.slice(2);
if (!entryArgument) {
  process.stderr.write("usage: node build/tools/launch.mjs build/ENTRY.ts [arguments]\n");
  process.exit(2);
}
const entry = path.resolve(entryArgument);
const sources = sourcesDigest();
const bundleKey = createHash("sha256")
  .update(`${sources}\n${path.relative(ROOT, entry)}\n`)
  .digest("hex");
const bundle = path.join(BUNDLES, `launch-${bundleKey}.cjs`);
try {
  // Dated as used: the bundles kept are the few used last.
  const now = new Date();
  utimesSync(bundle, now, now);
} catch (error) {
  // Made when it is not there; one that cannot be dated (a read-only node_modules) is used as it is.
  if (/** @type {NodeJS.ErrnoException} */ (error).code === "ENOENT") await makeBundle(entry, bundle);
}
// The entry sees the command line it would see run directly (`node build/tools/cli.ts …`): its main-module check holds.
process.argv.splice(1, process.argv.length - 1, entry, ...rest);
// The build code's version is of the sources, not the entry: the build and the dev loop share the build's cache.
// @ts-expect-error: read by build/engine/bundles/build-version.ts, in this thread only (not an environment variable,
// which a process of another project's code could inherit).
globalThis.__avbBuildCodeVersion = createHash("sha256").update(`node ${process.version}\n${sources}`).digest("hex");
mapStackTraces(bundle);
// An error nothing caught is told by its stack (mapped), not by the bundle's minified line, as Node would.
process.on("uncaughtException", (error) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
// A reader that stops reading (`npm run stale | head`) is no failure of the command: what it would still print is
// dropped and it ends as it would have, its work done (a build piped so still builds).
for (const stream of [process.stdout, process.stderr])
  stream.on("error", (error) => {
    if (/** @type {NodeJS.ErrnoException} */ (error).code !== "EPIPE") throw error;
  });
run(bundle);

/**
 * Runs the bundle as Node runs a CommonJS module, compiled with V8's code cache kept beside it for this Node.js: a
 * start then deserialises the code instead of compiling a megabyte of JavaScript, and with it the functions the
 * first run compiled (about 0.15 s of CPU a start). The cache is written when the first run ends, or again when V8
 * refuses it (another V8, other flags).
 */
function run(file) {
  const cacheFile = `${file}.${process.version}.v8-cache`;
  let cachedData;
  try {
    cachedData = readFileSync(cacheFile);
  } catch {
    // None yet: written when this run ends.
  }
  const bytes = readFileSync(file);
  // An ASCII bundle is read as Latin-1, a one-byte string: V8 reads its code cache and compiles from it some 40 ms
  // faster a start than from the two-byte string one character beyond ASCII makes of the whole (see asciiRegExps).
  const source = isAscii(bytes) ? bytes.toString("latin1") : bytes.toString("utf8");
  const script = new vm.Script(`${WRAPPER}${source}\n})`, {
    filename: file,
    cachedData,
    importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
  });
  if (!cachedData || script.cachedDataRejected)
    process.once("exit", () => {
      try {
        const temporary = `${cacheFile}.${process.pid}.tmp`;
        writeFileSync(temporary, script.createCachedData());
        renameSync(temporary, cacheFile);
      } catch {
        // Best effort: compiled again next time.
      }
    });
  const module = { exports: {} };
  script.runInThisContext()(module.exports, createRequire(file), module, file, path.dirname(file));
}

/**
 * SHA-256 of the project's folder (the bundle holds its files' absolute paths: a copy of the project elsewhere
 * gets a bundle of its own) and every source file's path and SHA-256, in a fixed order. A file's
 * SHA-256 comes from the stamps kept beside the bundles when its size, inode and times are as recorded there and it
 * had not changed for a second before they were (an edit that kept the size and put the time back changes the
 * change time, which no one can set); else it is read and hashed, and the stamps written again.
 */
function sourcesDigest() {
  const hash = createHash("sha256").update(`${ROOT}\n`);
  const files = [...SOURCE_FILES];
  const walk = (folder) => {
    for (const item of readdirSync(path.join(ROOT, folder), { withFileTypes: true })) {
      const file = path.join(folder, item.name);
      if (NOT_SOURCES.includes(file)) continue;
      if (item.isDirectory()) walk(file);
      else files.push(file);
    }
  };
  for (const folder of SOURCE_FOLDERS) walk(folder);
  const stampsFile = path.join(BUNDLES, `stamps-${createHash("sha256").update(ROOT).digest("hex").slice(0, 16)}.json`);
  /** @type {Record<string, { stamp: string; sha256: string }>} */
  let stamps = {};
  try {
    stamps = JSON.parse(readFileSync(stampsFile, "utf8"));
  } catch {
    // None yet, or unreadable: every file is hashed.
  }
  /** @type {typeof stamps} */
  const next = {};
  let changed = false;
  const now = Date.now();
  for (const file of files.sort()) {
    let stats;
    try {
      stats = statSync(path.join(ROOT, file));
    } catch {
      continue;
    }
    if (!stats.isFile()) continue;
    const stamp = `${stats.size} ${stats.ino} ${stats.mtimeMs} ${stats.ctimeMs}`;
    const kept = stamps[file];
    let sha256 = kept?.stamp === stamp ? kept.sha256 : undefined;
    if (sha256 === undefined) {
      sha256 = createHash("sha256")
        .update(readFileSync(path.join(ROOT, file)))
        .digest("hex");
      changed = true;
    }
    // A stamp is kept only once its file has been still for a second: within one, an edit may keep it.
    if (now - Math.max(stats.mtimeMs, stats.ctimeMs) > 1000) next[file] = { stamp, sha256 };
    else changed = true;
    hash.update(`${file}\n${sha256}\n`);
  }
  if (changed) {
    try {
      mkdirSync(BUNDLES, { recursive: true });
      const temporary = `${stampsFile}.${process.pid}.tmp`;
      writeFileSync(temporary, JSON.stringify(next));
      renameSync(temporary, stampsFile);
    } catch {
      // Best effort: the files are hashed again next time.
    }
  }
  return hash.digest("hex");
}

/** Stack frames in the bundle, named by the TypeScript file and line they came from, through its map (read once). */
function mapStackTraces(bundleFile) {
  const url = pathToFileURL(bundleFile).href;
  /** @type {SourceMap | null | undefined} */
  let map;
  Error.prepareStackTrace = (error, frames) => {
    const lines = frames.map((frame) => {
      const file = frame.getFileName();
      if (file !== url && file !== bundleFile) return `    at ${frame}`;
      if (map === undefined) {
        try {
          map = new SourceMap(JSON.parse(readFileSync(`${bundleFile}.map`, "utf8")));
        } catch {
          map = null;
        }
      }
      // One line for the wrapper, one because the map counts from 0.
      const found = map?.findEntry((frame.getLineNumber() ?? 2) - 2, (frame.getColumnNumber() ?? 1) - 1);
      if (!found?.originalSource) return `    at ${frame}`;
      const where = `${fileURLToPath(new URL(found.originalSource, url))}:${found.originalLine + 1}:${found.originalColumn + 1}`;
      const name = frame.getFunctionName();
      return `    at ${name ? `${name} (${where})` : where}`;
    });
    return [String(error), ...lines].join("\n");
  };
}

async function makeBundle(entry, file) {
  const { build, stop } = await import("esbuild");
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    platform: "node",
    // CommonJS, so that vm.Script can compile it with a code cache (Node 20 has none for ES modules).
    format: "cjs",
    target: "node20",
    // Less to read and parse at each start; names are kept, for the profiles and the stack traces.
    minifyWhitespace: true,
    minifySyntax: true,
    // esbuild runs its own binary, found from its package, and netlify-redirector reads its WebAssembly from beside
    // its own file (__dirname): both required as they are.
    external: ["esbuild", "netlify-redirector"],
    sourcemap: "linked",
    sourcesContent: false,
    write: false,
    outfile: file,
    logLevel: "silent",
    plugins: [ownImportMeta()],
  });
  // esbuild's service process would otherwise stay beside a server or dev loop for as long as it runs.
  await stop();
  mkdirSync(BUNDLES, { recursive: true });
  const suffix = `.${process.pid}.${Date.now()}.tmp`;
  // The map first: a bundle is never seen without its map.
  const ordered = [...result.outputFiles].sort((a, b) => Number(a.path === file) - Number(b.path === file));
  for (const output of ordered) {
    writeFileSync(`${output.path}${suffix}`, output.contents);
    renameSync(`${output.path}${suffix}`, output.path);
  }
  try {
    const launches = readdirSync(BUNDLES)
      .filter((name) => name.startsWith("launch-") && name.endsWith(".cjs"))
      .map((name) => ({ name, at: statSync(path.join(BUNDLES, name)).mtimeMs }))
      .sort((a, b) => b.at - a.at);
    const kept = new Set(launches.slice(0, KEPT).map(({ name }) => name));
    // A bundle's map and code caches go with it; so do the ES module bundles of earlier launchers.
    for (const name of readdirSync(BUNDLES))
      if (name.startsWith("launch-") && !name.endsWith(".tmp") && !kept.has(name.replace(/(\.cjs).*$/, "$1")))
        rmSync(path.join(BUNDLES, name), { force: true });
  } catch {
    // Best effort: old bundles are only disk.
  }
}

/**
 * `import.meta` in our sources and in the packages' ES modules, written in as each file's own; and a package's
 * regular expressions made ASCII (asciiRegExps). @returns {import("esbuild").Plugin}
 */
function ownImportMeta() {
  return {
    name: "own-import-meta",
    setup(build) {
      build.onLoad({ filter: /\.(ts|m?js)$/ }, async (args) => {
        const text = readFileSync(args.path, "utf8");
        const escaped = args.path.includes(`${path.sep}node_modules${path.sep}`) ? await asciiRegExps(text) : undefined;
        if (!text.includes("import.meta") && escaped === undefined) return undefined;
        const contents = (escaped ?? text)
          .replaceAll("import.meta.dirname", JSON.stringify(path.dirname(args.path)))
          .replaceAll("import.meta.filename", JSON.stringify(args.path))
          .replaceAll("import.meta.url", JSON.stringify(pathToFileURL(args.path).href));
        return { contents, loader: args.path.endsWith(".ts") ? "ts" : "js" };
      });
    },
  };
}

/**
 * A package's source with each character beyond ASCII in its regular expressions written as a \u escape (the same
 * character to the expression, with or without the u flag), or undefined when it has none: esbuild escapes such
 * characters in strings and identifiers but not there (markdown-it's typographer has one), and one character left
 * makes the whole bundle a two-byte string (see run). Our own sources escape theirs by hand; test/launch.test.ts
 * holds the bundle to ASCII.
 * @param {string} text
 */
async function asciiRegExps(text) {
  if (!/[^\0-\x7f]/.test(text)) return undefined;
  const tokens = await tokensOf(text);
  let escaped = "";
  let at = 0;
  for (const token of tokens ?? []) {
    if (token.type.label !== "regexp") continue;
    const literal = text.slice(token.start, token.end);
    // `\é` is é to a regular expression, `\\u00e9` is not: such a literal is left as it is.
    if (!/[^\0-\x7f]/.test(literal) || /\\[^\0-\x7f]/.test(literal)) continue;
    escaped += text.slice(at, token.start);
    escaped += literal.replace(/[^\0-\x7f]/g, (unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, "0")}`);
    at = token.end;
  }
  return at === 0 ? undefined : escaped + text.slice(at);
}

/**
 * acorn's tokens of a module, or of a CommonJS script (which may return at its top and use what a module may not);
 * undefined for what it reads as neither.
 * @param {string} text
 */
async function tokensOf(text) {
  const { tokenizer } = await import("acorn");
  for (const sourceType of /** @type {const} */ (["module", "script"])) {
    try {
      return [
        ...tokenizer(text, {
          ecmaVersion: "latest",
          allowHashBang: true,
          sourceType,
          allowReturnOutsideFunction: sourceType === "script",
        }),
      ];
    } catch {
      // Read as the other kind, or not at all.
    }
  }
  return undefined;
}
