import type { ContentRule } from "./rule.ts";

/**
 * Every answer gives a buyer at least one number to act on, with its unit, in a sentence that cites a source
 * other than our own research notes (a source of kind "research-notes" is a pointer to a primary source, not one).
 */
export const citedQuantity: ContentRule = {
  name: "cited-quantity",
  check(input, report) {
    if (!input.sources) return;
    const notes = new Set(
      input.sources.data.sources.filter((source) => source.kind === "research-notes").map((source) => source.id),
    );
    for (const { file } of input.answers) {
      if (!file.body) continue;
      const sourced = file.body.outline.citedQuantities.some((ids) => ids.some((id) => !notes.has(id)));
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
