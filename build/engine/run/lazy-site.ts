/**
 * A build held in memory whose products run when a file of theirs is first wanted: the dev loop's, which serves a
 * save as soon as the content is checked and the changed answers rendered, not once every collection-wide file is
 * made again. The content is compiled and every answer rendered up front (from the build cache's memory, in a dev
 * loop); a product runs over the answers the first time one of its files is asked for, after the products it reads,
 * and every product runs when the build is completed (for dist/). It makes what runProducts makes, product by
 * product rather than all in one pass (which needs no answer held, where this holds them all).
 */
import type { ValidContent } from "../../content/load/valid-content.ts";
import type { BuildContext } from "./context.ts";
import { type HeldContents, MemorySink, type OutputFile } from "../output/output-sink.ts";
import {
  buildFacts,
  type CompiledSite,
  compiledSite,
  eachProductsAnswer,
  finishProduct,
  productOrder,
  productOutput,
  productsRead,
  renderEachAnswer,
  type SharedOutput,
  sharedOutput,
  startProducts,
  writesPattern,
} from "./engine.ts";
import { PRODUCTS } from "../products/index.ts";
import type { AnswerParts, BuildFacts, Product } from "../products/product.ts";

export interface CompletedSite {
  site: CompiledSite;
  files: readonly OutputFile[];
  digests: ReadonlyMap<string, string>;
}

/**
 * turnMs: the longest a product's run keeps the thread before it lets other work in, so that a request to the dev
 * server waits about this long, not until the product is done (the search index's, over 10,000 answers, takes some
 * 200 ms); the tests set it to 0. settleMs: how long after the build is made the work over the whole site waits
 * (settled).
 */
export const lazyTiming = { turnMs: 10, settleMs: 50 };

const SUPERSEDED = Symbol("superseded");

export class LazySite {
  // Streamed files kept as written: the NDJSON, llms-full.txt and answers.csv are joined only if read whole.
  private readonly sink = new MemorySink({ keepPieces: true, turn: () => this.turn() });
  private turnTaken = performance.now();
  private readonly shared: SharedOutput;
  private readonly results = new Map<string, unknown>();
  private readonly ran = new Set<string>();
  private failure: unknown;
  /** Each product's one run, once started: two requests wanting the same product wait for one run of it. */
  private readonly runs = new Map<string, Promise<void>>();
  private readonly order: Product[];
  private readonly patterns: Map<string, RegExp[]>;
  /** The rendered answers by slug, once a per-answer file is asked for (answerAlone). */
  private bySlug: Map<string, AnswerParts> | undefined;
  /** When prepare made it: the work over the whole site waits a moment after (settled). */
  private madeAt = 0;
  /** Set while a newer build is made (supersede): the runs under way wait at their next turn until resume. */
  private held: Promise<void> | undefined;
  private release = () => {};
  private signalSuperseded = () => {};
  private readonly superseded = new Promise<typeof SUPERSEDED>(
    (resolve) => (this.signalSuperseded = () => resolve(SUPERSEDED)),
  );

  private constructor(
    context: BuildContext,
    readonly facts: BuildFacts,
    private readonly answers: readonly AnswerParts[],
    list: readonly Product[],
  ) {
    this.shared = sharedOutput(context);
    this.order = productOrder(list);
    this.patterns = new Map(list.map((made) => [made.name, made.writes.map(writesPattern)]));
  }

  /**
   * The content compiled and every answer rendered, no product run yet; unless the answers to render again are many
   * enough for the worker threads (a first build): then every product runs in the same pass, as runProducts runs
   * them, its deflating on the threads too.
   */
  static async prepare(context: BuildContext, content: ValidContent, list = PRODUCTS): Promise<LazySite> {
    const facts = buildFacts(context, content);
    const answers: AnswerParts[] = [];
    const site = new LazySite(context, facts, answers, list);
    let runs: Awaited<ReturnType<typeof startProducts>> | undefined;
    await renderEachAnswer(
      context,
      facts,
      async (answer) => {
        answers.push(answer);
        if (runs) await eachProductsAnswer(runs, answer);
      },
      async (threads) => {
        if (threads && !runs) runs = await startProducts(site.order, facts, site.sink, site.shared);
        await site.shared.useThreads(threads);
      },
    );
    if (runs) {
      for (const { made, run } of runs) {
        await finishProduct(made, run, site.sink, site.results);
        site.ran.add(made.name);
      }
      await site.sink.finish();
    }
    site.madeAt = performance.now();
    return site;
  }

