/**
 * An answer's body HTML (the API's body.html, unchanged there) as the home page shows it: inside an article
 * whose heading is an h3, and read from disk as often as from the web. Its headings move below the article's,
 * a link to an answer on the page goes to that answer's article, and other root-relative links become relative
 * to the page, since "/x" opened from file:// names a file at the root of the disk.
 *
 * The body is markdown-it output with raw HTML disabled, so every tag is one the renderer wrote and every
 * attribute value is escaped: matching tags by pattern cannot reach into text.
 */
import { answerFileOf } from "../../contract/layout.ts";
import { escapeHtml, relativeHref } from "./docs-html.ts";

/** How far the body's headings move: its h2 sections sit under the article's h3. */
const HEADING_SHIFT = 2;

export function homeAnswerBody(
  html: string,
  pageFile: string,
  answersOnPage: ReadonlySet<string>,
  sources: ReadonlyArray<{ id: string; title: string }>,
): string {
  const titles = new Map(sources.map((source) => [source.id, source.title]));
  return (
    html
      // A citation is named by its number and its source's title, not by the number alone (the accessibility audit:
      // "link, 13"), the number first as it is shown.
      .replace(/<a href="#source-([^"]+)">(\d+)<\/a>/g, (tag, id: string, number: string) => {
        const title = titles.get(id);
        return title === undefined
          ? tag
          : `<a href="#source-${id}" aria-label="${number}: ${escapeHtml(title)}">${number}</a>`;
      })
      .replace(
        /<(\/?)h([1-6])>/g,
        (_tag, close: string, level: string) => `<${close}h${Math.min(6, Number(level) + HEADING_SHIFT)}>`,
      )
      .replace(/<a href="([^"]*)"/g, (_tag, href: string) => `<a href="${onPage(href, pageFile, answersOnPage)}"`)
  );
}

function onPage(href: string, pageFile: string, answersOnPage: ReadonlySet<string>): string {
  if (!href.startsWith("/") || href.startsWith("//")) return href;
  const slug = answerFileOf(href)?.slug;
  if (slug && answersOnPage.has(slug)) return `#answer-${slug}`;
  return relativeHref(pageFile, href);
}
