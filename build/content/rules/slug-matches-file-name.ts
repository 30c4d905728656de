import { SLUG_PATTERN } from "../../contract/layout.ts";
import type { LocatedFile } from "../load/located-file.ts";
import { type ContentRule, passed, type Report, type RuleInput } from "./rule.ts";

/** An answer, supplier or family file is named after its slug, so a slug is found by its file name. */
export const slugMatchesFileName: ContentRule = {
  name: "slug-matches-file-name",
  reads: ["slug"],
  answer({ file, data }, input, report) {
    named(input, file, "slug", data.slug, report);
  },
  check(input, report) {
    const { failed } = input;
    for (const { file, data } of [...input.suppliers, ...failed.suppliers.filter((one) => passed(one)("slug"))])
      named(input, file, "slug", data.slug, report);
    for (const { file, data } of [...input.evidence, ...failed.evidence.filter((one) => passed(one)("family"))])
      named(input, file, "family", data.family, report);
  },
};

function named(input: RuleInput, file: LocatedFile, field: string, slug: string, report: Report): void {
  if (slug === file.stem) return;
  const renamed = `${slug}${file.file.slice(file.file.lastIndexOf("."))}`;
  // Another file has that name (a copy whose slug was not changed): renaming is then no way out.
  const taken = input.files.has(`${file.file.slice(0, file.file.lastIndexOf("/") + 1)}${renamed}`);
  const words = "in lower-case letters and digits with single hyphens between words";
  report(
    file,
    `/${field}`,
    "slug/file-name",
    `the ${field} is "${slug}" but the file is named "${file.stem}".`,
    // A file name that could not be a slug is not offered as one.
    SLUG_PATTERN.test(file.stem)
      ? taken
        ? `Change the ${field} to "${file.stem}": ${renamed} is another file's name.`
        : `Change the ${field} to "${file.stem}", or rename the file to ${renamed}.`
      : taken
        ? `Give this file a ${field} of its own, ${words}, and name the file after it: ${renamed} is another file's name.`
        : `Rename the file to ${renamed}: a file is named after its ${field}, ${words}.`,
  );
}
