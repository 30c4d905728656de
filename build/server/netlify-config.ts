/**
 * netlify.toml as Netlify reads it: redirect and header rules through Netlify's own parsers and matcher,
 * and the edge entries of the folder it names, with their inline declarations. The local server runs these,
 * so the tests prove the file production uses rather than a copy of its rules.
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import toml from "@iarna/toml";
import { parseAllHeaders } from "@netlify/headers-parser";
import { parseAllRedirects } from "@netlify/redirect-parser";
import redirector from "netlify-redirector";

export interface RedirectRule {
  index: number;
  from: string;
  to: string;
  status: number;
  force: boolean;
}

export interface RedirectMatch {
  rule: RedirectRule;
  to: string;
  status: number;
  force: boolean;
}

export interface HeaderRule {
  index: number;
  for: string;
  forRegExp: RegExp;
  values: Record<string, string>;
}

export interface EdgeEntry {
  name: string;
  paths: string[];
  methods: string[] | undefined;
  handler: (request: Request) => Response | undefined | Promise<Response | undefined>;
}

export interface NetlifyConfig {
  redirects: RedirectRule[];
  /** True when no redirect rule has conditions: a path and query then always match the same way. */
  redirectsAreUnconditional: boolean;
  headers: HeaderRule[];
  edgeEntries: EdgeEntry[];
  matchRedirect(request: { host: string; pathname: string; search: string; getHeader(name: string): string }): RedirectMatch | undefined;
}

interface RedirectorMatch {
  from?: string;
  to?: string;
  status?: number;
  force?: boolean;
  force404?: boolean;
}

/** `headersFiles`: _headers files of the publish folder, which Netlify reads beside netlify.toml. */
export async function loadNetlifyConfig(configPath: string, headersFiles: string[] = []): Promise<NetlifyConfig> {
  const parsedRedirects = await parseAllRedirects({ redirectsFiles: [], netlifyConfigPath: configPath, configRedirects: [], minimal: false });
  const parsedHeaders = await parseAllHeaders({ headersFiles, netlifyConfigPath: configPath, configHeaders: [], minimal: false });
  const errors = [...parsedRedirects.errors, ...parsedHeaders.errors];
  if (errors.length > 0) throw new Error(`${configPath}: ${errors.map((error) => String(error.message ?? error)).join("; ")}`);

  const redirects = (parsedRedirects.redirects as Array<Record<string, unknown>>).map((rule, index) => ({
    index,
    from: String(rule.from),
    to: String(rule.to),
    status: Number(rule.status ?? 301),
    force: Boolean(rule.force),
    raw: rule,
  }));
  // Netlify's matcher takes the backend's field names (as @netlify/redirects normalises them).
  const matcher = await redirector.parseJSON(
    JSON.stringify(
      redirects.map(({ raw }) => {
        const { from, query, signed: _signed, ...rest } = raw as Record<string, unknown>;
        return { ...rest, origin: from, params: query ?? {} };
      }),
    ),
    {},
  );
  const headers = (parsedHeaders.headers as Array<{ for: string; forRegExp: RegExp; values: Record<string, string> }>).map((rule, index) => ({
    index,
    for: rule.for,
    forRegExp: rule.forRegExp,
    values: rule.values,
  }));

  const config = toml.parse(await readFile(configPath, "utf8")) as { build?: { edge_functions?: string } };
  const edgeFolder = config.build?.edge_functions;
  const edgeEntries = edgeFolder ? await loadEdgeEntries(path.resolve(path.dirname(configPath), edgeFolder)) : [];

  return {
    redirects: redirects.map(({ raw: _raw, ...rule }) => rule),
    redirectsAreUnconditional: redirects.every(({ raw }) => Object.keys((raw as { conditions?: object }).conditions ?? {}).length === 0),
    headers,
    edgeEntries,
    matchRedirect({ host, pathname, search, getHeader }) {
      let decodedPath: string;
      try {
        decodedPath = decodeURIComponent(pathname);
      } catch {
        decodedPath = pathname;
      }
      const found = matcher.match({
        scheme: "http",
        host,
        path: decodedPath,
        query: search.replace(/^\?/, ""),
        getHeader,
        getCookie: () => "",
      }) as RedirectorMatch | null;
      if (!found || found.force404 || found.to === undefined) return undefined;
      const rule = redirects.find((candidate) => candidate.from === found.from) ?? redirects.find((candidate) => candidate.to === found.to);
      if (!rule) throw new Error(`netlify-redirector matched a rule that is not in netlify.toml: ${JSON.stringify(found)}`);
      return { rule: { index: rule.index, from: rule.from, to: rule.to, status: rule.status, force: rule.force }, to: found.to, status: found.status ?? rule.status, force: Boolean(found.force) };
    },
  };
}

/** The entry files of the edge folder, alphabetically, each with its inline `config` declaration. */
async function loadEdgeEntries(folder: string): Promise<EdgeEntry[]> {
  const names = (await readdir(folder)).filter((name) => /\.(ts|js|mjs)$/.test(name)).sort();
  const entries: EdgeEntry[] = [];
  for (const name of names) {
    const module = (await import(pathToFileURL(path.join(folder, name)).href)) as {
      default: EdgeEntry["handler"];
      config?: { path?: string | string[]; method?: string | string[] };
    };
    const declared = module.config?.path;
    if (!declared) throw new Error(`edge entry ${name} declares no path`);
    const paths = Array.isArray(declared) ? declared : [declared];
    for (const pattern of paths) assertSupportedPattern(name, pattern);
    const methods = module.config?.method === undefined ? undefined : [module.config.method].flat();
    entries.push({ name: name.replace(/\.[^.]+$/, ""), paths, methods, handler: module.default });
  }
  return entries;
}

/** The URLPattern forms our entries use: an exact path, or a prefix ending in /*. Anything richer fails loudly. */
function assertSupportedPattern(name: string, pattern: string): void {
  const body = pattern.endsWith("/*") ? pattern.slice(0, -2) : pattern;
  if (!pattern.startsWith("/") || /[*:(){}?+]/.test(body)) {
    throw new Error(`edge entry ${name}: the local server does not emulate the path pattern "${pattern}"`);
  }
}

export function edgePathMatches(pattern: string, pathname: string): boolean {
  if (pattern === "/*") return true;
  if (pattern.endsWith("/*")) {
    const prefix = pattern.slice(0, -2);
    return pathname === prefix || pathname.startsWith(prefix + "/");
  }
  return pathname === pattern;
}
