import { readFile as readFileCallback } from "node:fs";
import { promisify } from "node:util";
import { answerBodyOf, type AnswerBodySource } from "./content-file.ts";

// The callback API: fs/promises makes a FileHandle object for every file read, which costs more than the read.
const readFile = promisify(readFileCallback);

export type { AnswerBodySource };

/** Reads a whole file: asynchronously on the main thread, synchronously on a worker thread (which has nothing else to do). */
export type FileReader = (path: string) => Promise<Uint8Array>;

export const readFileAsync: FileReader = readFile;

const CHANGED = " changed while the build ran";

/** A body saved between the load and the render fails the build: what is rendered must be what was checked. */
export const changedWhileBuilding = (file: string) => new Error(`${file}${CHANGED}`);

/** The file such an error names (its message is all that comes back from a build thread), else undefined. */
export const fileChangedWhileBuilding = (error: unknown): string | undefined =>
  error instanceof Error && error.message.endsWith(CHANGED) ? error.message.slice(0, -CHANGED.length) : undefined;

/** The body as the load stage read it: strict UTF-8, line ends as "\n", after the front matter. */
export async function readAnswerBody(source: AnswerBodySource, read: FileReader): Promise<string> {
  if ("text" in source) return source.text;
  const body = answerBodyOf(source.path, await read(source.path));
  if (body === undefined) throw changedWhileBuilding(source.path);
  return body;
}
