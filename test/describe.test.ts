import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { AgentCard } from "@a2a-js/sdk";
import { Validator } from "@seriousme/openapi-schema-validator";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsPlugin from "ajv-formats";
import { parse as parseYaml } from "yaml";
import { beforeAll, describe, expect, it } from "vitest";
import { PROBLEM_TYPES } from "../build/contract/problems.ts";
import { MCP_PROTOCOL_VERSIONS } from "../build/contract/mcp.ts";
import { VOCABULARIES } from "../build/engine/compile/vocabularies.ts";
import { CURRENT_STATUS_MAX_AGE_MONTHS } from "../build/content/load/status-window.ts";
import { SEARCH_AREAS } from "../build/content/load/types.ts";
import { EVIDENCE_GUIDE } from "../build/engine/describe/evidence-guide.ts";
import { SUPPLIER_GUIDE } from "../build/engine/describe/supplier-guide.ts";
import { escapeHtml } from "../build/engine/describe/docs-html.ts";
import { contractCases } from "../build/tools/smoke/contract-cases.ts";
import { routesFor } from "../build/contract/routes.ts";
import { answerFileOf } from "../build/contract/layout.ts";
import { MAX_QUERY_CODE_POINTS } from "../build/contract/limits.ts";
import { isPartialDate, loadSchemaRegistry, type SchemaRegistry } from "../build/content/schemas/schema-registry.ts";
import type { CompiledSite } from "../build/engine/run/engine.ts";
import { contentToEdit, ROOT } from "./support/build-helpers.ts";
import { PRODUCTION_ORIGIN, sharedBuild } from "./support/shared-build.ts";
import { startLocalServer, type RunningServer } from "./support/local-server.ts";

const PRODUCTION = PRODUCTION_ORIGIN;
let dist: string;
let builtPaths: string[];
let running: RunningServer;
let schemas: SchemaRegistry;
type Json = Record<string, any>;
const read = (urlPath: string) => readFile(path.join(dist, ...urlPath.split("/").filter(Boolean)), "utf8");
/** Text as markdown-it writes it into the docs' HTML. */
const asHtml = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");
const readJsonFile = async (urlPath: string) => JSON.parse(await read(urlPath)) as Json;

beforeAll(async () => {
  // A production-like origin, so that the tests can tell absolute production URLs from the local ones.
  let site: CompiledSite;
  ({ dist, site } = await sharedBuild("production"));
  builtPaths = site.paths;
  running = await startLocalServer(dist);
  schemas = await loadSchemaRegistry();
}, 60_000);

