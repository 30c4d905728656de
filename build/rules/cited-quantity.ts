import type { ContentRule } from "./rule.ts";

/**
 * Every answer gives a buyer at least one number to act on, with its unit, in a sentence that cites a primary
 * source (`primary: true` in the register): our own research notes, press reports and third-party copies point
 * at facts, they do not state them first-hand.
 */
export const citedQuantity: ContentRule = {
  name: "cited-quantity",
  check(input, report) {
    if (!input.sources) return;
    const secondary = new Set(
      input.sources.data.sources.filter((source) => !source.primary).map((source) => source.id),
    );
    for (const { file } of input.answers) {
      if (!file.body) continue;
      const sourced = file.body.outline.citedQuantities.some((ids) => ids.some((id) => !secondary.has(id)));
      if (!sourced) {
        report(
          file,
          "",
          "answer/cited-quantity",
          "no sentence gives a quantity (a number with its unit, such as 4.5 m, 25 licences or 60 dB) and cites a primary source for it.",
        );
      }
    }
  },
};
