import { normaliseProse } from "../load/outward-markers.ts";
import type { ContentRule } from "./rule.ts";

/**
 * The same searches are made for every supplier (the disclosure says so): each of the nine looks for the same thing
 * in every profile, so a score compares like with like. Where a profile looks for something else, the text most
 * profiles share is the one asked for (in a tie, that of the supplier ranked first); where it lies is the profile's
 * own (`where` names its sites and products).
 */
export const sameSearches: ContentRule = {
  name: "same-searches",
  check(input, report) {
    const suppliers = [...input.suppliers].sort((a, b) => a.data.rank - b.data.rank);
    // Each search's profiles, by what it looks for.
    const texts = new Map<string, Map<string, typeof suppliers>>();
    for (const supplier of suppliers)
      for (const [key, { looked_for }] of Object.entries(supplier.data.searches)) {
        const by = texts.get(key) ?? new Map<string, typeof suppliers>();
        texts.set(key, by);
        const normal = normaliseProse(looked_for);
        const those = by.get(normal);
        if (those) those.push(supplier);
        else by.set(normal, [supplier]);
      }
    for (const [key, by] of texts) {
      if (by.size < 2) continue;
      const [shared, sharing] = [...by].reduce((most, one) => (one[1].length > most[1].length ? one : most));
      for (const [text, those] of by) {
        if (text === shared) continue;
        for (const { file } of those)
          report(
            file,
            `/searches/${key}/looked_for`,
            "searches/not-the-same",
            `the ${key} search looks for other things than that of ${sharing.length === 1 ? sharing[0]!.data.name : `${sharing.length} other suppliers`}.`,
            `Write what they look for: "${shared}" (where the search was made goes in \`where\`).`,
          );
      }
    }
  },
};
