/**
 * An answer's Markdown twin (/api/v1/answers/{slug}.md): YAML front matter with what identifies and dates it
 * and the register entries it cites, then the title, the summary and the body, with each `[@id]` citation
 * replaced by the number of its source as the HTML numbers it and each link to another answer's file by its twin,
 * and the numbered list of sources at the end.
 * Plain text, for language models and people alike; llms-full.txt is these twins one after another.
 */
import { stringify } from "yaml";
import { API_ROOT, answerMarkdownPath, answerPath } from "../../contract/layout.ts";
import type { AnswerFrontMatter, Source } from "../../content/load/types.ts";
import { blankCode, replaceCitations } from "../../content/markdown/citations.ts";
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
  const yaml = twinFrontMatter(frontMatter);
  const body = replaceCitations(
    twinLinks(markdown.replace(/\r\n?/g, "\n").trim()),
    (ids) => `[${ids.map((id) => numberOf.get(id)).join(", ")}]`,
  );
  const list = sources.map((source, index) => `${index + 1}. ${sourceReference(source)}`).join("\n");
  return `---\n${yaml}---\n\n# ${data.title}\n\n**${data.question}**\n\n${data.summary.trim()}\n\n${body}\n\n## Sources\n\n${list}\n`;
}

const ANSWER_FILE_LINK = new RegExp(`\\]\\((${API_ROOT}/answers/(?!index\\.)[a-z0-9-]+)\\.json(?=[)#?\\s])`, "g");

/** A link to an answer's file names its twin instead (but in code): a reader of the Markdown goes on in Markdown. */
function twinLinks(markdown: string): string {
  if (!markdown.includes(`](${API_ROOT}/answers/`)) return markdown;
  const outsideCode = blankCode(markdown);
  return markdown.replace(ANSWER_FILE_LINK, (link: string, file: string, at: number) =>
    outsideCode.startsWith(link, at) ? `](${file}.md` : link,
  );
}

// Every string quoted: a YAML 1.1 reader would otherwise take a date such as 2026-11-21 for a timestamp.
const YAML_OPTIONS = { defaultStringType: "QUOTE_DOUBLE", defaultKeyType: "PLAIN", lineWidth: 0 } as const;

/**
 * The twin's front matter, byte for byte as yaml's stringify writes it with YAML_OPTIONS, written here for the
 * usual shape: identifier keys, every value a string or a list of maps of strings, and every string one whose JSON
 * form has no \u or \n escape (yaml rewrites those; with no line width it writes the rest as JSON does). Anything
 * else is yaml's to write. The library's general path was a twentieth of a large build's work (test/answer-
 * markdown.test.ts compares the two).
 */
export function twinFrontMatter(frontMatter: Record<string, unknown>): string {
  return quickYaml(frontMatter) ?? stringify(frontMatter, YAML_OPTIONS);
}

function quickYaml(map: Record<string, unknown>): string | undefined {
  let yaml = "";
  for (const [key, value] of Object.entries(map)) {
    if (!PLAIN_KEY.test(key)) return undefined;
    if (!Array.isArray(value)) {
      const quoted = quotedString(value);
      if (quoted === undefined) return undefined;
      yaml += `${key}: ${quoted}\n`;
      continue;
    }
    if (value.length === 0) return undefined;
    yaml += `${key}:\n`;
    for (const item of value as unknown[]) {
      if (item === null || typeof item !== "object" || Array.isArray(item)) return undefined;
      const entries = Object.entries(item);
      if (entries.length === 0) return undefined;
      for (const [index, [itemKey, itemValue]] of entries.entries()) {
        const quoted = quotedString(itemValue);
        if (!PLAIN_KEY.test(itemKey) || quoted === undefined) return undefined;
        yaml += `${index === 0 ? "  - " : "    "}${itemKey}: ${quoted}\n`;
      }
    }
  }
  return yaml === "" ? undefined : yaml;
}

const PLAIN_KEY = /^[a-z][a-z_]*$/;

function quotedString(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  const json = JSON.stringify(value);
  return /\\[un]/.test(json) ? undefined : json;
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
