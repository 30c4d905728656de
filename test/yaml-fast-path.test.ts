import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseDocument } from "yaml";
import { splitFrontMatter } from "../build/content/load/front-matter.ts";
import { parseYamlSubset as parseFast } from "../build/content/load/yaml-subset.ts";
import { generateContent } from "../build/tools/synthetic/generate.ts";
import { seededRandom } from "../build/tools/synthetic/seeded-random.ts";
import { FIXTURES, ROOT, SHIPPED_CONTENT, temporaryFolder } from "./support/build-helpers.ts";

// The build reads YAML through a fast path (build/content/load/yaml-subset.ts: a reader of the subset of YAML the
// content is written in) and leaves to `yaml`, the parser of record, every file the fast path refuses. Whatever the
// fast path accepts, `yaml` must accept with no error or warning and read as the same data: else a file could build
// that `yaml` refuses, or build to other data.
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

/** Plain scalars that the YAML 1.2 core schema reads as other than strings, and their neighbours. */
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

/** Words of the seeded documents: prose, and text that YAML reads as other than a string or that ends a plain scalar. */
const SCALARS_IN_TEXT = [
  "a",
  "b c",
  "x-y",
  "1",
  "012",
  "0x1F",
  "1e3",
  "-1",
  ".5",
  ".inf",
  "null",
  "~",
  "true",
  "False",
  "2026-11-28",
  "12:30",
  "a:b",
  "a#b",
  "http://x.y/z?q=1",
  "it's",
  "\u00e9",
  "a  b",
  "-x",
  "[@cite]",
  "a, b",
  "a]b",
  "a}b",
  '"q"',
  "'s'",
  "a #b",
  "#x",
  "a: b",
  "@x",
  "a\\b",
];

/** What the seeded mutations insert: YAML's indicators, blanks, breaks, escapes and scalars of other types. */
const MUTATIONS = [
  ..." :-#'\"[]{},>|&*!?\\~%@`\n",
  ": ",
  "- ",
  " #",
  "\n  ",
  "\n- ",
  "\n\n",
  ">-",
  "|-",
  "''",
  "\\n",
  "\\u00e9",
  "\\x41",
  "null",
  "true",
  "0x1",
  "1e3",
  ".5",
  "-1",
  "a: b",
  "\u00a0",
  "\u3000",
  "\u2028",
  "\t",
  "\r",
  "---",
  "...",
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
  // The fast path's own reading: folding, flows over lines, compact mappings, escapes, what ends a scalar.
  "a: >\n\n  text\n",
  "a: >-\n\n\n  text\n  more\n",
  "a: |\n\n  text\n",
  "a: >-\n  a\n\n\n  b\n  c\n",
  "a: >-\n   b\n  c\n",
  "a: >-\n  b\n   c\n",
  "a: |-\n  b\n   c\n\n",
  "a: >-\n  b \n  c\n",
  "a: >\n  b\n\n\nc: d\n",
  'a: "x\n\n  y"\n',
  'a: "x\n\n  y  \n   z"\n',
  "a: 'x\n  y''s'\n",
  "a: 'x\ny'\n",
  "a: [b,\n  c, d\n  e]\n",
  "a: [b,\nc]\n",
  'a: [b, "c\n  d"]\n',
  "a: {b: [c, {d: e}], f: g}\n",
  "a: {b: c, b: d}\n",
  "a: [b] c\n",
  "a: [b]  # c\n",
  'a: "b" c\n',
  'a: "b"# c\n',
  "- a: 1\n  b: 2\n- c\n",
  "-   a: 1\n    b: 2\n",
  "- a: 1\n   b: 2\n",
  "-\n  a: 1\n",
  "a: b\n\n  c\n",
  "a: b # c\n  d\n",
  "a: b\n  # c\n",
  "a: b\n  - c\n",
  "a: x\n - y\n",
  "- x\n y\n",
  'a: "\\u00e9\\x41\\/\\t"\n',
  'a: "b\\\n  c"\n',
  "a: 1\n  \n",
  "a:\n  - 1\n  -\n  - ~\n",
  "a:   \n",
  "a: -\n",
  "a: -1\n",
  "a: ?b\n",
  "a: b:\n",
  "a: 'b'\n  c: d\n",
  "a: |\n  b\n    \n  c\n",
  "a: >\n  b\n    \n  c\n",
  "a: |\n  b  \n  c\n",
  ...["0", "a", "b", "e", "f", "v", "r", "N", "_", "L", "P", " ", "U0001F600", "x4", "u00e", "q"].map(
    (code) => `a: "x\\${code}y"\n`,
  ),
];

