import { createHash } from "node:crypto";
import {
  ANSWERS_NDJSON_FILE,
  ANSWERS_SEARCH_INDEX_FILE,
  API_NOT_FOUND_DETAIL,
  API_NOT_FOUND_FILE,
  CHANGELOG_FEED_FILE,
  CHANGELOG_JSON_FILE,
  CITATION_FILE,
  DATASET_ZIP_FILE,
  HEALTH_FILE,
  SCHEMA_LIST_FILE,
  schemaPath,
} from "../api/layout.ts";
import { citationText } from "../describe/citation.ts";
import { sortAnswers } from "../compile/answers.ts";
import { writeAnswersCollection } from "../compile/answers-collection.ts";
import { DataPackageWriter } from "../compile/data-package.ts";
import { paginate } from "../api/envelope.ts";
import type { OutputSink } from "../output/output-sink.ts";
import { compileEvidence } from "../compile/evidence.ts";
import { compileDisclosure, compileSuppliers } from "../compile/suppliers.ts";
import type { BuildContext } from "../context.ts";
import { canonicalJson } from "../api/canonical-json.ts";
import { problemBody, problemText } from "../api/problems.ts";
import { describeService } from "../describe/describe-service.ts";
import { versioningPolicy } from "../describe/versioning.ts";
import { archiveManifests } from "../compile/archive-manifests.ts";
import { filesPage } from "../describe/files-page.ts";
import type { ValidContent } from "../content/valid-content.ts";
import { HEADERS_FILE_PATH, headersFileText } from "../compile/headers-file.ts";
import { LlmsFullWriter } from "../compile/llms-full.ts";
import { publishedSchemas } from "../schemas/published-schema.ts";
import { AnswersNdjsonWriter } from "../compile/answers-ndjson.ts";
import { writeDatasetZip } from "../compile/dataset-zip.ts";

export type { OutputFile } from "../output/output-sink.ts";

export interface CompiledSite {
  /** Every file written, by root-relative path, sorted. */
  paths: string[];
  generatedAt: string;
  contentDigest: string;
}

/**
 * Stage 3: every resource of the API as the exact text of its file, handed to the output sink as soon as it is
 * made. Answers stream through (rendered, written, added to their page, the index and the CSV, then dropped),
 * so nothing held grows with the collection but the search index and the list of slugs and titles.
 */
