// @ts-check
/**
 * `node build/tools/launch.mjs build/tools/cli.ts [arguments]`: runs a TypeScript entry of build/ as one esbuild bundle of our
 * own code, kept by a digest of every source that goes into it, instead of through tsx. tsx transforms and loads
 * each of some 200 modules through its hooks on every start: some 0.7 s of wall time and 1 s of CPU before a
 * build does anything, against about 0.15 s for the kept bundle (measured on Node 20, 2 cores).
 *
 * Plain JavaScript, so that it runs without a loader (which is also why it keeps its bundles itself rather than
 * through build/engine/bundles/bundle-cache.ts). The bundle holds build/, schemas/ and the packages but esbuild, so the
 * digest reads package-lock.json too. Each module's `import.meta.url` and `import.meta.dirname` are written in
 * as its own file's, so that code finding files beside it behaves as it does under tsx. Bundles are kept in
 * node_modules/.cache/av-buyer-data/bundles/ (the few most recent); one that cannot be written is made again next
 * time. Stack traces name the TypeScript files (a linked source map).
 */
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const ROOT = path.resolve(import.meta.dirname, "../..");
const BUNDLES = path.join(ROOT, "node_modules", ".cache", "av-buyer-data", "bundles");
/** Launch bundles kept (per entry and sources). */
const KEPT = 6;
/** What is bundled, so what the digest reads: every file of these folders, and these files. */
const SOURCE_FOLDERS = ["build", "schemas"];
const SOURCE_FILES = ["tsconfig.json", "package-lock.json"];

const [entryArgument, ...rest] = process.argv.slice(2);
if (!entryArgument) {
  process.stderr.write("usage: node build/tools/launch.mjs build/ENTRY.ts [arguments]\n");
  process.exit(2);
}
const entry = path.resolve(entryArgument);
const bundle = path.join(BUNDLES, `launch-${sourcesDigest(entry)}.mjs`);
try {
  statSync(bundle);
} catch {
  await makeBundle(entry, bundle);
}
// The entry sees the command line it would see run directly (`node build/tools/cli.ts …`): its main-module check holds.
process.argv.splice(1, process.argv.length - 1, entry, ...rest);
process.setSourceMapsEnabled(true);
await import(pathToFileURL(bundle).href);

/**
 * SHA-256 of the project's folder (the bundle holds its files' absolute paths: a copy of the project elsewhere
 * gets a bundle of its own), the entry's path and every source file's path, size and bytes, in a fixed order.
 */
function sourcesDigest(entry) {
  const hash = createHash("sha256").update(`${ROOT}\n${path.relative(ROOT, entry)}\n`);
  const files = [...SOURCE_FILES];
  for (const folder of SOURCE_FOLDERS)
    for (const name of readdirSync(path.join(ROOT, folder), { recursive: true, encoding: "utf8" }))
      files.push(path.join(folder, name));
  for (const file of files.sort()) {
    let bytes;
    try {
      bytes = readFileSync(path.join(ROOT, file));
    } catch (error) {
      if (/** @type {NodeJS.ErrnoException} */ (error).code === "EISDIR") continue;
      throw error;
    }
    hash.update(`${file}\n${bytes.byteLength}\n`).update(bytes);
  }
  return hash.digest("hex");
}

async function makeBundle(entry, file) {
  const { build } = await import("esbuild");
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    // esbuild runs its own binary, found from its package: imported as it is.
    external: ["esbuild"],
    // For the CommonJS packages' require() of Node's modules.
    banner: {
      js: 'import { createRequire as launchRequire } from "node:module"; const require = launchRequire(import.meta.url);',
    },
    sourcemap: "linked",
    sourcesContent: false,
    write: false,
    outfile: file,
    logLevel: "silent",
    plugins: [ownImportMeta()],
  });
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
      .filter((name) => name.startsWith("launch-") && name.endsWith(".mjs"))
      .map((name) => ({ name, at: statSync(path.join(BUNDLES, name)).mtimeMs }))
      .sort((a, b) => b.at - a.at);
    for (const { name } of launches.slice(KEPT)) {
      rmSync(path.join(BUNDLES, name), { force: true });
      rmSync(path.join(BUNDLES, `${name}.map`), { force: true });
    }
  } catch {
    // Best effort: old bundles are only disk.
  }
}

/** @returns {import("esbuild").Plugin} */
function ownImportMeta() {
  return {
    name: "own-import-meta",
    setup(build) {
      build.onLoad({ filter: /\.ts$/ }, (args) => {
        const text = readFileSync(args.path, "utf8");
        if (!text.includes("import.meta")) return undefined;
        const contents = text
          .replaceAll("import.meta.dirname", JSON.stringify(path.dirname(args.path)))
          .replaceAll("import.meta.filename", JSON.stringify(args.path))
          .replaceAll("import.meta.url", JSON.stringify(pathToFileURL(args.path).href));
        return { contents, loader: "ts" };
      });
    },
  };
}
