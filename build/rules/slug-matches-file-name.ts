import type { ContentRule } from "./rule.ts";

/** An answer, supplier or family file is named after its slug, so a slug is found by its file name. */
export const slugMatchesFileName: ContentRule = {
  name: "slug-matches-file-name",
  check(input, report) {
    const items = [
      ...input.answers.map(({ file, data }) => ({ file, field: "slug", slug: data.slug })),
      ...input.suppliers.map(({ file, data }) => ({ file, field: "slug", slug: data.slug })),
      ...input.evidence.map(({ file, data }) => ({ file, field: "family", slug: data.family })),
    ];
    for (const { file, field, slug } of items) {
      if (slug !== file.stem) {
        report(
          file,
          `/${field}`,
          "slug/file-name",
          `the ${field} is "${slug}" but the file is named "${file.stem}".`,
          `Rename the file to ${slug}${file.file.slice(file.file.lastIndexOf("."))} or change the ${field} to "${file.stem}".`,
        );
      }
    }
  },
};
