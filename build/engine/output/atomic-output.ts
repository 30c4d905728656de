import { createHash } from "node:crypto";
import fs, { existsSync, lstatSync } from "node:fs";
import { Worker } from "node:worker_threads";
import { mkdir, readdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { runInThisContext } from "node:vm";
import { acquireBuildLock, isAlive } from "./build-lock.ts";
import { DiskSink, type OutputSink, scratchFolderOf } from "./output-sink.ts";
import type { OutputReuse } from "./output-reuse.ts";
import { projectCache, projectRoot } from "../../content/load/project.ts";
import { CHECKSUMS_FILE, ROOT_RESOURCE_FILE } from "../../contract/layout.ts";
import { outputFile } from "./output-file.ts";

/**
 * Writes a complete output folder beside the live one and swaps it in with two renames, so that a failed or
 * killed build never leaves a partial output. Between the two renames (microseconds, milliseconds on a loaded
 * machine) the output folder is absent: the local server waits for it (build/serve/server/static-files.ts). A build
 * killed exactly there leaves a complete folder in the work folder, which `repairOutput` (run by every build and
 * by the server before it starts) puts back.
 *
 *   work/stage          being written; discarded if the build dies
 *   work/ready          complete, about to become the output
 *   work/previous       the output it replaced, until the swap is done
 *   work/discard-…      the output it replaced, left to a process that deletes it after the build (discard)
 *   work/trash-PID-…    the same, being deleted by process PID
 */
const PROJECT_ROOT = projectRoot();

/**
 * The work folder must be on the output's file system for rename to be atomic. For an output in the project,
 * node_modules/.cache keeps the repository's top level clean; an output elsewhere (another disk, /tmp) gets a
 * hidden sibling instead, which goes with its folder (the tests' outputs had left thousands of work folders in
 * node_modules/.cache).
 */
export async function workDirFor(outDir: string): Promise<string> {
  const out = path.resolve(outDir);
  const parent = path.dirname(out);
  await mkdir(parent, { recursive: true });
  const inProject = path.relative(PROJECT_ROOT, out);
  if (inProject.startsWith("..") || path.isAbsolute(inProject))
    return path.join(parent, `.${path.basename(out)}.build`);
  const cacheRoot = projectCache();
  await mkdir(cacheRoot, { recursive: true });
  const [parentStats, cacheStats] = await Promise.all([stat(parent), stat(cacheRoot)]);
  if (parentStats.dev === cacheStats.dev) {
    const key = createHash("sha256").update(out).digest("hex").slice(0, 16);
    return path.join(cacheRoot, `${path.basename(out)}-${key}`);
  }
  return path.join(parent, `.${path.basename(out)}.build`);
}

/** Puts back a complete output if a build was killed between its two renames. */
export async function repairOutput(outDir: string): Promise<"intact" | "restored"> {
  const out = path.resolve(outDir);
  if (await exists(out)) return "intact";
  const work = await workDirFor(out);
  for (const candidate of ["ready", "previous"]) {
    const complete = path.join(work, candidate);
    if (await exists(complete)) {
      await rename(complete, out);
      return "restored";
    }
  }
  return "intact";
}

/**
 * A failure to write the output (an unwritable folder, a full disk), or a folder the build will not replace, told
 * plainly, without a stack trace.
 */
export class OutputError extends Error {
  constructor(outDir: string, cause: NodeJS.ErrnoException | string) {
    if (typeof cause === "string") {
      super(`will not replace ${outDir}: ${cause} Nothing was written.`);
      this.name = "OutputError";
      return;
    }
    const reasons: Record<string, string> = {
      ENOSPC: "the disk is full",
      EDQUOT: "the disk quota is used up",
      EACCES: "permission is denied",
      EPERM: "the operation is not permitted",
      EROFS: "the file system is read-only",
      EEXIST: "a file stands where a folder is needed",
      ENOTDIR: "a file stands where a folder is needed",
    };
    const reason = reasons[cause.code ?? ""] ?? cause.message;
    super(
      `cannot write the output folder ${outDir}: ${reason} (${cause.code ?? "error"} on ${cause.path ?? outDir}). The previous output, if any, is unchanged.`,
    );
    this.name = "OutputError";
  }
}

/**
 * Thrown by a `produce` that gives up on purpose (a dev loop's write, when a newer save waits): the output is
 * untouched, and the partial stage is left for the next write to clear, not removed while the next build waits.
 */
export class WriteStopped extends Error {
  override name = "WriteStopped";
}

/**
 * Runs `produce` with a sink that writes into a fresh stage folder, then swaps the complete folder in. If
 * `produce` fails, the stage is discarded and the output is untouched.
 */
export async function writeOutputAtomically<T>(
  outDir: string,
  produce: (sink: OutputSink) => Promise<T>,
  reuse?: OutputReuse,
  /** A server in this process answers meanwhile: large folders are removed on a thread (removeFolder). */
  serving = false,
): Promise<T> {
  const out = path.resolve(outDir);
  try {
    return await writeOutput(out, produce, reuse, serving);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw typeof code === "string" && /^E[A-Z]+$/.test(code)
      ? new OutputError(out, error as NodeJS.ErrnoException)
      : error;
  }
}

async function writeOutput<T>(
  out: string,
  produce: (sink: OutputSink) => Promise<T>,
  reuse: OutputReuse | undefined,
  serving: boolean,
): Promise<T> {
  const remove = (folder: string, files?: number) => removeFolder(folder, serving ? files : 0);
  const work = await workDirFor(out);
  const release = await acquireBuildLock(work);
  try {
    await repairOutput(out);
    await refuseForeignFolder(out);
    const stage = path.join(work, "stage");
    const ready = path.join(work, "ready");
    const previous = path.join(work, "previous");
    await remove(stage);
    await remove(ready);
    await rm(scratchFolderOf(stage), { recursive: true, force: true });
    await mkdir(stage, { recursive: true });
    let result: T;
    // Asked before the stage is written, while the live output is the one the record describes.
    const sink = new DiskSink(stage, await reuse?.previous(out));
    try {
      result = await produce(sink);
    } catch (error) {
      // A partial stage is of no use, and on a full disk it would keep the disk full: removed, best effort, once
      // nothing is being written into it.
      if (!(error instanceof WriteStopped)) {
        await sink.settle();
        await remove(stage).catch(() => undefined);
      }
      throw error;
    } finally {
      sink.previousPieces?.close();
      await sink.close();
      await rm(scratchFolderOf(stage), { recursive: true, force: true }).catch(() => undefined);
    }
    await rename(stage, ready);
    if (await exists(previous)) await discard(work, previous);
    if (await exists(out)) await rename(out, previous);
    await rename(ready, out);
    if (await exists(previous)) {
      // Files linked from it share their inodes with the new output: deleting their old names changes their
      // status (ctime), which must happen before the seal (recordOutput), or the next build would distrust them.
      if (sink.counts.linked > 0) await remove(previous, sink.counts.linked + sink.counts.written);
      else if (holdsFewerThan(previous, REMOVED_HERE)) removeTree(previous);
      else await discard(work, previous);
    }
    await discardLeftTrash(work);
    await reuse?.recordOutput(
      out,
      sink.digests,
      sink.counts,
      // The files holding pieces are few (the collection-wide ones): their sizes are read from the disk.
      sink.recorder.record((urlPath) => fileSize(outputFile(out, urlPath))),
    );
    return result;
  } finally {
    await release();
  }
}

/** Whether a folder holds a build's output: its root resource, which every build writes. */
export function isBuiltOutput(folder: string): boolean {
  return existsSync(path.join(folder, ROOT_RESOURCE_FILE));
}

/**
 * The output is replaced whole, the folder it replaces deleted: so it must be an earlier output (it holds the root
 * resource), an empty folder or nothing. `--out content`, `--out .` or a folder of someone's files would be lost.
 */
async function refuseForeignFolder(out: string): Promise<void> {
  const names = await readdir(out).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return [];
    throw error;
  });
  if (names.length > 0 && !isBuiltOutput(out))
    throw new OutputError(
      out,
      `it holds files and is not an earlier build of this API (no ${ROOT_RESOURCE_FILE.slice(1)}), and a build replaces its output folder whole, deleting what was there. Give --out a new or empty folder, or an earlier output.`,
    );
}

