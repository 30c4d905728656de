import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { type Document, isMap, isScalar, isSeq, LineCounter, parseDocument } from "yaml";
import { dueOn, type OutwardClaim, outwardClaims } from "../content/load/outward-claims.ts";
import { projectRoot } from "../content/load/project.ts";
import type { AuditContent } from "../content/load/types.ts";
import { loadSchemaRegistry } from "../content/schemas/schema-registry.ts";
import { commandArguments, isMainModule } from "../content/load/command-line.ts";

/**
 * `npm run stale [-- --on YYYY-MM-DD] [--content DIR]`: the claims of absence or of a pending event whose outward
 * search is due on that day (today by default), a line each: where the claim stands, the claim in short, when it
 * was last searched, when that search expired and where its record is, to renew. Always exits 0 when it could read
 * the audit: a date is a reminder, never a failure. An audit file that does not pass its schema is named; `npm run
 * build` says why.
 */
const SHORT = 90;

export function staleLines(
  claims: readonly OutwardClaim[],
  day: string,
  /** Where each claim's search is recorded (its audit file and the line of its `outward`), where known. */
  records = new Map<OutwardClaim, string>(),
): string[] {
  const due = dueOn(claims, day).sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
  const short = (text: string) => {
    const flat = text.replace(/\s+/g, " ").trim();
    if (flat.length <= SHORT) return flat;
    // Not cut inside a date: the date a claim's text gives is what an editor compares with the search's.
    let cut = SHORT - 1;
    for (const date of flat.matchAll(/\d{4}-\d{2}(?:-\d{2})?/g))
      if (date.index < cut && date.index + date[0].length > cut) cut = date.index + date[0].length;
    return `${flat.slice(0, cut)}…`;
  };
  return [
    ...due.map((claim) => {
      const { file, line, claim: text, outward } = claim;
      const record = records.get(claim);
      return `content/${file}:${line}: ${short(text)} (${outward.kind}; searched ${outward.searched}, expired ${outward.expires}${record ? `; its search: ${record}` : ""})`;
    }),
    `stale: ${due.length} of ${claims.length} claims searched outward are due on ${day}${due.length > 1 ? `, resting on ${searches(due)} (a search shared by several claims, made again, renews them all)` : ""}.`,
  ];
}

/** How many searches the claims rest on: one made on a day with the same words in the same places is one search. */
function searches(claims: readonly OutwardClaim[]): string {
  const count = new Set(claims.map(({ outward }) => JSON.stringify([outward.searched, outward.queries, outward.where])))
    .size;
  return `${count} search${count === 1 ? "" : "es"}`;
}

/** Where each entry's search is recorded in an audit file: the line of its `outward` key, entry by entry. */
function outwardLines(document: Document, counter: LineCounter): Array<number | undefined> {
  const entries = document.get("entries", true);
  if (!isSeq(entries)) return [];
  return entries.items.map((entry) => {
    const pair = isMap(entry) ? entry.items.find(({ key }) => isScalar(key) && key.value === "outward") : undefined;
    const offset = isScalar(pair?.key) ? pair.key.range?.[0] : undefined;
    return offset === undefined ? undefined : counter.linePos(offset).line;
  });
}

/**
 * The line a quoted claim starts on in its file's text now: the audit's `line` is where it stood when checked, and
 * moves as lines are added above it. Its first words, as the file writes them (across a line break too), nearest
 * the recorded line; the recorded line when they are not found (Markdown marks inside them, say).
 */
export function lineNow(text: string, claim: string, recorded: number): number {
  const words = claim.split(/\s+/).filter(Boolean).slice(0, FIRST_WORDS);
  if (words.length === 0) return recorded;
  const pattern = new RegExp(words.map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("\\s+"), "g");
  let best = recorded;
  let distance = Number.POSITIVE_INFINITY;
  for (const match of text.matchAll(pattern)) {
    const line = text.slice(0, match.index).split("\n").length;
    if (Math.abs(line - recorded) < distance) [best, distance] = [line, Math.abs(line - recorded)];
  }
  return best;
}
const FIRST_WORDS = 6;

async function main(): Promise<number> {
  const { values } = commandArguments(
    "stale",
    [
      "usage: npm run stale [-- --on YYYY-MM-DD] [--content DIR]",
      "Lists the claims of absence or of a pending event whose outward search is due on that day (today by default),",
      "each with where its search is recorded; README.md says what to change when one is searched again.",
    ].join("\n"),
    {
      on: { type: "string", default: new Date().toISOString().slice(0, 10) },
      content: { type: "string", default: path.join(projectRoot(), "content") },
    },
  );
  const day = values.on!;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || new Date(Date.parse(day) || 0).toISOString().slice(0, 10) !== day) {
    process.stderr.write(`stale: --on takes a date as YYYY-MM-DD (got "${day}").\n`);
    return 2;
  }
  const folder = path.join(values.content!, "audit");
  const validate = (await loadSchemaRegistry()).validator<AuditContent>("content-audit.schema.json");
  const records = new Map<OutwardClaim, string>();
  const names = await readdir(folder).catch(() => undefined);
  if (!names) {
    process.stderr.write(
      `stale: there is no folder ${folder} (--content names the content folder; content/ by default).\n`,
    );
    return 2;
  }
  for (const name of names.filter((name) => name.endsWith(".yaml")).sort()) {
    const counter = new LineCounter();
    const document = parseDocument(await readFile(path.join(folder, name), "utf8"), { lineCounter: counter });
    let data: unknown;
    try {
      // Not YAML: said as a file that does not pass, below.
      if (document.errors.length === 0) data = document.toJS();
    } catch {
      // Nor YAML a value can be made of (an alias to nothing).
    }
    if (validate(data)) {
      // Its claims searched outward, in the order of its entries that have a search.
      const lines = outwardLines(document, counter).filter((_line, at) => data.entries[at]?.outward !== undefined);
      for (const [at, claim] of outwardClaims([{ data }]).entries())
        records.set(claim, `content/audit/${name}${lines[at] === undefined ? "" : `:${lines[at]}`}`);
    } else
      process.stderr.write(
        `stale: content/audit/${name} does not pass its schema (npm run build says why); skipped.\n`,
      );
  }
  const claims = [...records.keys()];
  const texts = new Map<string, Promise<string>>();
  for (const claim of dueOn(claims, day)) {
    if (!texts.has(claim.file))
      texts.set(
        claim.file,
        readFile(path.join(values.content!, claim.file), "utf8").catch(() => ""),
      );
    claim.line = lineNow(await texts.get(claim.file)!, claim.claim, claim.line);
  }
  process.stdout.write(`${staleLines(claims, day, records).join("\n")}\n`);
  return 0;
}

// exitCode, not exit(): a piped stdout of several hundred lines would be cut off by exit() before it drains.
if (isMainModule(import.meta.url))
  main().then((code) => {
    process.exitCode = code;
  });
