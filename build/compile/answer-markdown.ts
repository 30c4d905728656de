/**
 * An answer's Markdown twin (/api/v1/answers/{slug}.md): YAML front matter with what identifies and dates it
 * and the register entries it cites, then the title, the summary and the body, with each `[@id]` citation
 * replaced by the number of its source as the HTML numbers it, and the numbered list of sources at the end.
 * Plain text, for language models and people alike; llms-full.txt is these twins one after another.
 */
import { stringify } from "yaml";
import { answerMarkdownPath, answerPath } from "../api/layout.ts";
import type { AnswerFrontMatter, Source } from "../content/types.ts";
import { replaceCitations } from "../markdown/citations.ts";
import { resolveSources } from "./resolve-sources.ts";

export function answerMarkdown(
  data: AnswerFrontMatter,
  markdown: string,
  register: ReadonlyMap<string, Source>,
): string {
  const sources = resolveSources(register, data.sources);
  const numberOf = new Map(data.sources.map((id, index) => [id, index + 1]));
  const frontMatter = {
    slug: data.slug,
    title: data.title,
    question: data.question,
    reviewed: data.reviewed,
    // Only what the register holds: a URL only where the source gives one.
    sources: sources.map((source) => ({
      id: source.id,
      title: source.title,
      publisher: source.publisher,
      ...(source.url ? { url: source.url } : {}),
      accessed: source.accessed,
    })),
    json: answerPath(data.slug),
    markdown: answerMarkdownPath(data.slug),
  };
  // Every string quoted: a YAML 1.1 reader would otherwise take a date such as 2026-11-21 for a timestamp.
  const yaml = stringify(frontMatter, { defaultStringType: "QUOTE_DOUBLE", defaultKeyType: "PLAIN", lineWidth: 0 });
  const body = replaceCitations(
    markdown.replace(/\r\n?/g, "\n").trim(),
    (ids) => `[${ids.map((id) => numberOf.get(id)).join(", ")}]`,
  );
  const list = sources.map((source, index) => `${index + 1}. ${sourceReference(source)}`).join("\n");
  return `---\n${yaml}---\n\n# ${data.title}\n\n**${data.question}**\n\n${data.summary.trim()}\n\n${body}\n\n## Sources\n\n${list}\n`;
}

/** One register entry as a reader cites it: title, publisher, address where there is one, dates. */
export function sourceReference(source: Source): string {
  const title = source.url ? `[${escapeLinkText(source.title)}](<${source.url}>)` : source.title;
  const published = source.published ? ` Published ${source.published}.` : "";
  return `${title}. ${source.publisher}.${published} Accessed ${source.accessed}. Source id \`${source.id}\`.`;
}

function escapeLinkText(text: string): string {
  return text.replace(/[[\]\\]/g, (character) => `\\${character}`);
}
