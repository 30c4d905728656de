/**
 * The answer cache: each answer rendered and serialised (its own file, Markdown twin, CSV and NDJSON lines as UTF-8
 * bytes; its search terms and digests) in answers/KEY.bin, by its front matter, body digest, the titles and sources
 * it shows, the page size and the build code's version; written by the thread that rendered it (answer-entry.ts).
 * A process that builds many times (the dev loop) also keeps them in memory.
 */
import { opendir, readdir, rm } from "node:fs/promises";
import path from "node:path";
import { canonicalJson } from "../../contract/canonical-json.ts";
import type { ValidAnswer } from "../../content/load/valid-content.ts";
import { FILE_CONCURRENCY, mapConcurrently } from "../output/bounded-concurrency.ts";
import type { AnswerJob, AnswerParts, AnswerRenderContext } from "../products/answer-parts.ts";
import { restoreAnswerEntry } from "./answer-entry.ts";
import type { CacheLedger } from "./cache-ledger.ts";
import { readCheckedFile } from "./checked-file.ts";
import { sha256Of } from "../output/output-sink.ts";

export class AnswerCache {
  private usedAnswerKeys = new Set<string>();
  private storedAnswerKeys = new Set<string>();
  /**
   * Rendered answers kept in memory by key, for a process that builds again and again (the dev loop): no entry
   * file is read back and decoded. Undefined unless asked for (keep); pruned to the last build's keys.
   */
  private remembered: Map<string, AnswerParts> | undefined;
  /** Each answer's key and what it was made from, by its front matter object, with keep (planRenders). */
  private readonly planned = new WeakMap<
    object,
    {
      body: string;
      pageSize: number;
      want: boolean;
      related: ReadonlyArray<string | null>;
      sources: readonly unknown[];
      key: string;
    }
  >();

  constructor(private readonly ledger: CacheLedger) {}

  /** Keeps every rendered answer in memory from now on, as well as on disk; `false` lets go of them. */
  keep(keep: boolean): void {
    this.remembered = keep ? (this.remembered ?? new Map()) : undefined;
  }

  get keeping(): boolean {
    return this.remembered !== undefined;
  }

  /** Called as a build starts: the keys it uses start empty. */
  startBuild(): void {
    this.usedAnswerKeys = new Set();
  }

  /**
   * Each answer's key: everything its rendering reads (its front matter and its body, by the digest the content's
   * digest is made of; the titles of the answers it relates to; the register entries it cites, each hashed once)
   * and whether its resource is wanted back.
   */
  async planRenders(
    answers: readonly ValidAnswer[],
    context: AnswerRenderContext & {
      titles: ReadonlyMap<string, string>;
      /** Each answer's digest, by position (BuildFacts.answerDigests). */
      digests: Uint8Array;
    },
    wantResource: (position: number) => boolean,
  ): Promise<{ keys: string[] }> {
    const sourceDigests = new Map<unknown, string>();
    const sourceDigest = (source: unknown) => {
      let digest = sourceDigests.get(source);
      if (digest === undefined) sourceDigests.set(source, (digest = sha256Of(canonicalJson(source))));
      return digest;
    };
    const keys = answers.map(({ data, body }, position) => {
      const want = wantResource(position);
      // An answer parsed before in this process is the same object: its key is not made again when what else it
      // shows is the same too (the titles, by value; the register's entries, the same objects), compared in place.
      const known = this.planned.get(data);
      if (
        known &&
        known.body === body.digest &&
        known.pageSize === context.pageSize &&
        known.want === want &&
        known.related.length === data.related.length &&
        known.related.every((title, at) => title === (context.titles.get(data.related[at]!) ?? null)) &&
        known.sources.length === data.sources.length &&
        known.sources.every((source, at) => source === (context.register.get(data.sources[at]!) ?? null))
      )
        return known.key;
      const related = data.related.map((slug) => context.titles.get(slug) ?? null);
      const sources = data.sources.map((id) => context.register.get(id) ?? null);
      const key = sha256Of(
        [
          this.ledger.version,
          Buffer.from(context.digests.subarray(position * 32, (position + 1) * 32)).toString("hex"),
          JSON.stringify(related),
          sources.map(sourceDigest).join(" "),
          context.pageSize,
          want,
        ].join("\n"),
      );
      if (this.remembered)
        this.planned.set(data, { body: body.digest, pageSize: context.pageSize, want, related, sources, key });
      return key;
    });
    for (const key of keys) this.usedAnswerKeys.add(key);
    // The entries on disk are listed only when memory does not hold every answer.
    const stored = keys.every((key) => this.remembered?.has(key))
      ? new Set<string>()
      : new Set(
          (await readdir(path.join(this.ledger.folder, "answers")).catch(() => [] as string[])).map((name) =>
            name.replace(/\.bin$/, ""),
          ),
        );
    this.storedAnswerKeys = stored;
    return { keys };
  }

