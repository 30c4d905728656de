/**
 * The public URLs of a build, derived from the files it writes: each canonical file, the extensionless alias
 * Netlify and the local server map onto it, and the `?slug=` alias of each answer. The smoke check, the tests
 * and the archive list all take their URLs from here, never from a hand-written list.
 */
import { ALIASES, FILES_PAGE_FILE, FILES_PAGE_PATH } from "./layout.ts";
import { UNLISTED_FILES } from "./unlisted-files.ts";
import { fileKind } from "./header-rules.ts";

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

/** The schema and media type a file is served with: its kind's, in the header rules (./header-rules.ts). */
export function describeFile(file: string): { contentType: string; schema?: string } {
  const kind = fileKind(file);
  if (!kind)
    throw new Error(`no media type is known for ${file}: give its kind a rule in build/contract/header-rules.ts`);
  return kind;
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
