/**
 * The engine: runs the products (index.ts) over valid content. It compiles what every product reads once
 * (BuildFacts), starts the products, renders each answer once (on worker threads for a large collection, a window
 * ahead, in order; from the build cache where it holds them) and hands every product its part of it, then runs
 * the finishing steps in the order the products' `after` declarations give. Nothing held grows with the
 * collection but what a product keeps for its finishing step (the search index, the first page).
 */
import { createHash } from "node:crypto";
import { canonicalJson } from "../../contract/canonical-json.ts";
import { fileKind } from "../../contract/header-rules.ts";
import { UNLISTED_FILES } from "../../contract/unlisted-files.ts";
import { sortAnswers } from "../compile/answers.ts";
import { compileEvidence } from "../compile/evidence.ts";
import { compileDisclosure, compileSuppliers } from "../compile/suppliers.ts";
import type { ValidContent } from "../../content/load/valid-content.ts";
import type { BuildCache } from "../cache/build-cache.ts";
import type { BuildContext } from "./context.ts";
import { DeflatedCopy, joinChunks } from "../output/deflated-copy.ts";
import type { PreviousPieces } from "../output/answer-pieces.ts";
import type { FileContents, OutputSink } from "../output/output-sink.ts";
import { collectGarbageAfter } from "../workers/collect-garbage.ts";
import { BUILD_TASK_SET } from "../workers/build-tasks.ts";
import { runTask } from "../workers/worker-pool.ts";
import type { AnswerRenderContext } from "../products/answer-parts.ts";
import type { AnswerJob } from "../products/answer-render.ts";
import { PRODUCTS } from "../products/index.ts";
import type { AnswerParts, BuildFacts, Product, ProductOutput, ProductRun } from "../products/product.ts";

export interface CompiledSite {
  /** Every file written, by root-relative path, sorted. */
  paths: string[];
  generatedAt: string;
  contentDigest: string;
}

/** Every product's steps over the content, its files handed to the sink as soon as they are made. */
export async function runProducts(
  context: BuildContext,
  content: ValidContent,
  sink: OutputSink,
  list: readonly Product[] = PRODUCTS,
): Promise<CompiledSite> {
  const facts = buildFacts(context, content);
  const shared = sharedOutput(context);
  const runs = await startProducts(productOrder(list), facts, sink, shared);
  await renderEachAnswer(
    context,
    facts,
    (answer) => eachProductsAnswer(runs, answer),
    (threads) => shared.useThreads(threads),
    replayOf(runs, sink),
    sink.ownFiles,
  );
  // The pass's garbage is collected before the finishing steps (the search index's above all) allocate theirs:
  // else they grew the heap over it, to the build's peak (at 100,000 answers some 40 MB above the pass's).
  collectGarbageAfter(facts.answers.length);
  const results = new Map<string, unknown>();
  for (const { made, run } of runs) await finishProduct(made, run, sink, results);
  await sink.finish();
  return compiledSite(facts, sink);
}

/** Products started for one build, in order, each writing through its own checked output. */
export async function startProducts(
  products: readonly Product[],
  facts: BuildFacts,
  sink: OutputSink,
  shared: SharedOutput,
): Promise<StartedProduct[]> {
  const runs: StartedProduct[] = [];
  for (const made of products) {
    const output = productOutput(made, sink, shared);
    runs.push({ made, run: await made.run(facts, output), output });
  }
  return runs;
}

/** A product started for one build, with its output. */
export interface StartedProduct {
  made: Product;
  run: ProductRun;
  output: AnsweringOutput;
}

/** One answer handed to every started product that has a step for it. */
export async function eachProductsAnswer(runs: readonly StartedProduct[], answer: AnswerParts): Promise<void> {
  for (const { made, run, output } of runs)
    if (run.answer) {
      output.answering = answer;
      try {
        await run.answer(answer.parts[made.name], answer);
      } finally {
        output.answering = undefined;
      }
    }
}

/** A product's finishing step, its result kept for the products after it. */
export async function finishProduct(
  made: Product,
  run: ProductRun,
  sink: OutputSink,
  results: Map<string, unknown>,
): Promise<void> {
  // A product that reads other products' files reads them complete.
  if (made.readsFiles) await sink.finish();
  results.set(made.name, await run.finish?.(results));
}

