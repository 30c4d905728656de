/** Each answer's Markdown twin, /api/v1/answers/{slug}.md: front matter with its sources, then the answer. */
import { createHash } from "node:crypto";
import { answerMarkdownPath } from "../../contract/layout.ts";
import { answerMarkdown } from "../compile/answer-markdown.ts";
import { product, replaysEveryAnswer } from "./product.ts";

export interface AnswerTwinPart {
  twin: Uint8Array;
  sha256: string;
}

const utf8 = new TextEncoder();

export const answerTwins = product<AnswerTwinPart>({
  name: "answer-twins",
  purpose: "each answer as a Markdown document, for agents and readers",
  after: [],
  writes: ["/api/v1/answers/{slug}.md"],
  perAnswer: true,
  part(answer, context) {
    const twin = utf8.encode(answerMarkdown(answer.data, answer.markdown, context.register));
    return { twin, sha256: createHash("sha256").update(twin).digest("hex") };
  },
  run(_, output) {
    return {
      replays: replaysEveryAnswer,
      async answer(part, answer) {
        if (answer.replayed) return output.keep(answerMarkdownPath(answer.slug));
        await output.file(answerMarkdownPath(answer.slug), part.twin, part.sha256);
      },
    };
  },
});
