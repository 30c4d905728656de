import type { ContentRule } from "./rule.ts";
import { eachCitedSource } from "./rule.ts";

/** The words an uncited entry's note opens with, and the day since which nothing cites it. */
const UNCITED_NOTE = /^(?:No longer cited|Not cited) \(\d{4}-\d{2}-\d{2}\)/;

/**
 * A source that no answer, profile, evidence record or the disclosure cites says so, with the day, at the start of
 * its note: the register is read as the list of what the data rests on, and an entry that supports nothing must not
 * pass for one that does. (The claim audit's citations do not count: it records what was checked, not what is said.)
 */
export const uncitedSourcesSayWhy: ContentRule = {
  name: "uncited-sources-say-why",
  readsAnswers: true,
  check(input, report) {
    if (!input.sources) return;
    const cited = new Set<string>();
    for (const { data } of input.answers) for (const id of data.sources) cited.add(id);
    eachCitedSource(input, (file, id) => {
      if (file.kind !== "audit") cited.add(id);
    });
    const { file, data } = input.sources;
    for (const [index, source] of data.sources.entries()) {
      if (cited.has(source.id) || UNCITED_NOTE.test(source.note ?? "")) continue;
      report(
        file,
        source.note === undefined ? `/sources/${index}` : `/sources/${index}/note`,
        "reference/uncited-source",
        `nothing in the answers, the directory, the evidence register or the disclosure cites "${source.id}", and its note does not say so.`,
      );
    }
  },
};
