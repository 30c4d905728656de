import { createHash } from "node:crypto";
import { readAnswerBody, type AnswerBodySource, type FileReader } from "../content/answer-body.ts";
import type { AnswerFrontMatter, Source } from "../content/types.ts";
import type { AnswerResource } from "../api/resources.ts";
import { answerSearchTexts } from "../search/answer-fields.ts";
import { answerFingerprint, fieldTokens, indexedAnswer, type IndexedAnswer } from "../search/search-index.ts";
import { renderAnswer } from "./answers.ts";
import { answerCsvRow } from "./data-package.ts";
import { answerFileEnvelope, envelopeParts, itemFragment } from "../api/envelope.ts";
import { canonicalJsonLine } from "../api/canonical-json.ts";
import { answerMarkdown } from "./answer-markdown.ts";

/** What rendering an answer needs from the rest of the content: the same for every answer of a build. */
export interface AnswerRenderContext {
  /** Every answer's title by slug, for the `related` links. */
  titles: ReadonlyMap<string, string>;
  register: ReadonlyMap<string, Source>;
  /** The collection's page size, which an answer's own file states in its meta. */
  pageSize: number;
}

/** One answer to render. Plain data, so that it can be handed to a worker thread. */
export interface AnswerJob {
  data: AnswerFrontMatter;
  body: AnswerBodySource;
  /** The SHA-256 (hex) of the body as the load stage read it: the body read again to render must be the same. */
  bodyDigest: string;
  /** The resource itself is wanted back only for the few answers the examples and the home page show. */
  wantResource: boolean;
}

/**
 * Everything the compile stage writes for one answer, already serialised to UTF-8 (on the worker threads, so
 * that the main thread only copies bytes: kept as bytes in the build cache too, never decoded again).
 */
export interface AnswerOutput {
  slug: string;
  /** Its content digest (answerContentDigest), which its own file's meta carries. */
  digest: string;
  /** What the search index takes of it: its words, their counts per field, the fields' lengths. */
  indexed: IndexedAnswer;
  /** Its own file: the collection shape holding it alone. */
  file: Uint8Array;
  /** Where in `file` the answer's JSON lies as it stands in a `data` array (what the collection's pages hold). */
  fragment: { start: number; end: number };
  /** Its Markdown twin, also its part of llms-full.txt. */
  twin: Uint8Array;
  /** The SHA-256 (hex) of `file` and of `twin`: an unchanged file is linked from the previous output without hashing it again. */
  sha256: { file: string; twin: string };
  /** Its line of answers.csv. */
  csvRow: Uint8Array;
  /** Its line of answers.ndjson: the answer as its file holds it, on one line. */
  ndjsonLine: Uint8Array;
  resource?: AnswerResource;
}

const utf8 = new TextEncoder();
const sha256Hex = (data: string | Uint8Array) => createHash("sha256").update(data).digest("hex");

/** The costly part of the compile stage, one answer at a time: read the body, render it, serialise it. */
export async function renderAnswerOutput(
  job: AnswerJob,
  context: AnswerRenderContext,
  read: FileReader,
): Promise<AnswerOutput> {
  const markdown = await readAnswerBody(job.body, read);
  // Saved between the load and now: what is rendered would not be what was checked (nor what the cache key says).
  if ("path" in job.body && sha256Hex(markdown) !== job.bodyDigest)
    throw new Error(`${job.body.path} changed while the build ran`);
  const { resource } = renderAnswer(job.data, markdown, context.titles, context.register);
  const ndjsonLine = canonicalJsonLine(resource);
  const digest = answerContentDigest(ndjsonLine);
  const fragment = itemFragment(resource);
  // Its own file's text is the envelope's opening, the fragment, then the rest: where the fragment starts is the opening's length.
  const parts = envelopeParts([fragment], answerFileEnvelope(resource.slug, context.pageSize, digest));
  const start = Buffer.byteLength(parts[0]!);
  const file = utf8.encode(parts.join(""));
  const twin = utf8.encode(answerMarkdown(job.data, markdown, context.register));
  return {
    slug: resource.slug,
    digest,
    // From the texts every reader explains a hit with: the index and the explanations cannot disagree.
    indexed: indexedAnswer(resource.slug, answerFingerprint(digest), fieldTokens(answerSearchTexts(resource))),
    file,
    fragment: { start, end: start + Buffer.byteLength(fragment) },
    twin,
    sha256: { file: sha256Hex(file), twin: sha256Hex(twin) },
    csvRow: utf8.encode(answerCsvRow(resource)),
    ndjsonLine: utf8.encode(ndjsonLine),
    ...(job.wantResource ? { resource } : {}),
  };
}

/**
 * An answer's content digest: SHA-256 of its line of answers.ndjson without the newline (the answer as canonical
 * JSON on one line), so that anyone can check it against that file. It changes only when the answer does, so
 * the answer's own file (which carries it) keeps its bytes and its ETag while other answers change.
 */
export function answerContentDigest(ndjsonLine: string): string {
  return `sha256:${sha256Hex(ndjsonLine.endsWith("\n") ? ndjsonLine.slice(0, -1) : ndjsonLine)}`;
}
