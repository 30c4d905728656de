/**
 * The files that describe the service, from the compiled data: the OpenAPI document (at two paths, the same
 * bytes), the discovery documents, and the HTML docs with their stylesheet.
 */
import type { SiteSettings } from "../content/types.ts";
import { canonicalJson } from "../output/canonical-json.ts";
import { searchIndex, type SearchIndex } from "../search/search-index.ts";
import { parseQuery } from "../search/text-match.ts";
import { buildDiscoveryFiles } from "./discovery.ts";
import { docsPage, errorsPage, homePage, HTML_PAGES, STYLESHEET, STYLESHEET_PATH, type DocsInput } from "./docs-html.ts";
import { buildOpenApi } from "./openapi.ts";
import { QUERY_EXAMPLES } from "./service-facts.ts";

export const OPENAPI_PATHS = ["/api/v1/openapi.json", "/openapi.json"] as const;

export interface DescribeInput {
  site: SiteSettings;
  origin: string;
  generatedAt: string;
  counts: DocsInput["counts"];
  bodies: ReadonlyMap<string, unknown>;
  searchIndex: SearchIndex;
  schemas: ReadonlyMap<string, Record<string, unknown>>;
  exampleSlug: string;
}

export function describeService(input: DescribeInput): Array<{ path: string; contents: string }> {
  const { site, origin, generatedAt, counts } = input;
  const openapi = canonicalJson(
    buildOpenApi({ site, origin, schemas: input.schemas, examples: exampleBodies(input.bodies), exampleSlug: input.exampleSlug }),
  );
  const exampleResults = QUERY_EXAMPLES.map((example) => {
    const parsed = parseQuery(example.q);
    return { ...example, slugs: parsed.ok ? searchIndex(input.searchIndex, parsed.tokens) : [] };
  });
  const docs: DocsInput = { site, origin, counts, exampleResults, generatedAt };
  return [
    ...OPENAPI_PATHS.map((path) => ({ path, contents: openapi })),
    ...buildDiscoveryFiles({ site, origin, generatedAt, counts, pages: HTML_PAGES }),
    { path: "/index.html", contents: homePage(docs) },
    { path: "/docs/index.html", contents: docsPage(docs) },
    { path: "/docs/errors/index.html", contents: errorsPage(docs) },
    { path: STYLESHEET_PATH, contents: STYLESHEET },
  ];
}

/** Examples from the built files, kept short: collections show their first item, every other field whole. */
function exampleBodies(bodies: ReadonlyMap<string, unknown>): Map<string, unknown> {
  const examples = new Map<string, unknown>();
  for (const [path, body] of bodies) {
    const envelope = body as { data?: unknown[] };
    examples.set(path, Array.isArray(envelope.data) && envelope.data.length > 1 ? { ...envelope, data: envelope.data.slice(0, 1) } : body);
  }
  return examples;
}
