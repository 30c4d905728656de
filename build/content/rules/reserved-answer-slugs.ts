import type { ContentRule } from "./rule.ts";

/**
 * Names that other files of dist/api/v1/answers/ use: an answer with one of these slugs would overwrite the
 * collection or collide with the folder of pages.
 */
export const RESERVED_ANSWER_SLUGS: ReadonlyMap<string, string> = new Map([
  ["index", "the collection file api/v1/answers/index.json"],
  ["pages", "the folder of pages api/v1/answers/pages/"],
]);

export const reservedAnswerSlugs: ContentRule = {
  name: "reserved-answer-slugs",
  answer({ file, data }, _, report) {
    const taken = RESERVED_ANSWER_SLUGS.get(data.slug);
    if (taken) report(file, "/slug", "slug/reserved", `the slug "${data.slug}" would take the place of ${taken}.`);
  },
};
