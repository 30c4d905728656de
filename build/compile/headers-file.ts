/**
 * dist/_headers, Netlify's header rules that netlify.toml cannot hold because they change with the content:
 * each answer file's Link (its schema, the catalog, the OpenAPI document and its own Markdown twin: a rule's
 * value cannot name the path it matched) and the Link of each page of the collection that exists, the home page's Content-Security-Policy with its script hashes, and
 * the deprecation headers once v1 is deprecated. Streamed: one block per answer as the answers go by.
 */
import { answerMarkdownPath, answerPath } from "../api/layout.ts";
import type { OutputSink, OutputStream } from "../output/output-sink.ts";
import { linkHeader } from "../request/response-headers.ts";

export const HEADERS_FILE_PATH = "/_headers";

export type HeaderBlock = readonly [path: string, values: Readonly<Record<string, string>>];

export class HeadersFileWriter {
  private output: OutputStream | undefined;

  constructor(private readonly sink: OutputSink) {}

  async start(): Promise<void> {
    this.output = await this.sink.stream(HEADERS_FILE_PATH);
  }

  async answer(slug: string): Promise<void> {
    await this.block([answerPath(slug), { Link: linkHeader("answers.schema.json", answerMarkdownPath(slug)) }]);
  }

  /** A file of the answers collection's pages: the same Link as the collection's alias, in netlify.toml. */
  async answersPage(path: string): Promise<void> {
    await this.block([path, { Link: linkHeader("answers.schema.json") }]);
  }

  /** The blocks known only once everything else is made, then the end of the file. */
  async finish(blocks: readonly HeaderBlock[]): Promise<void> {
    for (const block of blocks) await this.block(block);
    await this.output!.close();
  }

  /** Netlify's _headers format: a path line, indented "Name: value" lines, a blank line between blocks. */
  private async block([path, values]: HeaderBlock): Promise<void> {
    await this.output!.write(
      `${path}\n${Object.entries(values)
        .map(([name, value]) => `  ${name}: ${value}\n`)
        .join("")}\n`,
    );
  }
}
