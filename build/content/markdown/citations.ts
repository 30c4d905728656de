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

// As CommonMark reads them: up to three spaces, then three or more backticks (whose info string holds none) or
// tildes; a block is closed by a fence of the same character, at least as long, with nothing after it. A fence may
// open a list item or stand in a quote ("- ```", "> ```"); its closer is then indented or quoted as its content is.
const FENCE_OPENER = /^((?: {0,3}(?:[-*+]|\d{1,9}[.)])[ \t]+| {0,3}>[ \t]?)*)( {0,3})(`{3,}(?!.*`)|~{3,})/;
const FENCE_CLOSER = /^ {0,3}(`{3,}|~{3,})[ \t]*$/;
const NESTED_FENCE_CLOSER = /^[ \t>]*?(`{3,}|~{3,})[ \t]*$/;

/**
 * Which lines are in a fenced code block, its fences included, and the fence of a block never closed (its line,
 * 0-based, and column): CommonMark ends that block at the end of the body, so all after it is code.
 */
export function codeFences(lines: readonly string[]): {
  fenced: boolean[];
  unclosed?: { line: number; column: number; fence: string };
} {
  const fenced: boolean[] = [];
  let open: { line: number; column: number; fence: string } | undefined;
  let nested = false;
  for (const [index, line] of lines.entries()) {
    if (open) {
      const closer = (nested ? NESTED_FENCE_CLOSER : FENCE_CLOSER).exec(line)?.[1];
      if (closer !== undefined && closer[0] === open.fence[0] && closer.length >= open.fence.length) open = undefined;
      fenced.push(true);
      continue;
    }
    const opener = FENCE_OPENER.exec(line);
    if (opener) {
      open = { line: index, column: opener[1]!.length + opener[2]!.length + 1, fence: opener[3]! };
      nested = opener[1] !== "";
    }
    fenced.push(opener !== null);
  }
  return open ? { fenced, unclosed: open } : { fenced };
}
