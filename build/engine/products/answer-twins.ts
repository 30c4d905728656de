/** Each answer's Markdown twin, /api/v1/answers/{slug}.md: front matter with its sources, then the answer. */
import { createHash } from "node:crypto";
import { answerMarkdownPath } from "../../contract/layout.ts";
import { answerMarkdown } from "../compile/answer-markdown.ts";
import { ownFile } from "./answer-parts.ts";
import { product, replaysEveryAnswer } from "./product.ts";

export interface AnswerTwinPart {
  /** Its bytes, which llms-full.txt holds too. */
  twin: Uint8Array;
  sha256: string;
  /** Written already, by the thread that rendered it (ownFile). */
  written: boolean;
}

const utf8 = new TextEncoder();

export const answerTwins = product<AnswerTwinPart>({
  name: "answer-twins",
  purpose: "each answer as a Markdown document, for agents and readers",
  after: [],
  writes: [answerMarkdownPath("{slug}")],
  perAnswer: true,
  part(answer, context) {
    const twin = utf8.encode(answerMarkdown(answer.data, answer.markdown, context.register));
    const sha256 = createHash("sha256").update(twin).digest("hex");
    return { twin, sha256, written: ownFile(context, answer, answerMarkdownPath(answer.resource.slug), twin) };
  },
  run(_, output) {
    return {
      replays: replaysEveryAnswer,
      async answer(part, answer) {
        if (answer.replayed) return output.keep(answerMarkdownPath(answer.slug));
        if (part.written) output.adopt(answerMarkdownPath(answer.slug), part.sha256);
        else await output.file(answerMarkdownPath(answer.slug), part.twin, part.sha256);
      },
    };
  },
});
