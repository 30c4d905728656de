import type { CacheStats } from "./build-cache.ts";

/** What an incremental build did again and what it reused, in a few words for its one line of output. */
export function describeReuse(stats: CacheStats): string {
  const { parsed, rendered, output } = stats;
  const slugs =
    stats.renderedSlugs.length > 0 && rendered.misses <= stats.renderedSlugs.length
      ? ` (${stats.renderedSlugs.join(", ")})`
      : "";
  return `parsed ${parsed.misses} of ${parsed.hits + parsed.misses} files, rendered ${rendered.misses} of ${rendered.hits + rendered.misses} answers${slugs}, linked ${output.linked} unchanged files, wrote ${output.written}`;
}
