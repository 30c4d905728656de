/**
 * The 404 for a path under /api/ that names nothing, as a JSON problem whose headers come from this code. The
 * `/api/*` rule in _redirects serves the same document as a file, but whether Netlify applies header rules
 * by the requested path or by the rewritten one (and so whether that file gets its problem type) cannot be
 * observed before a deploy; an edge function's response carries its own headers either way. A path that is
 * published, or that cannot be judged (the list unreadable or, after a new deploy, still being read; an undecodable
 * escape), is handed on untouched.
 */
import { ALIASES, API_NOT_FOUND_DETAIL, URL_LIST_FILE } from "../../contract/layout.ts";
import { textOf, type ReadFile } from "./deploy-snapshot.ts";
import { methodGuard } from "./method-guard.ts";
import { problemResponse } from "./problems.ts";

/** The paths a deploy serves under /api/: its URL list's, and the extensionless aliases. */
export async function publishedApiPaths(read: ReadFile): Promise<ReadonlySet<string>> {
  const list = textOf(await read(URL_LIST_FILE));
  if (list === undefined) throw new Error(`the prebuilt file ${URL_LIST_FILE} is missing`);
  const paths = new Set(list.split("\n").filter((path) => path.startsWith("/api/")));
  for (const [alias] of ALIASES) paths.add(alias).add(`${alias}/`);
  return paths;
}

export async function apiNotFound(
  request: Request,
  published: () => Promise<ReadonlySet<string> | undefined>,
): Promise<Response | undefined> {
  const { pathname } = new URL(request.url);
  if (!pathname.startsWith("/api/")) return undefined;
  // Netlify lets the method guard declare only some methods; this entry sees them all (QUERY, PROPFIND, …).
  if (request.method !== "GET" && request.method !== "HEAD") return methodGuard(request);
  let path: string;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  const paths = await published().catch(() => undefined);
  if (!paths || paths.has(path)) return undefined;
  return problemResponse(request, "not-found", API_NOT_FOUND_DETAIL);
}
