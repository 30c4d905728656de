import { readFile } from "node:fs/promises";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { canonicalJson } from "../build/contract/canonical-json.ts";
import { BROWSER_CACHE, CDN_CACHE } from "../build/contract/header-rules.ts";
import { groupDigits, MAX_PAGE } from "../build/contract/limits.ts";
import { AnswersData } from "../build/serve/request/answers-data.ts";
import { answersQuery } from "../build/serve/request/answers-query.ts";
import { loadSchemaRegistry } from "../build/content/schemas/schema-registry.ts";
import { build, FIXTURES, temporaryFolder } from "./support/build-helpers.ts";

// The base fixture: three answers, page_size 2, so the answers collection has two pages.
let dist: string;
const read = (file: string) => readFile(path.join(dist, ...file.split("/").filter(Boolean)), "utf8");
type Envelope = { data: Array<{ slug: string }>; links: Record<string, string>; meta: Record<string, unknown> };

beforeAll(async () => {
  dist = path.join(await temporaryFolder("paging"), "dist");
  const result = await build(path.join(FIXTURES, "base"), dist);
  if (!result.ok) throw new Error("the base fixture does not build");
});

describe("a collection that outgrows one page", () => {
  it("is written as prebuilt pages with first, last, prev and next links, index.json being page 1", async () => {
    const index = await read("/api/v1/answers/index.json");
    expect(await read("/api/v1/answers/pages/1.json")).toBe(index);
    const first = JSON.parse(index) as Envelope;
    const second = JSON.parse(await read("/api/v1/answers/pages/2.json")) as Envelope;
    expect(first.data.map((answer) => answer.slug)).toEqual(["alpha-room", "beta-mics"]);
    expect(second.data.map((answer) => answer.slug)).toEqual(["gamma-display"]);
    expect(first.links).toEqual({
      self: "/api/v1/answers/pages/1.json",
      first: "/api/v1/answers/pages/1.json",
      last: "/api/v1/answers/pages/2.json",
      next: "/api/v1/answers/pages/2.json",
    });
    expect(second.links).toEqual({
      self: "/api/v1/answers/pages/2.json",
      first: "/api/v1/answers/pages/1.json",
      last: "/api/v1/answers/pages/2.json",
      prev: "/api/v1/answers/pages/1.json",
    });
    expect(first.meta).toMatchObject({ count: 2, total: 3, page: 1, page_count: 2, page_size: 2 });
    expect(second.meta).toMatchObject({ count: 1, total: 3, page: 2, page_count: 2, page_size: 2 });
    const validate = (await loadSchemaRegistry()).validator("answers.schema.json");
    for (const page of [first, second]) expect(validate(page) ? [] : validate.errors).toEqual([]);
    for (const text of [
      index,
      await read("/api/v1/answers/pages/2.json"),
      await read("/api/v1/answers/alpha-room.json"),
    ])
      expect(text).toBe(canonicalJson(JSON.parse(text)));
  });

  it("links every page to a file the OpenAPI document describes as a page of its collection, not as the catch-all's 404", async () => {
    const openapi = JSON.parse(await read("/api/v1/openapi.json")) as {
      paths: Record<string, { get: { responses: Record<string, { content?: Record<string, { schema: unknown }> }> } }>;
    };
    const templates = Object.keys(openapi.paths).filter((template) => template !== "/api/{path}");
    const documented = (link: string) =>
      templates.find((template) => new RegExp(`^${template.replace(/\{[^}]+\}/g, "[^/]+")}$`).test(link));
    const collection = openapi.paths["/api/v1/answers/index.json"]!.get.responses["200"]!.content!["application/json"]!;
    let links = 0;
    for (const file of ["/api/v1/answers/index.json", "/api/v1/answers/pages/2.json"])
      for (const link of Object.values((JSON.parse(await read(file)) as Envelope).links)) {
        const template = documented(link);
        expect(template, link).toBe("/api/v1/answers/pages/{n}.json");
        expect(openapi.paths[template!]!.get.responses["200"]!.content!["application/json"]).toEqual({
          schema: collection.schema,
        });
        links++;
      }
    expect(links).toBe(8);
  });

  it("answers ?page=N with the prebuilt page's exact bytes, and q with computed pages", async () => {
    const data = new AnswersData(async (file) => {
      const text = await read(file).catch(() => undefined);
      return text === undefined ? undefined : new TextEncoder().encode(text);
    });
    const get = async (query: string) => {
      const response = await answersQuery(new Request(`http://localhost/api/v1/answers?${query}`), data);
      // Kept by the CDN until the next deploy (the browser revalidates), one response per value of each parameter
      // that changes it and of no other; a problem is kept by neither.
      if (response!.ok) expect(response!.headers.get("netlify-vary")).toBe("query=q|slug|sort|match|page");
      expect(
        [response!.headers.get("cache-control"), response!.headers.get("netlify-cdn-cache-control")],
        query,
      ).toEqual(response!.ok ? [BROWSER_CACHE, CDN_CACHE] : ["no-store", "no-store"]);
      return { text: await response!.text(), etag: response!.headers.get("etag") };
    };
    await get("q=!!");
    expect((await get("page=2")).text).toBe(await read("/api/v1/answers/pages/2.json"));
    // Past the last page, unfiltered: it leads back to the collection's own files (as its pages do, and as the
    // contract has links in JSON do), not to the query URLs.
    const { first, last } = (JSON.parse(await read("/api/v1/answers/pages/2.json")) as Envelope).links;
    expect((JSON.parse((await get("page=3")).text) as Envelope).links).toEqual({
      self: "/api/v1/answers?page=3",
      first,
      last,
    });
    expect([first, last]).toEqual(["/api/v1/answers/pages/1.json", "/api/v1/answers/pages/2.json"]);
    // A slug alone past its one page leads back to the answer's own file, whose bytes its first page is.
    expect((await get("slug=beta-mics")).text).toBe(await read("/api/v1/answers/beta-mics.json"));
    expect((JSON.parse((await get("slug=beta-mics&page=2")).text) as Envelope).links).toEqual({
      self: "/api/v1/answers?slug=beta-mics&page=2",
      first: "/api/v1/answers/beta-mics.json",
      last: "/api/v1/answers/beta-mics.json",
    });
    const firstOfQ = JSON.parse((await get("q=a&match=all&sort=slug")).text) as Envelope;
    expect(firstOfQ.meta).toMatchObject({ total: 3, page_count: 2, count: 2, sort: "slug", match: "all" });
    expect(firstOfQ.links).toEqual({
      self: "/api/v1/answers?q=a&sort=slug&match=all",
      first: "/api/v1/answers?q=a&sort=slug&match=all",
      last: "/api/v1/answers?q=a&sort=slug&match=all&page=2",
      next: "/api/v1/answers?q=a&sort=slug&match=all&page=2",
    });
    const secondOfQ = await get("q=a&match=all&sort=slug&page=2");
    expect((JSON.parse(secondOfQ.text) as Envelope).data.map((answer) => answer.slug)).toEqual(["gamma-display"]);
    expect(JSON.parse(secondOfQ.text).links.prev).toBe("/api/v1/answers?q=a&sort=slug&match=all");
    expect(secondOfQ.text).toBe(canonicalJson(JSON.parse(secondOfQ.text)));
    const pastTheEnd = JSON.parse((await get("q=a&match=all&sort=slug&page=3")).text) as Envelope;
    expect(pastTheEnd.data).toEqual([]);
    expect(pastTheEnd.links.prev).toBeUndefined();
    expect((await get("match=all&q=a&page=2&sort=slug")).etag).toBe(secondOfQ.etag);
    expect((await get("q=a&match=all&sort=slug")).etag).not.toBe(secondOfQ.etag);
    // Best first, the default: the pages of the ranking together are the whole ranking, each answer explained. With
    // match=all ("a" is a stop word, which the default leaves out), carried in every link.
    const ranked = [
      JSON.parse((await get("q=a&match=all")).text) as Envelope,
      JSON.parse((await get("q=a&match=all&page=2")).text) as Envelope,
    ];
    expect(ranked[0]!.links).toEqual({
      self: "/api/v1/answers?q=a&match=all",
      first: "/api/v1/answers?q=a&match=all",
      last: "/api/v1/answers?q=a&match=all&page=2",
      next: "/api/v1/answers?q=a&match=all&page=2",
    });
    const matches = ranked.flatMap((envelope) => envelope.meta.matches as Array<{ slug: string; score: number }>);
    expect(matches.map((match) => match.slug)).toEqual(
      ranked.flatMap((envelope) => envelope.data.map((answer) => answer.slug)),
    );
    expect(matches.map((match) => match.slug).sort()).toEqual(["alpha-room", "beta-mics", "gamma-display"]);
    for (let at = 1; at < matches.length; at++)
      expect(matches[at - 1]!.score).toBeGreaterThanOrEqual(matches[at]!.score);
  });

  it("shows the first page on the home page and leaves out the offline search, which needs every answer", async () => {
    const home = await read("/index.html");
    expect(home.match(/<article class="answer"/g)).toHaveLength(2);
    expect(home).toContain("The first 2 of 3 answers.");
    expect(home).not.toContain("<script>");
    expect(await read("/_headers")).toContain("script-src 'none'");
  });
});

describe("the largest page as the docs write it", () => {
  it('groups its digits as toLocaleString("en") would, without ICU', () => {
    expect(groupDigits(MAX_PAGE)).toBe("999,999,999,999,999");
    for (const value of [0, 7, 999, 1000, 12_345, 20_000, 1_000_000])
      expect(groupDigits(value)).toBe(value.toLocaleString("en"));
  });
});
