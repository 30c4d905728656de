import { API_ROOT } from "../../contract/layout.ts";
import { isSafeLink } from "../markdown/render-markdown.ts";
import { unlikeAscii } from "../diagnostics/diagnostic.ts";
import { type ContentRule, renamedAnswer, renamedNote } from "./rule.ts";

// Looser than a file's path (answerFileOf): what an author wrote, with any name, extension or none, query or fragment.
const ANSWER_LINK = new RegExp(`^${API_ROOT}/answers/([^/?#]+?)(?:\\.json|\\.md)?(?:[?#].*)?$`);

/**
 * An answer's body links only where a reader can follow (an https address, or a path of this site, an answer's one
 * naming an answer that exists) and writes every citation as [@id]: the renderer publishes anything else as text.
 */
export const bodyMarks: ContentRule = {
  name: "body-marks",
  reads: [],
  answer({ file }, input, report) {
    const marks = file.body?.marks;
    if (!marks) return;
    for (const link of marks.links) {
      const slug = ANSWER_LINK.exec(link.text)?.[1];
      if (!isSafeLink(link.text))
        report(
          file,
          "",
          "link/unsafe",
          `the body links to ${JSON.stringify(link.text)}, which is neither https:// nor a path on this site: the link would be published as its Markdown text.`,
          undefined,
          link,
        );
      else if (slug !== undefined && slug !== "index" && !input.known.answers.has(slug)) {
        const renamed = renamedAnswer(slug, input);
        const [note, hint] = renamed ? renamedNote("answer", slug, renamed) : ["", undefined];
        report(
          file,
          "",
          "link/unknown-answer",
          `the body links to ${JSON.stringify(link.text)}, but no answer has the slug "${slug}"${note}.`,
          hint,
          link,
        );
      }
    }
    // The answer's title is its page's heading: the body's sections are level 2, and a level is never skipped (a
    // screen reader's outline, and the pages' accessibility audit, rely on it).
    let level = 1;
    for (const heading of marks.headings) {
      if (heading.level === 1 || heading.level > level + 1)
        report(
          file,
          "",
          "body/heading",
          heading.level === 1
            ? `"# ${heading.text}" is a top-level heading, which the answer's title already is.`
            : `"${"#".repeat(heading.level)} ${heading.text}" is a level-${heading.level} heading under a level-${level} one: a level is skipped.`,
          undefined,
          heading,
        );
      level = Math.max(2, heading.level);
    }
    for (const mark of marks.images)
      report(
        file,
        "",
        "link/image",
        `the body shows the image ${mark.text}(…), which an answer cannot carry: it would be published as "!" and a link.`,
        undefined,
        mark,
      );
    // An id of the register in brackets is a citation whose "@" was left out (a word in brackets is text as written).
    for (const mark of marks.bareIds)
      if (mark.ids.every((id) => input.known.sources.has(id)))
        report(
          file,
          "",
          "citation/malformed",
          `${JSON.stringify(mark.text)} would be published as it is: a citation is written [${mark.ids.map((id) => `@${id}`).join("; ")}].`,
          undefined,
          mark,
        );
    for (const mark of marks.looseCitations)
      report(
        file,
        "",
        "citation/malformed",
        `${JSON.stringify(mark.text)} would be published as it is: a citation is [@id] or [@id; @id], ids alone${unlikeAscii(mark.text)}.`,
        undefined,
        mark,
      );
  },
};
