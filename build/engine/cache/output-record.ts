/**
 * The record of what the live output holds, kept in the build cache so that the next build can link its
 * unchanged files instead of writing them: every file's digest, the output folder's inode (each build swaps in
 * a new folder, so a record of another folder is never applied) and a seal time taken after the swap. A file
 * whose inode changed status after the seal (ctime: written, truncated, chmod-ed, linked) may differ from its
 * recorded digest and is written afresh; the kernel sets ctime, no tool can set it back.
 */
import { linkSync, lstatSync } from "node:fs";
import { lstat, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { workDirFor } from "../output/atomic-output.ts";
import { type AnswerPieceRecord, PreviousPieces, writtenFileMode } from "../output/answer-pieces.ts";
import type { PreviousOutput } from "../output/output-reuse.ts";
import { readCheckedMap, type Rejection, writeCheckedMap } from "./checked-file.ts";
import { outputFile } from "../output/output-file.ts";

/** Beside the digests (a map file: at 100,000 answers some 25 MB, written a segment at a time). */
interface OutputSeal {
  folderInode: string;
  sealedCtimeNs: string;
}

export async function readPreviousOutput(
  recordFile: string,
  key: string,
  outDir: string,
  /** The record of each answer's pieces (answer-pieces.ts), taken only if it was sealed with the output's. */
  piecesFile?: string,
): Promise<{ previous?: PreviousOutput; rejected?: Rejection }> {
  const read = await readCheckedMap<string>(recordFile, key);
  if (!read.found) return read.rejected ? { rejected: read.rejected } : {};
  const record = read.extra as Partial<OutputSeal>;
  if (typeof record.folderInode !== "string" || typeof record.sealedCtimeNs !== "string")
    return { rejected: "corrupt" };
  const folder = await lstat(outDir, { bigint: true }).catch(() => undefined);
  if (!folder || String(folder.ino) !== record.folderInode) return {};
  const sealed = BigInt(record.sealedCtimeNs);
  const digests = read.map;
  const pieces = piecesFile ? await readPieces(piecesFile, key, record as OutputSeal) : undefined;
  const previousPieces = pieces && new PreviousPieces(pieces, outDir, sealed);
  const sourceOf = (urlPath: string) => outputFile(outDir, urlPath);
  const mode = writtenFileMode();
  return {
    previous: {
      async linkInto(urlPath, digest, size, target) {
        if (digests.get(urlPath) !== digest) return false;
        const source = sourceOf(urlPath);
        try {
          // Synchronous: two calls of microseconds each, for every file of the output; through the thread pool
          // their round trips cost more than the calls (measured: 1.2 s against 0.4 s at 10,000 answers).
          const stats = lstatSync(source, { bigint: true });
          if (
            !stats.isFile() ||
            stats.size !== BigInt(size) ||
            stats.ctimeNs >= sealed ||
            (Number(stats.mode) & 0o777) !== mode
          )
            return false;
          linkSync(source, target);
          return true;
        } catch {
          // No such file any more, a file system without hard links: the caller writes it.
          return false;
        }
      },
      kept(urlPath) {
        const digest = digests.get(urlPath);
        // Checked once already, when the engine chose the answers to splice (fileAsWritten keeps its answer).
        if (digest === undefined || !previousPieces?.fileAsWritten(urlPath)) return undefined;
        return { digest, source: sourceOf(urlPath) };
      },
      pieces: previousPieces,
    },
  };
}

/** The pieces record, if it was written with this output record (the same seal). */
async function readPieces(file: string, key: string, seal: OutputSeal): Promise<AnswerPieceRecord | undefined> {
  const read = await readCheckedMap<number>(file, key);
  if (!read.found) return undefined;
  const extra = read.extra as Partial<OutputSeal & Omit<AnswerPieceRecord, "byKey">>;
  if (
    extra.folderInode !== seal.folderInode ||
    extra.sealedCtimeNs !== seal.sealedCtimeNs ||
    !Array.isArray(extra.names) ||
    !Array.isArray(extra.paths) ||
    !Array.isArray(extra.sizes) ||
    !(extra.links instanceof Uint32Array) ||
    !(extra.ranges instanceof Float64Array) ||
    extra.links.length !== (3 / 2) * extra.ranges.length
  )
    return undefined;
  const { names, paths, sizes, links, ranges } = extra;
  return { names, paths, sizes, links, ranges, byKey: read.map };
}

export async function writeOutputRecord(
  recordFile: string,
  key: string,
  outDir: string,
  digests: ReadonlyMap<string, string>,
  pieces?: { file: string; record: AnswerPieceRecord },
): Promise<void> {
  const folder = await lstat(outDir, { bigint: true });
  // The seal is the ctime of a file made now, on the output's own file system, read by the same clock as the
  // output's files: every file of the swapped-in output was last changed before it. That clock ticks coarsely
  // (a few milliseconds), and a file changed in the seal's own tick is not reused: so the seal is taken at the
  // first tick after the swap's last change, or the files the swap touched last would be written again.
  const marker = path.join(await workDirFor(outDir), "sealed");
  const swapped = await creationTime(marker);
  let sealed = swapped;
  for (let attempt = 0; attempt < 50 && sealed <= swapped; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 1));
    sealed = await creationTime(marker);
  }
  const seal: OutputSeal = { folderInode: String(folder.ino), sealedCtimeNs: String(sealed) };
  // The pieces first: a record of pieces without its output record is never read (the seals must match).
  if (pieces) {
    const { byKey, ...rest } = pieces.record;
    await writeCheckedMap(pieces.file, key, byKey, { ...seal, ...rest });
  }
  await writeCheckedMap(recordFile, key, digests, { ...seal });
}

/** The ctime of a file made now (then removed). */
async function creationTime(marker: string): Promise<bigint> {
  await rm(marker, { force: true });
  await writeFile(marker, "");
  const made = (await lstat(marker, { bigint: true })).ctimeNs;
  await rm(marker, { force: true });
  return made;
}