export function compiledSite(facts: BuildFacts, sink: OutputSink): CompiledSite {
  return { paths: [...sink.digests.keys()].sort(), generatedAt: facts.generatedAt, contentDigest: facts.contentDigest };
}

/** What every product reads, compiled once. */
export function buildFacts(context: BuildContext, content: ValidContent): BuildFacts {
  const register = new Map(content.sources.map((source) => [source.id, source]));
  const { site } = content;
  const families = compileEvidence(content.evidence, content.suppliers, register);
  const suppliers = compileSuppliers(content.suppliers, content.disclosure, register);
  const answers = sortAnswers(content.answers);
  return {
    content,
    schemas: context.schemas,
    site,
    // As a URL's origin writes it: "https://Data.Example:443" is https://data.example in every file.
    origin: new URL(context.options.baseUrl ?? site.base_url).origin,
    generatedAt: generationTime(context.options.sourceDateEpoch, content),
    ...digestContent(content, context.options.cache),
    register,
    answers,
    pageSize: site.page_size,
    suppliers,
    disclosure: compileDisclosure(content.disclosure, register),
    families,
    counts: {
      answers: answers.length,
      suppliers: suppliers.length,
      product_families: families.length,
      evidence_records: families.reduce((sum, family) => sum + family.records.length, 0),
    },
  };
}

/** What the products' outputs share within one build. */
export interface SharedOutput {
  examples: Map<string, unknown>;
  deflatedCopies: Map<string, DeflatedCopy>;
  /** Copies still being written: their pieces on the threads are awaited before the threads stop. */
  openCopies: Set<DeflatedCopy>;
  /** `made`: what made each chunk (DeflatedCopy.write), where every one is known. */
  deflate(chunks: readonly Uint8Array[], made?: readonly string[]): Promise<Uint8Array>;
  /** Told when the worker threads start and stop rendering: deflated pieces go to them meanwhile. */
  useThreads(threads: boolean): Promise<void>;
  /** A product's memory of its last build in this process (the build cache's, when it keeps answers in memory). */
  memoryOf(product: string): Map<string, unknown> | undefined;
  /** A product's file in the build cache, kept from build to build (ProductOutput.savedState). */
  savedStateOf(product: string): { file: string; key: string } | undefined;
}

export function sharedOutput(context: BuildContext): SharedOutput {
  // Pieces of the deflated copies go to the worker threads while they render the answers; after, they are deflated
  // here (starting the threads again would cost more).
  let onThreads = false;
  const shared: SharedOutput = {
    examples: new Map(),
    deflatedCopies: new Map(),
    openCopies: new Set(),
    deflate: (chunks, made) => {
      const deflate = (piece: Uint8Array) =>
        runTask(BUILD_TASK_SET, context.workers, onThreads, "deflate-piece", piece);
      return context.options.cache
        ? context.options.cache.deflatedPieces.deflate(chunks, made, deflate)
        : deflate(joinChunks(chunks));
    },
    memoryOf: (product) => context.options.cache?.productMemory(product),
    savedStateOf: (product) => context.options.cache?.productState(product),
    async useThreads(threads) {
      // The pieces on the threads are written before the threads may stop.
      if (!threads) for (const copy of shared.openCopies) await copy.drain();
      onThreads = threads;
    },
  };
  return shared;
}

/** A product's output, with the answer whose step is running (only a replayed one's files may be kept). */
export interface AnsweringOutput extends ProductOutput {
  answering: AnswerParts | undefined;
}

