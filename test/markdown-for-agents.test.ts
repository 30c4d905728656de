/**
 * Markdown for agents: every answer's twin, the pages' twins, llms.txt and llms-full.txt as built, and the
 * negotiation of `/` and `/docs/` over HTTP against the real local server (which runs the edge entry as
 * Netlify's manifest routes it).
 */
import { readFile } from "node:fs/promises";
import { request as httpRequest } from "node:http";
import path from "node:path";
import { parse as parseYaml } from "yaml";
import { beforeAll, describe, expect, it } from "vitest";
import { OriginError } from "../build/serve/request/deploy-snapshot.ts";
import { markdownNegotiation, prefersMarkdown } from "../build/serve/request/markdown-negotiation.ts";
import { SHIPPED_CONTENT } from "./support/build-helpers.ts";
import { sharedBuild } from "./support/shared-build.ts";
import { startLocalServer, type RunningServer } from "./support/local-server.ts";

let running: RunningServer;
let dist: string;
let slugs: string[];
let register: Map<string, { id: string; title: string; publisher: string; url?: string; accessed: string }>;

const MARKDOWN = "text/markdown; charset=utf-8";
const HTML = "text/html; charset=utf-8";
const read = (file: string) => readFile(path.join(dist, ...file.split("/").filter(Boolean)), "utf8");

beforeAll(async () => {
  ({ dist } = await sharedBuild());
  running = await startLocalServer(dist);
  slugs = (JSON.parse(await read("/api/v1/answers/index.json")) as { data: Array<{ slug: string }> }).data.map(
    (answer) => answer.slug,
  );
  const sources = parseYaml(await readFile(path.join(SHIPPED_CONTENT, "sources.yaml"), "utf8")) as {
    sources: Array<{ id: string; title: string; publisher: string; url?: string; accessed: unknown }>;
  };
  register = new Map(sources.sources.map((source) => [source.id, { ...source, accessed: String(source.accessed) }]));
}, 60_000);

/** A raw HTTP/1.1 exchange with exactly these headers (fetch would add its own Accept and Accept-Encoding). */
function raw(
  target: string,
  headers: Record<string, string> = {},
  method = "GET",
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  const { port } = new URL(running.origin);
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest({ host: "127.0.0.1", port, path: target, method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
    });
    outgoing.on("error", reject);
    outgoing.end();
  });
}

const varyList = (value: unknown) =>
  String(value ?? "")
    .split(",")
    .map((name) => name.trim().toLowerCase());

