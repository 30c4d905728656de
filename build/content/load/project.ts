/**
 * Where the project is: its root folder, found from this file's place in build/content/load/, so that code in
 * any wing finds content/, schemas/ and artifacts/ wherever the process started. A function, called when needed:
 * the build's worker threads load some modules in a bundle of their own, where import.meta has no folder.
 */
import path from "node:path";

export function projectRoot(): string {
  return path.resolve(import.meta.dirname, "../../..");
}