/** Where one product writes: only the paths it declares (so that `writes` is the truth), into the one sink. */
export function productOutput(made: Product, sink: OutputSink, shared: SharedOutput): AnsweringOutput {
  const { examples, deflatedCopies } = shared;
  const declared = made.writes.map(writesPattern);
  const checked = (path: string) => {
    if (!declared.some((pattern) => pattern.test(path)))
      throw new Error(`product "${made.name}" wrote ${path}, which its writes (${made.writes.join(", ")}) do not name`);
    return path;
  };
  // Pieces are noted by product: two products' pieces of one answer never share a name.
  const pieceName = (name: string) => `${made.name}:${name}`;
  const keyOf = (answer: AnswerParts) => {
    if (answer.key === undefined) throw new Error(`answer ${answer.slug} has no key: this build has no cache`);
    return answer.key;
  };
  /** A stream's `piece`: the bytes given, or a replayed answer's from the last build, noted where they go. */
  const pieceWriter =
    <Rest extends unknown[]>(
      path: string,
      size: () => number,
      write: (bytes: Uint8Array, ...rest: Rest) => Promise<void>,
    ) =>
    (answer: AnswerParts, name: string, bytes: Uint8Array | undefined, ...rest: Rest) => {
      const piece = bytes ?? output.previousPiece(answer, name);
      output.notePiece(answer, name, path, size(), piece.byteLength);
      return write(piece, ...rest);
    };
  const output: AnsweringOutput = {
    answering: undefined,
    written: sink,
    examples,
    memory: shared.memoryOf(made.name),
    savedState: shared.savedStateOf(made.name),
    file: (path, contents, sha256) => sink.file(checked(path), contents, sha256),
    adopt(path, sha256) {
      if (!sink.adopt) throw new Error(`product "${made.name}" adopted ${path}, which this output cannot take`);
      sink.adopt(checked(path), sha256);
    },
    json: async (path, body, example = true) => {
      if (example) examples.set(path, body);
      await sink.file(checked(path), canonicalJson(body));
    },
    async keep(path) {
      const answer = output.answering;
      if (!answer?.replayed || !sink.keep) throw new Error(`product "${made.name}" kept ${path} outside a replay`);
      await sink.keep(checked(path));
    },
    previousPiece(answer, name) {
      if (!answer.replayed || !sink.previousPieces)
        throw new Error(`product "${made.name}" asked for a piece of answer ${answer.slug}, which is not replayed`);
      return sink.previousPieces.piece(keyOf(answer), pieceName(name));
    },
    notePiece(answer, name, path, offset, length) {
      if (sink.recorder && answer.key !== undefined)
        sink.recorder.piece(answer.key, pieceName(name), checked(path), offset, length);
    },
    async stream(path) {
      const stream = await sink.stream(checked(path));
      let size = 0;
      const write = (contents: FileContents) => {
        size += typeof contents === "string" ? Buffer.byteLength(contents) : contents.byteLength;
        return stream.write(contents);
      };
      return { write, close: () => stream.close(), piece: pieceWriter(path, () => size, write) };
    },
    async deflatingStream(path) {
      const stream = await sink.stream(checked(path));
      // Named by the file it copies: two copies open at once must not share a scratch file.
      const scratch = await sink.scratch(`${path.slice(1).replaceAll("/", "_")}.deflated`);
      // A piece's answers' keys name its bytes in this file only: the file's path goes with them.
      const copy = new DeflatedCopy((chunks, made) => shared.deflate(chunks, made && [path, ...made]), scratch);
      shared.openCopies.add(copy);
      let size = 0;
      const write = async (bytes: Uint8Array, mayEnd: boolean, madeBy?: string) => {
        size += bytes.byteLength;
        await stream.write(bytes);
        await copy.write(bytes, mayEnd, madeBy);
      };
      const writePiece = pieceWriter(path, () => size, write);
      return {
        write,
        // An answer's bytes in a file are made from its key (by this product's code, of the build's version): the
        // deflated pieces are found by their answers' keys, not by hashing their bytes (deflated-pieces.ts).
        piece: (answer, name, bytes, mayEnd) => writePiece(answer, name, bytes, mayEnd, answer.key),
        close: async () => {
          await stream.close();
          await copy.close();
          shared.openCopies.delete(copy);
          deflatedCopies.set(path, copy);
        },
      };
    },
    deflated: (path) => deflatedCopies.get(path),
  };
  return output;
}

