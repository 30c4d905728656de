import { createHash } from "node:crypto";
import { readAnswerBody, type AnswerBodySource, type FileReader } from "../content/answer-body.ts";
import type { AnswerFrontMatter, Source } from "../content/types.ts";
import type { AnswerResource } from "../api/resources.ts";
import { answerSearchTexts } from "../search/answer-fields.ts";
import { answerFingerprint, fieldTokens, indexedAnswer, type IndexedAnswer } from "../search/search-index.ts";
import { renderAnswer } from "./answers.ts";
import { answerCsvRow } from "./data-package.ts";
import { itemFragment } from "../api/envelope.ts";
import { canonicalJsonLine } from "../api/canonical-json.ts";
import { answerMarkdown } from "./answer-markdown.ts";

/** What rendering an answer needs from the rest of the content: the same for every answer of a build. */
export interface AnswerRenderContext {
  /** Every answer's title by slug, for the `related` links. */
  titles: ReadonlyMap<string, string>;
  register: ReadonlyMap<string, Source>;
}

/** One answer to render. Plain data, so that it can be handed to a worker thread. */
export interface AnswerJob {
  data: AnswerFrontMatter;
  body: AnswerBodySource;
  /** The resource itself is wanted back only for the few answers the examples and the home page show. */
  wantResource: boolean;
}

/** Everything the compile stage writes for one answer, already serialised. */
export interface AnswerOutput {
  slug: string;
  /** The answer's JSON as it stands in a `data` array. */
  fragment: string;
  /** What the search index takes of it: its words, their counts per field, the fields' lengths. */
  indexed: IndexedAnswer;
  /** Its line of answers.csv. */
  csvRow: string;
  /** Its line of answers.ndjson: the answer as its file holds it, on one line. */
  ndjsonLine: string;
  /** Its content digest (answerContentDigest), which its own file's meta carries. */
  digest: string;
  /** Its Markdown twin, also its part of llms-full.txt. */
  twin: string;
  resource?: AnswerResource;
}

/** The costly part of the compile stage, one answer at a time: read the body, render it, serialise it. */
export async function renderAnswerOutput(job: AnswerJob, context: AnswerRenderContext, read: FileReader): Promise<AnswerOutput> {
  const markdown = await readAnswerBody(job.body, read);
  const { resource } = renderAnswer(job.data, markdown, context.titles, context.register);
  const ndjsonLine = canonicalJsonLine(resource);
  const digest = answerContentDigest(ndjsonLine);
  return {
    slug: resource.slug,
    fragment: itemFragment(resource),
    // From the texts every reader explains a hit with: the index and the explanations cannot disagree.
    indexed: indexedAnswer(resource.slug, answerFingerprint(digest), fieldTokens(answerSearchTexts(resource))),
    csvRow: answerCsvRow(resource),
    ndjsonLine,
    digest,
    twin: answerMarkdown(job.data, markdown, context.register),
    ...(job.wantResource ? { resource } : {}),
  };
}

/**
 * An answer's content digest: SHA-256 of its line of answers.ndjson without the newline (the answer as canonical
 * JSON on one line), so that anyone can check it against that file. It changes only when the answer does, so
 * the answer's own file (which carries it) keeps its bytes and its ETag while other answers change.
 */
export function answerContentDigest(ndjsonLine: string): string {
  return `sha256:${createHash("sha256").update(ndjsonLine.endsWith("\n") ? ndjsonLine.slice(0, -1) : ndjsonLine).digest("hex")}`;
}
