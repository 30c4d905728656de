/**
 * What passes between the engine, the build threads and the build cache for each answer: the job, the context
 * every render shares, and every product's part of the result. Plain data, and no import of the products, so that
 * the cache can hold parts without knowing the products.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { AnswerResource } from "../../contract/resources.ts";
import type { AnswerBodySource } from "../../content/load/answer-body.ts";
import type { AnswerFrontMatter, Source } from "../../content/load/types.ts";
import { outputFile } from "../output/output-file.ts";

/**
 * What rendering an answer needs from the rest of the content: the same for every answer of a build, shared with
 * every build thread. The titles of related answers travel with each job instead: every answer's title held by
 * every thread was some 15 MB a thread at 100,000 answers.
 */
export interface AnswerRenderContext {
  register: ReadonlyMap<string, Source>;
  /** The collection's page size, which an answer's own file states in its meta. */
  pageSize: number;
  /**
   * The folder a clean build writes into, when the thread that renders an answer past the first page writes that
   * answer's own files itself (ownFile): the main thread, the build's busiest, then neither receives nor writes them.
   */
  ownFiles?: string;
}

/** One answer to render. Plain data, so that it can be handed to a worker thread. */
export interface AnswerJob {
  data: AnswerFrontMatter;
  body: AnswerBodySource;
  /** The SHA-256 (hex) of the body as the load stage read it: the body read again to render must be the same. */
  bodyDigest: string;
  /** The title of each answer in `data.related`, in its order. */
  relatedTitles: readonly string[];
  /** Its place in collection order: the first page's answers also give back their resource (the home page's). */
  position: number;
  /** Where the build cache wants its entry: the thread that renders it writes it there (cache/answer-entry.ts). */
  store?: { file: string; key: string };
}

/** Every product's part of one answer, by product name, and what all of them share. */
export interface AnswerParts {
  slug: string;
  position: number;
  digest: string;
  parts: Record<string, unknown>;
  /** The resource itself, for the first page's answers only: the home page and the examples show them. */
  resource?: AnswerResource;
  /** Its key in the build cache (everything its rendering reads), when the build has a cache. */
  key?: string;
  /**
   * Spliced from the last build's output (its key unchanged; output/answer-pieces.ts): `parts` is empty, and each
   * product takes what it made of it from the last build (ProductOutput.keep and previousPiece, a stream's piece).
   */
  replayed?: boolean;
}

/** An answer rendered once, on a build thread, from which every product makes its part of it. */
export interface RenderedAnswer {
  /** Its place in collection order, from 0. */
  position: number;
  data: AnswerFrontMatter;
  /** Its Markdown body as the author wrote it. */
  markdown: string;
  resource: AnswerResource;
  /** The resource as one line of canonical JSON, newline included: the NDJSON line, and what `digest` hashes. */
  jsonLine: string;
  /** Its content digest (`sha256:` of jsonLine without the newline), which its own file's meta carries. */
  digest: string;
}

/** What a build thread needs of a product: its name, and how it makes its part of an answer. */
export interface PartMaker {
  readonly name: string;
  part?(answer: RenderedAnswer, context: AnswerRenderContext): unknown;
}

/**
 * Writes one of an answer's own files where the build writes (AnswerRenderContext.ownFiles), on the thread that made
 * it, and says so; else leaves it to the main thread. Only past the first page, whose parts the build cache keeps
 * whole.
 */
export function ownFile(
  context: AnswerRenderContext,
  answer: RenderedAnswer,
  urlPath: string,
  bytes: Uint8Array,
): boolean {
  if (context.ownFiles === undefined || answer.position < context.pageSize) return false;
  const target = outputFile(context.ownFiles, urlPath);
  // The folder is made when a write finds it missing, not remembered: a thread a dev loop keeps serves build after
  // build, and each build's stage folder is made afresh at the same path.
  try {
    writeFileSync(target, bytes);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, bytes);
  }
  return true;
}
