/**
 * The files that describe and present the service (build/engine/describe/): the OpenAPI document, the discovery
 * documents, the home page (also the offline reader), the docs and their Markdown twins, the changelog, the DCAT
 * catalog, CITATION.cff. It reads the examples every JSON product kept, the search index (its examples are answered
 * from it) and the first page of answers.
 */
import {
  ANSWERS_NDJSON_FILE,
  DATASET_ZIP_FILE,
  OPENAPI_ALIAS,
  OPENAPI_FILE,
  AUTH_STATEMENT_FILE,
  CHANGELOG_FEED_FILE,
  CHANGELOG_JSON_FILE,
  CHANGELOG_PAGE_FILE,
  CITATION_FILE,
  DCAT_CATALOG_FILE,
  DOCS_FILE,
  DOCS_MARKDOWN_FILE,
  ERRORS_FILE,
  HOME_FILE,
  HOME_MARKDOWN_FILE,
  LLMS_FILE,
  ROBOTS_FILE,
  SITEMAP_FILE,
} from "../../contract/layout.ts";
import type { AnswerResource } from "../../contract/resources.ts";
import { type DescribeInput, describeService } from "../describe/describe-service.ts";
import { versioningPolicy } from "../describe/versioning.ts";
import { type WrittenFiles, writePieces } from "../output/output-sink.ts";
import { product, resultOf } from "./product.ts";
import type { PublishedSchemas } from "./schemas.ts";

export const describe = product({
  name: "describe",
  purpose: "the docs, the home page (also the offline reader), OpenAPI and the discovery documents",
  // Every product whose JSON files the OpenAPI document shows as examples, and those whose results it reads.
  after: ["answer-files", "answer-pages", "search-index", "data-package", "suppliers", "evidence", "root", "schemas"],
  // The search index's files, read back to answer the examples.
  readsFiles: true,
  writes: [
    OPENAPI_ALIAS,
    OPENAPI_FILE,
    "/.well-known/",
    "/mcp/",
    AUTH_STATEMENT_FILE,
    LLMS_FILE,
    ROBOTS_FILE,
    SITEMAP_FILE,
    HOME_FILE,
    HOME_MARKDOWN_FILE,
    DOCS_FILE,
    DOCS_MARKDOWN_FILE,
    ERRORS_FILE,
    "/assets/",
    CITATION_FILE,
    CHANGELOG_JSON_FILE,
    CHANGELOG_FEED_FILE,
    CHANGELOG_PAGE_FILE,
    DCAT_CATALOG_FILE,
  ],
  run(facts, output) {
    return {
      async finish(results) {
        const { site, origin, generatedAt, counts, answers, content } = facts;
        const described = await describeService({
          dataFiles: [...resultOf<string[]>(results, "data-package"), ANSWERS_NDJSON_FILE, DATASET_ZIP_FILE],
          site,
          origin,
          generatedAt,
          counts,
          versioning: versioningPolicy(site),
          examples: output.examples,
          searchFiles: searchFilesOf(resultOf<string[]>(results, "search-index"), output.written),
          schemas: resultOf<PublishedSchemas>(results, "schemas"),
          answers: resultOf<AnswerResource[]>(results, "answer-pages"),
          answerList: answers.map(({ data }) => ({
            slug: data.slug,
            title: data.title,
            question: data.question,
            reviewed: data.reviewed,
          })),
          suppliers: facts.suppliers,
          disclosure: facts.disclosure,
          families: facts.families,
          sources: content.sources,
          synonyms: content.synonyms.groups,
          outward: content.outward,
        });
        for (const file of described.files) {
          const contents = file.contents();
          if (typeof contents === "string") await output.file(file.path, contents);
          else await writePieces(await output.stream(file.path), contents);
        }
      },
    };
  },
});

/** The search index's files, each read back from the output when asked for. */
function searchFilesOf(paths: readonly string[], output: WrittenFiles): DescribeInput["searchFiles"] {
  const written = new Set(paths);
  return {
    paths,
    async read(path) {
      if (!written.has(path)) return undefined;
      const pieces: Uint8Array[] = [];
      for await (const piece of output.pieces(path)) pieces.push(piece);
      return Buffer.concat(pieces).toString("utf8");
    },
  };
}
