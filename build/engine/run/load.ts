import { readFileSync, type Stats } from "node:fs";
import { realpath, stat } from "node:fs/promises";
import path from "node:path";
import { DIAGNOSTIC_CATALOGUE } from "../../content/diagnostics/catalogue.ts";
import type { Diagnostic, Position } from "../../content/diagnostics/diagnostic.ts";
import {
  answerBodyOf,
  citationGroupsIn,
  locatorFor,
  stemOf,
  type CitationGroup,
  type ContentFileParse,
  type ParsedContentFile,
} from "../../content/load/content-file.ts";
import type { LocatedFile } from "../../content/load/located-file.ts";
import type { YamlSource } from "../../content/load/yaml-document.ts";
import {
  CONTENT_LAYOUT,
  describeLayout,
  layoutEntryFor,
  layoutNameFor,
  type ContentKind,
} from "../../content/load/layout.ts";
import { FILE_CONCURRENCY, mapConcurrently } from "../output/bounded-concurrency.ts";
import type { BuildCache } from "../cache/build-cache.ts";
import type { ContentFileJob } from "../../content/load/content-file.ts";
import { BUILD_TASK_SET, type BuildWorkers } from "../workers/build-tasks.ts";
import { runTask } from "../workers/worker-pool.ts";
import { shareStrings, worthSharing } from "../../content/load/shared-strings.ts";
import { type ContentWalk, type WalkedEntry, walkContent } from "../../content/load/content-walk.ts";

export type { MarkdownBody } from "../../content/load/content-file.ts";

/** Content files are hand-written; anything larger is a mistake or an attack, refused before it is read. */
const MAX_CONTENT_FILE_BYTES = 1024 * 1024;

export interface LoadOptions {
  contentDir: string;
  /** Threads to parse on, when there are enough files to be worth it. */
  workers?: BuildWorkers;
  /** Parses of files whose bytes are unchanged come from here. */
  cache?: BuildCache;
  /** The walk a dev loop keeps between builds (only what changed is looked at again); else the folder is walked afresh. */
  walk?: ContentWalk;
  /** Called once this thread has handed files to the worker threads to parse: work it can do meanwhile. */
  whileParsing?: () => void;
}

/**
 * One content file, parsed, that can say where in it any JSON pointer into its data (or an answer's citation)
 * was written. Positions are found by reading the file again when the first is asked for: only a file with a
 * problem needs any, and keeping every file's text and parse from load to the end would make memory grow with
 * the content. A class rather than an object of closures: under tsx every named closure carries its own name
 * property and shape, about 600 bytes, which at 100,000 files was a tenth of the build's memory.
 */
export class ContentFile implements LocatedFile {
  readonly kind: ContentKind;
  readonly file: string;
  readonly stem: string;
  readonly data: unknown;
  readonly body?: ParsedContentFile["body"];
  private locator: YamlSource["locate"] | undefined;

  constructor(
    parsed: ParsedContentFile,
    private readonly absolutePath: string,
  ) {
    this.kind = parsed.kind;
    this.file = parsed.file;
    this.stem = parsed.stem;
    this.data = parsed.data;
    if (parsed.body) this.body = parsed.body;
  }

  locate(pointer: string, prefer?: "value" | "key"): Position {
    this.locator ??= locatorFor(this.kind, this.file, readIfPresent(this.absolutePath));
    return this.locator(pointer, prefer);
  }

  /** An answer's `[@id]` groups with their positions; empty for other files. */
  citationGroups(): CitationGroup[] {
    return this.kind === "answer" ? citationGroupsIn(this.file, readIfPresent(this.absolutePath)) : [];
  }

  prose(): string {
    const strings: string[] = [];
    const collect = (value: unknown): void => {
      if (typeof value === "string") strings.push(value);
      else if (Array.isArray(value)) for (const item of value) collect(item);
      else if (value && typeof value === "object") for (const item of Object.values(value)) collect(item);
    };
    collect(this.data);
    if (this.kind === "answer") strings.push(answerBodyOf(this.file, readIfPresent(this.absolutePath)) ?? "");
    return strings.join("\n");
  }
}

export interface LoadedContent {
  files: ContentFile[];
  /** Files that have a place in the layout but could not be read or parsed (their problems are in diagnostics). */
  unreadable: Array<{ kind: ContentKind; file: string; stem: string }>;
  diagnostics: Diagnostic[];
}

