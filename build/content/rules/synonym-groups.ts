import { inflectionStem } from "../../contract/inflection.ts";
import { isStopWord } from "../../contract/stop-words.ts";
import type { ContentRule } from "./rule.ts";

/**
 * A word of the synonyms is in one group: in two, a query of it would join words the groups keep apart (a group is
 * the set of words that mean the same thing). A stop word of q stands in a group only when the group lists it under
 * `stop_words` too: no query asks for one, but in a group it makes every answer that says it match the group's other
 * words ("the" beside mic matched all 20 answers), which is right only where the answers use it for that thing.
 */
export const synonymGroups: ContentRule = {
  name: "synonym-groups",
  check(input, report) {
    if (!input.synonyms) return;
    const { file, data } = input.synonyms;
    const firstGroup = new Map<string, number>();
    const firstStem = new Map<string, { group: number; word: string }>();
    data.groups.forEach((group, index) => {
      const meant = group.stop_words ?? [];
      group.words.forEach((word, at) => {
        if (isStopWord(word) && !meant.includes(word)) {
          const others = group.words.filter((other) => other !== word);
          const either = others.length > 1 ? `${others.slice(0, -1).join(", ")} or ${others.at(-1)}` : others[0];
          report(
            file,
            `/groups/${index}/words/${at}`,
            "synonyms/stop-word",
            `"${word}" is a stop word of q: no query asks for it, yet in this group a query of ${either} would find every answer that says "${word}".`,
          );
        }
        const earlier = firstGroup.get(word);
        if (earlier === undefined) firstGroup.set(word, index);
        else {
          report(
            file,
            `/groups/${index}/words/${at}`,
            "synonyms/repeated-word",
            `"${word}" is already in the group on line ${file.locate(`/groups/${earlier}`).line} (${data.groups[earlier]!.words.join(", ")}).`,
          );
          return;
        }
        // A query word matches its inflections: a word sharing its stem with another group's (mics, mic) joins them.
        const stem = inflectionStem(word) ?? word;
        const stemmed = firstStem.get(stem);
        if (stemmed === undefined) firstStem.set(stem, { group: index, word });
        else if (stemmed.group !== index)
          report(
            file,
            `/groups/${index}/words/${at}`,
            "synonyms/repeated-word",
            `"${word}" and "${stemmed.word}" (the group on line ${file.locate(`/groups/${stemmed.group}`).line}: ${data.groups[stemmed.group]!.words.join(", ")}) are one word to q, which matches a word's inflections: a query of either would join the two groups.`,
          );
      });
      meant.forEach((word, at) => {
        if (!group.words.includes(word) || !isStopWord(word))
          report(
            file,
            `/groups/${index}/stop_words/${at}`,
            "synonyms/stop-word",
            `"${word}" is listed under \`stop_words\` but is ${group.words.includes(word) ? "not a stop word of q" : "not a word of the group"}.`,
            "List under `stop_words` only the group's words that are stop words of q (the docs publish them), or remove the list.",
          );
      });
    });
  },
};
