/**
 * esbuild's bundles (the worker threads' code, the home page's script) kept on disk by what makes them: the build
 * code's version (every build/ source and the locked dependencies, build-version.ts), tsconfig.json, esbuild's
 * version and the options. esbuild gives the same bytes for the same sources, so a kept bundle is the one it
 * would make; making one costs a tenth of a second at start-up (a process started, a hundred modules read).
 *
 * Kept in node_modules/.cache/av-buyer-data/bundles/ (beside the launcher's), the few most recent; a folder that
 * cannot be written only means bundling every time.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import type { BuildOptions } from "esbuild";
import { buildCodeVersionSync } from "./build-version.ts";
import { keepFile, projectCache, projectRoot } from "../../content/load/project.ts";

// Found when called, not when loaded: the worker threads' own bundle includes this module (never calling it),
// and there import.meta has no folder.
const folder = () => projectCache("bundles");
/** Bundles kept: a change to any build source makes new ones. */
const KEPT = 8;
/** This module's bundles' names: their key, hex SHA-256. */
const OWN_BUNDLE = /^[0-9a-f]{64}\.js$/;

/** The text of the one output file of an esbuild build of `options` (write: false), made or kept. */
export function bundleText(options: BuildOptions): string {
  const require = createRequire(import.meta.url);
  let file: string | undefined;
  try {
    // The version from esbuild's package.json: loading its API (and child_process) costs some 17 ms of a small build.
    const { version } = JSON.parse(readFileSync(require.resolve("esbuild/package.json"), "utf8")) as {
      version: string;
    };
    const key = createHash("sha256")
      .update(`${buildCodeVersionSync()}\nesbuild ${version}\n`)
      .update(readFileSync(path.join(projectRoot(), "tsconfig.json")))
      .update(JSON.stringify(options))
      .digest("hex");
    file = path.join(folder(), `${key}.js`);
    return readFileSync(file, "utf8");
  } catch {
    // Not kept yet (or the version cannot be known): made below.
  }
  const esbuild = require("esbuild") as typeof import("esbuild");
  const text = esbuild.buildSync({ ...options, write: false }).outputFiles![0]!.text;
  // Only its own bundles are put away: the launcher keeps its bundles, maps, code caches and stamps there too.
  if (file) keepFile(file, text, OWN_BUNDLE, KEPT);
  return text;
}
