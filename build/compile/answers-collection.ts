/**
 * The answers collection, streamed: each answer is rendered (on worker threads for a large collection, a window
 * ahead, in order), written as its own file and its Markdown twin, added to its page, the search index, the CSV,
 * the NDJSON and llms-full.txt, then dropped, so
 * that nothing held grows with the collection but the search index and the slugs and titles.
 */
import {
  answerFileEnvelope,
  collectionPageUrl,
  envelopeParts,
  NO_FILTERS,
  pageCountOf,
  pageEnvelope,
  pagePaths,
  type Envelope,
} from "../api/envelope.ts";
import { answerMarkdownPath, answerPath, collectionPath } from "../api/layout.ts";
import type { Source } from "../content/types.ts";
import type { AnswerResource } from "../api/resources.ts";
import type { ValidAnswer } from "../content/valid-content.ts";
import type { OutputSink } from "../output/output-sink.ts";
import { SearchIndexBuilder } from "../search/search-index.ts";
import { BUILD_TASK_SET, type BuildWorkers } from "../workers/build-tasks.ts";
import { runTask } from "../workers/worker-pool.ts";
import type { AnswerJob, AnswerOutput } from "./answer-output.ts";
import type { DataPackageWriter } from "./data-package.ts";
import type { LlmsFullWriter } from "./llms-full.ts";
import type { AnswersNdjsonWriter } from "./answers-ndjson.ts";
import type { BuildCache } from "../cache/build-cache.ts";
import { writeSearchIndex } from "./search-index-file.ts";

export interface AnswersCollectionInput {
  workers: BuildWorkers | undefined;
  /** In collection order. */
  answers: readonly ValidAnswer[];
  register: ReadonlyMap<string, Source>;
  pageSize: number;
  sink: OutputSink;
  dataPackage: DataPackageWriter;
  llmsFull: LlmsFullWriter;
  ndjson: AnswersNdjsonWriter;
  /** The build's content digest, which every page and the index carry (an answer's own file carries the answer's). */
  contentDigest: string;
  /** Where the bodies the OpenAPI document shows as examples are kept: the first answer, the first page. */
  examples: Map<string, unknown>;
  /** Answers rendered before with the same inputs come from here. */
  cache?: BuildCache;
}

/** What the rest of the build needs of the collection: the search index's files (for the docs' examples and the offline page) and the first page's answers. */
export interface AnswersCollection {
  searchFiles: ReadonlyMap<string, string>;
  firstPage: AnswerResource[];
}

export async function writeAnswersCollection({
  workers,
  answers,
  register,
  pageSize,
  sink,
  dataPackage,
  llmsFull,
  ndjson,
  examples,
  contentDigest,
  cache,
}: AnswersCollectionInput): Promise<AnswersCollection> {
  const titles = new Map(answers.map((answer) => [answer.data.slug, answer.data.title]));
  const pageCount = pageCountOf(answers.length, pageSize);
  const answersPageUrl = collectionPageUrl("answers", pageCount);
  const index = new SearchIndexBuilder();
  const firstPage: AnswerResource[] = [];
  // The answers of the page being filled, as the UTF-8 bytes of their JSON (views into their own files' bytes).
  let pageFragments: Uint8Array[] = [];
  const writePage = async (page: number) => {
    const parts = envelopeParts(
      pageFragments,
      pageEnvelope(page, answers.length, pageSize, NO_FILTERS, answersPageUrl, contentDigest),
    );
    const bytes = Buffer.concat(parts.map((part) => (typeof part === "string" ? Buffer.from(part) : part)));
    for (const path of pagePaths("answers", page, pageCount)) await sink.file(path, bytes);
    pageFragments = [];
  };
  const renderContext = { titles, register, pageSize };
  const wantResource = (position: number) => position < pageSize;
  // With the cache, only the answers it does not hold are rendered: the threads are worth starting for those alone.
  const plan = cache ? await cache.planRenders(answers, renderContext, wantResource) : undefined;
  const onThreads = workers?.worthwhileFor(plan ? plan.misses : answers.length) ?? false;
  if (onThreads) workers!.share({ render: renderContext });
  // On threads, several answers to a message: one message each way per answer measured a fifth slower.
  const batch = onThreads ? 16 : 1;
  const rendered = readAhead(
    Math.ceil(answers.length / batch),
    (at) => {
      const jobs = answers.slice(at * batch, (at + 1) * batch).map((answer, offset) => ({
        data: answer.data,
        body: answer.body.source,
        bodyDigest: answer.body.digest,
        wantResource: wantResource(at * batch + offset),
      }));
      const render = (jobs: AnswerJob[]) =>
        runTask(BUILD_TASK_SET, workers, onThreads, "render-answers", jobs, { render: renderContext });
      return plan ? cache!.renderAnswers(jobs, plan.keys.slice(at * batch, (at + 1) * batch), render) : render(jobs);
    },
    onThreads ? 8 : 32,
  );
  let outputs: AnswerOutput[] = [];
  for (let position = 0; position < answers.length; position++) {
    if (position % batch === 0) outputs = await rendered.next();
    const { slug, file, fragment, sha256, indexed, csvRow, ndjsonLine, digest, twin, resource } =
      outputs[position % batch]!;
    index.add(indexed);
    const self = answerPath(slug);
    await sink.file(self, file, sha256.file);
    await sink.file(answerMarkdownPath(slug), twin, sha256.twin);
    await llmsFull.answer(twin);
    if (position === 0) examples.set(self, singleAnswer(resource!, pageSize, digest));
    if (resource) firstPage.push(resource);
    await dataPackage.answerRow(csvRow);
    await ndjson.answer(ndjsonLine);
    pageFragments.push(file.subarray(fragment.start, fragment.end));
    if (pageFragments.length === pageSize) await writePage(Math.floor(position / pageSize) + 1);
  }
  if (pageFragments.length > 0 || answers.length === 0) await writePage(pageCount);
  examples.set(collectionPath("answers"), {
    data: firstPage.slice(0, 1),
    ...pageEnvelope(1, answers.length, pageSize, NO_FILTERS, answersPageUrl, contentDigest),
  });
  const searchFiles = await writeSearchIndex(sink, index, contentDigest, pageSize);
  return { searchFiles, firstPage };
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

/** The collection shape holding one answer: what `?slug=` returns. */
function singleAnswer(answer: AnswerResource, pageSize: number, answerDigest: string): Envelope<AnswerResource> {
  return { data: [answer], ...answerFileEnvelope(answer.slug, pageSize, answerDigest) };
}
