/**
 * Where the project is: its root folder, found from this file's place in build/content/load/, so that code in
 * any wing finds content/, schemas/ and artifacts/ wherever the process started. A function, called when needed:
 * the build's worker threads load some modules in a bundle of their own, where import.meta has no folder.
 * And where its code keeps what it makes between processes (bundles, validators, work folders), a few at a time.
 */
import { mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

export function projectRoot(): string {
  return path.resolve(import.meta.dirname, "../../..");
}

/** A path under node_modules/.cache/av-buyer-data/, beside the launcher's bundles (build/tools/launch.mjs). */
export function projectCache(...parts: string[]): string {
  return path.join(projectRoot(), "node_modules", ".cache", "av-buyer-data", ...parts);
}

/**
 * Writes `text` as `file` (whole, by a rename), then removes all but the `kept` newest files of its folder named as
 * `own` says: others share the folder. Best effort: a folder that cannot be written only means making it again.
 */
export function keepFile(file: string, text: string, own: RegExp, kept: number): void {
  try {
    const folder = path.dirname(file);
    mkdirSync(folder, { recursive: true });
    const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
    writeFileSync(temporary, text);
    renameSync(temporary, file);
    const files = readdirSync(folder)
      .filter((name) => own.test(name))
      .map((name) => ({ name, at: statSync(path.join(folder, name)).mtimeMs }))
      .sort((a, b) => b.at - a.at);
    for (const { name } of files.slice(kept)) rmSync(path.join(folder, name), { force: true });
  } catch {
    // Made again next time.
  }
}
