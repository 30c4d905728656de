import type { AnswerFrontMatter, Source } from "../../content/load/types.ts";
import type { AnswerResource } from "../../contract/resources.ts";
import { answerMarkdownPath, answerPath } from "../../contract/layout.ts";
import { renderMarkdown } from "../../content/markdown/render-markdown.ts";
import type { ValidAnswer } from "../../content/load/valid-content.ts";
import { isWhiteSpace } from "../../search/explain.ts";
import { resolveSources } from "./resolve-sources.ts";

/** Answers in collection order: by slug, in UTF-16 code unit order. */
export function sortAnswers(answers: readonly ValidAnswer[]): ValidAnswer[] {
  return [...answers].sort((a, b) => (a.data.slug < b.data.slug ? -1 : a.data.slug > b.data.slug ? 1 : 0));
}

/** One answer as the API serves it. */
export function renderAnswer(
  data: AnswerFrontMatter,
  markdown: string,
  /** The title of each related answer, in the order of `data.related`. */
  relatedTitles: readonly string[],
  register: ReadonlyMap<string, Source>,
): { resource: AnswerResource } {
  const rendered = renderMarkdown(markdown, data.sources);
  return {
    resource: {
      slug: data.slug,
      title: data.title,
      question: data.question,
      summary: data.summary,
      tags: data.tags,
      product_families: data.product_families,
      related: data.related.map((slug, at) => ({ slug, title: relatedTitles[at]!, href: answerPath(slug) })),
      sources: resolveSources(register, data.sources),
      reviewed: data.reviewed,
      body: { markdown, html: rendered.html, word_count: wordCount(rendered.text) },
      links: { self: answerPath(data.slug), markdown: answerMarkdownPath(data.slug) },
    },
  };
}

/**
 * The number of words: runs of characters that are not white space, as JavaScript's `\s` has it (what
 * `text.split(/\s+/).filter(Boolean).length` counts), counted without an array of them (a tenth of a build
 * thread's allocations at 10,000 answers).
 */
export function wordCount(text: string): number {
  let count = 0;
  let inWord = false;
  for (let at = 0; at < text.length; at++) {
    const space = isWhiteSpace(text.charCodeAt(at));
    if (!space && !inWord) count++;
    inWord = !space;
  }
  return count;
}
