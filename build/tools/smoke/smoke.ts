/**
 * `npm run smoke -- <base-url>`: requests every public URL of this build (from its own route list) and every
 * contract case against a running deployment, and reports each difference from the contract. The tests run it
 * against the local server; the maintainer runs it against a Netlify deploy preview to settle what
 * only a deploy can show (see the README, Deployment): the CDN's own ETags and caching, header merging on
 * rewrites, the header rules' types on files netlify-cli types itself.
 */
import path from "node:path";
import { schemaPath } from "../../contract/layout.ts";
import { compileContent } from "../../engine/run/pipeline.ts";
import { routesFor, type Route } from "../../contract/routes.ts";
import { loadSchemaRegistry } from "../../content/schemas/schema-registry.ts";
import { contractCases, type ContractCase } from "./contract-cases.ts";
import { projectRoot } from "../../content/load/project.ts";
import {
  commandArguments,
  exitWhenWritten,
  runAsCommand,
  tellOrThrow,
  ToldError,
} from "../../content/load/command-line.ts";

export interface Difference {
  method: string;
  url: string;
  check: string;
  expected: string;
  actual: string;
}

export interface SmokeReport {
  requests: number;
  differences: Difference[];
}

/** What stops the smoke test before it can compare (the content does not build, the deploy cannot be reached): told in a line. */
export class SmokeStopped extends ToldError {
  override name = "SmokeStopped";
}

