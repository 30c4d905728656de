import { isAfterDate } from "../load/partial-dates.ts";
import type { Source } from "../load/types.ts";
import type { ContentRule } from "./rule.ts";
import { eachCitedSource } from "./rule.ts";

/**
 * A claim cannot rest on a source read (or published) after the claim was checked. Each kind of content says
 * when its claims were checked: an answer by its `reviewed` date, an audit entry by its `checked` date (what its outward search found, by the search's date), a
 * supplier's recorded search by its `searched` date, and the rest of the directory, the evidence register and
 * the disclosure by the methodology date they are published under. Unknown ids are known-references' to report.
 */
export const sourcesReadByClaimDate: ContentRule = {
  name: "sources-read-by-claim-date",
  reads: ["reviewed", "sources"],
  answer({ file, data }, input, report) {
    if (!input.sources) return;
    const register = registerOf(input.sources.data);
    for (const [index, id] of data.sources.entries()) {
      const why = late(register, id, data.reviewed);
      if (why)
        report(
          file,
          `/sources/${index}`,
          "citation/after-claim-date",
          `${why}, after this answer was reviewed (${data.reviewed}).`,
          "Review the answer against the source again and set `reviewed` to the day of that review, or cite a source read by the day it was reviewed.",
        );
    }
  },
  check(input, report) {
    if (!input.sources) return;
    const register = registerOf(input.sources.data);

    for (const { file, data } of input.audit) {
      for (const [index, entry] of data.entries.entries()) {
        for (const [at, id] of entry.sources.entries()) {
          const why = late(register, id, entry.checked);
          if (why)
            report(
              file,
              `/entries/${index}/sources/${at}`,
              "citation/after-claim-date",
              `${why}, after this claim was checked (${entry.checked}).`,
              "Set `checked` to the day the claim was checked against this source, or check it against a source read by then.",
            );
        }
        for (const [at, id] of (entry.outward?.sources ?? []).entries()) {
          const why = late(register, id, entry.outward!.searched);
          if (why)
            report(
              file,
              `/entries/${index}/outward/sources/${at}`,
              "citation/after-claim-date",
              `${why}, after the outward search was made (${entry.outward!.searched}).`,
              "Set `searched` to the day the search found this source, or list only what it found by then.",
            );
        }
      }
    }

    for (const { file, data } of input.suppliers) {
      for (const [area, search] of Object.entries(data.searches)) {
        for (const [at, id] of search.found.entries()) {
          const why = late(register, id, search.searched);
          if (why)
            report(
              file,
              `/searches/${area}/found/${at}`,
              "citation/after-claim-date",
              `${why}, after this search was made (${search.searched}).`,
              "Set `searched` to the day the search found this source, or list only what it found by then.",
            );
        }
      }
    }

    if (!input.disclosure) return;
    const date = input.disclosure.data.methodology_date;
    eachCitedSource(input, (file, id, list, at) => {
      const dated = file.kind === "supplier" || file.kind === "evidence" || file.kind === "disclosure";
      if (!dated || list.startsWith("/searches/")) return;
      const why = late(register, id, date);
      if (why)
        report(
          file,
          `${list}${at}`,
          "citation/after-claim-date",
          `${why}, after the methodology date (${date}) that the directory, the evidence register and the disclosure are published under.`,
        );
    });
  },
};

/** Why a source was read or published after a date, or undefined when it was not (or is not in the register). */
function late(register: ReadonlyMap<string, Source>, id: string, date: string): string | undefined {
  const source = register.get(id);
  if (!source) return undefined;
  if (isAfterDate(source.accessed, date)) return `"${id}" was read ${source.accessed}`;
  if (source.published && isAfterDate(source.published, date)) return `"${id}" is dated ${source.published}`;
  return undefined;
}

/** The register by id, made once per register (each answer's check asks). */
const registers = new WeakMap<object, Map<string, Source>>();

function registerOf(register: { sources: Source[] }): Map<string, Source> {
  let byId = registers.get(register);
  if (!byId) registers.set(register, (byId = new Map(register.sources.map((source) => [source.id, source]))));
  return byId;
}