/** The product a file of the output belongs to: the one naming its path whole, else the one whose pattern matches. */
export function productWriting(path: string, products: readonly Product[] = PRODUCTS): Product | undefined {
  const isPattern = (entry: string) => entry.includes("{") || entry.endsWith("/");
  const claiming = (whole: boolean) =>
    products.filter((made) =>
      made.writes.some((entry) => isPattern(entry) !== whole && writesPattern(entry).test(path)),
    );
  const whole = claiming(true);
  const owners = whole.length > 0 ? whole : claiming(false);
  return owners.length === 1 ? owners[0] : undefined;
}

/**
 * A `writes` entry as a test of a path: `{name}` is one path segment, captured as the group `name`; an entry ending
 * in `/` is a folder.
 */
export function writesPattern(entry: string): RegExp {
  const escaped = entry.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{([a-z]+)\}/g, "(?<$1>[^/]+)");
  return new RegExp(`^${escaped}${entry.endsWith("/") ? ".*" : ""}$`);
}

/** The products a product reads, as its `after` names them (`*`: every other product that does not say `*`). */
export function productsRead(
  made: Product,
  products: readonly Product[],
  byName: ReadonlyMap<string, Product> = new Map(products.map((other) => [other.name, other])),
): Product[] {
  if (made.after.includes("*")) return products.filter((other) => other !== made && !other.after.includes("*"));
  return made.after.map((name) => {
    const other = byName.get(name);
    if (!other) throw new Error(`product "${made.name}" reads "${name}", which is no product`);
    return other;
  });
}

/**
 * Refuses a product of the build writing a kind of file the header rules give no media type: at a build's start (once
 * a process), not when the tests list a build's routes later. A folder a product writes (`/docs/`) is not checked.
 */
export function checkMediaTypes(products: readonly Product[] = PRODUCTS): void {
  if (products === PRODUCTS && mediaTypesChecked) return;
  for (const made of products)
    for (const entry of made.writes) {
      const example = entry.replace(/\{[a-z]+\}/g, "1");
      if (!entry.endsWith("/") && !UNLISTED_FILES.has(example) && !fileKind(example))
        throw new Error(
          `product "${made.name}" writes ${entry}, whose kind of file has no media type: give it a rule in build/contract/header-rules.ts`,
        );
    }
  if (products === PRODUCTS) mediaTypesChecked = true;
}
let mediaTypesChecked = false;

/**
 * The products in an order where each comes after those it names in `after` (`*`: after every other one), and
 * otherwise in the order of the list. A name that is no product, or a circle, is a mistake in the list.
 */
export function productOrder(products: readonly Product[]): Product[] {
  const byName = new Map(products.map((made) => [made.name, made]));
  if (byName.size !== products.length) throw new Error("two products have one name");
  const ordered: Product[] = [];
  const state = new Map<string, "visiting" | "done">();
  const visit = (made: Product, path: readonly string[]) => {
    if (state.get(made.name) === "done") return;
    if (state.get(made.name) === "visiting")
      throw new Error(`products read each other in a circle: ${[...path, made.name].join(" → ")}`);
    state.set(made.name, "visiting");
    for (const other of productsRead(made, products, byName)) visit(other, [...path, made.name]);
    state.set(made.name, "done");
    ordered.push(made);
  };
  for (const made of products) visit(made, []);
  return ordered;
}

/**
 * Which answers an incremental build splices from the last output, given those whose pieces are all still there
 * (by position, with their keys): those every run with an answer step takes (ProductRun.replays).
 */
export interface Replay {
  /** The last build's pieces. */
  pieces: PreviousPieces;
  take(candidates: ReadonlyMap<number, string>): Promise<(position: number) => boolean>;
  /** The files of an answer's own that a replayed answer keeps (those of the products made per answer). */
  files(slug: string): string[];
}

function replayOf(runs: readonly StartedProduct[], sink: OutputSink): Replay | undefined {
  const pieces = sink.previousPieces;
  const answering = runs.filter(({ run }) => run.answer);
  if (!pieces || !answering.every(({ run }) => run.replays)) return undefined;
  const own = answering.filter(({ made }) => made.perAnswer).flatMap(({ made }) => made.writes);
  return {
    pieces,
    async take(candidates) {
      const takes = await Promise.all(answering.map(({ run }) => run.replays!(candidates)));
      return (position) => takes.every((take) => take(position));
    },
    files: (slug) => own.map((entry) => entry.replace("{slug}", slug)),
  };
}

