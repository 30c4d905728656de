import type { ContentRule } from "./rule.ts";

/**
 * A word of the synonyms is in one group: in two, a query of it would join words the groups keep apart (a group is
 * the set of words that mean the same thing).
 */
export const synonymGroups: ContentRule = {
  name: "synonym-groups",
  check(input, report) {
    if (!input.synonyms) return;
    const { file, data } = input.synonyms;
    const firstGroup = new Map<string, number>();
    data.groups.forEach((group, index) => {
      group.words.forEach((word, at) => {
        const earlier = firstGroup.get(word);
        if (earlier === undefined) firstGroup.set(word, index);
        else
          report(
            file,
            `/groups/${index}/words/${at}`,
            "synonyms/repeated-word",
            `"${word}" is already in the group on line ${file.locate(`/groups/${earlier}`).line} (${data.groups[earlier]!.words.join(", ")}).`,
          );
      });
    });
  },
};
