import type { AnswerFrontMatter, Source } from "../content/types.ts";
import { renderMarkdown } from "../markdown/render-markdown.ts";
import { buildSearchIndex, type SearchIndex } from "../search/search-index.ts";
import type { ValidAnswer } from "../stages/validate.ts";
import { resolveSources } from "./resolve-sources.ts";

/** An answer as the API serves it: the front matter with its references resolved, and its body. */
export interface AnswerResource extends Omit<AnswerFrontMatter, "related" | "sources"> {
  related: Array<{ slug: string; title: string; href: string }>;
  sources: Source[];
  body: { markdown: string; html: string; word_count: number };
  links: { self: string };
}

export function answerPath(slug: string): string {
  return `/api/v1/answers/${slug}.json`;
}

/** Answers in collection order (by slug, code unit order), with their rendered bodies and search index. */
export function compileAnswers(answers: readonly ValidAnswer[], register: ReadonlyMap<string, Source>): {
  answers: AnswerResource[];
  searchIndex: SearchIndex;
} {
  const sorted = [...answers].sort((a, b) => (a.data.slug < b.data.slug ? -1 : a.data.slug > b.data.slug ? 1 : 0));
  const titles = new Map(sorted.map((answer) => [answer.data.slug, answer.data.title]));
  const searchable: Array<{ id: string; texts: string[] }> = [];
  const resources = sorted.map(({ data, body }) => {
    const rendered = renderMarkdown(body.markdown, data.sources);
    searchable.push({ id: data.slug, texts: [data.title, data.question, data.summary, data.tags.join(" "), rendered.text] });
    return {
      slug: data.slug,
      title: data.title,
      question: data.question,
      summary: data.summary,
      tags: data.tags,
      product_families: data.product_families,
      related: data.related.map((slug) => ({ slug, title: titles.get(slug)!, href: answerPath(slug) })),
      sources: resolveSources(register, data.sources),
      reviewed: data.reviewed,
      body: { markdown: body.markdown, html: rendered.html, word_count: rendered.text.split(/\s+/).filter(Boolean).length },
      links: { self: answerPath(data.slug) },
    };
  });
  return { answers: resources, searchIndex: buildSearchIndex(searchable) };
}