/**
 * Whether an output holds fewer than `files` files, by its checksum list's size (a line of it per file, 68 bytes at
 * least): a small replaced output is removed here, which took some 1 ms at 3 answers where starting the deleting
 * process took 20 ms of this thread and some 50 ms of another core (a test run builds hundreds of times).
 */
function holdsFewerThan(output: string, files: number): boolean {
  const size = fileSize(path.join(output, CHECKSUMS_FILE));
  return size !== undefined && size < files * 68;
}

/** Below this many files a folder is removed on this thread: 12 ms for the shipped output's 112, where a thread took 70-106. */
const REMOVED_HERE = 2000;

/**
 * Removes a folder and everything in it, one entry after another, on a thread of its own when it holds `files` or
 * more, so that this one goes on meanwhile (a dev loop serves while it writes): fs/promises' rm removes every entry
 * of a folder at once, which for an output of 100,000 answers (200,000 files in one folder) held some 300 MB at the
 * build's end. Where nothing else runs (npm run build), on this thread whatever its size: at 10,000 answers a
 * thread removed the replaced output's 20,229 names in 740-780 ms, this one in 460-500 with fs.rmSync, which stats
 * every entry before it unlinks it, and in 210 with REMOVE_TREE, which knows each entry's type from the folder.
 */
