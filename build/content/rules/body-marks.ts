import * as layout from "../../contract/layout.ts";
import { citationGroupAt } from "../markdown/citations.ts";
import { isSafeLink } from "../markdown/render-markdown.ts";
import { unlikeAscii } from "../diagnostics/diagnostic.ts";
import { answerSlugInError, type ContentRule, type RuleInput, unknownAnswerNote } from "./rule.ts";

const { ALIASES, API_ROOT, answerFileOf, answerPath, collectionUrl, csvFile, OPENAPI_FILE, SCHEMA_LIST_FILE } = layout;
/** The site's files and pages outside /api/: every path the layout names (it names each one the build writes). */
const SITE_PATHS = new Set(Object.values(layout).filter((value) => typeof value === "string" && value.startsWith("/")));
const CSV_FILE = new RegExp(`^${csvFile("([a-z]+)").replace(".", "\\.")}$`);

// Looser than a file's path (answerFileOf): what an author wrote, with any name, extension or none, query or fragment.
const ANSWER_LINK = new RegExp(`^${API_ROOT}/answers/([^/?#]+?)(?:\\.json|\\.md)?(?:[?#].*)?$`);

const pathOf = (link: string) => link.replace(/[?#].*$/, "");

/** The answer a link unserved means: the one its answers path names, or one its last segment names (`/answers/x`). */
function answerNamed(link: string, slug: string | undefined, input: RuleInput): string | undefined {
  if (slug !== undefined) return slug === "index" ? undefined : slug;
  const last = /([^/]+?)(?:\.[a-z]+)?\/?$/.exec(pathOf(link))?.[1];
  return last !== undefined && input.known.answers.has(last) ? last : undefined;
}

const isApiPath = (path: string) => path === "/api" || path.startsWith("/api/");

/** Whether a path outside /api/ is one of the site's files or pages (a page with or without its slash). */
function servedSitePath(path: string): boolean {
  return (
    path === "/" ||
    SITE_PATHS.has(path) ||
    SITE_PATHS.has(`${path}/`) ||
    (path.endsWith("/") && SITE_PATHS.has(`${path}index.html`)) ||
    CSV_FILE.test(path)
  );
}

/**
 * Whether a link names what the site serves: outside /api/, its files and pages; under /api/, the root and the
 * collections (their aliases too), a page of the answers there is, the OpenAPI document, the schemas and the search
 * index's files; `?slug=` naming an answer that exists.
 */
function servedPath(link: string, input: RuleInput): boolean {
  const path = pathOf(link);
  if (!path.startsWith("/")) return true; // an https address: not ours to check
  if (!isApiPath(path)) return servedSitePath(path);
  const slug = /[?&]slug=([^&#]*)/.exec(link)?.[1];
  if (slug !== undefined && path === collectionUrl("answers")) {
    try {
      return input.known.answers.has(decodeURIComponent(slug));
    } catch {
      return false; // a malformed escape is no slug the API has
    }
  }
  if (ALIASES.some(([url, file]) => path === url || path === `${url}/` || path === file)) return true;
  if (path === OPENAPI_FILE || path === SCHEMA_LIST_FILE || path.startsWith(`${API_ROOT}/search/`)) return true;
  if (/^\/api\/v1\/schemas\/[a-z0-9-]+\.schema\.json$/.test(path)) return true;
  const page = /^\/api\/v1\/answers\/pages\/([1-9]\d*)\.json$/.exec(path)?.[1];
  const pageSize = input.site?.data.page_size;
  return page !== undefined && pageSize !== undefined && Number(page) <= Math.ceil(input.known.answers.size / pageSize);
}

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
      else if (
        slug === undefined || slug === "index"
          ? !servedPath(link.text, input)
          : !answerFileOf(pathOf(link.text)) && input.known.answers.has(slug)
      ) {
        const meant = answerNamed(link.text, slug, input);
        report(
          file,
          "",
          "link/unknown-path",
          `the body links to ${JSON.stringify(link.text)}, which the ${isApiPath(pathOf(link.text)) ? "API" : "site"} does not serve: it would answer 404.`,
          meant ? `Link to the answer's file, ${answerPath(meant)}.` : undefined,
          link,
        );
      } else if (
        slug !== undefined &&
        slug !== "index" &&
        !input.known.answers.has(slug) &&
        !answerSlugInError(slug, input)
      ) {
        const [note, hint] = unknownAnswerNote(slug, input, "link/unknown-answer");
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
            : `"${"#".repeat(heading.level)} ${heading.text}" is a level-${heading.level} heading under ${level === 1 ? "the answer's title, whose sections are level 2" : `a level-${level} one`}: a level is skipped.`,
          undefined,
          heading,
        );
      level = Math.max(2, heading.level);
    }
    const fence = marks.unclosedFence;
    if (fence) {
      const shown =
        fence.headings.length > 0
          ? `, the heading${fence.headings.length > 1 ? "s" : ""} ${fence.headings.map((text) => `"${text}"`).join(", ")} among them`
          : "";
      report(
        file,
        "",
        "body/unclosed-fence",
        `"${fence.text}" opens a code block that nothing closes: the ${fence.lines} lines of text after it, to the end of the body${shown}, would be published as code.`,
        undefined,
        { line: fence.line, column: fence.column },
      );
    }
    for (const mark of marks.html)
      report(
        file,
        "",
        "body/html",
        `the body holds HTML (${mark.text}), which an answer cannot carry: it would be published as text.`,
        undefined,
        mark,
      );
    for (const mark of marks.images)
      report(
        file,
        "",
        "link/image",
        `the body shows the image ${mark.text}(…), which an answer cannot carry: it would be published as "!" and a link.`,
        undefined,
        mark,
      );
    // An id of the register in brackets is a citation whose "@" was left out (a word in brackets is text as written),
    // and one after an "@" a citation whose brackets were.
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
    for (const mark of marks.linkedCitations)
      report(
        file,
        "",
        "citation/malformed",
        `${JSON.stringify(mark.text)} is followed by an address in parentheses: it would be published as the citation, then the parenthesis and its address as text.`,
        "Write the citation alone, right after the claim; the source's address is its `url` in content/sources.yaml, which the citation links to.",
        mark,
      );
    for (const mark of marks.looseCitations) {
      // A bracket left out of well-formed ids: the hint shows the citation whole.
      // Ids joined by commas ("[@a, @b]"): the hint joins them as a citation does.
      const semicolons = mark.text.replace(/\s*,\s*(?=@)/g, "; ");
      const [missing, whole] = !mark.text.startsWith("[")
        ? ["opening", `[${mark.text}`]
        : mark.text.endsWith("]")
          ? [undefined, semicolons === mark.text ? undefined : semicolons]
          : ["closing", `${mark.text.replace(/[\s.,;:]+$/, "")}]`];
      report(
        file,
        "",
        "citation/malformed",
        `${JSON.stringify(mark.text)} would be published as it is${missing ? `, its ${missing} bracket missing` : ""}: a citation is [@id] or [@id; @id], ids alone${unlikeAscii(mark.text)}.`,
        whole && citationGroupAt(whole, 0)
          ? `Write it ${whole}, right after the claim; a page or a comment goes in the sentence, not in the brackets.`
          : undefined,
        mark,
      );
    }
  },
};
