import { SLUG_PATTERN } from "../../contract/layout.ts";
import type { LocatedFile } from "../load/located-file.ts";
import { type ContentRule, passed, type Report } from "./rule.ts";

/** An answer, supplier or family file is named after its slug, so a slug is found by its file name. */
export const slugMatchesFileName: ContentRule = {
  name: "slug-matches-file-name",
  reads: ["slug"],
  answer({ file, data }, _, report) {
    named(file, "slug", data.slug, report);
  },
  check(input, report) {
    const { failed } = input;
    for (const { file, data } of [...input.suppliers, ...failed.suppliers.filter((one) => passed(one)("slug"))])
      named(file, "slug", data.slug, report);
    for (const { file, data } of [...input.evidence, ...failed.evidence.filter((one) => passed(one)("family"))])
      named(file, "family", data.family, report);
  },
};

function named(file: LocatedFile, field: string, slug: string, report: Report): void {
  if (slug === file.stem) return;
  const renamed = `${slug}${file.file.slice(file.file.lastIndexOf("."))}`;
  report(
    file,
    `/${field}`,
    "slug/file-name",
    `the ${field} is "${slug}" but the file is named "${file.stem}".`,
    // A file name that could not be a slug is not offered as one.
    SLUG_PATTERN.test(file.stem)
      ? `Change the ${field} to "${file.stem}", or rename the file to ${renamed} if no other file has that name.`
      : `Rename the file to ${renamed}: a file is named after its ${field}, in lower-case letters and digits with single hyphens between words.`,
  );
}
