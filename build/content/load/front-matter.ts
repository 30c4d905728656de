/** Splits a Markdown file into its YAML front matter and body. The text's line ends are already "\n". */
export type FrontMatterSplit =
  | { ok: true; yaml: string; yamlOffset: number; body: string; bodyOffset: number }
  | { ok: false; problem: "missing" | "unclosed" | "engine"; opening: string };

const FENCE = "---";

export function splitFrontMatter(text: string): FrontMatterSplit {
  const firstLineEnd = text.indexOf("\n");
  const opening = firstLineEnd === -1 ? text : text.slice(0, firstLineEnd);
  if (opening !== FENCE) {
    // gray-matter runs `---js` front matter as code; we refuse any engine name rather than ignore it.
    const problem = opening.startsWith(FENCE) && opening.slice(3).trim() !== "" ? "engine" : "missing";
    return { ok: false, problem, opening };
  }
  const yamlOffset = firstLineEnd + 1;
  const closing = /^---[ \t]*$/m;
  const match = closing.exec(text.slice(yamlOffset));
  if (!match) return { ok: false, problem: "unclosed", opening };
  const yamlEnd = yamlOffset + match.index;
  const afterFence = yamlEnd + match[0].length;
  const bodyOffset = text[afterFence] === "\n" ? afterFence + 1 : afterFence;
  return { ok: true, yaml: text.slice(yamlOffset, yamlEnd), yamlOffset, body: text.slice(bodyOffset), bodyOffset };
}
