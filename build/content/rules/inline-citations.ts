import { mistypedId } from "../../contract/edit-distance.ts";
import { bodyCutShort, type ContentRule, registerRead } from "./rule.ts";

/** An answer's inline [@id] citations and its `sources` list agree, both ways. */
export const inlineCitations: ContentRule = {
  name: "inline-citations",
  reads: ["sources"],
  answer({ file, data }, input, report) {
    if (!file.body) return;
    const listed = new Set(data.sources);
    const cited = new Set(file.body.citedIds);
    // A listed id that a mistyped citation most likely meant is cited, as far as its author knows: its "unused" would
    // be the typo's echo, which the typo's own problem names (the editor's audit).
    const meantIds = new Set<string>();
    // So is one written without its "@" or its brackets ("[id]", "@id"), which citation/malformed tells.
    for (const { ids } of file.body.marks.bareIds)
      if (ids.every((id) => input.known.sources.has(id))) for (const id of ids) meantIds.add(id);
    if ([...cited].some((id) => !listed.has(id))) {
      // Each citation of an unlisted id is reported where it stands, which only now is looked up.
      for (const group of file.citationGroups()) {
        for (const id of group.ids) {
          if (listed.has(id)) continue;
          // Located in the body; the pointer names the front-matter list the id is missing from. An id the register
          // does not hold either is most likely mistyped: adding it to `sources` would not help.
          const readable = registerRead(input);
          const registered = !readable || input.known.sources.has(id);
          // While the register cannot be read, a typo of an id the answer lists is still offered that id.
          const meant = !readable
            ? mistypedId(id, data.sources)
            : registered
              ? undefined
              : mistypedId(id, [...data.sources, ...input.known.sources]);
          if (meant) meantIds.add(meant);
          report(
            file,
            "/sources",
            "citation/not-listed",
            registered
              ? `the body cites [@${id}] but \`sources\` does not list "${id}".`
              : `the body cites [@${id}], which is in neither \`sources\` nor sources.yaml.`,
            registered
              ? meant
                ? `Did you mean [@${meant}], which \`sources\` lists? Else add the id to \`sources\`.`
                : undefined
              : `${meant ? `Did you mean [@${meant}]? ` : ""}Cite an id of content/sources.yaml, and list it in \`sources\`.`,
            group.position,
          );
        }
      }
    }
    if (bodyCutShort(file)) return;
    for (const [index, id] of data.sources.entries()) {
      if (!cited.has(id) && !meantIds.has(id))
        report(file, `/sources/${index}`, "citation/unused", `"${id}" is listed but the body never cites [@${id}].`);
    }
  },
};