describe("the YAML fast path holds to the parser of record", () => {
  it("reads every content file and fixture as `yaml` does, and takes every file of the shipped and the generated content", async () => {
    const generated = await temporaryFolder("yaml-generated");
    await generateContent({ answers: 30, out: generated });
    const files = [SHIPPED_CONTENT, generated, FIXTURES].flatMap(filesUnder);
    expect(files.length).toBeGreaterThan(100);
    const refused: string[] = [];
    for (const file of files) {
      const text = yamlOf(file);
      if (text === undefined) continue;
      agrees(text);
      if (!parseFast(text)) refused.push(path.relative(ROOT, file));
    }
    // Only the fixtures of broken YAML go to `yaml`: a file that did not would cost a build `yaml`'s far slower reading.
    expect(refused.filter((file) => !file.startsWith("test/fixtures/failures/"))).toEqual([]);
  });

  it("reads seeded mutations of the content as `yaml` does, or leaves them to it", () => {
    const texts = filesUnder(SHIPPED_CONTENT).flatMap((file) => yamlOf(file) ?? []);
    const random = seededRandom(49);
    const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
    let taken = 0;
    const runs = 1500;
    for (let run = 0; run < runs; run++) {
      // A few lines from anywhere in a file, their common indentation taken away, then edited once to three times.
      const lines = pick(texts).split("\n");
      const start = Math.floor(random() * lines.length);
      const window = lines.slice(start, start + 1 + Math.floor(random() * 25));
      const indent = /^ */.exec(window[0] ?? "")![0].length;
      let text = `${window.map((line) => line.slice(Math.min(indent, /^ */.exec(line)![0].length))).join("\n")}\n`;
      for (let edits = 1 + Math.floor(random() * 3); edits > 0; edits--) {
        const at = Math.floor(random() * (text.length + 1));
        const kind = random();
        const cut = kind < 0.4 ? 0 : kind < 0.7 ? 1 + Math.floor(random() * 3) : 1;
        text = text.slice(0, at) + (kind >= 0.4 && kind < 0.7 ? "" : pick(MUTATIONS)) + text.slice(at + cut);
      }
      if (parseFast(text)) taken++;
      agrees(text);
    }
    // Enough of them are taken for the comparison to mean something (about a fifth, as the content changes).
    expect(taken / runs).toBeGreaterThan(0.15);
  });

  it("reads seeded documents of every form it takes, nested, over lines and in flows, as `yaml` does, or leaves them to it", () => {
    const random = seededRandom(4901);
    const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
    const words = () => Array.from({ length: 1 + Math.floor(random() * 3) }, () => pick(SCALARS_IN_TEXT)).join(" ");
    const scalar = (indent: number): string => {
      const kind = random();
      // A plain scalar; double- and single-quoted ones, now and then over lines; a block; a plain one over two lines.
      if (kind < 0.3) return words();
      if (kind < 0.45)
        return JSON.stringify(words()).replace(/ /g, () => (random() < 0.2 ? `\n${" ".repeat(indent + 1)}` : " "));
      if (kind < 0.55) return `'${words().replaceAll("'", "''")}'`;
      if (kind < 0.7)
        return `${pick([">-", ">", "|", "|-"])}\n${Array.from({ length: 1 + Math.floor(random() * 3) }, () => (random() < 0.15 ? "" : `${" ".repeat(indent + 2)}${words()}`)).join("\n")}`;
      if (kind < 0.8) return `${words()}\n${" ".repeat(indent + 1 + Math.floor(random() * 2))}${words()}`;
      return flow(2, indent);
    };
    const flow = (depth: number, indent: number): string => {
      const item = (): string =>
        depth > 0 && random() < 0.25
          ? flow(depth - 1, indent)
          : random() < 0.3
            ? JSON.stringify(words())
            : pick(SCALARS_IN_TEXT);
      const separator = () => (random() < 0.15 ? `,\n${" ".repeat(indent + 1)}` : ", ");
      const count = Math.floor(random() * 4);
      return random() < 0.5
        ? `[${Array.from({ length: count }, item).join(separator())}]`
        : `{${Array.from({ length: count }, (_, at) => `k${at}: ${item()}`).join(separator())}}`;
    };
    const node = (depth: number, indent: number): string => {
      if (depth === 0 || random() < 0.3) return ` ${scalar(indent)}`;
      const inner = indent + pick([1, 2, 4]);
      const count = 1 + Math.floor(random() * 3);
      if (random() < 0.5)
        return `\n${Array.from({ length: count }, (_, at) => `${" ".repeat(inner)}k${at}:${node(depth - 1, inner)}`).join("\n")}`;
      // A sequence, at the mapping's own indentation now and then, its entries scalars, collections or compact mappings.
      const entries = random() < 0.3 ? indent : inner;
      return `\n${Array.from({ length: count }, () =>
        random() < 0.4
          ? `${" ".repeat(entries)}- a:${node(depth - 1, entries + 2)}\n${" ".repeat(entries + 2)}b:${node(depth - 1, entries + 2)}`
          : `${" ".repeat(entries)}-${node(depth - 1, entries)}`,
      ).join("\n")}`;
    };
    let taken = 0;
    const runs = 3000;
    for (let run = 0; run < runs; run++) {
      const text = `${Array.from({ length: 1 + Math.floor(random() * 3) }, (_, at) => `top${at}:${node(3, 0)}`).join("\n")}\n`;
      if (parseFast(text)) taken++;
      agrees(text);
    }
    expect(taken / runs).toBeGreaterThan(0.2);
  });

  it("keeps no file's text alive through the data it reads (V8 keeps a substring as a slice of its parent)", () => {
    // 200 answers of 1 MB each, only their front matter's data kept: with the text alive, the heap holds 200 MB.
    const script = `
      const { splitFrontMatter } = await import(${JSON.stringify(path.join(ROOT, "build/content/load/front-matter.ts"))});
      const { parseYamlSubset } = await import(${JSON.stringify(path.join(ROOT, "build/content/load/yaml-subset.ts"))});
      const kept = [];
      for (let i = 0; i < 200; i++) {
        const text = "---\\ntitle: A title long enough to be a slice " + i + "\\nsummary: \\"A quoted summary, long enough " + i + "\\"\\n" +
          "note: >-\\n  folded text of\\n  an answer " + i + "\\ntags: [a long tag name here, another one " + i + "]\\n" +
          "question: plain text that\\n  goes on " + i + "\\n---\\n" + "Body text. ".repeat(100000);
        kept.push(parseYamlSubset(splitFrontMatter(text).yaml).data);
      }
      globalThis.gc();
      process.stdout.write(JSON.stringify({ heap: process.memoryUsage().heapUsed, last: kept.at(-1) }));`;
    const output = execFileSync(
      process.execPath,
      ["--expose-gc", "--import", "tsx", "--input-type=module", "-e", script],
      {
        cwd: ROOT,
        encoding: "utf8",
      },
    );
    const { heap, last } = JSON.parse(output) as { heap: number; last: Record<string, unknown> };
    expect(last).toEqual({
      title: "A title long enough to be a slice 199",
      summary: "A quoted summary, long enough 199",
      note: "folded text of an answer 199",
      tags: ["a long tag name here", "another one 199"],
      question: "plain text that goes on 199",
    });
    expect(heap).toBeLessThan(50 * 2 ** 20);
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