/** Stage 1: find every file of the content folder, read it as strict UTF-8 and parse its YAML. */
export async function loadContent(options: LoadOptions): Promise<LoadedContent> {
  const contentDir = path.resolve(options.contentDir);
  const contentRoot = await realpath(contentDir);
  const entries = options.walk ? await options.walk.entries() : walkContent(contentDir);
  const found = entries.map((entry) => entry.path);
  const files: ContentFile[] = [];
  const unreadable: LoadedContent["unreadable"] = [];
  const diagnostics: Diagnostic[] = [];

  // First what the walk already knows (folders, links, the layout, sizes), then every file that passed is read
  // and parsed; results are gathered in the sorted order of the paths. An entry a kept walk gives again is
  // checked once (a link is checked every time: its target may have changed).
  const checked: CheckedEntry[] = new Array(entries.length);
  const unchecked: number[] = [];
  for (let at = 0; at < entries.length; at++) {
    const known = options.walk && CHECKED.get(entries[at]!);
    if (known) checked[at] = known;
    else unchecked.push(at);
  }
  await mapConcurrently(unchecked, FILE_CONCURRENCY, async (at) => {
    const entry = entries[at]!;
    const outcome = await checkEntry(contentDir, contentRoot, entry.path, entry.stats);
    if (options.walk && outcome && !entry.stats.isSymbolicLink()) CHECKED.set(entry, outcome);
    checked[at] = outcome;
  });
  const jobs = checked.flatMap((outcome) => (outcome && "job" in outcome ? [outcome.job] : []));
  let meanwhile = options.whileParsing;
  const share = worthSharing(jobs.length);
  const parse = (some: ContentFileJob[]) =>
    parseFiles(some, options.workers, share, () => {
      meanwhile?.();
      meanwhile = undefined;
    });
  const parsed = options.cache ? await options.cache.parses.parseFiles(jobs, parse) : await parse(jobs);
  let next = 0;
  for (const outcome of checked) {
    if (!outcome) continue;
    if ("diagnostics" in outcome) {
      diagnostics.push(...outcome.diagnostics);
      if (outcome.unreadable) unreadable.push(outcome.unreadable);
      continue;
    }
    const { job } = outcome;
    const result = parsed[next++]!;
    if ("diagnostics" in result) {
      diagnostics.push(...result.diagnostics);
      unreadable.push({ kind: job.kind, file: job.file, stem: stemOf(job.file) });
    } else {
      // The parse's copy of the path (cloned from a thread, or read from the cache) gives way to the walk's, which
      // the cache's stamps hold too: at 100,000 files a second copy of every path was some 10 MB.
      const source = result.body?.source;
      if (source && "path" in source && source.path === job.path) source.path = job.path;
      files.push(new ContentFile(result, job.path));
    }
  }

  const { hint } = DIAGNOSTIC_CATALOGUE["file/missing"];
  for (const { many, path: file } of CONTENT_LAYOUT)
    if (!many && !found.includes(file)) {
      const message = `the content folder has no ${file}.`;
      diagnostics.push({ code: "file/missing", file, line: 1, column: 1, pointer: "", message, hint });
    }
  return { files, unreadable, diagnostics };
}

/** The other names a YAML or Markdown file is saved under. */
const MISNAMED = /\.(?:ya?ml|markdown|mdown|mkdn?|md)$/i;

/** What checkEntry found of an entry a kept walk gave (a pure function of the entry, which a change replaces). */
const CHECKED = new WeakMap<WalkedEntry, CheckedEntry>();

/** A walked entry: nothing (a folder), a problem found without reading it, or a file to read and parse. */
type CheckedEntry =
  | undefined
  | { diagnostics: Diagnostic[]; unreadable?: LoadedContent["unreadable"][number] }
  | { job: ContentFileJob };

