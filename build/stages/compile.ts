import { createHash } from "node:crypto";
import { compileAnswers, type AnswerResource } from "../compile/answers.ts";
import { NO_FILTERS, paginate, type Envelope } from "../compile/envelope.ts";
import { compileEvidence } from "../compile/evidence.ts";
import { compileDisclosure, compileSuppliers } from "../compile/suppliers.ts";
import type { BuildContext } from "../context.ts";
import { canonicalJson } from "../output/canonical-json.ts";
import { problemBody, problemText } from "../request/problems.ts";
import { ANSWERS_SEARCH_INDEX_PATH } from "../search/search-index.ts";
import { describeService } from "../describe/describe-service.ts";
import { versioningPolicy } from "../describe/versioning.ts";
import { archiveManifests } from "../compile/archive-manifests.ts";
import type { ValidContent } from "./validate.ts";

/** A file of the output, by its root-relative URL path, with its exact bytes as text. */
export interface OutputFile {
  path: string;
  contents: string;
}

export interface CompiledSite {
  files: OutputFile[];
  generatedAt: string;
  contentDigest: string;
}

export const SCHEMAS_PATH = "/api/v1/schemas/";
export const SCHEMA_LIST_PATH = "/api/v1/schema-index.json";
export const NOT_FOUND_PATH = "/api/v1/errors/not-found";

/** Stage 3: every resource of the API as the exact text of its file. */
export function compileSite(context: BuildContext, content: ValidContent): CompiledSite {
  const register = new Map(content.sources.map((source) => [source.id, source]));
  const { site } = content;
  const generatedAt = generationTime(context.options.sourceDateEpoch, content);
  const origin = context.options.baseUrl ?? site.base_url;
  const contentDigest = digestContent(content);
  const files: OutputFile[] = [];
  const bodies = new Map<string, unknown>();
  const json = (path: string, body: unknown) => {
    bodies.set(path, body);
    files.push({ path, contents: canonicalJson(body) });
  };

  const { answers, searchIndex } = compileAnswers(content.answers, register);
  for (const page of paginate("answers", answers, site.page_size)) json(page.path, page.body);
  for (const answer of answers) json(answer.links.self, singleAnswer(answer, site.page_size));
  json(ANSWERS_SEARCH_INDEX_PATH, searchIndex);

  const suppliers = compileSuppliers(content.suppliers, content.disclosure.criteria, register);
  const disclosure = compileDisclosure(content.disclosure, register);
  const versioning = versioningPolicy(site);
  for (const page of paginate("suppliers", suppliers, site.page_size)) json(page.path, { ...page.body, disclosure });

  const families = compileEvidence(content.evidence, content.suppliers, register);
  const recordCount = families.reduce((sum, family) => sum + family.records.length, 0);
  for (const page of paginate("evidence", families, site.page_size)) {
    json(page.path, { ...page.body, meta: { ...page.body.meta, record_count: recordCount } });
  }

  const counts = { answers: answers.length, suppliers: suppliers.length, product_families: families.length, evidence_records: recordCount };
  json("/api/v1/index.json", {
    name: site.name,
    description: site.description,
    version: site.version,
    publisher: site.publisher,
    contact: site.contact,
    licence: site.licence,
    citation: site.citation,
    counts,
    versioning,
    links: {
      self: "/api/v1/index.json",
      answers: "/api/v1/answers/index.json",
      suppliers: "/api/v1/suppliers/index.json",
      evidence: "/api/v1/evidence/index.json",
      health: "/api/v1/health/index.json",
      openapi: "/api/v1/openapi.json",
      docs: "/docs/",
      api_catalog: "/.well-known/api-catalog",
      schemas: SCHEMA_LIST_PATH,
      search_index: ANSWERS_SEARCH_INDEX_PATH,
      data_package: "/data/datapackage.json",
    },
  });
  json("/api/v1/health/index.json", {
    status: "ok",
    version: site.version,
    content_digest: contentDigest,
    generated_at: generatedAt,
    counts,
    links: { self: "/api/v1/health/index.json", root: "/api/v1/index.json" },
  });

  for (const [name, schema] of context.schemas.documents) json(`${SCHEMAS_PATH}${name}`, schema);
  json(SCHEMA_LIST_PATH, {
    schemas: [...context.schemas.documents].map(([name, schema]) => ({
      href: `${SCHEMAS_PATH}${name}`,
      kind: name.startsWith("content-") ? "content" : name.startsWith("discovery-") ? "discovery" : name === "common.schema.json" ? "shared" : "response",
      title: String(schema.title),
    })),
  });
  // The body of Netlify's 404 rule for /api/*. Extensionless, so that no rule typing *.json reaches it.
  files.push({
    path: NOT_FOUND_PATH,
    contents: problemText(problemBody("not-found", "Nothing is published at this path. The API's resources are listed at /api/v1.", origin)),
  });
  files.push(
    ...describeService({ site, origin, generatedAt, counts, versioning, bodies, searchIndex, schemas: context.schemas.documents, answers, suppliers, disclosure, families, sources: content.sources }),
  );
  files.push(...archiveManifests(files));
  files.sort((a, b) => (a.path < b.path ? -1 : 1));
  return { files, generatedAt, contentDigest };
}

/** The collection shape holding one answer: what `?slug=` returns. */
function singleAnswer(answer: AnswerResource, pageSize: number): Envelope<AnswerResource> {
  const self = answer.links.self;
  return {
    data: [answer],
    links: { self, first: self, last: self },
    meta: { count: 1, total: 1, page: 1, page_count: 1, page_size: pageSize, filters: { ...NO_FILTERS, slug: answer.slug } },
  };
}

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

/** SHA-256 of the validated content in canonical form: changes exactly when what the API says changes. */
function digestContent(content: ValidContent): string {
  const canonical = canonicalJson({
    ...content,
    answers: content.answers.map((answer) => ({ front_matter: answer.data, body: answer.body.markdown })),
  });
  return "sha256:" + createHash("sha256").update(canonical).digest("hex");
}
