import MarkdownIt from "markdown-it";

type Markdown = ReturnType<typeof MarkdownIt>;
import { citationGroupAt } from "./citations.ts";

/**
 * Markdown for answers: CommonMark and tables, with raw HTML off (markup in content is shown as text, never run), no
 * images, links only to https addresses or root-relative paths on this site, and `[@id]` citations rendered
 * as numbered links to the answer's list of sources.
 */
export interface RenderedMarkdown {
  html: string;
  /** The text a reader sees, without markup or citation marks: what `q` searches. */
  text: string;
}

const SAFE_LINK = /^(https:\/\/|\/(?!\/))/i;
/** Whether the renderer makes a link of a destination: an https address or a root-relative path on this site. */
export const isSafeLink = (destination: string): boolean => SAFE_LINK.test(destination.trim());

function createRenderer(): Markdown {
  const markdown = new MarkdownIt("commonmark", { html: false, linkify: false, typographer: false });
  markdown.disable(["image", "html_inline", "html_block"]);
  // Tables (GFM's), for the figures answers compare; a column's alignment would come as a style attribute, which
  // the pages' Content-Security-Policy refuses, so it is left out.
  markdown.enable("table");
  markdown.core.ruler.push("no-cell-style", (state) => {
    for (const token of state.tokens) if (token.type === "th_open" || token.type === "td_open") token.attrs = null;
  });
  markdown.validateLink = isSafeLink;
  markdown.inline.ruler.before("link", "citation", (state, silent) => {
    if (state.src.charCodeAt(state.pos) !== 0x5b /* [ */ || state.src.charCodeAt(state.pos + 1) !== 0x40 /* @ */)
      return false;
    const group = citationGroupAt(state.src, state.pos);
    if (!group) return false;
    if (!silent) {
      const token = state.push("citation", "", 0);
      token.meta = { ids: group.ids };
    }
    state.pos += group.length;
    return true;
  });
  return markdown;
}

const renderer = createRenderer();

/** Renders a body; `sourceOrder` numbers the citations as the answer lists its sources. */
export function renderMarkdown(markdown: string, sourceOrder: readonly string[]): RenderedMarkdown {
  const env = {};
  const tokens = renderer.parse(markdown, env);
  const rules = {
    ...renderer.renderer.rules,
    citation: (all: typeof tokens, index: number) => {
      const ids = (all[index]!.meta as { ids: string[] }).ids;
      const links = ids.map((id) => {
        const number = sourceOrder.indexOf(id) + 1;
        return `<a href="#source-${renderer.utils.escapeHtml(id)}">${number > 0 ? number : renderer.utils.escapeHtml(id)}</a>`;
      });
      return `<sup class="citation">[${links.join(", ")}]</sup>`;
    },
  };
  const html = new (renderer.renderer.constructor as new () => typeof renderer.renderer)();
  Object.assign(html.rules, rules);
  return { html: html.render(tokens, renderer.options, env), text: plainText(tokens) };
}

function plainText(tokens: ReturnType<Markdown["parse"]>): string {
  const parts: string[] = [];
  for (const token of tokens) {
    if (token.type === "inline") {
      for (const child of token.children ?? []) {
        if (child.type === "text" || child.type === "code_inline") parts.push(child.content);
        else if (child.type === "softbreak" || child.type === "hardbreak") parts.push(" ");
      }
      parts.push("\n");
    } else if (token.type === "fence" || token.type === "code_block") {
      parts.push(token.content, "\n");
    }
  }
  // Only what changes is matched: a single space or line break is left alone.
  return parts
    .join("")
    .replace(/[ \t]{2,}|\t/g, " ")
    .replace(/ \n+ ?|\n+ |\n{2,}/g, "\n")
    .trim();
}