describe("the OpenAPI 3.1 document", () => {
  it("is served byte-identical at /api/v1/openapi.json and /openapi.json", async () => {
    expect(await read("/openapi.json")).toBe(await read("/api/v1/openapi.json"));
  });

  it("validates against the official 3.1 schema", async () => {
    const validator = new Validator();
    const result = await validator.validate(await readJsonFile("/api/v1/openapi.json"));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
  });

  it("passes redocly lint with the recommended rules (less those justified in redocly.yaml)", () => {
    const run = spawnSync(
      path.join(ROOT, "node_modules/.bin/redocly"),
      [
        "lint",
        path.join(dist, "api/v1/openapi.json"),
        "--config",
        path.join(ROOT, "redocly.yaml"),
        "--format",
        "stylish",
      ],
      {
        encoding: "utf8",
        env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
      },
    );
    expect(run.status, run.stdout + run.stderr).toBe(0);
    // The CLI's banner about Node 20's end of life is not a lint finding: look only below "validating".
    const findings = (run.stdout + run.stderr).slice((run.stdout + run.stderr).indexOf("validating"));
    expect(findings).toMatch(/Your API description is valid/);
    expect(findings).not.toMatch(/\bwarnings?\b|\berrors?\b/);
  }, 60_000);

  it("says what the contract says: security [], no schemes, no jsonSchemaDialect, servers from the base URL, an operationId everywhere", async () => {
    const openapi = await readJsonFile("/api/v1/openapi.json");
    expect(openapi.security).toEqual([]);
    expect(openapi.components.securitySchemes).toBeUndefined();
    expect(openapi.jsonSchemaDialect).toBeUndefined();
    expect(openapi.servers).toEqual([{ url: PRODUCTION, description: "This deployment" }]);
    expect(Object.keys(openapi.paths).sort()).toEqual([
      "/api/v1",
      "/api/v1/answers",
      "/api/v1/answers/index.json",
      "/api/v1/answers/pages/{n}.json",
      "/api/v1/answers/{slug}.json",
      "/api/v1/answers/{slug}.md",
      "/api/v1/evidence",
      "/api/v1/evidence/index.json",
      "/api/v1/evidence/pages/{n}.json",
      "/api/v1/health",
      "/api/v1/health/index.json",
      "/api/v1/index.json",
      "/api/v1/suppliers",
      "/api/v1/suppliers/index.json",
      "/api/v1/suppliers/pages/{n}.json",
      "/api/{path}",
    ]);
    const ids: string[] = [];
    for (const item of Object.values<Json>(openapi.paths))
      for (const [method, operation] of Object.entries<Json>(item))
        if (method !== "parameters") ids.push(operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toContain("getAnswers");
    expect(ids).toContain("headAnswers");
    expect(ids).toContain("getAnswer");
    expect(ids).toContain("headAnswer");
    const q = openapi.components.parameters.q;
    expect(q.schema).toMatchObject({ maxLength: MAX_QUERY_CODE_POINTS, minLength: 1 });
    const statuses = new Set(
      Object.values<Json>(openapi.paths).flatMap((item) =>
        Object.values<Json>(item).flatMap((operation) => Object.keys(operation.responses ?? {})),
      ),
    );
    for (const status of ["200", "204", "206", "304", "400", "404", "405", "414", "416", "431"])
      expect(statuses).toContain(status);
    // Absolute URLs from the configured base URL, never the local server's.
    expect(openapi.info.contact.url).toMatch(new RegExp(`^${PRODUCTION}/`));
    expect(JSON.stringify(openapi)).not.toContain("localhost");
    // Tools without Unicode property escapes (Spectral, Python's re) read every pattern as meant.
    const patterns: string[] = [];
    JSON.stringify(openapi, (key, value: unknown) => {
      if (key === "pattern") patterns.push(String(value));
      return value;
    });
    for (const pattern of patterns) expect(pattern).not.toContain("\\p{");
  });

  it("keeps its examples of collections short: their first item, with its lists of objects cut to their first", async () => {
    const openapi = await readJsonFile("/api/v1/openapi.json");
    const collections: Json[] = [];
    JSON.stringify(openapi, (key, value: Json) => {
      if (key === "value" && Array.isArray(value?.data) && value.meta?.total > 1) collections.push(value);
      return value;
    });
    // The answers, suppliers and evidence collections, whole and by page, at least.
    expect(collections.length).toBeGreaterThanOrEqual(3);
    for (const example of collections) {
      expect(example.data).toHaveLength(1);
      for (const [key, value] of Object.entries<Json>(example.data[0]))
        if (Array.isArray(value) && typeof value[0] === "object" && !Array.isArray(value[0]))
          expect(value.length, key).toBeLessThanOrEqual(1);
    }
  });

  it("refers only to whole components, none of which holds $defs: client generators read nothing deeper", async () => {
    const openapi = await readJsonFile("/api/v1/openapi.json");
    const refs: string[] = [];
    const defs: string[] = [];
    JSON.stringify(openapi, (key, value: unknown) => {
      if (key === "$ref") refs.push(String(value));
      if (key === "$defs") defs.push(key);
      return value;
    });
    expect(refs.length).toBeGreaterThan(100);
    for (const ref of refs) {
      expect(ref).toMatch(/^#\/components\/(schemas|responses|parameters|headers)\/[A-Za-z0-9._-]+$/);
      expect(pointer(openapi, ref), ref).toBeDefined();
    }
    expect(defs).toEqual([]);
    // Each shared definition of the served schemas is a component of its own, named by its file and its name there.
    expect(openapi.components.schemas["answers-answer"].type).toBe("object");
    const common = schemas.documents.get("common.schema.json") as Json;
    expect(openapi.components.schemas["common-slug"].pattern).toBe(common.$defs.slug.pattern);
  });

  it("gives every GET and HEAD a default response, a problem document, for statuses no operation lists (the local server's 403, a 500)", async () => {
    const openapi = await readJsonFile("/api/v1/openapi.json");
    const other = openapi.components.responses.OtherProblem;
    expect(other.content["application/problem+json"].schema).toEqual({ $ref: "#/components/schemas/problem" });
    expect(openapi.components.schemas.problem.properties.status.enum).toEqual(expect.arrayContaining([403, 500]));
    for (const [template, item] of Object.entries<Json>(openapi.paths))
      for (const method of ["get", "head"])
        expect(item[method].responses.default, `${method} ${template}`).toEqual({
          $ref: "#/components/responses/OtherProblem",
        });
  });

  it("documents each answer's own file, which every collection links, as an operation with the answers envelope", async () => {
    const openapi = await readJsonFile("/api/v1/openapi.json");
    const item = openapi.paths["/api/v1/answers/{slug}.json"];
    expect(item.get.operationId).toBe("getAnswer");
    expect(item.get.responses["200"].content["application/json"].schema).toEqual({
      $ref: "#/components/schemas/answers",
    });
    expect(Object.keys(item.get.responses).sort()).toEqual([
      "200",
      "206",
      "304",
      "404",
      "414",
      "416",
      "431",
      "default",
    ]);
    expect(Object.keys(item.head.responses).sort()).toEqual(["200", "304", "404", "414", "431", "default"]);
    // The links of the collection name documented operations, not only the catch-all 404 of /api/{path}.
    const answers = await readJsonFile("/api/v1/answers/index.json");
    const templates = Object.keys(openapi.paths).filter((key) => key !== "/api/{path}");
    const links = answers.data.flatMap((answer: Json) => [answer.links.self, answer.links.markdown]);
    expect(links.length).toBe(2 * answers.data.length);
    for (const link of links)
      expect(
        templates.some((key) => new RegExp(`^${key.replace(/\{[^}]+\}/g, "[^/]+")}$`).test(link)),
        link,
      ).toBe(true);
  });

  it("names in the catch-all every published file under /api/ that no other path documents: its 404 is for the rest", async () => {
    const openapi = await readJsonFile("/api/v1/openapi.json");
    const { description } = openapi.paths["/api/{path}"].parameters[0];
    // A name ending in / stands for the files under it, one with {…} for its files; a full stop after one is the sentence's.
    const named = [...description.matchAll(/\/api\/[^\s,;:)]+/g)].map(([name]: string[]) => name!.replace(/\.$/, ""));
    const canonical = Object.values<Json>(openapi.paths).flatMap(
      (item) => /Canonical file: `([^`]+)`/.exec(item.get.description ?? "")?.slice(1) ?? [],
    );
    const templates = Object.keys(openapi.paths)
      .filter((key) => key !== "/api/{path}")
      .map((key) => new RegExp(`^${key.replace(/\{[^}]+\}/g, "[^/]+")}$`));
    const others = builtPaths.filter((file) => file.startsWith("/api/") && !templates.some((key) => key.test(file)));
    expect(others.length).toBeGreaterThan(10);
    for (const file of others) {
      const left =
        canonical.includes(file) ||
        named.some((name) =>
          name.endsWith("/")
            ? file.startsWith(name)
            : new RegExp(`^${name.replace(/\{[^}]+\}/g, "[^/]+")}$`).test(file),
        );
      expect(left, `${file} is named`).toBe(true);
      expect((await fetch(running.origin + file, { method: "HEAD" })).status, file).toBe(200);
    }
    // A collection's path is also served with a trailing slash; a file's (its canonical file's too) is not.
    for (const template of Object.keys(openapi.paths).filter((key) => key !== "/api/{path}")) {
      const url = `${template.replace("{slug}", "room-sizing")}/`;
      const status = (await fetch(running.origin + url, { method: "HEAD" })).status;
      expect(status, url).toBe(/\.(json|md)$/.test(template) ? 404 : 200);
    }
  });

  it("declares the request headers that give a 304, 206 or 416 as header parameters of the operations that answer them", async () => {
    // A generated client has a typed way to send only what the document declares.
    const openapi = await readJsonFile("/api/v1/openapi.json");
    const { IfNoneMatch, Range, IfRange } = openapi.components.parameters;
    expect([IfNoneMatch.name, IfNoneMatch.in, IfNoneMatch.required]).toEqual(["If-None-Match", "header", false]);
    expect([Range.name, Range.in, Range.required]).toEqual(["Range", "header", false]);
    expect([IfRange.name, IfRange.in, IfRange.required]).toEqual(["If-Range", "header", false]);
    const single = new RegExp(Range.schema.pattern);
    for (const range of ["bytes=0-9", "bytes=10-", "bytes=-5"]) expect(range).toMatch(single);
    for (const range of ["bytes=0-1,3-4", "items=0-9", "bytes=-"]) expect(range).not.toMatch(single);
    let conditional = 0;
    let ranged = 0;
    for (const [template, item] of Object.entries<Json>(openapi.paths))
      for (const [method, operation] of Object.entries<Json>(item)) {
        if (method === "parameters") continue;
        const refs = (operation.parameters ?? []).map((parameter: Json) => parameter.$ref);
        const statuses = Object.keys(operation.responses);
        const where = `${method} ${template}`;
        expect(refs.includes("#/components/parameters/IfNoneMatch"), where).toBe(statuses.includes("304"));
        expect(refs.includes("#/components/parameters/Range"), where).toBe(
          statuses.includes("206") || statuses.includes("416"),
        );
        expect(refs.includes("#/components/parameters/IfRange"), where).toBe(statuses.includes("206"));
        if (statuses.includes("304")) conditional++;
        if (statuses.includes("206")) ranged++;
      }
    expect(conditional).toBeGreaterThan(ranged);
    expect(ranged).toBeGreaterThan(0);
    // OpenAPI ignores a header parameter of these names.
    for (const parameter of Object.values<Json>(openapi.components.parameters))
      expect(["accept", "content-type", "authorization"]).not.toContain(parameter.name.toLowerCase());
  });

  it("documents the same preflight and the same refusals on every path: the server answers them on every path alike", async () => {
    const openapi = await readJsonFile("/api/v1/openapi.json");
    const alike = ["options", "post", "put", "patch", "delete"];
    const reference = openapi.paths["/api/v1"];
    expect(reference.options.responses["204"]).toEqual({ $ref: "#/components/responses/Preflight" });
    expect(reference.delete.responses["405"]).toEqual({ $ref: "#/components/responses/MethodNotAllowed" });
    for (const [template, item] of Object.entries<Json>(openapi.paths))
      for (const method of alike)
        expect(item[method]?.responses, `${method} ${template}`).toEqual(reference[method].responses);
  });

  it("gives no 2XX response but 200 a body schema: a 206 is bytes of the 200 representation, not a type of its own", async () => {
    // Generators union every 2XX body into the success type: one without a type made `data` unknown.
    const openapi = await readJsonFile("/api/v1/openapi.json");
    let partial = 0;
    for (const [template, item] of Object.entries<Json>(openapi.paths))
      for (const [method, operation] of Object.entries<Json>(item)) {
        if (method === "parameters") continue;
        for (const [status, response] of Object.entries<Json>(operation.responses))
          if (/^2/.test(status) && status !== "200") {
            const definition = resolved(openapi, response);
            expect(definition.content, `${method} ${template} → ${status}`).toBeUndefined();
            if (status === "206") {
              expect(definition.headers["Content-Range"], `${method} ${template}`).toBeDefined();
              partial++;
            }
          }
      }
    expect(partial).toBeGreaterThan(0);
  });

  it("documents the largest page the API accepts, and the API refuses the next", async () => {
    const { maximum } = (await readJsonFile("/api/v1/openapi.json")).components.parameters.page.schema;
    expect(Number.isSafeInteger(maximum)).toBe(true);
    expect((await fetch(`${running.origin}/api/v1/answers?page=${maximum}`)).status).toBe(200);
    const refused = await fetch(`${running.origin}/api/v1/answers?page=${maximum + 1}`);
    expect(refused.status).toBe(400);
    expect((await refused.json()).detail).toContain(String(maximum));
  });

  it("describes every response the local server gives to every documented request, body and headers, and no other", async () => {
    const openapi = await readJsonFile("/api/v1/openapi.json");
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    (addFormatsPlugin as unknown as (ajv: Ajv2020) => void)(ajv);
    ajv.addFormat("partial-date", { type: "string", validate: isPartialDate });
    ajv.addSchema(openapi, "openapi");
    const resolve = (node: Json): Json => (node.$ref ? resolve(pointer(openapi, node.$ref)) : node);
    const STALE_TAG = '"an-earlier-version"';
    const healthTag = (await fetch(`${running.origin}/api/v1/health`, { method: "HEAD" })).headers.get("etag")!;
    // One URL of each documented path (the catch-all's names nothing), and those of them that are files.
    const pathUrls = Object.keys(openapi.paths).map((template) =>
      template.replace("{slug}", "room-sizing").replace("{n}", "2").replace("{path}", "no-such-path"),
    );
    // A page's file is none here: the shipped content fits one page.
    const fileUrls = pathUrls.filter((url) => url !== "/api/no-such-path" && !url.includes("/pages/"));
    const requests: Array<{ method: string; url: string; headers?: Record<string, string> }> = [
      // The API's cases: the pages that negotiate Markdown, /mcp and the OAuth 404s are not the API's, and the OpenAPI document leaves them out.
      ...contractCases("room-sizing")
        .filter((contractCase) => contractCase.url.startsWith("/api/"))
        .map((contractCase) => ({ method: contractCase.method, url: contractCase.url })),
      // Every documented path, by every method the server answers (a file's, a preflight, a refused one), and
      // each with a request line over 8 KiB and with headers over 16 KiB, which any request can be refused for.
      ...pathUrls.flatMap((url) =>
        ["GET", "HEAD", "OPTIONS", "POST", "PUT", "PATCH", "DELETE"].flatMap((method) => [
          { method, url },
          { method, url: `${url}?padding=${"a".repeat(9000)}` },
          { method, url, headers: { "X-Padding": "b".repeat(20 * 1024) } },
        ]),
      ),
      { method: "GET", url: `/api/v1/answers?q=${"a".repeat(9000)}` },
      { method: "HEAD", url: "/api/v1/answers?page=0" },
      // Each answer's own file and Markdown twin, and of an answer that does not exist.
      ...builtPaths
        .filter((file) => answerFileOf(file) !== undefined)
        .flatMap((url) => ["GET", "HEAD"].map((method) => ({ method, url }))),
      ...["/api/v1/answers/no-such-answer.json", "/api/v1/answers/no-such-answer.md"].flatMap((url) =>
        ["GET", "HEAD"].map((method) => ({ method, url })),
      ),
      // Ranges on every file, and one that selects nothing.
      ...fileUrls.flatMap((url) =>
        ["bytes=0-9", "bytes=-5", "bytes=99999999-"].map((range) => ({
          method: "GET",
          url,
          headers: { Range: range },
        })),
      ),
      // A resumed download: the range while If-Range names the file's tag, the whole file once it does not.
      { method: "GET", url: "/api/v1/health", headers: { Range: "bytes=0-9", "If-Range": healthTag } },
      { method: "GET", url: "/api/v1/health", headers: { Range: "bytes=0-9", "If-Range": STALE_TAG } },
      // Revalidations, of every file and of a computed answer, by GET and HEAD.
      ...[...fileUrls, "/api/v1/answers?q=room"].flatMap((url) =>
        ["GET", "HEAD"].map((method) => ({ method, url, headers: { "If-None-Match": "*" } })),
      ),
      // A preflight naming its headers.
      {
        method: "OPTIONS",
        url: "/api/v1/answers",
        headers: {
          Origin: "https://elsewhere.example",
          "Access-Control-Request-Method": "GET",
          "Access-Control-Request-Headers": "if-none-match, range",
        },
      },
    ];
    const observed = new Set<string>();
    // The details the server gave, by problem type: the document's examples are to be among them.
    const givenDetails = new Map<string, Set<string>>();
    let bodies = 0;
    let bodiesValidated = 0;
    let headersChecked = 0;
    let partsCompared = 0;
    for (const { method, url, headers } of requests) {
      // A padded URL, shortened in messages.
      const shown = url.length > 120 ? `${url.slice(0, 60)}… (${url.length} characters)` : url;
      const response = await fetch(running.origin + url, {
        method,
        headers: { "Accept-Encoding": "identity", ...headers },
      });
      const pathname = new URL(url, running.origin).pathname;
      const template =
        Object.keys(openapi.paths).find(
          (key) => new RegExp(`^${key.replace(/\{[^}]+\}/g, "[^/]+")}$`).test(pathname) && key !== "/api/{path}",
        ) ?? "/api/{path}";
      const operation = openapi.paths[template][method.toLowerCase()];
      expect(operation, `${method} ${shown}`).toBeDefined();
      // Each request header the test chooses as a client would (a validator, a range) is a parameter of the
      // operation, and the value sent is one it allows.
      const declared = new Map<string, Json>(
        [...(openapi.paths[template].parameters ?? []), ...(operation.parameters ?? [])]
          .map(resolve)
          .filter((parameter) => parameter.in === "header")
          .map((parameter) => [parameter.name.toLowerCase(), parameter.schema]),
      );
      for (const [name, value] of Object.entries(headers ?? {})) {
        // A browser sends a preflight's headers on its own; the padding's size is the point, not its name.
        if (/^(origin|access-control-request-.*|x-padding)$/i.test(name)) continue;
        const schema = declared.get(name.toLowerCase());
        expect(schema, `${method} ${shown}: request header ${name} is a parameter`).toBeDefined();
        expect(ajv.validate(schema!, value), `${method} ${shown}: request header ${name}: ${value}`).toBe(true);
      }
      const documented = operation.responses[String(response.status)];
      expect(documented, `${method} ${shown} → ${response.status} is documented`).toBeDefined();
      observed.add(`${method.toLowerCase()} ${template} → ${response.status}`);
      const definition = resolve(documented);
      for (const [name, headerNode] of Object.entries<Json>(definition.headers ?? {})) {
        const value = response.headers.get(name);
        const { required, schema } = resolve(headerNode);
        if (!required && value === null) continue;
        expect(value, `${method} ${shown}: header ${name}`).not.toBeNull();
        expect(ajv.validate(schema, value), `${method} ${shown}: header ${name}: ${value}`).toBe(true);
        headersChecked++;
      }
      // The CORS and range headers a client acts on are all documented.
      const documentedNames = Object.keys(definition.headers ?? {}).map((name) => name.toLowerCase());
      for (const [name] of response.headers)
        if (/^access-control-|^content-range$/.test(name))
          expect(documentedNames, `${method} ${shown} → ${response.status}: header ${name}`).toContain(name);
      const type = (response.headers.get("content-type") ?? "").split(";")[0]!;
      const bytes = Buffer.from(await response.arrayBuffer());
      const body = bytes.toString("utf8");
      if (body !== "" && response.status === 206) {
        // A part of a file is bytes, not a document: it is what Content-Range names of 200's bytes.
        bodies++;
        const [, first, last] = /^bytes ([0-9]+)-([0-9]+)\//.exec(response.headers.get("content-range")!)!;
        const whole = await fetch(running.origin + url, { headers: { "Accept-Encoding": "identity" } });
        expect(whole.headers.get("content-type"), `${method} ${shown}`).toBe(response.headers.get("content-type"));
        const wholeBytes = Buffer.from(await whole.arrayBuffer());
        expect(bytes.equals(wholeBytes.subarray(Number(first), Number(last) + 1)), `${method} ${shown}`).toBe(true);
        bodiesValidated++;
        partsCompared++;
      } else if (body !== "") {
        bodies++;
        expect(definition.content, `${method} ${shown} → ${response.status}: its body is documented`).toBeDefined();
        const pointerToSchema = documented.$ref
          ? `${documented.$ref}/content/${type.replace("/", "~1")}/schema`
          : `#/paths/${template.replaceAll("/", "~1")}/${method.toLowerCase()}/responses/${response.status}/content/${type.replace("/", "~1")}/schema`;
        const validate = ajv.getSchema(`openapi${pointerToSchema}`);
        expect(validate, `${method} ${shown}: schema for ${type}`).toBeDefined();
        const value = type !== "application/json" && !type.endsWith("+json") ? body : JSON.parse(body);
        expect(validate!(value) ? [] : validate!.errors, `${method} ${shown}`).toEqual([]);
        bodiesValidated++;
        if (type === "application/problem+json")
          givenDetails.set(
            problemName(value.type),
            (givenDetails.get(problemName(value.type)) ?? new Set()).add(detailShape(value.detail)),
          );
      }
    }
    // What was compared, not how often the loop ran: every body against its schema, headers on every response.
    expect(bodiesValidated).toBe(bodies);
    expect(partsCompared).toBe(
      requests.filter(
        (request) =>
          /^bytes=(0-9|-5)$/.test(request.headers?.Range ?? "") && request.headers?.["If-Range"] !== STALE_TAG,
      ).length,
    );
    expect(bodies).toBeGreaterThan(requests.length / 2);
    expect(headersChecked).toBeGreaterThanOrEqual(requests.length);
    // The other way round: every response the document describes is one these requests got. A 503 needs an origin
    // that fails, which test/server-behaviour.test.ts arranges; a page's file a collection past one page, which the
    // shipped content is not (test/paging.test.ts follows a paged collection's links to these operations).
    const neverGiven: string[] = [];
    for (const [template, item] of Object.entries<Json>(openapi.paths))
      for (const [method, operation] of Object.entries<Json>(item))
        for (const status of method === "parameters" ? [] : Object.keys(operation.responses))
          if (
            status !== "503" &&
            status !== "default" &&
            !(template.includes("/pages/") && ["200", "206", "304", "416"].includes(status)) &&
            !observed.has(`${method} ${template} → ${status}`)
          )
            neverGiven.push(`${method} ${template} → ${status}`);
    expect(neverGiven).toEqual([]);
    // Each example of a problem these requests got shows a detail the server gave: an example is what a client sees.
    const examples = Object.values<Json>(openapi.components.responses)
      .flatMap((response) =>
        Object.values<Json>(response.content?.["application/problem+json"]?.examples ?? {}).map(
          (example) => example.value,
        ),
      )
      .map((example) => ({ name: problemName(example.type), detail: detailShape(example.detail) }));
    const compared = examples.filter((example) => givenDetails.has(example.name));
    expect(compared.length).toBeGreaterThanOrEqual(3);
    expect(
      compared
        .filter((example) => !givenDetails.get(example.name)!.has(example.detail))
        .map(
          (example) =>
            `${example.name}: ${example.detail} (given: ${[...givenDetails.get(example.name)!].join(" | ")})`,
        ),
    ).toEqual([]);
  });
});

