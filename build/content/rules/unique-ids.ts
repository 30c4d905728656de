import type { AnswerFrontMatter } from "../load/types.ts";
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
  sources: ReadonlyArray<{ id: string; title: string; url?: string; published?: string; publisher?: string }>,
  report: Report,
): void {
  const seen = new Map<string, { id: string; index: number }>();
  for (const [index, source] of sources.entries()) {
    const keys: Array<[key: string, field: string, why: string]> = [];
    if (source.url) keys.push([`url ${documentAddress(source.url)}`, "url", `the address ${source.url}`]);
    const title = source.title.toLowerCase().replace(/\s+/g, " ").trim();
    if (source.published)
      keys.push([
        `title ${title} ${source.published}`,
        "title",
        `the title and the date published (${source.published})`,
      ]);
    // Undated, a document is known by its title and its publisher (two pages of one title give the region or version
    // in it).
    else if (source.publisher)
      keys.push([
        `undated ${title} ${source.publisher.toLowerCase().trim()}`,
        "title",
        `the title and the publisher (${source.publisher}), undated`,
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
  // Each answer's title and question as compared (case and spacing aside). Most answers share neither: a list is
  // made only for a text two hold (at 10,000 answers, in a dev loop's every save, a list for each text and a pass
  // filtering every answer's took some 50 ms).
  const first = new Map<string, Answer>();
  const shared = new Map<string, Answer[]>();
  for (const answer of answers)
    for (const key of comparedTexts(answer.data)) {
      const earlier = first.get(key);
      if (earlier === undefined) first.set(key, answer);
      else if (shared.has(key)) shared.get(key)!.push(answer);
      else shared.set(key, [earlier, answer]);
    }
  for (const answer of answers) {
    const texts = comparedTexts(answer.data);
    if (!shared.has(texts[0]) && !shared.has(texts[1])) continue;
    const sharing = texts.map((text) =>
      (shared.get(text) ?? []).filter((other) => other.data.slug !== answer.data.slug),
    );
    const same = fields.filter((_, at) => sharing[at]!.length > 0);
    if (same.length === 0) continue;
    const others = new Set(sharing.flat().map((other) => other.file.file));
    report(
      answer.file,
      `/${same[0]}`,
      "answer/same-question",
      `the ${same.join(" and the ")} ${same.length > 1 ? "are" : "is"} also ${[...others].join(" and ")}'s.`,
    );
  }
}

/**
 * An answer's title and question as compared, kept by its front matter: a dev loop's build takes an unchanged file's
 * parse from the last, and the texts of 10,000 answers were most of the rule's time in every save.
 */
const compared = new WeakMap<AnswerFrontMatter, readonly [string, string]>();
function comparedTexts(data: AnswerFrontMatter): readonly [string, string] {
  let texts = compared.get(data);
  if (!texts) {
    const normal = (text: string) => text.toLowerCase().replace(/\s+/g, " ").trim();
    texts = [`title ${normal(data.title)}`, `question ${normal(data.question)}`];
    compared.set(data, texts);
  }
  return texts;
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

/**
 * An address as the document it names: the same with or without www., a final slash or a fragment, and with its
 * host in any case (the editor's audit: a second entry of one page passed with its slash left off).
 */
function documentAddress(url: string): string {
  try {
    const parsed = new URL(url);
    const host = parsed.host.replace(/^www\./, "");
    return `${parsed.protocol}//${host}${parsed.pathname.replace(/\/+$/, "")}${parsed.search}`;
  } catch {
    return url;
  }
}
