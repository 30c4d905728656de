/**
 * The answers collection's pages: /api/v1/answers/index.json (the first) and /api/v1/answers/pages/{n}.json, each
 * made of its answers' own files' bytes (the fragment of each that stands in a `data` array), so that an answer is
 * serialised once. Its result is the first page's answers, which the home page and the examples show.
 */
import { createHash, type Hash } from "node:crypto";
import {
  collectionPageUrl,
  envelopeParts,
  NO_FILTERS,
  pageCountOf,
  pageEnvelope,
  pagePaths,
} from "../../contract/envelope.ts";
import { collectionPath, pagePath } from "../../contract/layout.ts";
import type { AnswerResource } from "../../contract/resources.ts";
import type { AnswerFilePart } from "./answer-files.ts";
import { type AnswerParts, partOf, product, replaysEveryAnswer } from "./product.ts";

export const answerPages = product<never, AnswerResource[]>({
  name: "answer-pages",
  purpose: "the answers collection, page by page, as /api/v1/answers returns it",
  after: ["answer-files"],
  writes: [collectionPath("answers"), pagePath("answers", "{n}")],
  run({ answers, pageSize, contentDigest }, output) {
    const pageCount = pageCountOf(answers.length, pageSize);
    const pageUrl = collectionPageUrl("answers", pageCount);
    // The answers of the page being filled, as the UTF-8 bytes of their JSON (views into their own files' bytes).
    let fragments: Uint8Array[] = [];
    let files: Uint8Array[] = [];
    let pageAnswers: AnswerParts[] = [];
    const firstPage: AnswerResource[] = [];
    // A page's answers come before its links and meta, which carry the content digest and so change with any
    // answer: a page whose answers are the same objects as at the last build in this process (a dev loop's) is
    // hashed from where they end, the hash's state there kept (Hash.copy), not from its start.
    const before = new Map(output.memory as Map<string, PageAnswers> | undefined);
    output.memory?.clear();
    const writePage = async (page: number) => {
      const parts = envelopeParts(
        fragments,
        pageEnvelope(page, answers.length, pageSize, NO_FILTERS, pageUrl, contentDigest),
      );
      // In pieces, its answers' bytes as views of their own files', where the build is held in memory (a dev
      // loop's): no page joined. Else joined: a page of views held while it waits to be written keeps its answers'
      // whole buffers (at 100,000 answers, 90 MB more at the peak).
      const pieces = parts.map((part) => (typeof part === "string" ? Buffer.from(part) : part));
      const tail = pieces[pieces.length - 1]!;
      const key = pagePaths("answers", page, pageCount).join(" ");
      const known = before.get(key);
      const same = known && known.files.length === files.length && known.files.every((file, at) => file === files[at]);
      let kept = same ? known : undefined;
      if (!kept) {
        const hashed = createHash("sha256");
        for (const piece of pieces.slice(0, -1)) hashed.update(piece);
        kept = { files, hashed };
      }
      output.memory?.set(key, kept);
      const sha256 = kept.hashed.copy().update(tail).digest("hex");
      const contents = output.memory ? pieces : Buffer.concat(pieces);
      const paths = pagePaths("answers", page, pageCount);
      for (const path of paths) await output.file(path, contents, sha256);
      // Each answer's fragment where it lies in the page (the pieces are the opening, then each fragment after a
      // separator), for the next build to splice.
      let offset = 0;
      for (const [at, piece] of pieces.entries()) {
        if (at % 2 === 1 && (at - 1) / 2 < pageAnswers.length)
          output.notePiece(pageAnswers[(at - 1) / 2]!, "fragment", paths[0]!, offset, piece.byteLength);
        offset += piece.byteLength;
      }
      fragments = [];
      files = [];
      pageAnswers = [];
    };
    return {
      replays: replaysEveryAnswer,
      async answer(_, answer) {
        if (answer.replayed) {
          // From the page it lay in at the last build (such an answer is never held in memory: no file to compare).
          const fragment = output.previousPiece(answer, "fragment");
          fragments.push(fragment);
          files.push(fragment);
        } else {
          const { file, fragment } = partOf<AnswerFilePart>(answer, "answer-files");
          fragments.push(file.subarray(fragment.start, fragment.end));
          files.push(file);
        }
        pageAnswers.push(answer);
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

/** A page's answers' files (a fragment is a new view each time) and the hash of its bytes up to its links and meta. */
interface PageAnswers {
  files: readonly Uint8Array[];
  hashed: Hash;
}
