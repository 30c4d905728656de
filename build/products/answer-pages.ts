/**
 * The answers collection's pages: /api/v1/answers/index.json (the first) and /api/v1/answers/pages/{n}.json, each
 * made of its answers' own files' bytes (the fragment of each that stands in a `data` array), so that an answer is
 * serialised once. Its result is the first page's answers, which the home page and the examples show.
 */
import { collectionPageUrl, envelopeParts, NO_FILTERS, pageCountOf, pageEnvelope, pagePaths } from "../api/envelope.ts";
import { collectionPath } from "../api/layout.ts";
import type { AnswerResource } from "../api/resources.ts";
import type { AnswerFilePart } from "./answer-files.ts";
import { partOf, product } from "./product.ts";

export const answerPages = product<never, AnswerResource[]>({
  name: "answer-pages",
  purpose: "the answers collection, page by page, as /api/v1/answers returns it",
  after: ["answer-files"],
  writes: ["/api/v1/answers/index.json", "/api/v1/answers/pages/{n}.json"],
  run({ answers, pageSize, contentDigest }, output) {
    const pageCount = pageCountOf(answers.length, pageSize);
    const pageUrl = collectionPageUrl("answers", pageCount);
    // The answers of the page being filled, as the UTF-8 bytes of their JSON (views into their own files' bytes).
    let fragments: Uint8Array[] = [];
    const firstPage: AnswerResource[] = [];
    const writePage = async (page: number) => {
      const parts = envelopeParts(
        fragments,
        pageEnvelope(page, answers.length, pageSize, NO_FILTERS, pageUrl, contentDigest),
      );
      const bytes = Buffer.concat(parts.map((part) => (typeof part === "string" ? Buffer.from(part) : part)));
      for (const path of pagePaths("answers", page, pageCount)) await output.file(path, bytes);
      fragments = [];
    };
    return {
      async answer(_, answer) {
        const { file, fragment } = partOf<AnswerFilePart>(answer, "answer-files");
        fragments.push(file.subarray(fragment.start, fragment.end));
        if (answer.resource) firstPage.push(answer.resource);
        if (fragments.length === pageSize) await writePage(Math.floor(answer.position / pageSize) + 1);
      },
      async finish() {
        if (fragments.length > 0 || answers.length === 0) await writePage(pageCount);
        output.examples.set(collectionPath("answers"), {
          data: firstPage.slice(0, 1),
          ...pageEnvelope(1, answers.length, pageSize, NO_FILTERS, pageUrl, contentDigest),
        });
        return firstPage;
      },
    };
  },
});
