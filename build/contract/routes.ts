/**
 * The public URLs of a build, derived from the files it writes: each canonical file, the extensionless alias
 * Netlify and the local server map onto it, and the `?slug=` alias of each answer. The smoke check, the tests
 * and the archive list all take their URLs from here, never from a hand-written list.
 */
import {
  ALIASES,
  ANSWERS_NDJSON_FILE,
  CHANGELOG_FEED_FILE,
  CHANGELOG_JSON_FILE,
  CITATION_FILE,
  DATASET_ZIP_FILE,
  DCAT_CATALOG_FILE,
  FILES_PAGE_FILE,
  FILES_PAGE_PATH,
  HEALTH_FILE,
  isSearchIndexFile,
  LLMS_FULL_FILE,
  MARKDOWN_PAGES,
  OPENAPI_ALIAS,
  OPENAPI_FILE,
  ROOT_RESOURCE_FILE,
  SCHEMA_LIST_FILE,
  SCHEMAS_FOLDER,
} from "./layout.ts";
import { UNLISTED_FILES } from "./unlisted-files.ts";
import { API_CATALOG_TYPE } from "./http.ts";

export interface Route {
  /** The URL a client requests (root-relative, with its query if any). */
  url: string;
  /** The canonical file it is answered from. */
  file: string;
  status: 200 | 404;
  contentType: string;
  /** The response schema in schemas/, where the body has one. */
  schema?: string;
  /** Whether this URL is the canonical one (a mirror holds it) or an alias. */
  canonical: boolean;
}

const JSON_TYPE = "application/json; charset=utf-8";
const MARKDOWN_TYPE = "text/markdown; charset=utf-8";

/** Files outside /api/v1 whose media type is fixed by their name. */
const DESCRIBED_FILES: Readonly<Record<string, string>> = {
  [OPENAPI_ALIAS]: JSON_TYPE,
  [OPENAPI_FILE]: JSON_TYPE,
  "/.well-known/api-catalog": API_CATALOG_TYPE,
  "/.well-known/agent-skills/index.json": JSON_TYPE,
  "/.well-known/agent-card.json": JSON_TYPE,
  "/.well-known/mcp/server-card.json": JSON_TYPE,
  "/mcp/server-card.json": "application/mcp-server-card+json",
  "/mcp/tools.json": JSON_TYPE,
  "/.well-known/ai-catalog.json": JSON_TYPE,
  "/.well-known/mcp/catalog.json": JSON_TYPE,
  "/.well-known/security.txt": "text/plain; charset=utf-8",
  "/auth.md": "text/markdown; charset=utf-8",
  "/llms.txt": "text/plain; charset=utf-8",
  [LLMS_FULL_FILE]: "text/plain; charset=utf-8",
  ...Object.fromEntries(MARKDOWN_PAGES.map(([, twin]) => [twin, MARKDOWN_TYPE])),
  "/robots.txt": "text/plain; charset=utf-8",
  "/sitemap.xml": "application/xml; charset=utf-8",
  "/urls.txt": "text/plain; charset=utf-8",
  "/SHA256SUMS": "text/plain; charset=utf-8",
  "/data/datapackage.json": JSON_TYPE,
  // CFF is YAML with no registered media type of its own; text/plain shows it in a browser (application/yaml
  // would download it) and any YAML parser reads it.
  [CITATION_FILE]: "text/plain; charset=utf-8",
  // NDJSON's own name for its type (no type is registered for it); UTF-8 like every JSON text.
  [ANSWERS_NDJSON_FILE]: "application/x-ndjson",
  [DATASET_ZIP_FILE]: "application/zip",
  [DCAT_CATALOG_FILE]: "application/ld+json",
  [CHANGELOG_JSON_FILE]: JSON_TYPE,
  [CHANGELOG_FEED_FILE]: "application/atom+xml; charset=utf-8",
};

/** The schema and media type a file is served with, by its place in the layout. */
export function describeFile(file: string): { contentType: string; schema?: string } {
  const fixed = DESCRIBED_FILES[file];
  if (fixed) return { contentType: fixed };
  if (/^\/\.well-known\/agent-skills\/[a-z0-9-]+\/SKILL\.md$/.test(file)) return { contentType: MARKDOWN_TYPE };
  if (/^\/api\/v1\/answers\/[a-z0-9-]+\.md$/.test(file)) return { contentType: MARKDOWN_TYPE };
  if (file.endsWith(".html")) return { contentType: "text/html; charset=utf-8" };
  if (file.startsWith("/data/") && file.endsWith(".csv"))
    return { contentType: "text/csv; charset=utf-8; header=present" };
  if (file.startsWith("/assets/") && file.endsWith(".css")) return { contentType: "text/css; charset=utf-8" };
  if (file.startsWith("/assets/") && file.endsWith(".svg")) return { contentType: "image/svg+xml" };
  if (file.startsWith(SCHEMAS_FOLDER)) return { contentType: "application/schema+json" };
  if (file.startsWith("/errors/")) return { contentType: "application/problem+json" };
  if (file === ROOT_RESOURCE_FILE) return { contentType: JSON_TYPE, schema: "root.schema.json" };
  if (file === HEALTH_FILE) return { contentType: JSON_TYPE, schema: "health.schema.json" };
  if (file === SCHEMA_LIST_FILE) return { contentType: JSON_TYPE, schema: "schema-list.schema.json" };
  if (isSearchIndexFile(file)) return { contentType: JSON_TYPE, schema: "search-index.schema.json" };
  const collection = /^\/api\/v1\/(answers|suppliers|evidence)\//.exec(file)?.[1];
  if (collection) return { contentType: JSON_TYPE, schema: `${collection}.schema.json` };
  throw new Error(`no media type is known for ${file}: describe it in build/contract/routes.ts`);
}

export { ALIASES };

/** Folders answered by their index.html (Netlify does this itself; no rule is involved). */
export const FOLDER_INDEXES: ReadonlyArray<readonly [string, string]> = [
  ["/", "/index.html"],
  ["/docs/", "/docs/index.html"],
  ["/docs/errors/", "/docs/errors/index.html"],
  [FILES_PAGE_PATH, FILES_PAGE_FILE],
  ["/changelog/", "/changelog/index.html"],
];

/** The routes of a build, from the paths of the files it wrote. */
export function routesFor(filePaths: readonly string[]): Route[] {
  const routes: Route[] = [];
  const paths = new Set(filePaths);
  for (const file of filePaths.map((path) => ({ path }))) {
    if (UNLISTED_FILES.has(file.path)) continue;
    routes.push({ url: file.path, file: file.path, status: 200, canonical: true, ...describeFile(file.path) });
    const slug = /^\/api\/v1\/answers\/([a-z0-9-]+)\.json$/.exec(file.path)?.[1];
    if (slug && slug !== "index") {
      routes.push({
        url: `/api/v1/answers?slug=${slug}`,
        file: file.path,
        status: 200,
        canonical: false,
        ...describeFile(file.path),
      });
    }
  }
  for (const [url, file] of [...ALIASES, ...FOLDER_INDEXES]) {
    if (!paths.has(file)) throw new Error(`the alias ${url} names ${file}, which the build did not write`);
    routes.push({ url, file, status: 200, canonical: false, ...describeFile(file) });
  }
  return routes.sort((a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : 0));
}
