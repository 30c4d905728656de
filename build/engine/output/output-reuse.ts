import type { AnswerPieceRecord, PreviousPieces } from "./answer-pieces.ts";

/**
 * Reusing the files of the previous output: a file whose bytes would be exactly those of the file at the same
 * path in the live output is hard-linked from there instead of written. Who knows which previous files can be
 * trusted (the build cache) implements this; the output folder code only asks.
 */
export interface PreviousOutput {
  /**
   * Puts the previous output's file at `urlPath` at `target` if it is known to hold bytes with this digest and
   * size; false (nothing done) when it is not known, not trusted, or cannot be linked.
   */
  linkInto(urlPath: string, digest: string, size: number, target: string): Promise<boolean>;
  /**
   * The previous output's file at `urlPath` (an answer's own), if it is unchanged since that build
   * (PreviousPieces.fileAsWritten): its digest and where it is, to be linked as it is; else undefined.
   */
  kept(urlPath: string): { digest: string; source: string } | undefined;
  /** What the previous build wrote for each answer, where it can be read again (answer-pieces.ts). */
  readonly pieces?: PreviousPieces;
}

export interface OutputReuse {
  /** What the live output at `outDir` offers, before a build writes its stage folder. */
  previous(outDir: string): Promise<PreviousOutput | undefined>;
  /** Told, right after the swap, what the new live output holds: the digest of every file and how many were linked. */
  recordOutput(
    outDir: string,
    digests: ReadonlyMap<string, string>,
    counts: { linked: number; written: number },
    pieces?: AnswerPieceRecord,
  ): Promise<void>;
}
