import { isMap, isPair, isScalar, isSeq, parseDocument, visit, type Document, type Node } from "yaml";
import type { Diagnostic, Position } from "../diagnostics/diagnostic.ts";
import { DIAGNOSTIC_CATALOGUE } from "../diagnostics/catalogue.ts";
import { joinPointer, splitPointer } from "../diagnostics/diagnostic.ts";
import { LineIndex } from "./line-index.ts";
import { parseYamlSubset } from "./yaml-subset.ts";

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

export function parseYamlSource(text: string, file: string, offset: number, lines: LineIndex): YamlParse {
  // The fast path's strings are its own already (see own() there).
  const fast = parseYamlSubset(text);
  if (fast) return { ok: true, data: fast.data };
  const document = parseDocument(text, OPTIONS);
  const at = (position: number): Position => lines.positionAt(offset + position);
  const diagnostics: Diagnostic[] = [];
  const tabbed = new Set<number>();
  let syntaxTold = false;
  // A key read twice after a syntax error is most often the error's doing (a tab's line read as the next entry's).
  const firstSyntax = Math.min(
    ...[...document.errors, ...document.warnings]
      .filter((problem) => problem.code !== "DUPLICATE_KEY")
      .map((problem) => problem.pos[0]),
  );
  for (const problem of [...document.errors, ...document.warnings]) {
    // `yaml` often names what a tab in the indentation broke ("Block scalar values in collections must be
    // indented", an implicit key on two lines) rather than the tab: a problem on such a line is the tab, said once.
    const tab = indentingTab(text, problem.pos[0]);
    if (tab !== undefined) {
      // What YAML says after it is read through the tab (the lines below, at their right column, said misaligned).
      syntaxTold = true;
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
    if (duplicate && problem.pos[0] > firstSyntax) continue;
    // After a syntax error `yaml` reads the rest of the file otherwise than its author meant, and says so at every
    // line after (one indented line gave 17 problems): the first is told, where the author went wrong.
    if (!duplicate && syntaxTold) continue;
    syntaxTold ||= !duplicate;
    const code = duplicate ? "yaml/duplicate-key" : "yaml/syntax";
    const plain = duplicate
      ? undefined
      : problem.code === "MULTIPLE_DOCS"
        ? secondDocument(text, problem.pos[0])
        : plainSyntax(text, problem.pos[0], firstLine(problem.message));
    const twice = duplicate ? duplicateKey(document.contents, problem.pos[0], []) : undefined;
    diagnostics.push({
      code,
      file,
      ...at(plain?.position ?? problem.pos[0]),
      pointer: twice ? joinPointer(...twice.segments) : "",
      message: duplicate
        ? `the key "${keyAt(text, problem.pos[0])}" appears twice in the same mapping${twice ? ` (first on line ${at(twice.first).line})` : ""}.`
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
  // A list or mapping as a key: told here, where it stands, before toJS would warn on stderr, unlocated.
  if (diagnostics.length === 0)
    visit(document, {
      Pair(_key, pair) {
        if (!isMap(pair.key) && !isSeq(pair.key)) return;
        diagnostics.push({
          code: "yaml/syntax",
          file,
          ...at(pair.key.range?.[0] ?? 0),
          pointer: "",
          message: "this key is a list or a mapping (a YAML complex key); a key here is a word, such as `name:`.",
          hint: DIAGNOSTIC_CATALOGUE["yaml/syntax"].hint,
        });
        return visit.BREAK;
      },
    });
  if (diagnostics.length > 0) return { ok: false, diagnostics };
  // The parsed document (every node with its source range) is far larger than the data; only a file with a
  // problem needs positions, so the document is dropped here and yamlLocator parses again if one is asked for.
  // V8 keeps a substring as a slice of its parent, so the data's strings are copied: otherwise every file's
  // whole text would stay in memory until the build ends.
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

/** The path to the key written second at `offset`, and where the first of the two was written. */
function duplicateKey(
  node: unknown,
  offset: number,
  segments: string[],
): { segments: string[]; first: number } | undefined {
  const within = (child: unknown) => {
    const range = (child as Node | null)?.range;
    return range != null && range[0] <= offset && offset < range[2];
  };
  if (isMap(node)) {
    for (const pair of node.items) {
      if (!isScalar(pair.key)) continue;
      const key = String(pair.key.value);
      if (pair.key.range?.[0] === offset) {
        // The pair itself matches if no earlier one does.
        const first = node.items.find((other) => isScalar(other.key) && String(other.key.value) === key)!;
        return { segments: [...segments, key], first: (first.key as Node).range?.[0] ?? offset };
      }
      if (within(pair.value)) return duplicateKey(pair.value, offset, [...segments, key]);
    }
  } else if (isSeq(node)) {
    const index = node.items.findIndex(within);
    if (index >= 0) return duplicateKey(node.items[index], offset, [...segments, String(index)]);
  }
  return undefined;
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
  // `yaml` reads nested collections by recursion, and thousands of "[" run it out of stack where it stopped.
  if (said.startsWith("Maximum call stack size exceeded"))
    return {
      position,
      message:
        'the value nests lists or mappings too deeply for YAML to read (thousands of "[" or "{" inside each other): content nests them a few levels at most; quote the value if the brackets are text.',
    };
  const close = /end with an? ([\]}])/.exec(said)?.[1];
  const opened = close === undefined ? undefined : unclosedOpener(text, position, close === "]" ? "[" : "{");
  if (opened !== undefined) {
    const open = text[opened];
    return {
      position: opened,
      message: `this "${open}" is never closed with "${close}", so YAML reads the lines after it as part of it: close it, or quote the value if the "${open}" is text (${said.replace(/\.$/, "")}).`,
    };
  }
  // YAML says a quote is never closed where it gave up, at the end: a quoted value that runs to the end holds no quote
  // of its kind (a single-quoted one may hold '' for one), so its opening quote is the last of its kind before that.
  const quote = /^Missing closing (["'])quote/.exec(said)?.[1];
  if (quote !== undefined) {
    let opened = text.lastIndexOf(quote, position - 1);
    while (quote === "'" && opened > 0 && text[opened - 1] === "'") opened = text.lastIndexOf(quote, opened - 2);
    if (opened >= 0)
      return {
        position: opened,
        message: `this ${quote} is never closed, so YAML reads the rest of the file as one value: close it where the value ends (${said.replace(/\.$/, "")}).`,
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
  const indent = /^ */.exec(line)![0].length;
  const key = KEY_LINE.exec(line)?.[1];
  // A key out of line with the keys beside it (its item's, under the first after "- ", or its mapping's first): told
  // at it, not at the line after, which may be the one in line.
  const first = key === undefined ? undefined : firstKey(text, start, indent);
  const beside = first?.column;
  if (first !== undefined && beside !== indent) {
    // The mapping's first key may be the one out of line (the slip an author makes, moving one line), which YAML
    // tells at the next: when every key after it stands where this one does, it is told at that first key.
    const firstLine = text.slice(first.start, text.indexOf("\n", first.start));
    const firstName = KEY_LINE.exec(firstLine)?.[1];
    if (firstName !== undefined && first.alone && keysAfterStandAt(text, end, indent, beside!))
      return {
        position: first.start + beside!,
        message: `"${firstName}" is indented ${spaces(beside!)}, but the keys after it stand at ${indent}: indent it as they are (${said.replace(/\.$/, "")}).`,
      };
    return {
      position: start + indent,
      message: `"${key}" is indented ${spaces(indent)}, but the keys beside it stand at ${beside}: indent it as they are (${said.replace(/\.$/, "")}).`,
    };
  }
  if (key !== undefined && said.startsWith("All mapping items must start at the same column"))
    return {
      position: start + indent,
      message: `"${key}" is indented ${spaces(indent)}, out of line with the keys around it: every key of one mapping starts at the same column (the file's own keys at the start of the line, an item's under its first key after "- "), so indent it as the keys it belongs with (${said.replace(/\.$/, "")}).`,
    };
  // `yaml` tells a slip in a key's value where the value starts, or where it stopped reading it: the value of the line's key.
  const valueAt = start + (/^ *(?:- +)?[^\s#'"][^:]*:\s+/.exec(line)?.[0].length ?? position - start);
  const slip = valueSlip(text, valueAt, line.slice(valueAt - start), end, said.replace(/\.$/, ""));
  if (slip) return slip;
  const next = end < 0 ? undefined : /^( *)\S/.exec(text.slice(end + 1, end + 1 + 256));
  if (next && next[1]!.length > indent && /^ *(?:- +)?[^\s#][^:]*:(?:\s|$)/.test(line)) {
    return {
      position: end + 1 + next[1]!.length,
      message: `this line is indented ${next[1]!.length} spaces, more than the ${indent} of the key above it, so YAML reads it as part of that key's value: indent it as the keys beside it (${said.replace(/\.$/, "")}).`,
    };
  }
  return { position, message: said };
}

/** A line that is a key (and its value): the key, in its group. */
const KEY_LINE = /^ *([^\s#-][^:]*):(?:\s|$)/;

const spaces = (count: number) => `${count} space${count === 1 ? "" : "s"}`;

/**
 * The first key beside the key line starting at `start` (indented `indent`), as the lines above show it: its column and
 * where its line starts, the
 * first key of the item it is in (after "- "), or the first line under the key it belongs to when that is a key;
 * undefined when it is that first line itself, when that is a list's item (the key may belong further out), or
 * nothing above says.
 */
function firstKey(
  text: string,
  start: number,
  indent: number,
): { column: number; start: number; alone: boolean } | undefined {
  let first: { column: number; start: number } | undefined;
  // The columns of the key lines between it and this one: whether the first key is the only one at its column.
  const keys: number[] = [];
  for (let end = start - 1; end > 0; ) {
    const from = text.lastIndexOf("\n", end - 1) + 1;
    const above = text.slice(from, end);
    end = from - 1;
    if (/^\s*(?:#|$)/.test(above)) continue;
    const own = /^ */.exec(above)![0].length;
    if (own < indent) {
      const item = /^( *- +)[^\s#-][^:]*:(?:\s|$)/.exec(above);
      if (item) return { column: item[1]!.length, start: from, alone: false };
      return first && { ...first, alone: keys.filter((column) => column === first!.column).length === 1 };
    }
    if (KEY_LINE.test(above)) keys.push(own);
    first = /^ *- /.test(above) ? undefined : { column: own, start: from };
  }
  return undefined;
}

/** Whether the keys after the line ending at `end`, in its mapping, all stand at `indent` (one at least), none at `other`. */
function keysAfterStandAt(text: string, end: number, indent: number, other: number): boolean {
  let seen = 0;
  for (let from = end + 1; from > 0 && from < text.length; ) {
    const to = text.indexOf("\n", from);
    const line = text.slice(from, to < 0 ? text.length : to);
    from = to < 0 ? -1 : to + 1;
    if (/^\s*(?:#|$)/.test(line)) continue;
    const own = /^ */.exec(line)![0].length;
    if (own < Math.min(indent, other)) break;
    if (!KEY_LINE.test(line)) continue;
    if (own === other) return false;
    if (own === indent) seen++;
  }
  return seen > 0;
}

/**
 * A slip inside the value starting at `position` (its text to the line's end is `value`): a quote closing a quoted
 * value early ('Neat's policy'), or a ": " in a plain value, on its line or on a line it runs on over, which YAML
 * reads as a key. `yaml` says so where the value starts, in words of its own parser.
 */
function valueSlip(text: string, position: number, value: string, end: number, said: string) {
  const quote = value[0];
  if (quote === "'" || quote === '"') {
    const closing = new RegExp(quote === "'" ? "'(?!')" : '(?<!\\\\)"', "g");
    closing.lastIndex = 1;
    // A '' inside single quotes is one quote: skip each pair.
    let close = closing.exec(value);
    while (quote === "'" && close && value[close.index - 1] === "'" && close.index > 1) close = closing.exec(value);
    const after = close ? value.slice(close.index + 1).trim() : "";
    if (close && after !== "" && !after.startsWith("#"))
      return {
        position: position + close.index,
        message: `this ${quote} closes the quoted value, and YAML cannot read what follows it: ${quote === "'" ? "inside single quotes write an apostrophe twice ('')" : 'inside double quotes write \\" for a quote'}, or quote the value with the other kind of quote (${said}).`,
      };
    return undefined;
  }
  // The value's own line, then the lines it runs on over (indented more than the line it starts on).
  const indent = /^ */.exec(text.slice(text.lastIndexOf("\n", position - 1) + 1))![0].length;
  let from = position;
  let to = end < 0 ? text.length : end;
  for (;;) {
    const colon = /:(?=\s|$)/.exec(text.slice(from, to));
    if (colon)
      return {
        position: from + colon.index,
        message: `this ": " inside an unquoted value makes YAML read the words before it as a key: put the whole value in quotes (single quotes, with '' for an apostrophe), or write the colon otherwise (${said}).`,
      };
    if (to >= text.length) return undefined;
    const next = text.indexOf("\n", to + 1);
    const line = text.slice(to + 1, next < 0 ? text.length : next);
    // A line indented no more, or one that is a key of its own, is not the value's.
    if (/^ */.exec(line)![0].length <= indent || /^ *(?:- +)?[A-Za-z_][\w-]*:(?:\s|$)/.test(line)) return undefined;
    [from, to] = [to + 1, next < 0 ? text.length : next];
  }
}

/**
 * A second document in one file (`yaml` says "please use YAML.parseAllDocuments()"): the marker line that starts it,
 * "---", or "..." that ends the first, the last such line at or before where `yaml` stopped.
 */
function secondDocument(text: string, position: number): { position: number; message: string } {
  const lineEnd = text.indexOf("\n", position);
  const marker = [...text.slice(0, lineEnd < 0 ? text.length : lineEnd).matchAll(/^(---|\.\.\.)(?=\s|$)/gm)].at(-1);
  const what = marker?.[1] === "..." ? `"..." ends the YAML document there` : `"---" starts a second YAML document`;
  return {
    position: marker?.index ?? position,
    message: `${what}, and a content file holds one document: remove the line.`,
  };
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
