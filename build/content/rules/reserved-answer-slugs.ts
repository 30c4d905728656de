import { RESERVED_ANSWER_SLUGS } from "../../contract/layout.ts";
import type { ContentRule } from "./rule.ts";

export const reservedAnswerSlugs: ContentRule = {
  name: "reserved-answer-slugs",
  reads: ["slug"],
  answer({ file, data }, _, report) {
    const taken = RESERVED_ANSWER_SLUGS.get(data.slug);
    if (taken) report(file, "/slug", "slug/reserved", `the slug "${data.slug}" would take the place of ${taken}.`);
  },
};
