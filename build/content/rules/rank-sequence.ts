import type { ContentRule } from "./rule.ts";
import { checkSequence } from "./sequence.ts";

/** Supplier ranks are 1..N with no gaps and no ties: the ranking order is part of the data. */
export const rankSequence: ContentRule = {
  name: "rank-sequence",
  check(input, report) {
    if (!input.complete.suppliers) return;
    const items = input.suppliers.map(({ file, data }) => ({
      file,
      pointer: "/rank",
      position: data.rank,
      name: data.slug,
    }));
    checkSequence(items, "rank/sequence", "rank", report);
  },
};
