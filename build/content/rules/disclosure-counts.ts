import type { ContentRule } from "./rule.ts";

/** Numbers as the disclosure writes them, in words up to twenty or in digits. */
const WORDS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"]
  .concat(["eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"])
  .concat(["twenty"]);
const numberOf = (said: string) => (/^\d+$/.test(said) ? Number(said) : WORDS.indexOf(said.toLowerCase()));

/**
 * What the disclosure says the content holds now (its suppliers, answers and product families) is what it holds: a
 * supplier added or removed left "covers 28 suppliers" published beside 27 or 29 profiles, an answer added "every
 * claim of the 20 answers" beside 21 (the editor's workflow audits). Only these present-tense statements: the
 * changelog and corrections speak of their own day.
 */
const STATED: ReadonlyArray<{ pointer: string; pattern: RegExp; of: "suppliers" | "answers" | "families" }> = [
  { pointer: "/selection", pattern: /\bcovers (\w+) suppliers\b/, of: "suppliers" },
  { pointer: "/selection", pattern: /\bthe (\w+) product families we cover\b/, of: "families" },
  { pointer: "/claim_audit/summary", pattern: /\bof the (\w+) answers\b/, of: "answers" },
  { pointer: "/claim_audit/summary", pattern: /\bof the (\w+) supplier profiles\b/, of: "suppliers" },
];
const HELD = {
  suppliers: "profiles in content/suppliers/",
  answers: "answers in content/answers/",
  families: "product families in content/evidence/",
} as const;

export const disclosureCounts: ContentRule = {
  name: "disclosure-counts",
  readsAnswers: true,
  check(input, report) {
    if (!input.disclosure || !input.complete.suppliers || !input.complete.evidence) return;
    const { file, data } = input.disclosure;
    const held = {
      suppliers: input.known.suppliers.size,
      answers: input.known.answers.size,
      families: input.known.families.size,
    };
    const text: Record<string, string | undefined> = {
      "/selection": data.selection,
      "/claim_audit/summary": data.claim_audit?.summary,
    };
    for (const { pointer, pattern, of } of STATED) {
      const said = pattern.exec(text[pointer] ?? "");
      if (!said || numberOf(said[1]!) === held[of]) continue;
      report(
        file,
        pointer,
        "disclosure/stated-count",
        `it says "${said[0]}", but there are ${held[of]} ${HELD[of]}.`,
        `Write ${held[of]}.${pointer === "/selection" ? " The selection names what it covers: name the ones added there, or take out the ones removed." : ""}`,
      );
    }
  },
};