/**
 * Renders the answers in collection order and hands each over with every product's part of it: with the cache,
 * only the answers it does not hold are rendered, and the threads are started for those alone when there are
 * many. With `replay`, an answer whose key is the last build's, and whose pieces are all still in the live output,
 * is handed over replayed (AnswerParts.replayed) if every product takes it so: neither rendered nor
 * read from the cache, each product taking what it made of it from the last build. The first page's answers are
 * never replayed: the home page and the examples read them.
 */
export async function renderEachAnswer(
  context: BuildContext,
  facts: BuildFacts,
  each: (answer: AnswerParts) => Promise<void>,
  threadsInUse: (onThreads: boolean) => void | Promise<void>,
  replay?: Replay,
  /** Where the build threads write the answers' own files themselves (answer-parts.ts, ownFile), if they may. */
  ownFiles?: string,
): Promise<void> {
  const { answers, register, pageSize } = facts;
  const { workers } = context;
  const { cache } = context.options;
  const renderContext: AnswerRenderContext = { register, pageSize };
  const titles = new Map(answers.map((answer) => [answer.data.slug, answer.data.title]));
  const renderJob = (position: number): AnswerJob => ({
    data: answers[position]!.data,
    body: answers[position]!.body.source,
    bodyDigest: answers[position]!.body.digest,
    relatedTitles: answers[position]!.data.related.map((slug) => titles.get(slug)!),
    position,
  });
  const plan = cache
    ? await cache.answers.planRenders(
        answers,
        { ...renderContext, titles, digests: facts.answerDigests },
        (position) => position < pageSize,
      )
    : undefined;
  // Answers the cache holds in memory (a dev loop's unchanged ones) are taken as they are; the others are rendered.
  const held = plan ? cache!.answers.heldParts(plan.keys) : undefined;
  const candidates = new Map<number, string>();
  const pieces = replay?.pieces;
  if (replay && plan && pieces)
    for (let position = pageSize; position < answers.length; position++)
      if (
        !held?.[position] &&
        pieces.has(plan.keys[position]!) &&
        replay.files(answers[position]!.data.slug).every((path) => pieces.fileAsWritten(path))
      )
        candidates.set(position, plan.keys[position]!);
  const replayed = candidates.size > 0 ? await replay!.take(candidates) : () => false;
  const pending: number[] = [];
  for (let position = 0; position < answers.length; position++)
    if (!held?.[position] && !(candidates.has(position) && replayed(position))) pending.push(position);
  // The threads are started only for the answers to render, not those spliced or in the cache.
  const misses = plan
    ? pending.filter((position) => !cache!.answers.holds(plan.keys[position]!)).length
    : pending.length;
  const onThreads = workers?.worthwhileFor(misses) ?? false;
  // On threads, each writes the own files of the answers it renders: the main thread, the build's busiest, neither
  // receives nor writes twenty thousand files at 10,000 answers.
  if (onThreads) workers!.share({ render: ownFiles ? { ...renderContext, ownFiles } : renderContext });
  await threadsInUse(onThreads);
  // On threads, several answers to a message: one message each way per answer measured a fifth slower.
  const batch = onThreads ? 16 : 1;
  const rendered = readAhead(
    Math.ceil(pending.length / batch),
    (at) => {
      const positions = pending.slice(at * batch, (at + 1) * batch);
      const jobs = positions.map(renderJob);
      const render = (jobs: AnswerJob[]) =>
        runTask(BUILD_TASK_SET, workers, onThreads, "render-answers", jobs, { render: renderContext });
      return plan
        ? cache!.answers.renderAnswers(
            jobs,
            positions.map((position) => plan.keys[position]!),
            render,
            // The first page's answers are never spliced (below): the next build takes them from the cache.
            (position) => position < pageSize,
          )
        : render(jobs);
    },
    onThreads ? 8 : 32,
  );
  let parts: AnswerParts[] = [];
  let taken = 0;
  for (let position = 0; position < answers.length; position++) {
    let answer = held?.[position];
    if (!answer && candidates.has(position) && replayed(position)) {
      // Neither rendered nor read: its digest is in its files, which no product reads here.
      answer = { slug: answers[position]!.data.slug, position, digest: "", parts: {}, replayed: true };
      cache!.stats.rendered.hits++;
      cache!.stats.rendered.replayed++;
    }
    if (!answer) {
      if (taken % batch === 0) parts = await rendered.next();
      answer = parts[taken++ % batch]!;
    }
    // A stored answer carries the place it was rendered at, which its key does not hold: an answer added or
    // taken out before it moves it.
    if (answer.position !== position) answer = { ...answer, position };
    if (plan) answer.key = plan.keys[position];
    await each(answer);
  }
  // The threads' work is done: a pool this build owns is stopped before the finishing steps (a pool the caller
  // shares across builds is left running for them).
  await threadsInUse(false);
  if (onThreads && context.options.threads === undefined) await workers!.rest();
}

