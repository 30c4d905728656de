/**
 * /data/answers.ndjson: every answer as one line of canonical JSON (the object its file's `data` holds), in
 * collection order, for loading the whole collection with a line reader. Streamed as the answers go by.
 */
import { ANSWERS_NDJSON_FILE } from "../api/layout.ts";
import type { FileContents, OutputSink, OutputStream } from "../output/output-sink.ts";

export class AnswersNdjsonWriter {
  private output: OutputStream | undefined;

  constructor(private readonly sink: OutputSink) {}

  async start(): Promise<void> {
    this.output = await this.sink.stream(ANSWERS_NDJSON_FILE);
  }

  /** Appends one answer's line, made by canonicalJsonLine where the answer was rendered. */
  async answer(line: FileContents): Promise<void> {
    await this.output!.write(line);
  }

  async finish(): Promise<void> {
    await this.output!.close();
  }
}
