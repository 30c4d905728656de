import MarkdownIt, { type Token } from "markdown-it";

/**
 * Inline citations in answer bodies, Pandoc style: `[@source-id]` or `[@first; @second]` right after the claim.
 * Pure: the build checks them against the sources register and the renderer turns them into links.
 */
export interface CitationGroup {
  ids: string[];
  /** Offset of the opening bracket in the Markdown text. */
  offset: number;
}

const CITATION_GROUP = /\[(@[a-z0-9]+(?:-[a-z0-9]+)*(?:\s*;\s*@[a-z0-9]+(?:-[a-z0-9]+)*)*)\]/g;

export function findCitations(markdown: string): CitationGroup[] {
  return [...blankCode(markdown).matchAll(CITATION_GROUP)].map((match) => ({
    ids: match[1]!.split(";").map((part) => part.trim().slice(1)),
    offset: match.index,
  }));
}

/** Matches one citation group at the start of `text` (for the Markdown inline rule). */
export function citationGroupAt(text: string, start: number): { ids: string[]; length: number } | undefined {
  const pattern = new RegExp(CITATION_GROUP.source, "y");
  pattern.lastIndex = start;
  const match = pattern.exec(text);
  if (!match) return undefined;
  return { ids: match[1]!.split(";").map((part) => part.trim().slice(1)), length: match[0].length };
}

/** The text with each citation group replaced by what `render` makes of its ids. */
export function replaceCitations(markdown: string, render: (ids: string[]) => string): string {
  return markdown.replace(CITATION_GROUP, (_group, inner: string) =>
    render(inner.split(";").map((part) => part.trim().slice(1))),
  );
}

/**
 * The Markdown with its code (fenced blocks, and unless `spans` is false the spans on a line) blanked, every other
 * character where it was: what code holds is shown as it is, never a citation or a claim. Line ends are kept, so
 * positions stay the file's.
 */
export function blankCode(markdown: string, spans = true): string {
  if (!markdown.includes("``") && !markdown.includes("~~~") && (!spans || !markdown.includes("`"))) return markdown;
  const lines = markdown.split("\n");
  const { fenced } = codeFences(lines);
  return lines
    .map((line, index) => {
      if (fenced[index]) return " ".repeat(line.length);
      return spans ? line.replace(/(`+)[^`]+?\1(?!`)/g, (code) => " ".repeat(code.length)) : line;
    })
    .join("\n");
}

// The renderer's block rules (render-markdown.ts: CommonMark, tables, no HTML), which alone say where a fenced block
// ends: with its closer, or with the list item or quote it is in.
const blocks = new MarkdownIt("commonmark").enable("table").disable("html_block");

/**
 * Which lines are in a fenced code block, its fences included, as the renderer reads them, and the fence of a block
 * that nothing closes and that runs to the end of the body (its line, 0-based, and column), so that all after it is
 * code. A fence its list item or quote ends is closed by that end, as CommonMark says.
 */
export function codeFences(lines: readonly string[]): {
  fenced: boolean[];
  unclosed?: { line: number; column: number; fence: string };
} {
  const fenced = lines.map(() => false);
  let unclosed: { line: number; column: number; fence: string } | undefined;
  const tokens: Token[] = [];
  blocks.block.parse(lines.join("\n"), blocks, {}, tokens);
  const lastLine = lines.at(-1) === "" ? lines.length - 1 : lines.length;
  for (const { type, map, markup, content } of tokens) {
    if (type !== "fence" || !map) continue;
    const [first, end] = map;
    for (let line = first; line < end; line++) fenced[line] = true;
    // Its content is every line after the opener: no closer ended it. Run to the body's last line, it is unclosed.
    if (end >= lastLine && content.split("\n").length - 1 === end - first - 1)
      unclosed = { line: first, column: lines[first]!.indexOf(markup) + 1, fence: markup };
  }
  return unclosed ? { fenced, unclosed } : { fenced };
}