export async function runSmoke(baseUrl: string, contentDir: string): Promise<SmokeReport> {
  const compiled = await compileContent({ contentDir, outDir: "" });
  if (!compiled.ok)
    throw new SmokeStopped(`the content does not build (${compiled.diagnostics.length} problems): run npm run build`);
  const schemas = await loadSchemaRegistry();
  const routes = routesFor(compiled.site.paths);
  const report: SmokeReport = { requests: 0, differences: [] };
  const origin = baseUrl.replace(/\/+$/, "");
  const request = async (method: string, url: string, headers: Record<string, string> = {}, body?: string) => {
    report.requests++;
    return fetch(origin + url, { method, headers, body, redirect: "manual" }).catch((error: Error) => {
      // fetch says only "fetch failed"; its cause says why (ECONNREFUSED, ENOTFOUND, a certificate).
      const cause = error.cause as { code?: string; message?: string } | undefined;
      throw new SmokeStopped(`cannot reach ${origin}${url} (${cause?.code ?? cause?.message ?? error.message})`);
    });
  };
  const canonicalBodies = new Map<string, string>();
  for (const route of routes.filter((candidate) => candidate.canonical)) await checkRoute(route);
  for (const route of routes.filter((candidate) => !candidate.canonical)) await checkRoute(route);
  const slug =
    routes.find((route) => route.url.startsWith("/api/v1/answers?slug="))?.url.split("=")[1] ?? "room-sizing";
  for (const contractCase of contractCases(slug)) await checkCase(contractCase);
  return report;

  function differ(method: string, url: string, check: string, expected: unknown, actual: unknown): void {
    report.differences.push({ method, url, check, expected: String(expected), actual: String(actual) });
  }

  async function checkRoute(route: Route): Promise<void> {
    const response = await request("GET", route.url);
    const body = await response.text();
    checkCommonHeaders("GET", route.url, response, route.status, route.contentType);
    if (route.schema) {
      const link = response.headers.get("link") ?? "";
      if (!link.includes(`<${schemaPath(route.schema)}>; rel="describedby"`))
        differ("GET", route.url, "Link describedby", route.schema, link);
      checkSchema(route, body);
    }
    if (route.canonical) canonicalBodies.set(route.file, body);
    else if (canonicalBodies.get(route.file) !== body)
      differ("GET", route.url, "same bytes as its file", route.file, "different bytes");
    const etag = response.headers.get("etag");
    if (!etag) return differ("GET", route.url, "ETag", "present", "absent");
    const head = await request("HEAD", route.url);
    if ((await head.arrayBuffer()).byteLength !== 0) differ("HEAD", route.url, "no body", 0, "a body");
    for (const name of ["etag", "content-length", "content-type"]) {
      if (head.headers.get(name) !== response.headers.get(name))
        differ("HEAD", route.url, `${name} as GET`, response.headers.get(name), head.headers.get(name));
    }
    const revalidated = await request("GET", route.url, { "If-None-Match": etag });
    if (revalidated.status !== 304) differ("GET", route.url, "If-None-Match gives 304", 304, revalidated.status);
  }

  function checkSchema(route: Route, body: string): void {
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      differ("GET", route.url, "JSON body", "valid JSON", body.slice(0, 80));
      return;
    }
    checkValid("GET", route.url, route.schema!, parsed);
  }

  function checkValid(method: string, url: string, schema: string, body: unknown): void {
    const validate = schemas.validator(schema);
    if (!validate(body))
      differ(method, url, `body valid against ${schema}`, "valid", JSON.stringify(validate.errors?.slice(0, 3)));
  }

  function checkCommonHeaders(
    method: string,
    url: string,
    response: Response,
    status: number,
    contentType: string | undefined,
  ): void {
    if (response.status !== status) differ(method, url, "status", status, response.status);
    if (contentType && response.headers.get("content-type") !== contentType)
      differ(method, url, "Content-Type", contentType, response.headers.get("content-type"));
    if (response.headers.get("access-control-allow-origin") !== "*")
      differ(method, url, "CORS", "*", response.headers.get("access-control-allow-origin"));
    if (response.headers.get("access-control-allow-credentials") !== null)
      differ(method, url, "no credentials", "absent", response.headers.get("access-control-allow-credentials"));
    if (response.headers.get("x-content-type-options") !== "nosniff")
      differ(method, url, "nosniff", "nosniff", response.headers.get("x-content-type-options"));
  }

  async function checkCase(contractCase: ContractCase): Promise<void> {
    const { method, url } = contractCase;
    const response = await request(
      method,
      url,
      {
        ...(method === "OPTIONS" ? { Origin: "https://example.org", "Access-Control-Request-Method": "GET" } : {}),
        ...contractCase.requestHeaders,
      },
      contractCase.requestBody,
    );
    // A case that negotiates is told apart by its Accept.
    const label = contractCase.requestHeaders?.Accept ? `${url} (Accept: ${contractCase.requestHeaders.Accept})` : url;
    checkCommonHeaders(method, label, response, contractCase.status, contractCase.contentType);
    for (const [name, value] of Object.entries(contractCase.headers ?? {})) {
      if (response.headers.get(name) !== value)
        differ(method, label, `header ${name}`, value, response.headers.get(name));
    }
    const vary = (response.headers.get("vary") ?? "").split(",").map((name) => name.trim().toLowerCase());
    if (contractCase.varies && !vary.includes(contractCase.varies.toLowerCase()))
      differ(method, label, `Vary lists ${contractCase.varies}`, contractCase.varies, response.headers.get("vary"));
    if (contractCase.link && !(response.headers.get("link") ?? "").includes(contractCase.link))
      differ(method, label, "Link", contractCase.link, response.headers.get("link"));
    const text = await response.text();
    if (method === "HEAD" || method === "OPTIONS") {
      if (text !== "") differ(method, label, "no body", "", text.slice(0, 80));
      return;
    }
    if (contractCase.bodyStartsWith !== undefined) {
      if (!text.startsWith(contractCase.bodyStartsWith))
        differ(method, label, "body begins", contractCase.bodyStartsWith, text.slice(0, 40));
      return;
    }
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(text) as Record<string, unknown>;
    } catch {
      return differ(method, url, "JSON body", "JSON", text.slice(0, 80));
    }
    if (contractCase.jsonRpcError !== undefined) {
      const code = (body.error as { code?: unknown } | undefined)?.code;
      if (body.jsonrpc !== "2.0" || code !== contractCase.jsonRpcError)
        differ(method, url, "JSON-RPC error code", contractCase.jsonRpcError, code);
      return;
    }
    if (contractCase.jsonRpcResult) {
      const result = (body.result ?? {}) as Record<string, unknown>;
      const missing = contractCase.jsonRpcResult.filter((key) => !(key in result));
      if (body.jsonrpc !== "2.0" || missing.length > 0)
        differ(
          method,
          url,
          `JSON-RPC result of ${contractCase.name}`,
          contractCase.jsonRpcResult.join(", "),
          JSON.stringify(body).slice(0, 120),
        );
      return;
    }
    if (contractCase.problemType) {
      if (!String(body.type).endsWith(`#${contractCase.problemType}`))
        differ(method, url, "problem type", contractCase.problemType, body.type);
      if (body.status !== contractCase.status) differ(method, url, "problem status", contractCase.status, body.status);
      if (response.headers.get("cache-control") !== "no-store")
        differ(method, url, "problems are not cached", "no-store", response.headers.get("cache-control"));
      return;
    }
    const meta = body.meta as { filters?: unknown; count?: number } | undefined;
    const data = body.data as unknown[] | undefined;
    if (contractCase.filters && JSON.stringify(meta?.filters) !== JSON.stringify(contractCase.filters)) {
      differ(method, url, "meta.filters", JSON.stringify(contractCase.filters), JSON.stringify(meta?.filters));
    }
    if (
      contractCase.count === "some"
        ? !data?.length
        : contractCase.count !== undefined && data?.length !== contractCase.count
    ) {
      differ(method, url, "number of answers", contractCase.count, data?.length);
    }
    const { order } = contractCase;
    const misordered = order && checkOrderOf(body, order);
    if (misordered) differ(method, url, `results in ${order} order`, order, misordered);
    if (contractCase.suggestions) {
      const offered = (meta as { suggestions?: unknown[] } | undefined)?.suggestions;
      if (!Array.isArray(offered) || (contractCase.suggestions === "some") !== offered.length > 0)
        differ(method, url, "meta.suggestions", contractCase.suggestions, JSON.stringify(offered)?.slice(0, 120));
    }
    checkValid(method, url, "answers.schema.json", body);
  }
}

