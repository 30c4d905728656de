import type { Source } from "../../content/load/types.ts";

/** Resolves source ids to register entries, each once, in order of first citation. */
export function resolveSources(register: ReadonlyMap<string, Source>, ids: Iterable<string>): Source[] {
  const resolved: Source[] = [];
  const seen = new Set<string>();
  for (const id of ids) {
    if (seen.has(id)) continue;
    seen.add(id);
    const source = register.get(id);
    // Validation guarantees every cited id exists; a miss here is a bug in the build, not in the content.
    if (!source) throw new Error(`source ${id} vanished after validation`);
    resolved.push(source);
  }
  return resolved;
}
