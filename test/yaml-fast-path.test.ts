import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseDocument } from "yaml";
import { splitFrontMatter } from "../build/content/load/front-matter.ts";
import { parseFast } from "../build/content/load/yaml-document.ts";
import { FIXTURES, SHIPPED_CONTENT } from "./support/build-helpers.ts";

// The build reads YAML through a fast path (js-yaml with `yaml`'s core scalars) and leaves to `yaml`, the parser
// of record, every file the fast path refuses or cannot be sure of. Whatever the fast path accepts, `yaml` must
// accept with no error or warning and read as the same data: else a file could build that `yaml` refuses, or
// build to other data.
const OPTIONS = { version: "1.2", schema: "core", strict: true, uniqueKeys: true, merge: false } as const;

function record(text: string): { problems: number; data?: unknown } {
  const document = parseDocument(text, OPTIONS);
  const problems = document.errors.length + document.warnings.length;
  return problems > 0 ? { problems } : { problems, data: document.toJS({ maxAliasCount: 0 }) ?? null };
}

function agrees(text: string): void {
  const fast = parseFast(text);
  if (!fast) return;
  const { problems, data } = record(text);
  expect(problems, `yaml refuses what the fast path took:\n${text}`).toBe(0);
  expect(fast.data ?? null, text).toStrictEqual(data);
}

function yamlOf(file: string): string | undefined {
  const text = readFileSync(file, "utf8").replace(/\r\n?/g, "\n");
  if (!file.endsWith(".md")) return text;
  const split = splitFrontMatter(text);
  return split.ok ? split.yaml : undefined;
}

function filesUnder(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: "utf8" })
    .filter((name) => /\.(ya?ml|md)$/.test(name))
    .map((name) => path.join(folder, name));
}

/** Plain scalars that the YAML 1.2 core schema and js-yaml's own schemas read differently, and their neighbours. */
const SCALARS = [
  "012",
  "0o17",
  "0o8",
  "0x1F",
  "0X1F",
  "0b101",
  "1_000",
  "+12",
  "-0",
  "1e3",
  "1E3",
  "1.",
  ".5",
  "+.5",
  "-.inf",
  ".INF",
  ".NaN",
  ".nan",
  "nan",
  "inf",
  "1.0e+3",
  "9007199254740993",
  "12:30",
  "12:30:00",
  "1:2",
  "2026-11-28",
  "2026-11-28T10:00:00Z",
  "~",
  "null",
  "Null",
  "NULL",
  "nULL",
  "true",
  "True",
  "TRUE",
  "tRUE",
  "yes",
  "No",
  "on",
  "OFF",
  "y",
  "n",
  "=",
  "<<",
  "0.",
  "00",
  "-",
  "--",
  "+",
  "1,000",
  "$1",
  "'quoted'",
  '"dq"',
  '"\\u00e9\\t"',
  "'it''s'",
  "a #not comment",
  "a# b",
  "a: b",
  "[1, 2]",
  "{a: 1}",
  "!!str 12",
  "!!int 12",
  "!!float 1",
  "!!null ''",
  "!!bool true",
  "!custom x",
  "@at",
  "`tick",
  "*alias",
  "&anchor x",
  "% pct",
  "| literal",
  "> folded",
];

const STRUCTURES = [
  "a: 1\na: 2\n",
  "a:\n  b: 1\n  b: 2\n",
  "a: &x 1\nb: *x\n",
  "a: *x\n",
  "? a\n: b\n",
  "? [a, b]\n: c\n",
  "[a, b]: c\n",
  "{a: 1, a: 2}\n",
  "a:\n\t- b\n",
  "a: b\t# tab before comment\n",
  "%YAML 1.1\n---\na: yes\n",
  "%YAML 1.2\n---\na: 1\n",
  "a: 1\n---\nb: 2\n",
  "a: 1\n...\n",
  "--- !!map\na: 1\n",
  "a: |\n  line\n   more\n",
  "a: >-\n  folded\n  text\n\n  para\n",
  "a: |+\n  keep\n\n",
  "a: 'multi\n  line'\n",
  'a: "multi\\\n  line"\n',
  "a: plain\n  continued\n",
  "- a\n-b\n",
  "a:\n- b\n- c\n",
  "a: [b, c,]\n",
  "a: {b: c, d}\n",
  "a: {? b}\n",
  "key with spaces: v\n",
  '"quoted key": v\n',
  "1: one\n2: two\n",
  "null: x\n",
  "true: x\n",
  "~: x\n",
  "{null: x}\n",
  "{[a]: b}\n",
  "- [a]: b\n",
  "a:\n  [b]: c\n",
  "{x: 1, [a]: b}\n",
  "a: |\n  see [@cite]: a note\n",
  "a: >-\n  text [@x]: more\n",
  "a: >-\n  text\n  [@x]: more\n",
  "[@x]: 1\n",
  "- [ @x]: 1\n",
  "{a: 1}: b\n",
  "a, b: c\n",
  ": x\n",
  "__proto__: x\n",
  "a: [1, [2, [3]]]\n",
  "a:\n  - b: 1\n    c: 2\n  - d\n",
  "a: b: c\n",
  "a: 'unterminated\n",
  'a: "bad escape \\q"\n',
  "a: @b\n",
  "a: `b\n",
  "a: !!binary aGk=\n",
  "a: !!timestamp 2026-11-28\n",
  "a: !!set {b}\n",
  "a: !!omap [b: 1]\n",
  "# only a comment\n",
  "",
  "   \n",
  "- - a\n  - b\n",
  "a:\n  # comment\n  b: 1\n",
  "a: \u00e9\u00e6\u00df\n",
  "\ufeffa: 1\n",
  "a: b\r\nc: d\r\n",
  "a: \u2028b\n",
  "a:    \n  b\n",
  "a:\n    b: 1\n  c: 2\n",
];

describe("the YAML fast path holds to the parser of record", () => {
  it("reads every content file and fixture as `yaml` does", () => {
    const files = [SHIPPED_CONTENT, FIXTURES].flatMap(filesUnder);
    expect(files.length).toBeGreaterThan(100);
    let fast = 0;
    for (const file of files) {
      const text = yamlOf(file);
      if (text === undefined) continue;
      agrees(text);
      if (parseFast(text)) fast += 1;
    }
    // The fast path is taken for nearly all of them (it would be no use otherwise).
    expect(fast / files.length).toBeGreaterThan(0.8);
  });

  it.each(SCALARS)("reads the scalar %j as `yaml` does, alone, in a mapping, a sequence and a flow", (scalar) => {
    for (const text of [`${scalar}\n`, `a: ${scalar}\n`, `- ${scalar}\n`, `a: [${scalar}]\n`, `{a: ${scalar}}\n`])
      agrees(text);
  });

  it.each(STRUCTURES)("reads %j as `yaml` does, or leaves it to `yaml`", (text) => agrees(text));

  it("leaves anchors, aliases, tabs, directives and duplicate keys to `yaml`", () => {
    for (const text of ["a: &x 1\nb: *x\n", "a:\n\tb: 1\n", "%YAML 1.2\n---\na: 1\n", "a: 1\na: 2\n", "a: *x\n"])
      expect(parseFast(text), text).toBeUndefined();
  });

  it("takes a citation that starts a line of folded text, which no sequence key can start with", () => {
    expect(parseFast("a: >-\n  text\n  [@x]: more\n")).toEqual({ data: { a: "text [@x]: more" } });
  });
});
