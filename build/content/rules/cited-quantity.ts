import type { Source } from "../load/types.ts";
import { bodyCutShort, type ContentRule } from "./rule.ts";

/**
 * Every answer gives a buyer at least one number to act on, with its unit, in a sentence that cites a primary
 * source (`primary: true` in the register): our own research notes, press reports and third-party copies point
 * at facts, they do not state them first-hand.
 */
export const citedQuantity: ContentRule = {
  name: "cited-quantity",
  reads: [],
  answer({ file }, input, report) {
    if (!input.sources || !file.body || bodyCutShort(file)) return;
    const secondary = secondaryOf(input.sources.data);
    const quantities = file.body.outline.citedQuantities;
    if (!quantities.some(({ ids }) => ids.some((id) => !secondary.has(id)))) {
      // The nearest miss named: a quantity cited to secondary sources only, which a primary one would make count.
      const near = quantities[0];
      report(
        file,
        "",
        "answer/cited-quantity",
        `no sentence gives a quantity (a number with its unit, such as 4.5 m, 25 licences or 60 dB) and cites a primary source for it${near ? `: "${near.quantity}" is cited to ${near.ids.join(", ")} alone, which ${near.ids.length === 1 ? "is" : "are"} secondary` : ""}.`,
      );
    }
  },
};

/** The register's secondary sources, made once per register (each answer's check asks). */
const secondaryBy = new WeakMap<object, Set<string>>();

function secondaryOf(register: { sources: Source[] }): Set<string> {
  let secondary = secondaryBy.get(register);
  if (!secondary)
    secondaryBy.set(
      register,
      (secondary = new Set(register.sources.filter((source) => !source.primary).map((source) => source.id))),
    );
  return secondary;
}
