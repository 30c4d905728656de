/**
 * The costly part of a build, one answer at a time, on a build thread: read its body, render it once, and make
 * every product's part of it (plain data or bytes, so that the main thread only copies them; kept so in the build
 * cache too).
 */
import { canonicalJsonLine, canonicalOrder } from "../../contract/canonical-json.ts";
import { renderAnswer } from "../compile/answers.ts";
import { changedWhileBuilding, type FileReader, readAnswerBody } from "../../content/load/answer-body.ts";
import type { AnswerJob, AnswerParts, AnswerRenderContext, PartMaker, RenderedAnswer } from "./answer-parts.ts";
import { sha256Of } from "../output/output-sink.ts";

export type { AnswerJob } from "./answer-parts.ts";

export async function renderAnswerParts(
  job: AnswerJob,
  context: AnswerRenderContext,
  read: FileReader,
  products: readonly PartMaker[],
): Promise<AnswerParts> {
  const markdown = await readAnswerBody(job.body, read);
  // Saved between the load and now: what is rendered would not be what was checked (nor what the cache key says).
  if ("path" in job.body && sha256Of(markdown) !== job.bodyDigest) throw changedWhileBuilding(job.body.path);
  // In canonical order once: its line, its own file and its page's item each find it so.
  const resource = canonicalOrder(renderAnswer(job.data, markdown, job.relatedTitles, context.register).resource);
  const jsonLine = canonicalJsonLine(resource);
  const digest = answerContentDigest(jsonLine);
  const rendered: RenderedAnswer = { position: job.position, data: job.data, markdown, resource, jsonLine, digest };
  const parts: Record<string, unknown> = {};
  for (const made of products) if (made.part) parts[made.name] = made.part(rendered, context);
  return {
    slug: resource.slug,
    position: job.position,
    digest,
    parts,
    ...(job.position < context.pageSize ? { resource } : {}),
  };
}

/**
 * An answer's content digest: SHA-256 of its line of answers.ndjson without the newline (the answer as canonical
 * JSON on one line), so that anyone can check it against that file. It changes only when the answer does, so
 * the answer's own file (which carries it) keeps its bytes and its ETag while other answers change.
 */
function answerContentDigest(jsonLine: string): string {
  return `sha256:${sha256Of(jsonLine.endsWith("\n") ? jsonLine.slice(0, -1) : jsonLine)}`;
}