describe("the Markdown twins of the answers", () => {
  it("exist for every answer, typed as Markdown, named in the links of the answer's JSON, in its file, its ?slug= answer and its collection page", async () => {
    expect(slugs).toHaveLength(20);
    const page = JSON.parse((await raw("/api/v1/answers")).body.toString("utf8")) as {
      data: Array<{ slug: string; links: Record<string, string> }>;
    };
    for (const slug of slugs) {
      const twin = await raw(`/api/v1/answers/${slug}.md`);
      expect([twin.status, twin.headers["content-type"]], slug).toEqual([200, MARKDOWN]);
      // An API response like the JSON: it names the API catalog and the OpenAPI document (the HTTP audit).
      expect(String(twin.headers.link), slug).toMatch(/rel="api-catalog".*rel="service-desc"/);
      expect(twin.body.toString("utf8")).toBe(await read(`/api/v1/answers/${slug}.md`));
      const links = { self: `/api/v1/answers/${slug}.json`, markdown: `/api/v1/answers/${slug}.md` };
      for (const url of [`/api/v1/answers/${slug}.json`, `/api/v1/answers?slug=${slug}`]) {
        const json = await raw(url);
        expect(json.headers["content-type"], url).toBe("application/json; charset=utf-8");
        expect(String(json.headers.link), url).toContain('</api/v1/schemas/answers.schema.json>; rel="describedby"');
        const body = JSON.parse(json.body.toString("utf8")) as { data: Array<{ links: Record<string, string> }> };
        expect(body.data[0]!.links, url).toEqual(links);
      }
      expect(page.data.find((answer) => answer.slug === slug)?.links, slug).toEqual(links);
    }
    // Header rules go by pattern, the same for every answer: no header names one answer's twin.
    expect(String((await raw(`/api/v1/answers/${slugs[0]}.json`)).headers.link)).not.toContain("text/markdown");
  });

  it("carry front matter with the answer's register entries (a URL only where the register has one) and every citation resolved", async () => {
    for (const slug of slugs) {
      const text = await read(`/api/v1/answers/${slug}.md`);
      const [, frontMatter = "", body = ""] = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(text) ?? [];
      expect(frontMatter, slug).not.toBe("");
      const data = parseYaml(frontMatter) as {
        slug: string;
        title: string;
        question: string;
        reviewed: string;
        sources: Array<Record<string, string>>;
      };
      const answer = (
        JSON.parse(await read(`/api/v1/answers/${slug}.json`)) as {
          data: Array<{
            title: string;
            question: string;
            reviewed: string;
            sources: Array<{ id: string }>;
            body: { markdown: string };
          }>;
        }
      ).data[0]!;
      expect([data.slug, data.title, data.question, data.reviewed]).toEqual([
        slug,
        answer.title,
        answer.question,
        answer.reviewed,
      ]);
      expect(data.sources.map((source) => source.id)).toEqual(answer.sources.map((source) => source.id));
      for (const source of data.sources) {
        const entry = register.get(source.id!)!;
        expect(source, `${slug}: ${source.id}`).toEqual({
          id: entry.id,
          title: entry.title,
          publisher: entry.publisher,
          ...(entry.url ? { url: entry.url } : {}),
          accessed: entry.accessed,
        });
      }
      // No [@id] is left; each number cited is an entry of the list at the end, which names every source.
      expect(body).not.toMatch(/\[@/);
      const cited = [...body.matchAll(/\[(\d+(?:, \d+)*)\]/g)].flatMap((match) => match[1]!.split(", ").map(Number));
      expect(cited.length, slug).toBeGreaterThanOrEqual(data.sources.length);
      for (const number of cited)
        expect(number >= 1 && number <= data.sources.length, `${slug}: [${number}]`).toBe(true);
      const list = body.slice(body.lastIndexOf("\n## Sources\n"));
      for (const [index, source] of data.sources.entries())
        expect(list, `${slug}: ${source.id}`).toContain(`\n${index + 1}. `);
      for (const source of data.sources) expect(list, `${slug}: ${source.id}`).toContain(`\`${source.id}\``);
      expect(body).toContain(answer.body.markdown.split("\n").find((line) => line.startsWith("## "))!);
    }
  });

  it("are listed in urls.txt and SHA256SUMS, with the pages' twins and llms-full.txt", async () => {
    const urls = (await read("/urls.txt")).split("\n");
    const sums = new Set((await read("/SHA256SUMS")).split("\n").map((line) => line.split("  ")[1]));
    for (const file of [
      ...slugs.map((slug) => `/api/v1/answers/${slug}.md`),
      "/index.md",
      "/docs/index.md",
      "/llms.txt",
      "/llms-full.txt",
    ]) {
      expect(urls, file).toContain(file);
      expect(sums.has(file.slice(1)), file).toBe(true);
    }
  });
});

describe("llms.txt and llms-full.txt", () => {
  it("llms.txt is llmstxt.org-shaped, under 50,000 characters, and links every twin and the main entry points", async () => {
    const text = await read("/llms.txt");
    expect(text.length).toBeLessThan(50_000);
    expect(text).toMatch(/^# .+\n\n> .+\n\n## /);
    const links = [...text.matchAll(/\]\(([^)]+)\)/g)].map((match) => new URL(match[1]!).pathname);
    for (const slug of slugs) expect(links).toContain(`/api/v1/answers/${slug}.md`);
    for (const entry of [
      "/docs/index.md",
      "/index.md",
      "/api/v1/openapi.json",
      "/api/v1",
      "/api/v1/answers",
      "/llms-full.txt",
      "/.well-known/api-catalog",
    ])
      expect(links).toContain(entry);
    // Every link resolves on the server.
    // Every link answers; the MCP endpoint takes POST, so its preflight stands for it.
    for (const link of new Set(links))
      expect((await raw(link, {}, link.endsWith("/mcp") ? "OPTIONS" : "HEAD")).status, link).toBe(
        link.endsWith("/mcp") ? 204 : 200,
      );
    const served = await raw("/llms.txt");
    expect(served.headers["content-type"]).toBe("text/plain; charset=utf-8");
  });

  it("llms-full.txt holds every answer in full: each twin, front matter included, in collection order", async () => {
    const full = await read("/llms-full.txt");
    let at = 0;
    for (const slug of slugs) {
      const twin = await read(`/api/v1/answers/${slug}.md`);
      const found = full.indexOf(twin, at);
      expect(found, slug).toBeGreaterThan(at - 1);
      at = found + twin.length;
    }
    expect((await raw("/llms-full.txt", {}, "HEAD")).headers["content-type"]).toBe("text/plain; charset=utf-8");
    // Its twins' paths are root-relative: it names the origin they are on, for a reader given the text alone.
    const { origin } = new URL((await read("/.well-known/api-catalog")).match(/"anchor": "([^"]+)"/)![1]!);
    expect(full.split("\n\n")[1]).toContain(
      `The paths are on ${origin}, whose map of the whole service is ${origin}/llms.txt.`,
    );
  });
});

