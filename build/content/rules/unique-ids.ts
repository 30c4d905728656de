import type { LocatedFile } from "../load/located-file.ts";
import type { ContentRule, Report } from "./rule.ts";

/** Slugs of answers, suppliers and families, and ids of sources, are each used once. */
export const uniqueIds: ContentRule = {
  name: "unique-ids",
  readsAnswers: true,
  check(input, report) {
    reportRepeats(
      input.answers.map(({ file, data }) => ({ file, pointer: "/slug", id: data.slug })),
      "answer",
      report,
    );
    reportRepeats(
      input.suppliers.map(({ file, data }) => ({ file, pointer: "/slug", id: data.slug })),
      "supplier",
      report,
    );
    reportRepeats(
      input.evidence.map(({ file, data }) => ({ file, pointer: "/family", id: data.family })),
      "product family",
      report,
    );
    if (input.sources) {
      const { file, data } = input.sources;
      reportRepeats(
        data.sources.map((source, index) => ({ file, pointer: `/sources/${index}/id`, id: source.id })),
        "source",
        report,
      );
    }
  },
};

function reportRepeats(
  items: Array<{ file: LocatedFile; pointer: string; id: string }>,
  what: string,
  report: Report,
): void {
  const first = new Map<string, { file: LocatedFile; pointer: string }>();
  for (const item of items) {
    const earlier = first.get(item.id);
    if (!earlier) {
      first.set(item.id, item);
      continue;
    }
    const position = earlier.file.locate(earlier.pointer);
    report(
      item.file,
      item.pointer,
      "slug/duplicate",
      `the ${what} "${item.id}" is already used in ${earlier.file.file}:${position.line}:${position.column}.`,
    );
  }
}