/**
 * Starts tasks up to `window` ahead of the one handed over, and hands them over in order: the renders run
 * while this thread writes.
 */
function readAhead<T>(count: number, start: (index: number) => Promise<T>, window: number): { next(): Promise<T> } {
  const started = new Map<number, Promise<T>>();
  let handed = 0;
  let next = 0;
  return {
    next() {
      while (next < count && next < handed + window) {
        const task = start(next);
        // Its failure is reported when it is handed over, not as an unhandled rejection before.
        task.catch(() => undefined);
        started.set(next++, task);
      }
      const result = started.get(handed)!;
      // Let go of what is handed over, so that finished results do not stay in memory.
      started.delete(handed++);
      return result;
    },
  };
}

/**
 * SOURCE_DATE_EPOCH when given, else midnight UTC of the latest date of the data changelog (answers reviewed,
 * methodology, format changes, corrections): the build is never dated before its own newest entry.
 */
function generationTime(sourceDateEpoch: number | undefined, content: ValidContent): string {
  if (sourceDateEpoch !== undefined) return new Date(sourceDateEpoch * 1000).toISOString().replace(".000Z", "Z");
  const { site, disclosure } = content;
  const dates = [
    ...content.answers.map((answer) => answer.data.reviewed),
    disclosure.methodology_date,
    ...disclosure.changelog.map((entry) => entry.date),
    ...(site.format_changes ?? []).map((entry) => entry.date),
    ...(disclosure.data_corrections ?? []).map((entry) => entry.date),
  ].sort();
  return `${dates[dates.length - 1]}T00:00:00Z`;
}

/**
 * The content's digest: a SHA-256 over the SHA-256 of each piece of the validated content in canonical form (the
 * site, the sources, the disclosure, the synonyms, each supplier, each evidence family, then each answer's front matter with its
 * body's digest, by slug), after their counts: it changes exactly when what the API says changes. A list of
 * digests, not one stream of the whole content: a dev loop's save hashes again only the pieces it changed, the
 * others' digests being kept with their objects (cache.remember).
 */
function digestContent(
  content: ValidContent,
  cache: BuildCache | undefined,
): { contentDigest: string; answerDigests: Uint8Array } {
  const hash = createHash("sha256");
  const { site, sources, disclosure, synonyms, suppliers, evidence, answers } = content;
  hash.update(`${suppliers.length} suppliers, ${evidence.length} families, ${answers.length} answers\n`);
  for (const object of [site, sources, disclosure, synonyms, ...suppliers, ...evidence])
    hash.update(cache ? cache.remember(object, "content digest", canonicalDigest, object) : canonicalDigest(object));
  // The answers' digests (each made as its file was parsed) one after another, hashed at once.
  const digests = Buffer.allocUnsafe(32 * answers.length);
  let at = 0;
  for (const answer of sortAnswers(answers)) at += digests.write(answer.body.answerDigest, at, "hex");
  hash.update(digests);
  return { contentDigest: `sha256:${hash.digest("hex")}`, answerDigests: digests };
}

function canonicalDigest(value: unknown): Buffer {
  return createHash("sha256").update(canonicalJson(value)).digest();
}
