/** Each answer's own file, /api/v1/answers/{slug}.json: the collection shape holding that answer alone. */
import { createHash } from "node:crypto";
import { answerFileEnvelope, envelopeParts, itemFragment } from "../../contract/envelope.ts";
import { answerPath } from "../../contract/layout.ts";
import { ownFile } from "./answer-parts.ts";
import { product, replaysEveryAnswer } from "./product.ts";

export interface AnswerFilePart {
  file: Uint8Array;
  /** Where in `file` the answer's JSON lies as it stands in a `data` array (what the collection's pages hold). */
  fragment: { start: number; end: number };
  /** The hex SHA-256 of `file`: an unchanged file is linked from the previous output without hashing it again. */
  sha256: string;
  /** Written already, by the thread that rendered it (ownFile). */
  written: boolean;
}

const utf8 = new TextEncoder();

export const answerFiles = product<AnswerFilePart>({
  name: "answer-files",
  purpose: "each answer by itself, as ?slug= and every link to an answer return it",
  after: [],
  writes: [answerPath("{slug}")],
  perAnswer: true,
  part(answer, context) {
    const fragment = itemFragment(answer.resource);
    // The file's text is the envelope's opening, the fragment, then the rest: the fragment starts at the opening's length.
    const parts = envelopeParts([fragment], answerFileEnvelope(answer.resource.slug, context.pageSize, answer.digest));
    const start = Buffer.byteLength(parts[0]!);
    const file = utf8.encode(parts.join(""));
    return {
      file,
      fragment: { start, end: start + Buffer.byteLength(fragment) },
      sha256: createHash("sha256").update(file).digest("hex"),
      written: ownFile(context, answer, answerPath(answer.resource.slug), file),
    };
  },
  run(_, output) {
    return {
      replays: replaysEveryAnswer,
      async answer(part, answer) {
        if (answer.replayed) return output.keep(answerPath(answer.slug));
        if (part.written) output.adopt(answerPath(answer.slug), part.sha256);
        else await output.file(answerPath(answer.slug), part.file, part.sha256);
        // The first answer's file is the OpenAPI document's example of `?slug=`.
        if (answer.position === 0)
          output.examples.set(answerPath(answer.slug), JSON.parse(Buffer.from(part.file).toString("utf8")));
      },
    };
  },
});