/**
 * A `q` answer in the order it names: best first (those holding every word first, then by score, ties in slug order)
 * or slug order, each answer explained in the same order.
 */
function checkOrderOf(body: Record<string, unknown>, order: "relevance" | "slug"): string | undefined {
  const meta = body.meta as {
    sort?: string;
    matches?: Array<{
      slug: string;
      score: number;
      all_words: boolean;
      snippet: { text: string; matches: Array<[number, number]> };
    }>;
  };
  const slugs = (body.data as Array<{ slug: string }>).map((answer) => answer.slug);
  if (meta.sort !== order) return `meta.sort is ${meta.sort}`;
  if (JSON.stringify(meta.matches?.map((match) => match.slug)) !== JSON.stringify(slugs))
    return "meta.matches does not follow data";
  for (let at = 1; at < slugs.length; at++) {
    const [before, after] = [meta.matches![at - 1]!, meta.matches![at]!];
    const inOrder =
      order === "slug"
        ? before.slug < after.slug
        : (before.all_words && !after.all_words) ||
          (before.all_words === after.all_words &&
            (before.score > after.score || (before.score === after.score && before.slug < after.slug)));
    if (!inOrder) return `${before.slug} (${before.score}) comes before ${after.slug} (${after.score})`;
  }
  for (const match of meta.matches!) {
    const length = Array.from(match.snippet.text).length;
    if (match.snippet.matches.some(([start, end]) => start < 0 || end > length || start >= end))
      return `a match of ${match.slug}'s snippet is outside its text`;
  }
  return undefined;
}

export function formatReport(baseUrl: string, report: SmokeReport): string {
  const lines = report.differences.map(
    (difference) =>
      `${difference.method} ${difference.url}: ${difference.check}: expected ${difference.expected}, got ${difference.actual}`,
  );
  lines.push(
    `${report.differences.length === 0 ? "OK" : "FAILED"}: ${report.requests} requests to ${baseUrl}, ${report.differences.length} differences from the contract.`,
  );
  return `${lines.join("\n")}\n`;
}

runAsCommand(import.meta.url, async () => {
  const usage = [
    "usage: npm run smoke -- <base-url>   (for example https://deploy-preview-1--example.netlify.app)",
    "Requests every public URL of this build and every contract case of a deployment, and reports each difference.",
  ].join("\n");
  const baseUrl = commandArguments("smoke", usage, {}, { positionals: 1 }).positionals[0];
  if (!baseUrl || !/^https?:\/\//.test(baseUrl)) {
    process.stderr.write(`smoke: give the deploy's address, starting http:// or https://.\n${usage}\n`);
    process.exit(2);
  }
  const report = await runSmoke(baseUrl, path.join(projectRoot(), "content")).catch((error: unknown) =>
    tellOrThrow("smoke", error),
  );
  process.stdout.write(formatReport(baseUrl, report));
  exitWhenWritten(report.differences.length === 0 ? 0 : 1);
});
