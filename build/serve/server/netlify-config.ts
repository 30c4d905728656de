/**
 * netlify.toml as Netlify reads it, with the publish folder's _headers and _redirects: redirect and header rules
 * through Netlify's own parsers and matcher, and the edge entries of the folder it names, with their inline
 * declarations. The local server runs these, so the tests prove the files production uses rather than a copy.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { stripVTControlCharacters } from "node:util";
import toml from "@iarna/toml";
import {
  find as findEdgeFunctions,
  generateManifest,
  mergeDeclarations,
  validateManifest,
  type Declaration,
  type FunctionConfig,
} from "@netlify/edge-bundler";
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

/** One route of the edge manifest: a function, the path it declared, and Netlify's test of a request against it. */
export interface EdgeEntry {
  name: string;
  declaredPath: string;
  /** Absent: every method reaches the function (HEAD can only be seen this way: it cannot be declared). */
  methods: string[] | undefined;
  handler: (request: Request) => Response | undefined | Promise<Response | undefined>;
  matches(method: string, pathname: string): boolean;
}

export interface NetlifyConfig {
  redirects: RedirectRule[];
  /** True when no redirect rule has conditions: a path and query then always match the same way. */
  redirectsAreUnconditional: boolean;
  headers: HeaderRule[];
  edgeEntries: EdgeEntry[];
  matchRedirect(request: {
    host: string;
    pathname: string;
    search: string;
    getHeader(name: string): string;
  }): RedirectMatch | undefined;
}

interface RedirectorMatch {
  from?: string;
  to?: string;
  status?: number;
  force?: boolean;
  force404?: boolean;
}

/** `headersFiles`, `redirectsFiles`: _headers and _redirects files of the publish folder, which Netlify reads beside netlify.toml. */
export async function loadNetlifyConfig(
  configPath: string,
  { headersFiles = [], redirectsFiles = [] }: { headersFiles?: string[]; redirectsFiles?: string[] } = {},
): Promise<NetlifyConfig> {
  const parsedRedirects = await parseAllRedirects({
    redirectsFiles,
    netlifyConfigPath: configPath,
    configRedirects: [],
    minimal: false,
  });
  const parsedHeaders = await parseAllHeaders({
    headersFiles,
    netlifyConfigPath: configPath,
    configHeaders: [],
    minimal: false,
  });
  const errors = [...parsedRedirects.errors, ...parsedHeaders.errors];
  if (errors.length > 0)
    throw new Error(`${configPath}: ${errors.map((error) => String(error.message ?? error)).join("; ")}`);

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
  const headers = (
    parsedHeaders.headers as Array<{ for: string; forRegExp: RegExp; values: Record<string, string> }>
  ).map((rule, index) => ({
    index,
    for: rule.for,
    forRegExp: rule.forRegExp,
    values: rule.values,
  }));

  const config = toml.parse(await readFile(configPath, "utf8")) as {
    build?: { edge_functions?: string };
    edge_functions?: Declaration[];
  };
  const edgeFolder = config.build?.edge_functions;
  const edgeEntries = edgeFolder
    ? await loadEdgeEntries(path.resolve(path.dirname(configPath), edgeFolder), config.edge_functions ?? [])
    : [];

  return {
    redirects: redirects.map(({ raw: _raw, ...rule }) => rule),
    redirectsAreUnconditional: redirects.every(
      ({ raw }) => Object.keys((raw as { conditions?: object }).conditions ?? {}).length === 0,
    ),
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
      const rule =
        redirects.find((candidate) => candidate.from === found.from) ??
        redirects.find((candidate) => candidate.to === found.to);
      if (!rule)
        throw new Error(
          `netlify-redirector matched a rule that is not in netlify.toml or _redirects: ${JSON.stringify(found)}`,
        );
      return {
        rule: { index: rule.index, from: rule.from, to: rule.to, status: rule.status, force: rule.force },
        to: found.to,
        status: found.status ?? rule.status,
        force: Boolean(found.force),
      };
    },
  };
}

/** The project's own edge entries: imported by a pattern esbuild follows, so that the launcher's bundle holds them. */
const OWN_EDGE_FOLDER = path.resolve(import.meta.dirname, "../../edge-functions");

/**
 * The edge entries as Netlify's bundler sees them: its own function finder, declaration merging, manifest and
 * manifest validation (@netlify/edge-bundler, the version netlify-cli runs), so that a declaration Netlify would
 * refuse is refused here with the same message, and paths match by the manifest's own regular expressions.
 * The in-source `config` goes through JSON as the bundler's Deno extractor sends it.
 */
async function loadEdgeEntries(folder: string, tomlDeclarations: Declaration[]): Promise<EdgeEntry[]> {
  const functions = await findEdgeFunctions([folder]);
  const handlers = new Map<string, EdgeEntry["handler"]>();
  const configs: Record<string, FunctionConfig> = {};
  for (const { name, path: file } of functions) {
    // Another folder's (a test's copy of the project) is imported by its path, as tsx or Vitest load TypeScript.
    // The pattern keeps its extension in the static part, which esbuild and Vite both need to follow it.
    const module = (await (folder === OWN_EDGE_FOLDER && path.relative(folder, file) === `${name}.ts`
      ? import(`../../edge-functions/${name}.ts`)
      : import(pathToFileURL(file).href))) as {
      default: EdgeEntry["handler"];
      config?: FunctionConfig;
    };
    handlers.set(name, module.default);
    if (module.config !== undefined) configs[name] = JSON.parse(JSON.stringify(module.config)) as FunctionConfig;
  }
  const declarations = mergeDeclarations(tomlDeclarations, configs, {}, []);
  const { manifest } = generateManifest({ functions, declarations, userFunctionConfig: configs });
  // Throws ManifestValidationError: "Validation of Edge Functions manifest failed" and the bundler's own report.
  // Its code frame is coloured wherever CI is set (@babel/code-frame); the message is kept as plain text.
  try {
    validateManifest(manifest);
  } catch (error) {
    if (error instanceof Error) error.message = stripVTControlCharacters(error.message);
    throw error;
  }
  // Netlify's router tries the routes before the cache, then those after it (cache: "manual"), each in order.
  return [...manifest.routes, ...manifest.post_cache_routes].map((route) => {
    const pattern = new RegExp(route.pattern);
    const excluded = [
      ...route.excluded_patterns,
      ...(manifest.function_config[route.function]?.excluded_patterns ?? []),
    ].map((source) => new RegExp(source));
    const methods = route.methods && route.methods.length > 0 ? route.methods : undefined;
    return {
      name: route.function,
      declaredPath: route.path ?? route.pattern,
      methods,
      handler: handlers.get(route.function)!,
      matches: (method: string, pathname: string) =>
        (!methods || methods.includes(method)) &&
        pattern.test(pathname) &&
        !excluded.some((exclusion) => exclusion.test(pathname)),
    };
  });
}
