/**
 * A product is one output of the build (a file, or a family of files): what it reads, what it writes, its part of
 * each answer, and its finishing step over the whole collection. The build (run/pipeline.ts) reads and validates
 * the content once; the engine (run/engine.ts) renders each answer once and hands it to every product, and orders
 * the finishing steps from what each product says it reads. A new output is one new product file and one line in
 * index.ts.
 */
import type { EvidenceFamilyResource } from "../compile/evidence.ts";
import type { DisclosureResource, SupplierResource } from "../compile/suppliers.ts";
import type { ValidAnswer, ValidContent } from "../../content/load/valid-content.ts";
import type { SiteSettings, Source } from "../../content/load/types.ts";
import type { AnswerParts, AnswerRenderContext, RenderedAnswer } from "./answer-parts.ts";
import type { SchemaRegistry } from "../../content/schemas/schema-registry.ts";
import type { DeflatedEntry } from "../output/deflated-copy.ts";
import type { CollectionCounts } from "../describe/service-facts.ts";
import type { HeldContents, OutputStream, WrittenFiles } from "../output/output-sink.ts";

export type { AnswerParts, AnswerRenderContext, RenderedAnswer } from "./answer-parts.ts";

/** The content compiled once, for every product to read: nothing here grows with the answers but their list. */
export interface BuildFacts {
  content: ValidContent;
  /** The JSON Schemas, as the build loaded them. */
  schemas: SchemaRegistry;
  site: SiteSettings;
  /** The origin for absolute URLs where a standard needs them. */
  origin: string;
  generatedAt: string;
  /** SHA-256 of the validated content in canonical form: every page and the index carry it. */
  contentDigest: string;
  /** Each answer's part of it, by position: the SHA-256 of its front matter and its body's digest (32 bytes each). */
  answerDigests: Uint8Array;
  register: ReadonlyMap<string, Source>;
  /** In collection order (by slug). */
  answers: readonly ValidAnswer[];
  pageSize: number;
  suppliers: readonly SupplierResource[];
  disclosure: DisclosureResource;
  families: readonly EvidenceFamilyResource[];
  counts: CollectionCounts;
}

/** Where products write, and the bodies of small files the OpenAPI document shows as examples. */
export interface ProductOutput {
  /**
   * The files the build has written so far, to read (a product over others' files): a product writes only through
   * the calls below, which check each path against its `writes`.
   */
  written: WrittenFiles;
  /** A file (its bytes in pieces, if so made); JSON bodies through `json`. */
  file(path: string, contents: HeldContents, sha256?: string): Promise<void>;
  /** A file the thread that rendered an answer wrote where the build writes (answer-parts.ts, ownFile), with its SHA-256. */
  adopt(path: string, sha256: string): void;
  /** A JSON file in canonical form, kept as an example for the OpenAPI document unless `example` is false. */
  json(path: string, body: unknown, example?: boolean): Promise<void>;
  /**
   * A file written in pieces, for the few that grow with the collection. Its bytes are written as given: a JSON file
   * streamed so is made canonical by its product (contract/canonical-json.ts, as the NDJSON lines and the pages'
   * fragments are, answer-parts.ts), which the tests hold every JSON file to.
   */
  stream(path: string): Promise<ProductStream>;
  /**
   * The same, with a deflated copy made as it is written (output/deflated-copy.ts), for the ZIP download: its
   * pieces are deflated on the worker threads while the answers render. `mayEnd`: a piece may end after the bytes.
   */
  deflatingStream(path: string): Promise<DeflatingStream>;
  /** The deflated copy of a file written with deflatingStream, once it is closed. */
  deflated(path: string): DeflatedEntry | undefined;
  /**
   * For a replayed answer (AnswerParts.replayed): the file at `path` as the last build wrote it for this answer,
   * linked from the live output.
   */
  keep(path: string): Promise<void>;
  /** For a replayed answer: the bytes of its piece `name`, as this product noted them at the last build. */
  previousPiece(answer: AnswerParts, name: string): Uint8Array;
  /** Notes that `length` bytes at `offset` of the file at `path` are the answer's piece `name`, for the next build. */
  notePiece(answer: AnswerParts, name: string, path: string, offset: number, length: number): void;
  /** Bodies kept as examples, by path. */
  readonly examples: Map<string, unknown>;
  /**
   * What this product kept at its last build in this process, for it to reuse what is unchanged (a dev loop builds
   * again and again, with its unchanged answers' parts the same objects each time): empty at a process's first
   * build, undefined when nothing outlives the build (then nothing need be kept). A product keys what it keeps by
   * every input it was made from.
   */
  readonly memory: Map<string, unknown> | undefined;
  /**
   * A file of this product's own in the build cache, kept from build to build, and the key to write it under (the
   * build code's version): what it needs of this build to patch the next. Undefined without a cache.
   */
  readonly savedState: { file: string; key: string } | undefined;
}

