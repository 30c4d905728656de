import { describe, expect, it } from "vitest";
import MarkdownIt from "markdown-it";
import { outlineAnswer, sentences } from "../build/content/markdown/answer-outline.ts";
import { codeFences } from "../build/content/markdown/citations.ts";

const quantities = (markdown: string) => outlineAnswer(markdown).citedQuantities;

describe("what counts as a cited quantity in an answer", () => {
  it.each([
    [
      "Keep the display centre within 15 degrees of the eye line [@room-guide].",
      [{ ids: ["room-guide"], quantity: "15 degrees" }],
    ],
    ["A medium room is 4.5 m x 6 m [@list].", [{ ids: ["list"], quantity: "4.5 m" }]],
    ["HP paid US$3.3 billion [@deal].", [{ ids: ["deal"], quantity: "US$3.3" }]],
    ["Basic is free for up to 25 rooms [@licensing; @notes].", [{ ids: ["licensing", "notes"], quantity: "25 rooms" }]],
    ["- Reverberation under 0.6 seconds [@acoustics].", [{ ids: ["acoustics"], quantity: "0.6 seconds" }]],
  ])("%s", (markdown, expected) => {
    expect(quantities(markdown)).toEqual(expected);
  });

  it.each([
    ["Check EN 301 549 [@etsi-en-301-549].", "a standard's number"],
    ["Section 889 bars it [@ndaa-fy2019-section-889].", "a section number"],
    ["Use ANSI/AVIXA V202.01:2016 [@avixa-discas].", "a standard's version"],
    ["Ask for it [@far-52-225-5-taa]. The room is 6 m long.", "a quantity in a sentence without a citation"],
    ["See [the list](/api/v1/answers/room-sizing-4-rooms.json) [@list].", "digits in a link target"],
  ])("%s is not one (%s)", (markdown) => {
    expect(quantities(markdown)).toEqual([]);
  });

  it("finds the closing section with its list items and its line in the file", () => {
    const outline = outlineAnswer("Text.\n\n## Decision checklist\n\n- One.\n- Two,\n  continued.\n- Three.\n", 12);
    expect(outline.closing).toEqual({ heading: "Decision checklist", line: 14, listItems: 3 });
  });
});

describe("fenced code in an answer's outline", () => {
  it("is code: a heading or a list item in it is neither the closing section nor one of its items", () => {
    const body =
      "Text.\n\n## Decision checklist\n\n- One.\n- Two.\n\n```\n## Example\n- Not an item.\n```\n\n- Three.\n";
    expect(outlineAnswer(body, 12).closing).toEqual({ heading: "Decision checklist", line: 14, listItems: 3 });
    const unclosed = "Text.\n\n## Setup\n\n~~~~\nconfig\n~~~\n\n## Decision checklist\n\n- One.\n- Two.\n- Three.\n";
    expect(outlineAnswer(unclosed).closing).toEqual({ heading: "Setup", line: 3, listItems: 0 });
  });

  // The renderer (markdown-it) is what a reader sees: the lines it makes code are the lines the checks take for code.
  it.each([
    "a\n```\ncode\n```\nb\n",
    "a\n```js\n## not a heading\n```\n",
    "a\n~~~~\n~~~\nstill code\n~~~~~\nb\n",
    "```\n``` not a closer\nstill code\n",
    "a ```inline``` b\n\n```x`y\nnot a fence\n",
    "   ```\nindented three\n   ```\n\n    ```\nindented four is code of its own\n",
    "a\n\n```text\nnever closed\n\n## Decision checklist\n\n- One.\n",
    "- ```sh\n  npm test\n  ```\n- next\n",
    "1. ~~~\n   code\n   ~~~\n\n> ```\n> quoted code\n> ```\n\nb\n",
    // A fence its list item or quote ends is closed by that end: what follows is text, not code.
    "- ```\n  code\n- next item [@a]\n\nafter [@b]\n",
    "> ```\n> quoted code\n\nafter [@b]\n",
    "- a\n\n  ```\n  code\nout [@b]\n",
    "1. ```\n   code\n\n   still code\n  two\nafter\n",
    "- ```\n  never closed, at the end\n",
  ])("agrees with the renderer on which lines are code: %j", (markdown) => {
    const lines = markdown.split("\n");
    const rendered = new Set<number>();
    for (const token of new MarkdownIt("commonmark").parse(markdown, {}))
      if (token.type === "fence") for (let line = token.map![0]; line < token.map![1]; line++) rendered.add(line);
    const { fenced, unclosed } = codeFences(lines);
    expect(fenced.flatMap((code, line) => (code && line < lines.length - 1 ? [line] : []))).toEqual([...rendered]);
    // A block never closed runs to the end of the body, its last line included.
    expect(unclosed !== undefined).toBe(rendered.has(lines.length - 2) && !/^ {0,3}(```|~~~)/.test(lines.at(-2)!));
  });
});

describe("an answer's sentences", () => {
  // The rule as it was written first, a split at a lookbehind: the forward scan must cut every text where it cut.
  const byLookbehind = (text: string) => text.split(/(?<=[.!?](?:\s*\[@[^\]]*\])?)\s+(?=["\u201c(*A-Z])/);
  it.each([
    "One. Two! Three? Four",
    "End [@a]. Next",
    "End. [@a] Next",
    "End.[@a]  (Bracketed",
    "x. [@a] [@b] Next",
    "Said: \u201cQuoted.\u201d And more",
    "A! \u201cQuoted\u201d",
    "No split. here, e.g. this",
    "Tab.\tNext and no\u00a0break. Then",
    "Hi. . Next",
    "a.b. C [@x; @y]. D. E",
    "Wait? *Bold* and (Aside)",
    ". Lead",
    "End.",
    "",
  ])("are cut where the lookbehind rule cut them: %j", (text) => {
    expect(sentences(text)).toEqual(byLookbehind(text));
  });
});
