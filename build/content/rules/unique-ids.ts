import type { LocatedFile } from "../load/located-file.ts";
import type { ContentRule, Report, RuleInput } from "./rule.ts";

/**
 * Slugs of answers, suppliers and families, and ids of sources, are each used once; and a document has one entry in
 * the source register: two ids for it split its citations, and its two notes drift apart.
 */
export const uniqueIds: ContentRule = {
  name: "unique-ids",
  readsAnswers: true,
  check(input, report) {
    reportRepeats(
      input.answers.map(({ file, data }) => ({ file, pointer: "/slug", id: data.slug })),
      "answer",
      report,
    );
    reportSameQuestion(input.answers, report);
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
      reportSameDocument(file, data.sources, report);
    }
  },
};

/** The same address, or the same title for the same date of publication, is the same document. */
function reportSameDocument(
  file: LocatedFile,
  sources: ReadonlyArray<{ id: string; title: string; url?: string; published?: string }>,
  report: Report,
): void {
  const seen = new Map<string, { id: string; index: number }>();
  for (const [index, source] of sources.entries()) {
    const keys: Array<[key: string, field: string, why: string]> = [];
    if (source.url) keys.push([`url ${source.url}`, "url", `the address ${source.url}`]);
    if (source.published)
      keys.push([
        `title ${source.title.toLowerCase().replace(/\s+/g, " ").trim()} ${source.published}`,
        "title",
        `the title and the date published (${source.published})`,
      ]);
    for (const [key, field, why] of keys) {
      const earlier = seen.get(key);
      // An entry pasted twice, its id unchanged, is slug/duplicate's to tell.
      if (earlier?.id === source.id) break;
      if (!earlier) {
        seen.set(key, { id: source.id, index });
        continue;
      }
      const position = file.locate(`/sources/${earlier.index}/id`);
      report(
        file,
        `/sources/${index}/${field}`,
        "source/same-document",
        `"${source.id}" has ${why} of "${earlier.id}" (line ${position.line}): one document under two ids.`,
      );
      break;
    }
  }
}

/**
 * Two answers asking the same question, or under the same title (a copy whose slug alone was changed), are told in
 * each: which one is the copy, the build cannot know. Two with one slug are slug/duplicate's to tell.
 */
function reportSameQuestion(answers: RuleInput["answers"], report: Report): void {
  type Answer = RuleInput["answers"][number];
  const fields = ["title", "question"] as const;
  // Each answer's title and question as compared (case and spacing aside), made once.
  const keys = new Map(
    answers.map((answer) => [
      answer,
      fields.map((field) => `${field} ${answer.data[field].toLowerCase().replace(/\s+/g, " ").trim()}`),
    ]),
  );
  const byText = new Map<string, Answer[]>();
  for (const [answer, texts] of keys)
    for (const key of texts) {
      const holders = byText.get(key);
      if (holders) holders.push(answer);
      else byText.set(key, [answer]);
    }
  for (const answer of answers) {
    const sharing = (field: (typeof fields)[number]) =>
      byText.get(keys.get(answer)![fields.indexOf(field)]!)!.filter((other) => other.data.slug !== answer.data.slug);
    const same = fields.filter((field) => sharing(field).length > 0);
    if (same.length === 0) continue;
    const others = new Set(same.flatMap((field) => sharing(field).map((other) => other.file.file)));
    report(
      answer.file,
      `/${same[0]}`,
      "answer/same-question",
      `the ${same.join(" and the ")} ${same.length > 1 ? "are" : "is"} also ${[...others].join(" and ")}'s.`,
    );
  }
}

function reportRepeats(
  items: Array<{ file: LocatedFile; pointer: string; id: string }>,
  what: string,
  report: Report,
): void {
  const first = new Map<string, { file: LocatedFile; pointer: string }>();
  // The file named after the id holds it; a copy of it (echo-control.md, its slug unchanged) is the one told, whatever
  // the order of their names.
  const owners = items.filter((item) => item.file.stem === item.id);
  for (const item of [...owners, ...items.filter((item) => item.file.stem !== item.id)]) {
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