/** ProductRun.replays of a product whose answer step takes any replayed answer from the last output alone. */
export const replaysEveryAnswer = (): ((position: number) => boolean) => () => true;

/** A stream of one product: its pieces of each answer noted, for the next build to splice them. */
export interface ProductStream extends OutputStream {
  /**
   * An answer's piece `name`: `bytes`, or for a replayed answer (bytes undefined) its bytes at the last build. The
   * next build splices them unread while the answer is unchanged, so they depend on the answer alone: not on the
   * origin (BASE_URL), the build's time or another answer.
   */
  piece(answer: AnswerParts, name: string, bytes: Uint8Array | undefined): Promise<void>;
}

export interface DeflatingStream {
  write(bytes: Uint8Array, mayEnd: boolean): Promise<void>;
  /** As ProductStream.piece, with `mayEnd` as write's. */
  piece(answer: AnswerParts, name: string, bytes: Uint8Array | undefined, mayEnd: boolean): Promise<void>;
  close(): Promise<void>;
}

/** The results of the products finished so far, by name. */
export type ProductResults = ReadonlyMap<string, unknown>;

/** One build of a product: its steps, over state of its own (builds may run side by side in one process). */
export interface ProductRun<Part = unknown, Result = unknown> {
  /** Each answer in collection order, with its own part and the parts of the products it reads. */
  answer?(part: Part, answer: AnswerParts): Promise<void>;
  /**
   * Which of the answers the engine could splice from the last output (their positions, with their keys) this run
   * takes replayed (AnswerParts.replayed: without its part, its bytes from the last output), asked once before the
   * answers. An answer is replayed only if every run with an answer step takes it: a run without `replays` takes
   * none, and every answer is then read whole.
   */
  replays?(
    candidates: ReadonlyMap<number, string>,
  ): Promise<(position: number) => boolean> | ((position: number) => boolean);
  /** After every answer: what spans the collection. Its result is what later products read. */
  finish?(results: ProductResults): Promise<Result>;
}

export interface Product<Part = unknown, Result = unknown> {
  readonly name: string;
  /** What a reader uses it for, in a few words: why its bytes are worth writing (BENCHMARKS.md's table of bytes). */
  readonly purpose: string;
  /**
   * The products whose parts or results this one reads: the engine runs its steps after theirs. `*` means every
   * other product (a product over the whole output, such as its checksums).
   */
  readonly after: readonly string[];
  /** The files it writes, as URL paths ({slug} and {n} for the many): the file tree is the API. */
  readonly writes: readonly string[];
  /**
   * Reads files other products wrote (not only their results): the engine waits for every write before its
   * finishing step.
   */
  readonly readsFiles?: boolean;
  /**
   * Each file it writes is one answer's, made by its answer step from that answer's part alone (every `writes` names
   * {slug}): a build held in memory makes the one file asked for without running over every answer.
   */
  readonly perAnswer?: boolean;
  /** Its part of one answer, made on a build thread from the rendered answer: plain data, or bytes. */
  part?(answer: RenderedAnswer, context: AnswerRenderContext): Part;
  /** Starts one build of it, before the answers (it may open what it streams). */
  run(facts: BuildFacts, output: ProductOutput): ProductRun<Part, Result> | Promise<ProductRun<Part, Result>>;
}

/** A product with its types checked where it is defined, and kept as a plain Product in the list. */
export function product<Part = never, Result = void>(definition: Product<Part, Result>): Product {
  if (definition.perAnswer && !definition.writes.every((entry) => entry.includes("{slug}")))
    throw new Error(`product "${definition.name}" is per answer, but not every file it writes names {slug}`);
  return definition as Product;
}

/** A product's result, as the product that made it declared it. */
export function resultOf<Result>(results: ProductResults, name: string): Result {
  if (!results.has(name)) throw new Error(`the result of product "${name}" was read before it finished`);
  return results.get(name) as Result;
}

/** Another product's part of an answer, as that product declared it. */
export function partOf<Part>(answer: AnswerParts, name: string): Part {
  if (!(name in answer.parts)) throw new Error(`product "${name}" made no part of answer ${answer.slug}`);
  return answer.parts[name] as Part;
}
