/**
 * /llms-full.txt: every answer in full, for a language model to read in one request: a heading and a short
 * preface, then each answer's Markdown twin (front matter included) in collection order. Streamed, as the
 * answers go by, so that no more than one answer's text is held.
 */
import { LLMS_FILE, LLMS_FULL_FILE } from "../api/layout.ts";
import type { SiteSettings } from "../content/types.ts";
import { citationText } from "../describe/citation.ts";
import type { FileContents, OutputSink, OutputStream } from "../output/output-sink.ts";

export class LlmsFullWriter {
  private output: OutputStream | undefined;

  constructor(
    private readonly sink: OutputSink,
    private readonly site: SiteSettings,
  ) {}

  async start(answerCount: number): Promise<void> {
    this.output = await this.sink.stream(LLMS_FULL_FILE);
    await this.output.write(`# ${this.site.name}: every answer in full

> ${this.site.description} The ${answerCount} buyer answers follow in full, each as its Markdown twin: YAML front matter (slug, title, question, reviewed date, the sources it cites, its JSON and Markdown paths), then the answer, whose numbered citations refer to its list of sources. The map of the whole service is ${LLMS_FILE}. Data licence: ${this.site.licence.id}. ${citationText(this.site)}
`);
  }

  async answer(twin: FileContents): Promise<void> {
    await this.output!.write("\n");
    await this.output!.write(twin);
  }

  async finish(): Promise<void> {
    await this.output!.close();
  }
}
