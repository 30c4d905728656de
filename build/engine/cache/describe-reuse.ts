import type { CacheStats } from "./build-cache.ts";

/** What an incremental build did again and what it reused, in a few words for its one line of output. */
export function describeReuse(stats: CacheStats): string {
  return `${describeWork(stats)}, ${describeOutput(stats)}`;
}

/** What it parsed and rendered again, of how many. */
export function describeWork(stats: CacheStats): string {
  const { parsed, rendered } = stats;
  const slugs =
    stats.renderedSlugs.length > 0 && rendered.misses <= stats.renderedSlugs.length
      ? ` (${stats.renderedSlugs.join(", ")})`
      : "";
  return `parsed ${parsed.misses} of ${parsed.hits + parsed.misses} files, rendered ${rendered.misses} of ${rendered.hits + rendered.misses} answers${slugs}`;
}

/** What it linked from the previous output and what it wrote. */
export function describeOutput(stats: CacheStats): string {
  const spliced = stats.rendered.replayed > 0 ? `, spliced ${stats.rendered.replayed} answers from it` : "";
  return `linked ${stats.output.linked} unchanged files${spliced}, wrote ${stats.output.written}`;
}
