import type { ContentRule } from "./rule.ts";
import { checkSequence } from "./sequence.ts";

/** Product families declare their order 1..N, which orders the evidence register. */
export const familyOrderSequence: ContentRule = {
  name: "family-order-sequence",
  check(input, report) {
    if (!input.complete.evidence) return;
    const items = input.evidence.map(({ file, data }) => ({
      file,
      pointer: "/order",
      position: data.order,
      name: data.family,
    }));
    checkSequence(items, "order/sequence", "position", report);
  },
};