describe("negotiating / and /docs/", () => {
  const cases: Array<[accept: string | undefined, markdown: boolean]> = [
    ["text/markdown", true],
    ["text/markdown, text/html;q=0.5", true],
    ["text/html;q=0.5, text/markdown", true],
    ["text/markdown;q=0.9, text/html", false],
    ["*/*", false],
    [undefined, false],
    ["text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8", false],
    ["text/markdown, */*", true],
    ["text/*", false],
    ["text/html;q=0, */*", true],
    ["text/markdown;q=0", false],
    ["text/markdown;q=abc, text/html;q=0.1", false],
    // A weight past 1 is malformed, not a stronger preference; three decimals are allowed.
    ["text/markdown;q=2, text/html", false],
    ["text/markdown;q=0.501, text/html;q=0.5", true],
    ["application/json", false],
  ];

  it("reads the Accept header by q-value, then specificity, then order; a tie is HTML", () => {
    for (const [accept, markdown] of cases) expect(prefersMarkdown(accept ?? null), String(accept)).toBe(markdown);
  });

  it("answers each page with the twin's or the HTML's exact bytes and type, and Vary: Accept on both", async () => {
    for (const [page, html, twin] of [
      ["/", "/index.html", "/index.md"],
      ["/docs/", "/docs/index.html", "/docs/index.md"],
      ["/docs", "/docs/index.html", "/docs/index.md"],
    ] as const) {
      for (const [accept, markdown] of cases) {
        for (const encoding of ["identity", "gzip"]) {
          const label = `${page} Accept: ${accept} (${encoding})`;
          const response = await raw(page, {
            ...(accept === undefined ? {} : { Accept: accept }),
            "Accept-Encoding": encoding,
          });
          // The HTML of a folder is sent to its slash first, as Netlify does (its relative links need it).
          if (page === "/docs" && !markdown) {
            expect([response.status, response.headers.location], label).toEqual([301, "/docs/"]);
            // The same URL gives Markdown to a client that prefers it: a cache keeps the redirect by Accept.
            expect(varyList(response.headers.vary), label).toContain("accept");
            continue;
          }
          expect(response.status, label).toBe(200);
          expect(response.headers["content-type"], label).toBe(markdown ? MARKDOWN : HTML);
          expect(varyList(response.headers.vary), label).toContain("accept");
          if (response.headers["content-encoding"]) continue;
          expect(response.body.toString("utf8"), label).toBe(await read(markdown ? twin : html));
          // Each representation links the other.
          expect(String(response.headers.link), label).toContain(
            markdown ? `; rel="alternate"; type="text/html"` : `<${twin}>; rel="alternate"; type="text/markdown"`,
          );
        }
      }
      // Both name the same catalogue, description, docs and feed: only the representations' alternates differ.
      const others = async (accept: string) =>
        String((await raw(page.endsWith("/") ? page : `${page}/`, { Accept: accept })).headers.link)
          .split(", ")
          .filter((link) => !/rel="alternate"; type="text\/(html|markdown)"/.test(link));
      expect(await others("text/markdown"), page).toEqual(await others("text/html"));
    }
    expect((await raw("/", { Accept: "text/markdown" })).headers.link).toContain('</changelog.atom>; rel="alternate"');
  });

  it("answers HEAD as GET without a body, and revalidates the Markdown with its own ETag", async () => {
    for (const page of ["/", "/docs/"]) {
      const get = await raw(page, { Accept: "text/markdown" });
      const head = await raw(page, { Accept: "text/markdown" }, "HEAD");
      expect(head.body.byteLength).toBe(0);
      for (const name of [
        "content-type",
        "content-length",
        "etag",
        "vary",
        "link",
        "cache-control",
        "access-control-allow-origin",
      ])
        expect(head.headers[name], `${page} ${name}`).toBe(get.headers[name]);
      expect(Number(get.headers["content-length"])).toBe(get.body.byteLength);
      const html = await raw(page, { Accept: "text/html" });
      expect(get.headers.etag).not.toBe(html.headers.etag);
      const revalidated = await raw(page, { Accept: "text/markdown", "If-None-Match": String(get.headers.etag) });
      expect([revalidated.status, revalidated.body.byteLength, varyList(revalidated.headers.vary)]).toEqual([
        304,
        0,
        ["accept"],
      ]);
    }
  });

  it("leaves other methods to the method guard and other pages alone", async () => {
    const post = await raw("/", { Accept: "text/markdown" }, "POST");
    expect([post.status, post.headers["content-type"]]).toEqual([405, "application/problem+json"]);
    expect(
      (
        await raw(
          "/",
          { Accept: "text/markdown", Origin: "https://example.org", "Access-Control-Request-Method": "GET" },
          "OPTIONS",
        )
      ).status,
    ).toBe(204);
    for (const page of ["/index.html", "/docs/errors/", "/docs/index.html"])
      expect((await raw(page, { Accept: "text/markdown" })).headers["content-type"], page).toBe(HTML);
    expect((await raw("/index.md")).headers["content-type"]).toBe(MARKDOWN);
    expect((await raw("/docs/index.md")).headers["content-type"]).toBe(MARKDOWN);
  });

  it("answers a twin it cannot read with a JSON 503 problem, and hands a missing twin on to the HTML", async () => {
    const request = new Request(`${running.origin}/docs/`, { headers: { Accept: "text/markdown" } });
    const failed = await markdownNegotiation(request, () => async () => {
      throw new OriginError("reading /docs/index.md gave status 502");
    });
    expect([
      failed?.status,
      failed?.headers.get("content-type"),
      failed?.headers.get("retry-after"),
      failed?.headers.get("cache-control"),
    ]).toEqual([503, "application/problem+json", "5", "no-store"]);
    expect(JSON.parse(await failed!.text())).toMatchObject({
      status: 503,
      type: expect.stringMatching(/#service-unavailable$/),
    });
    expect(await markdownNegotiation(request, () => async () => undefined)).toBeUndefined();
  });
});
