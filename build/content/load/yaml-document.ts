import { FAILSAFE_SCHEMA, load, Type } from "js-yaml";
import {
  isMap,
  isPair,
  isScalar,
  isSeq,
  parseDocument,
  Schema,
  visit,
  type Document,
  type Node,
  type ScalarTag,
} from "yaml";
import type { Diagnostic, Position } from "../diagnostics/diagnostic.ts";
import { DIAGNOSTIC_CATALOGUE } from "../diagnostics/catalogue.ts";
import { splitPointer } from "../diagnostics/diagnostic.ts";
import { LineIndex } from "./line-index.ts";

/** YAML that can say where any JSON pointer into its data was written. */
export interface YamlSource {
  /** Where the value at `pointer` starts; the nearest existing ancestor when it does not exist. */
  locate(pointer: string, prefer?: "value" | "key"): Position;
}

export type YamlParse = { ok: true; data: unknown } | { ok: false; diagnostics: Diagnostic[] };

/**
 * Parses YAML 1.2 with the core schema, strictly: duplicate keys, tabs for indentation, unknown tags and
 * aliases are errors (aliases also make alias bombs impossible). Dates stay strings. `offset` is where the
 * YAML starts in the file, so positions refer to the file as the author sees it.
 */
const OPTIONS = {
  version: "1.2",
  schema: "core",
  strict: true,
  uniqueKeys: true,
  merge: false,
  prettyErrors: false,
} as const;

/**
 * The fast path: js-yaml, some ten times faster than `yaml`, with `yaml`'s own core-schema scalars (its tests and
 * resolvers, so that `012`, `0b1` or `Null` become what `yaml` makes of them). `yaml` stays the parser of record:
 * it parses a file again whenever the fast path refuses it or cannot be sure of it (below), so every problem is
 * reported, and located, as `yaml` sees it; test/yaml-fast-path.test.ts holds the two to the same data.
 */
const CORE_SCALARS = new Map<string, ScalarTag[]>();
/** How every core-schema null, boolean and number starts: most plain scalars are prose, and are known by it at once. */
const MAY_BE_CORE = /^(?:$|[~nNtTfF0-9+\-.])/;
for (const tag of new Schema({ schema: "core" }).tags as ScalarTag[])
  if (tag.test) CORE_SCALARS.set(tag.tag, [...(CORE_SCALARS.get(tag.tag) ?? []), tag]);
const FAST_SCHEMA = FAILSAFE_SCHEMA.extend({
  implicit: [...CORE_SCALARS].map(([name, tags]) => {
    const of = (data: string | null) =>
      MAY_BE_CORE.test(data ?? "") ? tags.find((tag) => tag.test!.test(data ?? "")) : undefined;
    return new Type(name, {
      kind: "scalar",
      resolve: (data: string | null) => of(data) !== undefined,
      construct: (data: string | null) => {
        // `yaml` gives null and booleans wrapped in a Scalar.
        const value = of(data)!.resolve(data ?? "", () => undefined, { intAsBigInt: false });
        return isScalar(value) ? value.value : value;
      },
    });
  }),
});

/**
 * What the fast path leaves to `yaml`: an anchor (and so an alias, which this project refuses, located), a tab
 * (indentation by tabs is an error js-yaml may pass), a directive, an explicit key and a sequence as a key (a
 * mapping as a key, or a sequence of two or more, js-yaml makes a key that plainKeys refuses).
 */
