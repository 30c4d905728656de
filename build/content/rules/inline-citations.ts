import { editDistance } from "../../contract/edit-distance.ts";
import type { ContentRule } from "./rule.ts";

/** An answer's inline [@id] citations and its `sources` list agree, both ways. */
export const inlineCitations: ContentRule = {
  name: "inline-citations",
  answer({ file, data }, input, report) {
    if (!file.body) return;
    const listed = new Set(data.sources);
    const cited = new Set(file.body.citedIds);
    if ([...cited].some((id) => !listed.has(id))) {
      // Each citation of an unlisted id is reported where it stands, which only now is looked up.
      for (const group of file.citationGroups()) {
        for (const id of group.ids) {
          if (listed.has(id)) continue;
          // Located in the body; the pointer names the front-matter list the id is missing from. An id the register
          // does not hold either is most likely mistyped: adding it to `sources` would not help.
          const registered = !input.sources || input.known.sources.has(id);
          const meant = registered ? undefined : likeliest(id, [...data.sources, ...input.known.sources]);
          report(
            file,
            "/sources",
            "citation/not-listed",
            registered
              ? `the body cites [@${id}] but \`sources\` does not list "${id}".`
              : `the body cites [@${id}], which is in neither \`sources\` nor sources.yaml.`,
            registered
              ? undefined
              : `${meant ? `Did you mean [@${meant}]? ` : ""}Cite an id of content/sources.yaml, and list it in \`sources\`.`,
            group.position,
          );
        }
      }
    }
    for (const [index, id] of data.sources.entries()) {
      if (!cited.has(id))
        report(file, `/sources/${index}`, "citation/unused", `"${id}" is listed but the body never cites [@${id}].`);
    }
  },
};

/**
 * The id a mistyped one most likely meant: the nearest by edit distance (a third of its length at most), else the one
 * sharing the longest start with it (at least four characters); the answer's own listed first, which wins a tie.
 */
function likeliest(id: string, ids: readonly string[]): string | undefined {
  let nearest: string | undefined;
  let distance = Math.max(1, Math.floor(id.length / 3));
  for (const candidate of ids) {
    const apart = editDistance(id, candidate, distance);
    if (apart < distance || (apart === distance && nearest === undefined)) [nearest, distance] = [candidate, apart];
  }
  if (nearest !== undefined) return nearest;
  let best: string | undefined;
  let shared = 3;
  for (const candidate of ids) {
    let length = 0;
    while (length < id.length && id.charCodeAt(length) === candidate.charCodeAt(length)) length++;
    if (length > shared) [best, shared] = [candidate, length];
  }
  return best;
}
