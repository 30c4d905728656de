import type { ContentRule } from "./rule.ts";

/** An answer's inline [@id] citations and its `sources` list agree, both ways. */
export const inlineCitations: ContentRule = {
  name: "inline-citations",
  answer({ file, data }, _, report) {
    if (!file.body) return;
    const listed = new Set(data.sources);
    const cited = new Set(file.body.citedIds);
    if ([...cited].some((id) => !listed.has(id))) {
      // Each citation of an unlisted id is reported where it stands, which only now is looked up.
      for (const group of file.citationGroups()) {
        for (const id of group.ids) {
          if (listed.has(id)) continue;
          // Located in the body; the pointer names the front-matter list the id is missing from.
          report(
            file,
            "/sources",
            "citation/not-listed",
            `the body cites [@${id}] but \`sources\` does not list "${id}".`,
            undefined,
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