  /** Whether this key's answer is in the cache, in memory or on disk (as planRenders found it). */
  holds(key: string): boolean {
    return this.storedAnswerKeys.has(key) || this.remembered?.has(key) === true;
  }

  /**
   * The rendered answers this process holds in memory for these keys (a dev loop's unchanged answers), counted as
   * hits; undefined where it holds none, or for all without keepInMemory. Taken as they are, with no job made.
   */
  heldParts(keys: readonly string[]): Array<AnswerParts | undefined> | undefined {
    const remembered = this.remembered;
    if (!remembered) return undefined;
    const held = keys.map((key) => remembered.get(key));
    for (const parts of held) if (parts) this.ledger.stats.rendered.hits++;
    return held;
  }

  /**
   * The outputs of `jobs` (keys from planRenders): from the cache where it holds them, else from `render`, and stored
   * when `stored` says so of a job's position. Only the answers the next build cannot take from this one's output
   * are worth an entry on disk (the first page's, which are never spliced): at 10,000 answers the others' entries
   * were 281 MB written by every clean build, beside the output that holds the same bytes.
   */
  async renderAnswers(
    jobs: readonly AnswerJob[],
    keys: readonly string[],
    render: (jobs: AnswerJob[]) => Promise<AnswerParts[]>,
    stored: (position: number) => boolean,
  ): Promise<AnswerParts[]> {
    const results: AnswerParts[] = new Array(jobs.length);
    const misses: number[] = [];
    await Promise.all(
      jobs.map(async (_, at) => {
        const key = keys[at]!;
        const remembered = this.remembered?.get(key);
        if (remembered) return void (results[at] = remembered);
        if (!this.storedAnswerKeys.has(key)) return void misses.push(at);
        const read = await readCheckedFile<unknown>(this.answerFile(key), key);
        if (read.found) {
          const restored = restoreAnswerEntry(read.value, read.blobs);
          if (restored !== undefined) {
            this.remembered?.set(key, restored);
            return void (results[at] = restored);
          }
          this.ledger.note(path.join("answers", `${key}.bin`), "corrupt");
        } else if (read.rejected) this.ledger.note(path.join("answers", `${key}.bin`), read.rejected);
        misses.push(at);
      }),
    );
    misses.sort((a, b) => a - b);
    this.ledger.stats.rendered.hits += jobs.length - misses.length;
    this.ledger.stats.rendered.misses += misses.length;
    if (misses.length === 0) return results;
    // The thread that renders an answer also writes its entry (answer-entry.ts): the main thread neither
    // serialises nor writes the entries of a first build.
    const rendered = await render(
      misses.map((at) =>
        stored(jobs[at]!.position)
          ? { ...jobs[at]!, store: { file: this.answerFile(keys[at]!), key: keys[at]! } }
          : jobs[at]!,
      ),
    );
    for (const [index, at] of misses.entries()) {
      const output = rendered[index]!;
      results[at] = output;
      this.remembered?.set(keys[at]!, output);
      if (this.ledger.stats.renderedSlugs.length < 5) this.ledger.stats.renderedSlugs.push(output.slug);
    }
    return results;
  }

  private answerFile(key: string): string {
    return path.join(this.ledger.folder, "answers", `${key}.bin`);
  }

  /** Called as a complete build ends: the entries it did not use go, from memory and from the folder. */
  async finishBuild(): Promise<void> {
    if (this.remembered)
      for (const key of this.remembered.keys()) if (!this.usedAnswerKeys.has(key)) this.remembered.delete(key);
    // The folder is read as a stream, not listed whole: at 100,000 answers a list of its names was the build's
    // last 12 MiB of peak memory, and nearly every name is in use.
    const unused: string[] = [];
    const entries = await opendir(path.join(this.ledger.folder, "answers"), { bufferSize: 1024 }).catch(
      () => undefined,
    );
    if (entries)
      for await (const { name } of entries)
        if (!name.endsWith(".bin") || !this.usedAnswerKeys.has(name.slice(0, -4))) unused.push(name);
    // Best effort: an entry left behind is only disk space.
    await mapConcurrently(unused, FILE_CONCURRENCY, (name) =>
      rm(path.join(this.ledger.folder, "answers", name), { force: true }).catch(() => undefined),
    );
  }
}