  /** The file at a root-relative path, with its hex SHA-256, its products run first; undefined when none writes it. */
  async file(urlPath: string): Promise<{ contents: HeldContents; sha256: string } | undefined> {
    for (const made of this.order)
      if (!this.ran.has(made.name) && this.patterns.get(made.name)!.some((pattern) => pattern.test(urlPath))) {
        if (made.perAnswer) {
          const alone = await this.answerAlone(made, urlPath);
          if (alone) return alone;
        }
        if (made.after.includes("*")) await this.settled();
        await this.run(made);
      }
    return this.sink.get(urlPath);
  }

  /**
   * One answer's file of a per-answer product, made by its answer step alone into a sink of its own (the run over
   * every answer makes the same bytes again): after a save, the saved answer's own file is served without waiting
   * for the product to go over the other 10,000. Undefined when no answer has the path's slug.
   */
  private async answerAlone(
    made: Product,
    urlPath: string,
  ): Promise<{ contents: HeldContents; sha256: string } | undefined> {
    this.bySlug ??= new Map(this.answers.map((answer) => [answer.slug, answer]));
    for (const pattern of this.patterns.get(made.name)!) {
      const answer = this.bySlug.get(pattern.exec(urlPath)?.groups?.slug ?? "");
      if (!answer) continue;
      const sink = new MemorySink();
      const steps = await made.run(this.facts, productOutput(made, sink, this.shared));
      await steps.answer?.(answer.parts[made.name], answer);
      await sink.finish();
      return sink.get(urlPath);
    }
    return undefined;
  }

  /**
   * Runs every product not run yet, letting other work of the thread in between two (a request); gives up with
   * undefined when the site is superseded, at once, even within a product's run.
   */
  async complete(): Promise<CompletedSite | undefined> {
    await this.settled();
    for (const made of this.order) {
      if (this.held) return undefined;
      if ((await Promise.race([this.run(made), this.superseded])) === SUPERSEDED) return undefined;
      await new Promise((resolve) => setImmediate(resolve));
    }
    return { site: compiledSite(this.facts, this.sink), files: this.sink.files, digests: this.sink.digests };
  }

  /**
   * A newer build is under way (a dev loop's next save): completing gives up, and the runs under way (a request's,
   * which may be every product: the edge reads urls.txt) wait at their next turn until `resume`, so that they do
   * not take turns with that build. At 10,000 answers they had doubled its time, to 0.6-1.3 s.
   */
  supersede(): void {
    if (this.held) return;
    let release = () => {};
    this.held = new Promise<void>((resolve) => (release = resolve));
    this.release = release;
    this.signalSuperseded();
  }

  /** The newer build is served or has failed (then this one still is): the runs waiting go on. */
  resume(): void {
    this.held = undefined;
    this.release();
  }

  /**
   * Runs a product once, after the products it reads. Products that do not read each other run side by side, taking
   * turns: a request for a small product's file (the header rules, the health file) does not wait for a long one
   * under way (the search index's) to finish, as it did when every run waited for the one before.
   */
  private run(made: Product): Promise<void> {
    if (this.ran.has(made.name)) return Promise.resolve();
    let running = this.runs.get(made.name);
    if (!running) {
      running = (async () => {
        await Promise.all(productsRead(made, this.order).map((other) => this.run(other)));
        // A product that failed leaves the build unusable: every later ask is told so.
        if (this.failure) throw this.failure;
        try {
          const steps = await made.run(this.facts, productOutput(made, this.sink, this.shared));
          if (steps.answer)
            for (const answer of this.answers) {
              await this.turn();
              await steps.answer(answer.parts[made.name], answer);
            }
          await finishProduct(made, steps, this.sink, this.results);
          await this.sink.finish();
        } catch (error) {
          this.failure ??= error;
          throw error;
        }
        this.ran.add(made.name);
      })();
      this.runs.set(made.name, running);
      // Its failure is told to whoever asked for it, not as an unhandled rejection.
      running.catch(() => undefined);
    }
    return running;
  }

  /**
   * The moments after the build is made go to the requests waiting for it (a client polling for a save, a page
   * reloading): the work over the whole site waits lazyTiming.settleMs, complete() and a product over every other
   * (urls.txt, which the edge reads once a new build is served). Run at once, their long steps (the search index's
   * finishing, some 200 ms at 10,000 answers) kept those requests waiting 200-400 ms.
   */
  private async settled(): Promise<void> {
    const left = this.madeAt + lazyTiming.settleMs - performance.now();
    if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
  }

  /** Lets other work of the thread in (a request), once a run has kept it lazyTiming.turnMs; waits while held. */
  private async turn(): Promise<void> {
    if (performance.now() - this.turnTaken >= lazyTiming.turnMs) {
      await new Promise((resolve) => setImmediate(resolve));
      this.turnTaken = performance.now();
    }
    while (this.held) await this.held;
  }
}
