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
  let fence: string | undefined;
  return markdown
    .split("\n")
    .map((line) => {
      const opener = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
      if (fence !== undefined) {
        if (opener !== undefined && opener[0] === fence[0] && opener.length >= fence.length) fence = undefined;
        return " ".repeat(line.length);
      }
      if (opener !== undefined) {
        fence = opener;
        return " ".repeat(line.length);
      }
      return spans ? line.replace(/(`+)[^`]+?\1(?!`)/g, (code) => " ".repeat(code.length)) : line;
    })
    .join("\n");
}