export async function compileSite(
  context: BuildContext,
  content: ValidContent,
  sink: OutputSink,
): Promise<CompiledSite> {
  const register = new Map(content.sources.map((source) => [source.id, source]));
  const { site } = content;
  const generatedAt = generationTime(context.options.sourceDateEpoch, content);
  const origin = context.options.baseUrl ?? site.base_url;
  const contentDigest = digestContent(content);
  // Bodies the OpenAPI examples show: small files only, never the growing collections.
  const examples = new Map<string, unknown>();
  const json = async (path: string, body: unknown, keepAsExample = true) => {
    if (keepAsExample) examples.set(path, body);
    await sink.file(path, canonicalJson(body));
  };

  const suppliers = compileSuppliers(content.suppliers, content.disclosure, register);
  const disclosure = compileDisclosure(content.disclosure, register);
  const families = compileEvidence(content.evidence, content.suppliers, register);
  const dataPackage = new DataPackageWriter(
    { site, origin, generatedAt, suppliers, criteria: content.disclosure.criteria, families, sources: content.sources },
    sink,
  );
  await dataPackage.start();

  const answers = sortAnswers(content.answers);
  const pageSize = site.page_size;
  const llmsFull = new LlmsFullWriter(sink, site);
  await llmsFull.start(answers.length);
  const ndjson = new AnswersNdjsonWriter(sink);
  await ndjson.start();
  const { searchFiles, firstPage } = await writeAnswersCollection({
    workers: context.workers,
    cache: context.options.cache,
    answers,
    register,
    pageSize,
    sink,
    dataPackage,
    llmsFull,
    ndjson,
    examples,
    contentDigest,
  });
  await dataPackage.finish();
  await ndjson.finish();
  await llmsFull.finish();

  const versioning = versioningPolicy(site);
  for (const page of paginate("suppliers", suppliers, pageSize, contentDigest)) {
    for (const path of page.paths) await json(path, { ...page.body, disclosure });
  }
  const recordCount = families.reduce((sum, family) => sum + family.records.length, 0);
  for (const page of paginate("evidence", families, pageSize, contentDigest)) {
    for (const path of page.paths)
      await json(path, { ...page.body, meta: { ...page.body.meta, record_count: recordCount } });
  }

  const counts = {
    answers: answers.length,
    suppliers: suppliers.length,
    product_families: families.length,
    evidence_records: recordCount,
  };
  await json("/api/v1/index.json", {
    name: site.name,
    description: site.description,
    version: site.version,
    publisher: site.publisher,
    contact: site.contact,
    licence: site.licence,
    citation: citationText(site),
    content_digest: contentDigest,
    counts,
    versioning,
    links: {
      self: "/api/v1/index.json",
      answers: "/api/v1/answers/index.json",
      suppliers: "/api/v1/suppliers/index.json",
      evidence: "/api/v1/evidence/index.json",
      health: HEALTH_FILE,
      openapi: "/api/v1/openapi.json",
      docs: "/docs/",
      api_catalog: "/.well-known/api-catalog",
      schemas: SCHEMA_LIST_FILE,
      search_index: ANSWERS_SEARCH_INDEX_FILE,
      data_package: "/data/datapackage.json",
      citation: CITATION_FILE,
      changelog: CHANGELOG_JSON_FILE,
      changelog_feed: CHANGELOG_FEED_FILE,
    },
  });
  await json(HEALTH_FILE, {
    status: "ok",
    version: site.version,
    content_digest: contentDigest,
    generated_at: generatedAt,
    counts,
    links: { self: HEALTH_FILE, root: "/api/v1/index.json" },
  });

  // As served: each its own URL's $id, so that a validator resolves their $refs from where they are.
  const schemas = publishedSchemas(context.schemas.documents, origin);
  for (const [name, schema] of schemas) await json(schemaPath(name), schema, false);
  await json(SCHEMA_LIST_FILE, {
    schemas: [...schemas].map(([name, schema]) => ({
      href: schemaPath(name),
      kind: name.startsWith("content-")
        ? "content"
        : name.startsWith("discovery-")
          ? "discovery"
          : name === "common.schema.json"
            ? "shared"
            : "response",
      title: String(schema.title),
    })),
  });
  // The body of Netlify's 404 rule for /api/*. Extensionless, so that no rule typing *.json reaches it.
  await sink.file(API_NOT_FOUND_FILE, problemText(problemBody("not-found", API_NOT_FOUND_DETAIL, origin)));
  const answerList = answers.map((answer) => ({
    slug: answer.data.slug,
    title: answer.data.title,
    question: answer.data.question,
    reviewed: answer.data.reviewed,
  }));
  const dataFiles = [...dataPackage.files, ANSWERS_NDJSON_FILE, DATASET_ZIP_FILE];
  const described = await describeService({
    dataFiles,
    site,
    origin,
    generatedAt,
    counts,
    versioning,
    examples,
    searchFiles,
    schemas,
    answers: firstPage,
    answerList,
    suppliers,
    disclosure,
    families,
    sources: content.sources,
  });
  for (const file of described.files) await sink.file(file.path, file.contents);
  await sink.file(HEADERS_FILE_PATH, headersFileText(described.headers));
  await sink.finish();
  await writeDatasetZip(sink, site, generatedAt);
  await sink.finish();
  for (const file of archiveManifests(sink.digests, (urls) => filesPage({ site, generatedAt }, urls)))
    await sink.file(file.path, file.contents);
  await sink.finish();
  return { paths: [...sink.digests.keys()].sort(), generatedAt, contentDigest };
}

/** Starts tasks 0 to count - 1 in order, up to `window` ahead of the one handed over, and hands the results over in order. */
/** SOURCE_DATE_EPOCH when given, else midnight UTC of the latest date the content itself records. */
function generationTime(sourceDateEpoch: number | undefined, content: ValidContent): string {
  if (sourceDateEpoch !== undefined) return new Date(sourceDateEpoch * 1000).toISOString().replace(".000Z", "Z");
  const dates = [
    ...content.answers.map((answer) => answer.data.reviewed),
    content.disclosure.methodology_date,
    ...content.disclosure.changelog.map((entry) => entry.date),
  ].sort();
  return `${dates[dates.length - 1]}T00:00:00Z`;
}

/**
 * SHA-256 of the validated content in canonical form, piece by piece (no one string of the whole content):
 * changes exactly when what the API says changes.
 */
function digestContent(content: ValidContent): string {
  const hash = createHash("sha256");
  const { answers, ...rest } = content;
  hash.update(canonicalJson(rest));
  for (const answer of sortAnswers(answers))
    hash.update(canonicalJson({ front_matter: answer.data, body_sha256: answer.body.digest }));
  return `sha256:${hash.digest("hex")}`;
}