/** A problem's type by its name, the fragment of its URI: the examples are written for the base URL, not this server. */
const problemName = (type: string) => type.slice(type.indexOf("#") + 1);
/** A problem's detail with what the request chose (its numbers, the values it quotes) left out. */
const detailShape = (detail: string) => detail.replace(/[0-9]+/g, "N").replace(/"[^"]*"/g, '"…"');

/** A node of the document, its $ref followed. */
function resolved(document: Json, node: Json): Json {
  return node.$ref ? resolved(document, pointer(document, node.$ref)) : node;
}

function pointer(document: Json, ref: string): Json {
  return ref
    .replace(/^#\//, "")
    .split("/")
    .reduce<Json>((node, segment) => node[segment.replace(/~1/g, "/").replace(/~0/g, "~")], document);
}

describe("the JSON Schemas as served", () => {
  it("compile in a fresh strict Ajv2020 from their served URLs, and every response validates against the schema its Link names", async () => {
    // Ajv's strict mode, strictTypes throwing too: an unknown keyword or format, or a type left implied, throws.
    // strictRequired stays off: it looks for a then/else's required property before the parent's properties are
    // compiled, and defining it again in the branch makes redocly's example check read the branch as a closed object.
    // ajv-formats adds the standard formats only.
    const warnings: unknown[] = [];
    const ajv = new Ajv2020({
      strict: true,
      strictRequired: false,
      allErrors: true,
      logger: {
        log: () => {},
        warn: (...args: unknown[]) => warnings.push(args),
        error: (...args: unknown[]) => warnings.push(args),
      },
    });
    (addFormatsPlugin as unknown as (ajv: Ajv2020) => void)(ajv);
    const list = (await (await fetch(`${running.origin}/api/v1/schema-index.json`)).json()) as {
      schemas: Array<{ href: string }>;
    };
    expect(list.schemas.map((entry) => entry.href.split("/").pop()).sort()).toEqual([...schemas.documents.keys()]);
    for (const { href } of list.schemas) {
      const schema = (await (await fetch(running.origin + href)).json()) as Json;
      // Absolute, from the configured base URL: relative $refs resolve against where the schema is published.
      expect(schema.$id).toBe(PRODUCTION + href);
      // Unicode property escapes: Python's re and other validators' regex engines do not read them.
      const patterns: string[] = [];
      JSON.stringify(schema, (key, value: unknown) => {
        if (key === "pattern") patterns.push(String(value));
        return value;
      });
      for (const pattern of patterns) expect(pattern, href).not.toContain("\\p{");
      ajv.addSchema(schema);
    }
    for (const { href } of list.schemas) expect(() => ajv.getSchema(PRODUCTION + href), href).not.toThrow();
    expect(warnings).toEqual([]);

    const requests = [
      ...routesFor(builtPaths).map((route) => route.url),
      "/api/v1/answers?q=ceiling+micro",
      "/api/v1/answers?q=cieling",
      "/api/v1/answers?page=2",
      "/api/v1/answers?q=room&slug=room-sizing&sort=slug",
    ];
    let validated = 0;
    const described = new Map<string, string>();
    for (const url of requests) {
      const response = await fetch(running.origin + url, { headers: { "Accept-Encoding": "identity" } });
      const describedBy = /<([^>]+)>; rel="describedby"/.exec(response.headers.get("link") ?? "")?.[1];
      const body = await response.text();
      if (!describedBy) continue;
      described.set(url, describedBy);
      const validate = ajv.getSchema(new URL(describedBy, PRODUCTION).href);
      expect(validate, `${url}: ${describedBy}`).toBeDefined();
      expect(validate!(JSON.parse(body)) ? [] : validate!.errors, url).toEqual([]);
      validated++;
    }
    // Every JSON resource but the discovery documents and the schemas themselves names its schema.
    expect(validated).toBe(routesFor(builtPaths).filter((route) => route.schema).length + 4);
    // A schema that says which request it describes ("GET /api/v1/…: …") names one that is answered with it.
    for (const { href } of list.schemas) {
      const { description } = ajv.getSchema(PRODUCTION + href)!.schema as { description?: string };
      const said = /^GET (\/[^\s,:]*)/.exec(description ?? "")?.[1];
      if (said) expect(described.get(said), `${href} describes GET ${said}`).toBe(href);
    }
  });
});

describe("the enums and consts of the served schemas and the OpenAPI document", () => {
  it("each say their type, one that every value they allow has: a client generator does not guess it", async () => {
    const list = (await (await fetch(`${running.origin}/api/v1/schema-index.json`)).json()) as {
      schemas: Array<{ href: string }>;
    };
    const documents = [{ href: "/api/v1/openapi.json", document: await readJsonFile("/api/v1/openapi.json") }];
    for (const { href } of list.schemas)
      documents.push({ href, document: (await (await fetch(running.origin + href)).json()) as Json });
    const typeOf = (value: unknown) =>
      value === null ? "null" : Array.isArray(value) ? "array" : Number.isInteger(value) ? "integer" : typeof value;
    const untyped: string[] = [];
    let checked = 0;
    const walk = (node: unknown, where: string): void => {
      if (node === null || typeof node !== "object") return;
      const schema = node as Json;
      if (!Array.isArray(node) && ("enum" in schema || "const" in schema)) {
        checked++;
        const types = [schema.type].flat();
        const admits = (value: unknown) =>
          types.includes(typeOf(value)) || (typeOf(value) === "integer" && types.includes("number"));
        if (schema.type === undefined || !("const" in schema ? [schema.const] : schema.enum).every(admits))
          untyped.push(where);
      }
      // Examples are values, not schemas.
      for (const [key, child] of Object.entries(node))
        if (!["enum", "const", "example", "examples"].includes(key)) walk(child, `${where}/${key}`);
    };
    for (const { href, document } of documents) walk(document, href);
    expect(untyped).toEqual([]);
    expect(checked).toBeGreaterThan(50);
  });
});

describe("the JSON Schemas' references", () => {
  it("name another schema whole or one of its $defs, never a place inside it: what is shared has a name of its own", () => {
    let refs = 0;
    for (const [name, document] of schemas.documents)
      JSON.stringify(document, (key, value: unknown) => {
        if (key === "$ref") {
          expect(value, name).toMatch(/^(?!$)([a-z-]+\.schema\.json)?(#\/\$defs\/[a-z0-9-]+)?$/);
          refs++;
        }
        return value;
      });
    expect(refs).toBeGreaterThan(100);
  });
});

describe("the problem types", () => {
  it("each has a status the problem schema allows and its own section in the error docs", async () => {
    const schema = JSON.parse(await readFile(path.join(ROOT, "schemas", "problem.schema.json"), "utf8")) as {
      properties: { status: { enum: number[] } };
    };
    const docs = await (await fetch(`${running.origin}/docs/errors/`)).text();
    for (const [kind, { status }] of Object.entries(PROBLEM_TYPES)) {
      expect(schema.properties.status.enum, kind).toContain(status);
      expect(docs, kind).toContain(`id="${kind}"`);
    }
  });

  it("name in the error docs every parameter the API refuses to take twice, and no other", async () => {
    const values: Record<string, string> = { q: "room", slug: "room-sizing", sort: "slug", match: "any", page: "1" };
    const refused: string[] = [];
    for (const name of [...Object.keys(values), "lang", "format"]) {
      const value = values[name] ?? "x";
      const response = await fetch(`${running.origin}/api/v1/answers?${name}=${value}&${name}=${value}`);
      const body = (await response.json()) as Json;
      if (response.status === 400 && String(body.type).endsWith("#repeated-parameter")) refused.push(name);
    }
    expect(refused).toEqual(Object.keys(values));
    const docs = await (await fetch(`${running.origin}/docs/errors/`)).text();
    const section = docs.slice(
      docs.indexOf('id="repeated-parameter"'),
      docs.indexOf("</section>", docs.indexOf('id="repeated-parameter"')),
    );
    expect(section).toContain(`<p>${refused.slice(0, -1).join(", ")} or ${refused.at(-1)} appears more than once`);
  });
});

describe("the evidence model, as the OpenAPI document, the docs and the agent skill describe it", () => {
  it("gives the current status apart from dated listings, and the base warranty apart from a paid plan", async () => {
    const { schemas: components } = (await readJsonFile("/api/v1/openapi.json")).components;
    expect(components["evidence-certification"].properties.listings).toEqual({
      $ref: "#/components/schemas/common-listings",
    });
    expect(components["evidence-record"].properties.warranty.required).toEqual([
      "standard_term",
      "extension_window",
      "advance_replacement",
      "paid_plan",
    ]);
    expect(components["common-listing"].properties.status.enum).toEqual([...VOCABULARIES.listingStatus]);
    expect(components["common-certification-status"].enum).toEqual([...VOCABULARIES.certificationStatus]);
    expect(components["common-certification-status"].description).toContain(
      `no more than ${CURRENT_STATUS_MAX_AGE_MONTHS} months before the methodology date`,
    );
  });

  it("explains every status value on the docs page, and the same rules in the agent skill", async () => {
    const docs = await read("/docs/index.html");
    const section = docs.slice(docs.indexOf('<h2 id="evidence">'), docs.indexOf('<h2 id="errors">'));
    for (const vocabulary of Object.values(VOCABULARIES)) {
      if (
        vocabulary === VOCABULARIES.sourceKind ||
        vocabulary === VOCABULARIES.sourceConfidence ||
        vocabulary === VOCABULARIES.ownershipStatus
      )
        continue;
      for (const value of vocabulary) expect(section, value).toContain(`<code>${value}</code>`);
    }
    const skill = await read("/.well-known/agent-skills/av-buyer-data/SKILL.md");
    for (const text of Object.values(EVIDENCE_GUIDE)) {
      expect(section).toContain(asHtml(text.split("`")[0]!));
      expect(skill).toContain(text);
    }
  });
});

describe("the supplier model, as the OpenAPI document, the docs and the agent skill describe it", () => {
  it("requires the nine recorded searches of every supplier and says of every source whether it is primary", async () => {
    const { schemas: components } = (await readJsonFile("/api/v1/openapi.json")).components;
    expect(components["suppliers-supplier"].required).toContain("searches");
    expect(components["suppliers-supplier"].properties.searches).toEqual({
      $ref: "#/components/schemas/content-supplier-searches",
    });
    const searches = components["content-supplier-searches"];
    expect(searches.required).toEqual([...SEARCH_AREAS]);
    expect(searches.required).toEqual([
      "platform-certification",
      "support-transparency",
      "ownership-transparency",
      "fcc",
      "ce-ukca",
      "rohs",
      "taa",
      "ndaa-889",
      "en-301-549",
    ]);
    expect(components["content-supplier-search"].required).toEqual([
      "looked_for",
      "where",
      "searched",
      "found",
      "result",
    ]);
    expect(components["common-source"].required).toContain("primary");
    expect(components["common-source"].properties.primary.type).toBe("boolean");
  });

  it("explains the scores, the primary-source ceiling and the searches on the docs page, its Markdown twin and the agent skill", async () => {
    const docs = await read("/docs/index.html");
    const section = docs.slice(docs.indexOf('<h2 id="suppliers">'), docs.indexOf('<h2 id="evidence">'));
    const markdown = await read("/docs/index.md");
    const skill = await read("/.well-known/agent-skills/av-buyer-data/SKILL.md");
    for (const text of Object.values(SUPPLIER_GUIDE)) {
      expect(section).toContain(asHtml(text.split("`")[0]!));
      expect(markdown).toContain(text);
    }
    expect(skill).toContain(SUPPLIER_GUIDE.primary);
    expect(skill).toContain(SUPPLIER_GUIDE.searches);
  });
});

describe("the docs, written once", () => {
  it("name every public file but each answer's, the search index's and the schemas' (which they name by pattern)", async () => {
    const docs = await read("/docs/index.html");
    const urls = (await read("/urls.txt")).split("\n").filter(Boolean);
    const named = urls.filter((url) => !/^\/api\/v1\/(answers|search|schemas)\//.test(url));
    expect(named.length).toBeGreaterThan(30);
    // A new output (a feed, a table) is told to its readers in the docs: its path in DOWNLOADS, DISCOVERY_DOCUMENTS or
    // the prose of build/engine/describe/.
    expect(named.filter((url) => !docs.includes(url))).toEqual([]);
  });

  it("render their Markdown twin: the page's sections and tables are the twin's, in its order", async () => {
    const html = await read("/docs/index.html");
    const markdown = await read("/docs/index.md");
    const text = (markup: string) =>
      markup
        .replace(/<[^>]+>/g, "")
        .replaceAll("&quot;", '"')
        .replaceAll("&lt;", "<")
        .replaceAll("&gt;", ">")
        .replaceAll("&amp;", "&");
    const pageHeadings = [...html.matchAll(/<h([23]) id="[^"]+">(.*?)<\/h\1>/g)].map(
      ([, level, inner]) => `${"#".repeat(Number(level))} ${text(inner!)}`,
    );
    const twinHeadings = [...markdown.matchAll(/^#{2,3} .+$/gm)].map(([heading]) => heading.replaceAll("`", ""));
    expect(pageHeadings.length).toBeGreaterThan(20);
    expect(pageHeadings).toEqual(twinHeadings);
    const pageCaptions = [...html.matchAll(/<caption>(.*?)<\/caption>/g)].map(([, inner]) => text(inner!));
    const twinCaptions = [...markdown.matchAll(/^Table: (.+)$/gm)].map(([, caption]) => caption!.replaceAll("`", ""));
    expect(pageCaptions).toEqual(twinCaptions);
    const pageRows = html.match(/<tr>/g)!.length;
    const twinRows = markdown.split("\n").filter((line) => line.startsWith("|") && !/^\|[-:|]+\|$/.test(line)).length;
    expect(pageRows).toBe(twinRows);
    // The pages' policy allows no inline style: an aligned Markdown column would render one.
    expect(html).not.toContain("style=");
  });
});

describe("the discovery documents", () => {
  it("serves the API catalog as a valid RFC 9727 linkset, with the Link header on HEAD", async () => {
    const response = await fetch(`${running.origin}/.well-known/api-catalog`, { method: "HEAD" });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe(
      'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"',
    );
    expect(response.headers.get("link")).toContain('</.well-known/api-catalog>; rel="api-catalog"');
    expect(response.headers.get("etag")).toMatch(/^"[0-9a-f]+(-gzip|-br)?"$/);
    const catalog = await readJsonFile("/.well-known/api-catalog");
    const validate = schemas.validator("discovery-linkset.schema.json");
    expect(validate(catalog) ? [] : validate.errors).toEqual([]);
    const context = catalog.linkset[0];
    expect(context.anchor).toBe(`${PRODUCTION}/api/v1`);
    for (const relation of ["service-desc", "service-doc", "service-meta", "status", "describedby", "license", "item"])
      expect(context[relation]?.length, relation).toBeGreaterThan(0);
    // Found by its media type, as RFC 9727 means a client to find the description.
    expect(context["service-desc"]).toEqual([
      expect.objectContaining({
        href: `${PRODUCTION}/api/v1/openapi.json`,
        type: "application/openapi+json;version=3.1",
      }),
    ]);
    expect(context["service-meta"]).toEqual([expect.objectContaining({ href: `${PRODUCTION}/api/v1` })]);
    // The schema rejects what RFC 9264 forbids.
    expect(validate({ linkset: [], extra: 1 })).toBe(false);
    expect(validate({ linkset: [{ "service-desc": "https://example.org/openapi.json" }] })).toBe(false);
    expect(validate({ linkset: [{ "service-desc": [{ title: "no href" }] }] })).toBe(false);
  });

  it("indexes the agent skill with the SHA-256 of the exact bytes served", async () => {
    const index = (await (await fetch(`${running.origin}/.well-known/agent-skills/index.json`)).json()) as Json;
    const validate = schemas.validator("discovery-agent-skills-index.schema.json");
    expect(validate(index) ? [] : validate.errors).toEqual([]);
    for (const skill of index.skills) {
      const response = await fetch(new URL(skill.url, `${running.origin}/.well-known/agent-skills/index.json`));
      expect(response.headers.get("content-type")).toBe("text/markdown; charset=utf-8");
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(skill.digest).toBe(`sha256:${createHash("sha256").update(bytes).digest("hex")}`);
      const text = bytes.toString("utf8");
      const frontMatter = parseYaml(text.split("---\n")[1]!) as Json;
      expect(frontMatter.name).toBe(skill.name);
      expect(frontMatter.description).toBe(skill.description);
      expect(text.split("\n").length).toBeLessThan(500);
      expect(text).toMatch(/no authentication/i);
      expect(text).toContain("/api/v1/answers?q=");
    }
  });

  it("publishes an A2A 1.0 Agent Card that survives the SDK's round trip and claims no A2A protocol", async () => {
    const card = await readJsonFile("/.well-known/agent-card.json");
    expect(AgentCard.toJSON(AgentCard.fromJSON(card))).toEqual(card);
    for (const key of [
      "name",
      "description",
      "version",
      "supportedInterfaces",
      "capabilities",
      "defaultInputModes",
      "defaultOutputModes",
      "skills",
    ])
      expect(card).toHaveProperty(key);
    for (const skill of card.skills)
      for (const key of ["id", "name", "description", "tags"]) expect(skill).toHaveProperty(key);
    expect(card.supportedInterfaces).toHaveLength(1);
    expect(["JSONRPC", "GRPC", "HTTP+JSON"]).not.toContain(card.supportedInterfaces[0].protocolBinding);
    expect(card.supportedInterfaces[0].protocolBinding).toBe(`${PRODUCTION}/docs/#http-get`);
    expect(card.supportedInterfaces[0].protocolVersion).toBe("1.0");
    expect(card.documentationUrl).toBe(`${PRODUCTION}/api/v1/openapi.json`);
    expect(card.description).toMatch(/not a conversational agent/);
    expect(card.securitySchemes).toBeUndefined();
    expect(card.securityRequirements).toBeUndefined();
    // Nothing streamed or pushed, and JSON out: what an A2A client would otherwise try.
    expect(card.capabilities).toEqual({ streaming: false, pushNotifications: false });
    expect(card.defaultOutputModes).toEqual(["application/json"]);
  });

  it("publishes an MCP Server Card valid against the project's schema, naming the one endpoint and its revisions", async () => {
    const card = await readJsonFile("/mcp/server-card.json");
    expect(await readJsonFile("/.well-known/mcp/server-card.json")).toEqual(card);
    const validate = schemas.validator("discovery-mcp-server-card.schema.json");
    expect(validate(card) ? [] : validate.errors).toEqual([]);
    expect(card.remotes).toEqual([
      { type: "streamable-http", url: `${PRODUCTION}/mcp`, supportedProtocolVersions: [...MCP_PROTOCOL_VERSIONS] },
    ]);
    expect(card.name).toBe("example.av-buyer-data/av-buyer-data");
    // No credentials of any kind are asked for.
    expect(JSON.stringify(card)).not.toMatch(/"(headers|variables)"/);
    expect(validate({ ...card, description: "x".repeat(101) })).toBe(false);
  });

  it("states everywhere that there is no authentication", async () => {
    const auth = await read("/auth.md");
    expect(auth).toMatch(/^# auth\.md: /);
    for (const section of ["Audience", "Registration", "Methods", "Credentials"])
      expect(auth).toContain(`## ${section}`);
    expect(auth).toMatch(/no account, no token/i);
    expect(auth).not.toMatch(/Bearer|client_id|authorization_endpoint/);
    expect(await read("/llms.txt")).toMatch(/no authentication/);
    const robots = await read("/robots.txt");
    expect(robots).toMatch(/^Content-Signal: /m);
    expect(robots).toContain(`Sitemap: ${PRODUCTION}/sitemap.xml`);
    // Every crawler and agent may read everything.
    expect(robots).toMatch(/^User-agent: \*\nAllow: \/$/m);
    expect(robots).not.toMatch(/^Disallow:/m);
    // The sitemap, in the namespace its schema has, names the API's endpoints beside the pages.
    const sitemap = await read("/sitemap.xml");
    expect(sitemap).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    for (const endpoint of ["/api/v1", "/api/v1/answers", "/api/v1/suppliers", "/api/v1/evidence"])
      expect(sitemap).toContain(`<loc>${PRODUCTION}${endpoint}</loc>`);
    // A page opened from a copy, with no Link header, still names the OpenAPI document, and the home page is framed
    // by no one, by the rule Netlify applies to it.
    for (const page of ["/index.html", "/docs/index.html"])
      expect(await read(page), page).toMatch(
        /<link rel="service-desc" type="application\/json" href="[^"]*openapi\.json">/,
      );
    const rules = (await read("/_headers")).split(/\n(?=\S)/);
    for (const page of ["/", "/index.html"]) {
      // A path's rules may stand in several blocks, which Netlify joins.
      const rule = rules.filter((block) => block.startsWith(`${page}\n`)).join("\n");
      expect(rule, page).toMatch(/^ {2}Content-Security-Policy: .*; frame-ancestors 'none'$/m);
    }
    expect(await read("/.well-known/security.txt")).toMatch(/^Expires: 2024-11-12T22:13:20Z$/m);
    const home = await fetch(`${running.origin}/`);
    expect(home.headers.get("link")).toMatch(/rel="api-catalog".*rel="service-desc".*rel="service-doc"/);
    const root = await fetch(`${running.origin}/api/v1`);
    expect(root.headers.get("link")).toMatch(/rel="api-catalog".*rel="service-desc".*rel="service-doc"/);
  });

  it("has every link of every discovery document and docs page resolve on the local server", async () => {
    const documents = [
      "/.well-known/api-catalog",
      "/.well-known/agent-skills/index.json",
      "/.well-known/agent-skills/av-buyer-data/SKILL.md",
      "/.well-known/agent-card.json",
      "/.well-known/mcp/server-card.json",
      "/.well-known/security.txt",
      "/auth.md",
      "/llms.txt",
      "/robots.txt",
      "/sitemap.xml",
      "/index.html",
      "/docs/index.html",
      "/docs/errors/index.html",
      "/api/v1/index.json",
      "/api/v1/openapi.json",
    ];
    const links = new Set<string>();
    for (const document of documents) {
      const text = await read(document);
      for (const match of text.matchAll(/https?:\/\/[^\s"'<>)`\]]+/g)) {
        const url = match[0].replace(/[.,;:]+$/, "");
        // A URI template (the MCP Server Card's resource templates) is not a link.
        if (url.includes("{")) continue;
        if (url.startsWith(PRODUCTION)) links.add(url.slice(PRODUCTION.length) || "/");
      }
      for (const match of text.matchAll(/(?:href|src)="(\/[^"]*)"/g)) links.add(match[1]!.replaceAll("&#38;", "&"));
      // Also a link in HTML held in a JSON string (an answer's body), its quotes escaped.
      for (const match of text.matchAll(/"(\/(?:api|docs|\.well-known)[^"\s{[$*\\]*)\\?"/g)) links.add(match[1]!);
    }
    expect(links.size).toBeGreaterThan(40);
    // Opened from the disk (dist/ downloaded, or a plain static host), a page's relative link must name a file:
    // the server's extensionless aliases are not there.
    for (const page of ["/index.html", "/docs/index.html", "/docs/errors/index.html", "/index.md", "/docs/index.md"]) {
      // Code (a regular expression in the docs) is not a link.
      const text = (await read(page)).replace(/```[\s\S]*?```|`[^`\n]*`/g, "");
      const hrefs = [...text.matchAll(page.endsWith(".md") ? /\]\(<?([^)\s>]*)[^)]*\)/g : /href="([^"]*)"/g)]
        .map((match) => match[1]!.replaceAll("&#38;", "&").split("#")[0]!)
        // Another scheme (https:, mailto:) or a fragment of the page itself is not a file of dist/.
        .filter((href) => href !== "" && !/^[a-z][a-z0-9+.-]*:/i.test(href));
      expect(hrefs.length, page).toBeGreaterThan(3);
      for (const href of hrefs) {
        const target = path.posix.join(href.startsWith("/") ? "/" : path.posix.dirname(page), href);
        await expect(
          read(target.endsWith("/") ? `${target}index.html` : target),
          `${page} links ${href}`,
        ).resolves.toBeTypeOf("string");
      }
    }
    const pages = new Map<string, string>();
    for (const link of [...links].sort()) {
      const [target, fragment] = link.split("#");
      // The MCP endpoint takes POST: a link to it resolves when it answers (405 to GET, by design).
      const response = await fetch(running.origin + target, target === "/mcp" ? { method: "OPTIONS" } : {});
      expect(response.status, link).toBe(target === "/mcp" ? 204 : 200);
      const body = await response.text();
      if (fragment) {
        pages.set(target!, body);
        expect(body, `${link}: the anchor exists`).toContain(`id="${fragment}"`);
      }
    }
  });
});

describe("the home page past its first page of answers", () => {
  it("links a related answer it does not hold to its file, and every fragment it links to is an id of the page", async () => {
    // The base fixture has 2 answers a page: gamma-display is not on the home page; alpha-room now relates to it.
    const copy = await contentToEdit("home-related");
    await copy.edit("answers/alpha-room.md", ["related: [beta-mics]", "related: [beta-mics, gamma-display]"]);
    expect(await copy.diagnostics()).toEqual([]);
    const html = await readFile(path.join(path.dirname(copy.content), "dist", "index.html"), "utf8");
    expect(html).toContain('<a href="api/v1/answers/gamma-display.json">');
    expect(html).toContain('<a href="#answer-beta-mics">');
    const ids = new Set([...html.matchAll(/\sid="([^"]+)"/g)].map((match) => match[1]));
    const fragments = [...html.matchAll(/href="#([^"]+)"/g)].map((match) => match[1]);
    expect(fragments.filter((fragment) => !ids.has(fragment))).toEqual([]);
  });
});

describe("the home page's citations", () => {
  it("name each source by its title, the number first as shown, in the body and in the Sources line", async () => {
    const html = await read("/index.html");
    const sources = new Map<string, string>();
    for (const name of await readdir(path.join(dist, "api", "v1", "answers"))) {
      if (!name.endsWith(".json") || name.startsWith("index")) continue;
      const { data } = JSON.parse(await read(`/api/v1/answers/${name}`)) as {
        data: Array<{ sources: Array<{ id: string; title: string }> }>;
      };
      for (const source of data[0]?.sources ?? []) sources.set(source.id, source.title);
    }
    const citations = [...html.matchAll(/<a href="#source-([^"]+)"([^>]*)>(\d+)<\/a>/g)];
    expect(citations.length).toBeGreaterThan(100);
    for (const [tag, id, attributes, number] of citations)
      expect(attributes, tag).toBe(` aria-label="${number}: ${escapeHtml(sources.get(id!)!)}"`);
    const lines = [...html.matchAll(/<p>Sources: (.*?)\. Tags: /g)].map((match) => match[1]!);
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines)
      for (const [, id, text] of line.matchAll(/<a href="#source-([^"]+)">(.*?)<\/a>/g))
        expect(text, id).toBe(escapeHtml(sources.get(id!)!));
  });
});