async function removeFolder(folder: string, files = Number.POSITIVE_INFINITY): Promise<void> {
  if (!(await exists(folder))) return;
  if (files < REMOVED_HERE) return removeTree(folder);
  await new Promise<void>((resolve, reject) => {
    // Plain JavaScript, without the loader this process was started with, which would add to the 60-80 ms a thread
    // takes to start and stop here.
    const worker = new Worker(
      `(${REMOVE_TREE})(require("node:fs"), require("node:path"), require("node:worker_threads").workerData);`,
      { eval: true, workerData: folder, execArgv: [] },
    );
    worker.once("error", reject);
    worker.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`could not remove ${folder}`))));
  });
}

/**
 * A folder's removal, as the source of one function of (fs, path, folder), for this thread, a thread and the
 * deleting process alike. A folder's entries come with their types (readdir's withFileTypes, from the directory
 * itself), so nothing is stat'ed; a link is removed, never followed.
 */
const REMOVE_TREE = `function removeTree(fs, path, folder) {
  for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
    const at = path.join(folder, entry.name);
    if (entry.isDirectory()) removeTree(fs, path, at);
    else fs.unlinkSync(at);
  }
  fs.rmdirSync(folder);
}`;
const removeTreeHere = runInThisContext(`(${REMOVE_TREE})`) as (
  fsModule: typeof fs,
  pathModule: typeof path,
  folder: string,
) => void;
const removeTree = (folder: string) => removeTreeHere(fs, path, folder);

/**
 * Leaves a replaced output that shares no file with the new one to a process of its own, which deletes it after
 * this one has ended: a clean build over the live output of 100,000 answers spent some 25 s deleting its 200,000
 * files at its end, its resident set raised by some 100 MB meanwhile, to 795 MiB (into a new folder: 692-733 MiB).
 * The folder is renamed first (it is no longer a complete output to put back).
 */
async function discard(work: string, folder: string): Promise<void> {
  const discarded = path.join(work, `discard-${process.pid}-${Date.now()}`);
  await rename(folder, discarded);
  startDeleting(discarded);
}

/** This process's environment but its Node options (a loader such as tsx, which the deleting process does without). */
const { NODE_OPTIONS: _nodeOptions, ...withoutNodeOptions } = process.env;

/**
 * The deleting process takes the folder by renaming it after its own process ID (trash-PID-TIME), so that a later
 * build can tell a deletion under way from one that stopped; if another has taken it first, it has nothing to do.
 */
const DELETING = [
  'const fs = require("node:fs"), path = require("node:path");',
  'const trash = path.join(path.dirname(process.argv[1]), "trash-" + process.pid + "-" + Date.now());',
  "try { fs.renameSync(process.argv[1], trash); } catch { process.exit(0); }",
  `(${REMOVE_TREE})(fs, path, trash);`,
  // The work folder too, once empty (a build under way holds its lock there).
  "try { fs.rmdirSync(path.dirname(trash)); } catch {}",
].join("\n");

function startDeleting(folder: string): void {
  // Loaded when first needed: a build that replaces nothing (most) never pays for child_process at start-up.
  const { spawn } = process.getBuiltinModule("node:child_process");
  const deleting = spawn(process.execPath, ["-e", DELETING, folder], {
    detached: true,
    stdio: "ignore",
    windowsHide: true,
    env: withoutNodeOptions,
  });
  // Its failure to start leaves the folder for the next build (discardLeftTrash).
  deleting.on("error", () => undefined);
  deleting.unref();
}

/** Folders left to delete whose deletion stopped (its process killed, the machine restarted) are given to a new process. */
async function discardLeftTrash(work: string): Promise<void> {
  for (const name of await readdir(work).catch(() => [] as string[])) {
    const trash = /^trash-(\d+)-/.exec(name);
    const stopped = trash
      ? !isAlive(Number(trash[1]))
      : name.startsWith("discard-") && !name.startsWith(`discard-${process.pid}-`);
    if (stopped) startDeleting(path.join(work, name));
  }
}

function fileSize(file: string): number | undefined {
  try {
    return lstatSync(file).size;
  } catch {
    return undefined;
  }
}

async function exists(target: string): Promise<boolean> {
  return stat(target).then(
    () => true,
    () => false,
  );
}
