/**
 * /data/answers.ndjson: every answer as one line of canonical JSON (the object its file's `data` holds), in
 * collection order, for loading the whole collection with a line reader. Streamed as the answers go by, and
 * deflated as it goes for the ZIP download (its largest entry).
 */
import { ANSWERS_NDJSON_FILE } from "../../contract/layout.ts";
import { pieceMayEndAfter } from "../output/deflated-copy.ts";
import { product, replaysEveryAnswer } from "./product.ts";

const utf8 = new TextEncoder();

export const answersNdjson = product<Uint8Array>({
  name: "answers-ndjson",
  purpose: "every answer in one download, one JSON line each, for line readers and the ZIP",
  after: [],
  writes: [ANSWERS_NDJSON_FILE],
  part: (answer) => utf8.encode(answer.jsonLine),
  async run(_, output) {
    // Deflated as it is written, for the ZIP, in pieces that end after answers chosen by their slugs.
    const stream = await output.deflatingStream(ANSWERS_NDJSON_FILE);
    return {
      replays: replaysEveryAnswer,
      answer: (line, answer) => stream.piece(answer, "line", line, pieceMayEndAfter(answer.slug)),
      finish: async () => stream.close(),
    };
  },
});