async function checkEntry(
  contentDir: string,
  contentRoot: string,
  relativePath: string,
  stats: Stats,
): Promise<CheckedEntry> {
  const absolutePath = path.join(contentDir, relativePath);
  const problem = (code: Diagnostic["code"], message: string, hint: string = DIAGNOSTIC_CATALOGUE[code].hint) => ({
    diagnostics: [{ code, file: relativePath, line: 1, column: 1, pointer: "", message, hint }],
  });
  if (stats.isDirectory()) return undefined;
  if (stats.isSymbolicLink()) {
    const target = await realpath(absolutePath).catch((error: NodeJS.ErrnoException) => error);
    if (target instanceof Error)
      return problem(
        "file/outside-content",
        target.code === "ELOOP"
          ? "the file is a symbolic link that leads back to itself."
          : "the file is a symbolic link to nothing (its target does not exist).",
      );
    if (!isInside(contentRoot, target))
      return problem("file/outside-content", "the file is a symbolic link to somewhere outside the content folder.");
  }
  // A named pipe, a socket or a device is no file to read: reading a pipe waited for a writer, and the build for ever.
  const target = stats.isSymbolicLink() ? await stat(absolutePath) : stats;
  if (!target.isFile() && !target.isDirectory()) {
    const told = problem(
      "file/unexpected",
      `the file is ${target.isFIFO() ? "a named pipe" : target.isSocket() ? "a socket" : "a device"}, not a file: it cannot be read as content.`,
      "Replace it with a file, or move it out of the content folder.",
    );
    const kind = layoutEntryFor(relativePath)?.kind;
    return kind ? { ...told, unreadable: { kind, file: relativePath, stem: stemOf(relativePath) } } : told;
  }
  const entry = layoutEntryFor(relativePath);
  if (!entry) {
    // A file in a folder of the layout with another extension: most likely misnamed.
    const named = layoutNameFor(relativePath);
    // A name another file has is not offered: display-size.md.bak, most likely a copy, would replace display-size.md.
    const taken =
      named !== undefined && (await stat(path.join(contentDir, named)).catch(() => undefined)) !== undefined;
    const told = problem(
      "file/unexpected",
      `the content layout has no place for this file; it expects ${describeLayout()}.`,
      named && !taken
        ? `If it is content, ${relativePath.split("/").length > 2 ? "move" : "rename"} it to ${named}; else move it out of the content folder, or delete it.`
        : taken
          ? `${named} is there already: if this is a copy of it, move it out of the content folder, or delete it.`
          : undefined,
    );
    // Saved as .yml or .markdown, it is that kind's file, not read: the rest of its kind waits for it and its name
    // counts as known, as for a file that does not parse, so that its absence is not told dozens of times over.
    const kind = named && MISNAMED.test(relativePath) ? layoutEntryFor(named)?.kind : undefined;
    return kind ? { ...told, unreadable: { kind, file: named!, stem: stemOf(named!) } } : told;
  }
  // A link inside the content folder is measured at its target; anything else by the walk's own lstat.
  const bytes = stats.isSymbolicLink() ? (await stat(absolutePath)).size : stats.size;
  if (bytes > MAX_CONTENT_FILE_BYTES) {
    return {
      ...problem(
        "file/too-large",
        `the file has ${bytes} bytes; the limit is ${MAX_CONTENT_FILE_BYTES} bytes (1 MiB).`,
      ),
      unreadable: { kind: entry.kind, file: relativePath, stem: stemOf(relativePath) },
    };
  }
  const found = stats.isFile()
    ? { size: stats.size, ino: stats.ino, mtimeMs: stats.mtimeMs, ctimeMs: stats.ctimeMs }
    : undefined;
  return { job: { kind: entry.kind, file: relativePath, path: absolutePath, ...(found ? { stat: found } : {}) } };
}

/**
 * Reads and parses files, in order: on the worker threads for a large content folder, in batches (one message
 * each way per 50 files costs a fifth less than one per file), else here with reads overlapping. `handedOver` is
 * called once the threads have the batches. (The shipped content, 115 files but 2 MB of YAML, measured slower on
 * threads: starting them cost more than the half second of parsing they took off this thread.)
 */
async function parseFiles(
  jobs: readonly ContentFileJob[],
  workers: BuildWorkers | undefined,
  /** Whether the parses' strings are shared (worthSharing, of all the content's files). */
  share: boolean,
  handedOver: () => void,
): Promise<ContentFileParse[]> {
  const onThreads = workers?.worthwhileFor(jobs.length) ?? false;
  const size = onThreads ? 50 : 1;
  const batches = Array.from({ length: Math.ceil(jobs.length / size) }, (_, at) =>
    jobs.slice(at * size, (at + 1) * size),
  );
  const parsing = mapConcurrently(batches, onThreads ? 8 : FILE_CONCURRENCY, (batch) =>
    runTask(BUILD_TASK_SET, workers, onThreads, "parse-content-files", batch),
  );
  if (onThreads) handedOver();
  const parses = (await parsing).flat();
  // Cloned from the threads: each one's strings are copies of their own.
  if (onThreads && share) shareStrings(parses);
  return parses;
}

/** A file gone since it was read gives line 1, column 1 rather than a crash while reporting. */
function readIfPresent(absolutePath: string): Uint8Array {
  try {
    return readFileSync(absolutePath);
  } catch {
    return new Uint8Array();
  }
}

function isInside(root: string, target: string): boolean {
  const relative = path.relative(root, target);
  return relative !== "" && !relative.startsWith("..") && !path.isAbsolute(relative);
}
