/**
 * The Markdown twin's front matter (build/engine/compile/answer-markdown.ts) is written directly for its usual shape:
 * byte for byte what the yaml library's stringify writes with the same options, for any strings.
 */
import { isSafeLink, renderMarkdown } from "../build/content/markdown/render-markdown.ts";
import { stringify } from "yaml";
import { describe, expect, it } from "vitest";
import { answerMarkdown, twinFrontMatter } from "../build/engine/compile/answer-markdown.ts";
import type { AnswerFrontMatter } from "../build/content/load/types.ts";
import { wordCount } from "../build/engine/compile/answers.ts";

const OPTIONS = { defaultStringType: "QUOTE_DOUBLE", defaultKeyType: "PLAIN", lineWidth: 0 } as const;

/** Strings that yaml quotes or escapes in every way it has, and plain ones. */
const STRINGS = [
  "",
  "plain",
  "2026-11-21",
  "true",
  "null",
  "123",
  "  leading and trailing  ",
  'a "quoted" word',
  "back\\slash",
  "back\\nslash",
  "tab\there",
  "line\nbreak",
  "two\n\nbreaks",
  "space \n before",
  "--- a document marker",
  "%percent",
  "...",
  "# not a comment",
  "key: value",
  "- dash",
  "[flow] {map}",
  "é ☃ 😀 中文",
  "\u0000\u0007\u000b\u001b\u0085\u00a0\u2028\u2029",
  "\u007f\u0080\u009f",
  "lone \ud800 surrogate",
  "x".repeat(300),
  `${"word ".repeat(60)}end`,
];

describe("the Markdown twin's front matter", () => {
  it("is what yaml's stringify writes, whatever the strings", () => {
    for (const [index, text] of STRINGS.entries()) {
      const other = STRINGS[(index + 7) % STRINGS.length]!;
      const frontMatter = {
        slug: "an-answer",
        title: text,
        question: other,
        reviewed: "2026-11-21",
        sources: [
          { id: "source-one", title: other, publisher: text, url: "https://example.org/a?b=c", accessed: "2026-11" },
          { id: "source-two", title: text, publisher: "A publisher", accessed: "2026" },
        ],
        json: "/api/v1/answers/an-answer.json",
        markdown: text,
      };
      expect(twinFrontMatter(frontMatter), JSON.stringify(text)).toBe(stringify(frontMatter, OPTIONS));
    }
  });

  it("is what yaml writes for shapes it does not write itself", () => {
    for (const frontMatter of [
      { slug: "a", sources: [] },
      { slug: "a", reviewed: 2026 },
      { slug: "a", sources: [{}] },
      { "Odd key": "a" },
      {},
    ])
      expect(twinFrontMatter(frontMatter)).toBe(stringify(frontMatter, OPTIONS));
  });
});

describe("an answer's Markdown rendered", () => {
  it("renders a table (the figures answers compare) with no style attribute, its cells searchable as lines", () => {
    const { html, text } = renderMarkdown(
      "| Band | Display |\n|:---|---:|\n| Small | 55 in [@a] |\n| Large | 85 in |\n",
      ["a"],
    );
    expect(html).toContain("<table>\n<thead>\n<tr>\n<th>Band</th>\n<th>Display</th>");
    expect(html).toContain('<td>55 in <sup class="citation">[<a href="#source-a">1</a>]</sup></td>');
    expect(html).not.toContain("style=");
    expect(text.split("\n")).toEqual(["Band", "Display", "Small", "55 in", "Large", "85 in"]);
  });

  it("links only https addresses and root-relative paths on this site: not another host's //, http, mailto or ftp", () => {
    const { html } = renderMarkdown(
      "[a](//evil.example/x) [b](/\\evil.example/y) [c](http://example.org/) [d](mailto:a@b.c) [e](ftp://example.org/) [f](/docs/) [g](https://example.org/)",
      [],
    );
    // A backslash, which browsers read as a slash (/\host is another host), is written percent-encoded: a path here.
    expect(html.match(/href="[^"]*"/g)).toEqual([
      'href="/%5Cevil.example/y"',
      'href="/docs/"',
      'href="https://example.org/"',
    ]);
    expect(["//evil.example/x", "/docs/", " https://example.org/ "].map(isSafeLink)).toEqual([false, true, true]);
  });
});

describe("an answer's word count (body.word_count)", () => {
  it("counts the runs of characters that are not JavaScript white space, as split(/\\s+/) does, for every UTF-16 code unit", () => {
    const splitCount = (text: string) => text.split(/\s+/).filter(Boolean).length;
    for (let code = 0; code < 0x10000; code++) {
      const text = `a${String.fromCharCode(code)}b`;
      if (wordCount(text) !== splitCount(text)) expect.fail(`U+${code.toString(16)}: ${wordCount(text)} words`);
    }
    for (const text of ["", " ", "one", "  two words  ", "\ufeffa\u00a0b\u3000c\u200bd", "a\r\nb\tc\u2028"])
      expect(wordCount(text), JSON.stringify(text)).toBe(splitCount(text));
  });
});

describe("an answer's Markdown twin", () => {
  it("links another answer's twin where the body links its file, but in code, which is shown as written", () => {
    const frontMatter = {
      slug: "one",
      title: "One",
      question: "One?",
      summary: "One.",
      tags: ["one"],
      product_families: [],
      related: [],
      sources: [],
      reviewed: "2026-12-06",
    } as unknown as AnswerFrontMatter;
    const twin = answerMarkdown(
      frontMatter,
      [
        "See [two](/api/v1/answers/two.json), [its list](/api/v1/answers/two.json#checklist) and [all](/api/v1/answers/index.json).",
        "As JSON: `[two](/api/v1/answers/two.json)`.",
        "```",
        "[two](/api/v1/answers/two.json)",
        "```",
      ].join("\n"),
      new Map(),
    );
    expect(twin).toContain(
      "See [two](/api/v1/answers/two.md), [its list](/api/v1/answers/two.md#checklist) and [all](/api/v1/answers/index.json).",
    );
    expect(twin).toContain("As JSON: `[two](/api/v1/answers/two.json)`.");
    expect(twin).toContain("```\n[two](/api/v1/answers/two.json)\n```");
  });
});
