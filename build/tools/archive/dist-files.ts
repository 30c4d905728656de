/**
 * A built output on disk, for the archivers: every file's path, sorted, and the facts they name. Contents are not
 * read here: a file is read when it is used, in pieces (filePieces), or whole when it is one of the few small
 * ones the archivers parse (builtText), so that memory does not grow with dist/.
 */
import { createReadStream } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { sourceDateEpoch } from "../../engine/run/source-date-epoch.ts";
import { commandArguments, ToldError } from "../../content/load/command-line.ts";
import { projectRoot } from "../../content/load/project.ts";

/** The pieces a file is read in. */
const PIECE_BYTES = 1024 * 1024;

export interface BuiltFile {
  /** Relative to the output's folder, with `/` between segments. */
  path: string;
  absolutePath: string;
}

export interface BuiltOutput {
  folder: string;
  /** Sorted by path (UTF-16 code units, as the archives list them). */
  files: BuiltFile[];
  version: string;
  publisher: string;
  description: string;
  /** The build's own generation time, from its health resource. */
  generatedAt: string;
}

/** What the archivers read and where they write: `--dist DIR` (the project's dist/) and `--out DIR` (its artifacts/). */
export function archiveFolders(command: string, purpose: string): { dist: string; artifacts: string } {
  const { values } = commandArguments(
    command,
    [
      `usage: npm run ${command} [-- --dist DIR] [--out DIR]`,
      purpose,
      "  --dist  the built output to read (dist/)",
      "  --out   the folder to write into (artifacts/)",
      "environment: SOURCE_DATE_EPOCH (whole seconds) dates it, else the build's own generation time.",
    ].join("\n"),
    { dist: { type: "string" }, out: { type: "string" } },
  );
  const root = projectRoot();
  return {
    dist: path.resolve(values.dist ?? path.join(root, "dist")),
    artifacts: path.resolve(values.out ?? path.join(root, "artifacts")),
  };
}

/** A folder that holds no built output (or a file it needs): told as it is, with what to run, not as a stack. */
export class NotBuiltError extends ToldError {
  override name = "NotBuiltError";
}

export async function readBuiltOutput(folder: string): Promise<BuiltOutput> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true }).catch(
    (error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT") throw new NotBuiltError(`there is no ${folder}: run npm run build first`);
      throw error;
    },
  );
  const files: BuiltFile[] = [];
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const absolutePath = path.join(entry.parentPath, entry.name);
    files.push({ path: path.relative(folder, absolutePath).split(path.sep).join("/"), absolutePath });
  }
  files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const partial = { folder, files };
  const json = async (name: string) =>
    files.some((file) => file.path === name) ? JSON.parse(await builtText(partial, name)) : null;
  const root = await json("api/v1/index.json");
  const health = await json("api/v1/health/index.json");
  if (!root || !health) throw new NotBuiltError(`${folder} is not a built output: run npm run build first`);
  return {
    ...partial,
    version: root.version,
    publisher: root.publisher,
    description: root.description,
    generatedAt: health.generated_at,
  };
}

/** A small file of the output (a JSON resource, urls.txt, the sitemap), whole, as text. */
export async function builtText(output: Pick<BuiltOutput, "files">, file: string): Promise<string> {
  const found = output.files.find((candidate) => candidate.path === file);
  if (!found) throw new NotBuiltError(`/${file} is missing from the built output: run npm run build first`);
  return readFile(found.absolutePath, "utf8");
}

/** A file's bytes in pieces of at most a megabyte. */
export function filePieces(absolutePath: string): AsyncIterable<Buffer> {
  return createReadStream(absolutePath, { highWaterMark: PIECE_BYTES });
}

/**
 * Seconds for archive timestamps: SOURCE_DATE_EPOCH when set, else the build's own generation time. Read before any
 * work, so that a malformed SOURCE_DATE_EPOCH is told in a line (a ToldError), not thrown with a stack.
 */
export function archiveEpoch(env: NodeJS.ProcessEnv): (output: BuiltOutput) => number {
  let given: number | undefined;
  try {
    given = sourceDateEpoch(env);
  } catch (error) {
    throw new ToldError((error as Error).message.replace(/\.$/, ""));
  }
  return (output) => given ?? Math.floor(Date.parse(output.generatedAt) / 1000);
}