const ANCHOR = /(?:^|[\s[{,])&[^\s,[\]{}]/;
const DIRECTIVE_OR_EXPLICIT_KEY = /^(?:%|\?\s)/m;
// Not one led by "@" (a citation starting a folded line): no plain scalar starts with it, so both parsers refuse
// such a key where it is one.
const SEQUENCE_KEY = /(?:^[ \t]*(?:-[ \t]+)*|[{,][ \t]*)\[(?![ \t]*@)[^\]\n]*\][ \t]*:(?:\s|$)/m;

/** Whether the fast path must leave a text to `yaml`: each expression run only where its characters are there. */
function notFast(text: string): boolean {
  return (
    text.includes("\t") ||
    (text.includes("&") && ANCHOR.test(text)) ||
    ((text.includes("%") || text.includes("?")) && DIRECTIVE_OR_EXPLICIT_KEY.test(text)) ||
    (text.includes("]") && SEQUENCE_KEY.test(text))
  );
}

export function parseFast(text: string): { data: unknown } | undefined {
  if (notFast(text)) return undefined;
  let data: unknown;
  try {
    data = load(text, { schema: FAST_SCHEMA });
  } catch {
    return undefined;
  }
  return plainKeys(data) ? { data } : undefined;
}

/**
 * Whether every key is one that both parsers make the same string of: js-yaml writes a null key as "null" and a
 * collection as its elements joined by commas, where `yaml` writes "" and the collection as YAML.
 */
const UNSURE_KEY = /^(?:~|null|Null|NULL|)$|,|\[object /;
function plainKeys(value: unknown): boolean {
  if (typeof value !== "object" || value === null) return true;
  if (Array.isArray(value)) return value.every(plainKeys);
  for (const [key, inner] of Object.entries(value)) if (UNSURE_KEY.test(key) || !plainKeys(inner)) return false;
  return true;
}

export function parseYamlSource(text: string, file: string, offset: number, lines: LineIndex): YamlParse {
  const fast = parseFast(text);
  // V8 keeps a substring as a slice of its parent, so the data's strings are copied: otherwise every file's
  // whole text would stay in memory until the build ends.
  if (fast) return { ok: true, data: JSON.parse(JSON.stringify(fast.data ?? null)) as unknown };
  const document = parseDocument(text, OPTIONS);
  const at = (position: number): Position => lines.positionAt(offset + position);
  const diagnostics: Diagnostic[] = [];
  const tabbed = new Set<number>();
  let syntaxTold = false;
  for (const problem of [...document.errors, ...document.warnings]) {
    // `yaml` often names what a tab in the indentation broke ("Block scalar values in collections must be
    // indented", an implicit key on two lines) rather than the tab: a problem on such a line is the tab, said once.
    const tab = indentingTab(text, problem.pos[0]);
    if (tab !== undefined) {
      if (!tabbed.has(tab)) {
        tabbed.add(tab);
        diagnostics.push({
          code: "yaml/syntax",
          file,
          ...at(tab),
          pointer: "",
          message: "the line is indented with a tab, and YAML indents with spaces only.",
          hint: DIAGNOSTIC_CATALOGUE["yaml/syntax"].hint,
        });
      }
      continue;
    }
    const duplicate = problem.code === "DUPLICATE_KEY";
    // After a syntax error `yaml` reads the rest of the file otherwise than its author meant, and says so at every
    // line after (one indented line gave 17 problems): the first is told, where the author went wrong.
    if (!duplicate && syntaxTold) continue;
    syntaxTold ||= !duplicate;
    const code = duplicate ? "yaml/duplicate-key" : "yaml/syntax";
    const plain = duplicate ? undefined : plainSyntax(text, problem.pos[0], firstLine(problem.message));
    diagnostics.push({
      code,
      file,
      ...at(plain?.position ?? problem.pos[0]),
      pointer: "",
      message: duplicate
        ? `the key "${keyAt(text, problem.pos[0])}" appears twice in the same mapping.`
        : plain!.message,
      hint: DIAGNOSTIC_CATALOGUE[code].hint,
    });
  }
  // An alias is written *name: without a "*" in the text there is none, and the walk can be skipped.
  // One diagnostic per file: an alias bomb holds thousands, and the first says what to do.
  if (text.includes("*")) {
    const aliases: Array<{ source: string; start: number }> = [];
    visit(document, {
      Alias(_key, alias) {
        aliases.push({ source: alias.source, start: alias.range?.[0] ?? 0 });
      },
    });
    if (aliases.length > 0) {
      const first = aliases[0]!;
      const more = aliases.length > 1 ? ` (and ${aliases.length - 1} more aliases)` : "";
      diagnostics.push({
        code: "yaml/alias",
        file,
        ...at(first.start),
        pointer: "",
        message: `the alias *${first.source} repeats another value${more}.`,
        hint: DIAGNOSTIC_CATALOGUE["yaml/alias"].hint,
      });
    }
  }
  if (diagnostics.length > 0) return { ok: false, diagnostics };
  // The parsed document (every node with its source range) is far larger than the data; only a file with a
  // problem needs positions, so the document is dropped here and yamlLocator parses again if one is asked for.
  return { ok: true, data: JSON.parse(JSON.stringify(document.toJS({ maxAliasCount: 0 }))) as unknown };
}

/** Finds positions in YAML text that starts at `base` in its file, by parsing it again (once, on first use). */
export function yamlLocator(ownText: string, base: Position): YamlSource["locate"] {
  let reparsed: { document: Document; lines: LineIndex } | undefined;
  return (pointer, prefer = "value") => {
    reparsed ??= { document: parseDocument(ownText, OPTIONS), lines: new LineIndex(ownText) };
    const position = reparsed.lines.positionAt(offsetOf(reparsed.document, pointer, prefer));
    return {
      line: base.line + position.line - 1,
      column: position.line === 1 ? base.column + position.column - 1 : position.column,
    };
  };
}

function offsetOf(document: Document, pointer: string, prefer: "value" | "key"): number {
  let node: unknown = document.contents;
  let keyNode: unknown;
  let start = rangeStart(node) ?? 0;
  const segments = splitPointer(pointer);
  for (const [index, segment] of segments.entries()) {
    const last = index === segments.length - 1;
    keyNode = undefined;
    if (isMap(node)) {
      const pair = node.items.find((item) => isPair(item) && isScalar(item.key) && String(item.key.value) === segment);
      if (!pair) break;
      keyNode = pair.key;
      node = pair.value;
    } else if (isSeq(node)) {
      node = node.items[Number(segment)];
    } else {
      break;
    }
    const next = rangeStart(last && prefer === "key" && keyNode ? keyNode : node) ?? rangeStart(keyNode);
    if (next === undefined) break;
    start = next;
  }
  return start;
}

function rangeStart(node: unknown): number | undefined {
  return (node as Node | undefined)?.range?.[0];
}

/** The key written at `offset`: YAML's duplicate-key error points at the second occurrence. */
function keyAt(text: string, offset: number): string {
  const rest = text.slice(offset);
  const end = rest.search(/:(\s|$)/);
  return (end === -1 ? rest.split("\n")[0]! : rest.slice(0, end)).trim();
}

/** Where the tab is among the blanks that start the line holding `position`, if one is. */
function indentingTab(text: string, position: number): number | undefined {
  const start = text.lastIndexOf("\n", position - 1) + 1;
  const blanks = /^[ \t]*/.exec(text.slice(start, start + 256))![0];
  const tab = blanks.indexOf("\t");
  return tab < 0 ? undefined : start + tab;
}

/**
 * A syntax error in the words of the slip behind it, where the author made it: a key's colon with no space after it
 * ("name:Neat" is one word to YAML), or a line indented more than the one above (YAML reads it as part of that line's
 * value). Else `yaml`'s own message, where it stands.
 */
function plainSyntax(text: string, position: number, said: string): { position: number; message: string } {
  const close = /end with an? ([\]}])/.exec(said)?.[1];
  const opened = close === undefined ? undefined : unclosedOpener(text, position, close === "]" ? "[" : "{");
  if (opened !== undefined) {
    const open = text[opened];
    return {
      position: opened,
      message: `this "${open}" is never closed with "${close}", so YAML reads the lines after it as part of it: close it, or quote the value if the "${open}" is text (${said.replace(/\.$/, "")}).`,
    };
  }
  const start = text.lastIndexOf("\n", position - 1) + 1;
  const end = text.indexOf("\n", start);
  const line = text.slice(start, end < 0 ? text.length : end);
  const glued = GLUED_KEY.exec(line);
  if (glued) {
    const key = glued[2]!;
    return {
      position: start + glued[1]!.length + key.length,
      message: `"${key}:" has no space after its colon, so YAML reads the line as one word, not a key and its value: write "${key}: ${line.slice(glued[0].length).trim()}" (${said.replace(/\.$/, "")}).`,
    };
  }
  const next = end < 0 ? undefined : /^( *)\S/.exec(text.slice(end + 1, end + 1 + 256));
  const indent = /^ */.exec(line)![0].length;
  if (next && next[1]!.length > indent && /^ *(?:- +)?[^\s#][^:]*:(?:\s|$)/.test(line)) {
    return {
      position: end + 1 + next[1]!.length,
      message: `this line is indented ${next[1]!.length} spaces, more than the ${indent} of the key above it, so YAML reads it as part of that key's value: indent it as the keys beside it (${said.replace(/\.$/, "")}).`,
    };
  }
  return { position, message: said };
}

/**
 * Where a flow collection left open before `position` starts (YAML says so at the line after it): the last `open`
 * not closed, from the nearest line above indented no more than the line at `position`, quoted text skipped.
 */
function unclosedOpener(text: string, position: number, open: "[" | "{"): number | undefined {
  const lineStart = text.lastIndexOf("\n", position - 1) + 1;
  const indent = /^ */.exec(text.slice(lineStart))![0].length;
  let from = lineStart;
  do from = text.lastIndexOf("\n", from - 2) + 1;
  while (from > 0 && /^ */.exec(text.slice(from))![0].length > indent);
  const openers: number[] = [];
  let quote: string | undefined;
  for (let at = from; at < lineStart; at++) {
    const character = text[at]!;
    if (quote) {
      if (character === quote) quote = undefined;
    } else if ((character === '"' || character === "'") && /(?:^|[[{,:\n-])\s*$/.test(text.slice(from, at))) {
      // A quote that starts a value (an apostrophe inside a word does not).
      quote = character;
    } else if (character === "#" && /\s/.test(text[at - 1] ?? " ")) at = text.indexOf("\n", at);
    else if (character === "[" || character === "{") openers.push(at);
    else if (character === "]" || character === "}") openers.pop();
    if (at < 0) break;
  }
  const last = openers.at(-1);
  return last !== undefined && text[last] === open ? last : undefined;
}

/** A key at a line's start (after any "- ") whose colon has no space after it. */
const GLUED_KEY = /^( *(?:- +)?)([A-Za-z_][\w-]*):(?=[^\s:])/;

function firstLine(message: string): string {
  const line = message.split("\n")[0]!.trim();
  return line.endsWith(".") ? line : `${line}.`;
}
