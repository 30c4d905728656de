/**
 * /llms-full.txt: every answer in full, for a language model to read in one request: a heading and a short
 * preface, then each answer's Markdown twin (front matter included) in collection order. Streamed as the answers
 * go by, so that no more than one answer's text is held.
 */
import { LLMS_FILE, LLMS_FULL_FILE } from "../../contract/layout.ts";
import { citationText } from "../compile/citation.ts";
import type { AnswerTwinPart } from "./answer-twins.ts";
import { partOf, product, replaysEveryAnswer } from "./product.ts";

export const llmsFull = product({
  name: "llms-full",
  purpose: "every answer in one text for a language model",
  after: ["answer-twins"],
  writes: [LLMS_FULL_FILE],
  async run({ site, answers, origin }, output) {
    const stream = await output.stream(LLMS_FULL_FILE);
    await stream.write(`# ${site.name}: every answer in full

> ${site.description} The ${answers.length} buyer answers follow in full, each as its Markdown twin: YAML front matter (slug, title, question, reviewed date, the sources it cites, its JSON and Markdown paths), then the answer, whose numbered citations refer to its list of sources. The paths are on ${origin}, whose map of the whole service is ${new URL(LLMS_FILE, origin).href}. Data licence: ${site.licence.id}. ${citationText(site)}
`);
    return {
      replays: replaysEveryAnswer,
      async answer(_, answer) {
        await stream.write("\n");
        await stream.piece(
          answer,
          "twin",
          answer.replayed ? undefined : partOf<AnswerTwinPart>(answer, "answer-twins").twin,
        );
      },
      finish: async () => stream.close(),
    };
  },
});
