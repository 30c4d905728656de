import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { NETLIFY_CONFIGURATION_FILES } from "../build/contract/unlisted-files.ts";
import { SEARCH_AREAS } from "../build/content/load/types.ts";
import { escapeHtml } from "../build/engine/describe/docs-html.ts";
import { describeFile } from "../build/contract/routes.ts";
import { loadSchemaRegistry, type SchemaRegistry } from "../build/content/schemas/schema-registry.ts";
import { publishedSchema } from "../build/content/schemas/published-schema.ts";
import { readJson, readTree, SHIPPED_CONTENT } from "./support/build-helpers.ts";
import { sharedBuild } from "./support/shared-build.ts";
import { parse as parseYaml } from "yaml";
import { JUDGED_SETS, readJudgedSets } from "../build/tools/bench/judged-queries.ts";

// The shipped content's own rubric. The counts live here, never in a schema: the build takes any number.
const RUBRIC = { answers: 20, minWords: 350, minParagraphs: 3, minSources: 2, minSuppliers: 12, minFamilies: 6 };

/** The page size the shipped site.yaml sets: every envelope's meta states it. */
const pageSize = async () =>
  (parseYaml(await readFile(path.join(SHIPPED_CONTENT, "site.yaml"), "utf8")) as { page_size: number }).page_size;

interface Envelope<T> {
  data: T[];
  links: Record<string, string>;
  meta: {
    count: number;
    total: number;
    page: number;
    page_count: number;
    page_size: number;
    filters: { q: string | null; slug: string | null };
  };
}
interface Answer {
  slug: string;
  sources: Array<{ id: string }>;
  related: Array<{ slug: string; href: string }>;
  tags: string[];
  reviewed: string;
  body: { markdown: string; html: string; word_count: number };
  links: { self: string };
}
interface Supplier {
  slug: string;
  name: string;
  rank: number;
  rank_meaning: string;
  score: number;
  scores: Record<string, { score: number; basis: string; sources?: string[] }>;
  caveats: unknown[];
  makes: Array<{ family: string; sources: string[] }>;
  ownership: { status: string; sources?: string[] };
  searches: Record<string, { looked_for: string; where: string[]; searched: string; found: string[]; result: string }>;
  sources: Array<{ id: string; primary: boolean }>;
}
interface Family {
  family: string;
  order: number;
  records: Array<{
    supplier: { slug: string; rank: number };
    product: string;
    certification: Record<string, { status: string; sources?: string[] }>;
    compliance: Record<string, { status: string; sources?: string[] }>;
    warranty: Record<string, { status: string; sources?: string[] }>;
  }>;
}

let dist: string;
let schemas: SchemaRegistry;

beforeAll(async () => {
  ({ dist } = await sharedBuild());
  schemas = await loadSchemaRegistry();
});

const file = (urlPath: string) => path.join(dist, ...urlPath.split("/").filter(Boolean));

describe("shipped content meets the rubric", () => {
  it("has exactly 20 answers, each long, cited and reviewed", async () => {
    const { data, meta } = await readJson<Envelope<Answer>>(file("/api/v1/answers/index.json"));
    expect(data).toHaveLength(RUBRIC.answers);
    expect(meta).toMatchObject({ count: 20, total: 20, page: 1, page_count: 1, page_size: await pageSize() });
    for (const answer of data) {
      expect.soft(answer.body.word_count, answer.slug).toBeGreaterThanOrEqual(RUBRIC.minWords);
      expect
        .soft(answer.body.html.match(/<p>/g)?.length ?? 0, answer.slug)
        .toBeGreaterThanOrEqual(RUBRIC.minParagraphs);
      expect.soft(answer.sources.length, answer.slug).toBeGreaterThanOrEqual(RUBRIC.minSources);
      expect.soft(answer.related.length, answer.slug).toBeGreaterThanOrEqual(1);
      expect.soft(answer.tags.length, answer.slug).toBeGreaterThanOrEqual(1);
      expect.soft(answer.reviewed, answer.slug).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });

  it("covers the twenty buyer questions of the reference", async () => {
    const { data } = await readJson<Envelope<Answer>>(file("/api/v1/answers/index.json"));
    expect(data.map((answer) => answer.slug)).toEqual([
      "accessibility",
      "all-in-one-or-components",
      "byod-or-dedicated-room",
      "cabling-power-and-network",
      "camera-and-display-placement",
      "camera-framing",
      "device-management",
      "display-size",
      "licences-and-yearly-cost",
      "microphone-coverage",
      "microphone-placement",
      "platform-certification",
      "public-procurement-rules",
      "room-acoustics",
      "room-sizing",
      "security",
      "total-cost-of-ownership",
      "warranty-and-support",
      "windows-or-android-teams-rooms",
      "wireless-presentation-and-whiteboards",
    ]);
  });

  it("ranks at least 12 suppliers 1..N in order, each with a caveat and sources, with the disclosure", async () => {
    const body = await readJson<Envelope<Supplier> & { disclosure: Record<string, unknown> }>(
      file("/api/v1/suppliers/index.json"),
    );
    expect(body.data.length).toBeGreaterThanOrEqual(RUBRIC.minSuppliers);
    expect(body.data.map((supplier) => supplier.rank)).toEqual(body.data.map((_, index) => index + 1));
    const scores = body.data.map((supplier) => supplier.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    for (const supplier of body.data) {
      expect.soft(supplier.caveats.length, supplier.slug).toBeGreaterThanOrEqual(1);
      expect.soft(supplier.sources.length, supplier.slug).toBeGreaterThanOrEqual(1);
    }
    expect(body.disclosure).toMatchObject({ paid_inclusion: false, paid_ranking: false, affiliate_links: false });
    const criteria = body.disclosure.criteria as Array<{ weight: number }>;
    expect(criteria.reduce((sum, criterion) => sum + criterion.weight, 0)).toBe(100);
  });

  it("states next to every rank what it means, and gives every score its basis, in the JSON and on the page", async () => {
    const body = await readJson<
      Envelope<Supplier> & {
        disclosure: {
          rank_meaning: string;
          methodology_version: string;
          criteria: Array<{ id: string; weight: number; levels: unknown[] }>;
        };
      }
    >(file("/api/v1/suppliers/index.json"));
    const page = await readFile(file("/index.html"), "utf8");
    const { disclosure } = body;
    const cited = new Set(body.data.flatMap((supplier) => supplier.sources.map((source) => source.id)));
    for (const supplier of body.data) {
      expect(supplier.rank_meaning).toBe(
        `Rank ${supplier.rank} of ${body.data.length} under methodology ${disclosure.methodology_version}. ${disclosure.rank_meaning}`,
      );
      const item = page.slice(page.indexOf(`<li id="supplier-${supplier.slug}">`));
      expect(item.slice(0, item.indexOf("</li>"))).toContain(escapeHtml(supplier.rank_meaning));
      const recomputed =
        disclosure.criteria.reduce(
          (total, criterion) => total + supplier.scores[criterion.id]!.score * criterion.weight,
          0,
        ) / 100;
      expect(supplier.score, supplier.slug).toBe(Math.round(recomputed * 100) / 100);
      for (const criterion of disclosure.criteria) {
        const entry = supplier.scores[criterion.id]!;
        expect.soft(entry.basis.length, `${supplier.slug} ${criterion.id}`).toBeGreaterThan(20);
        if (entry.score > 0)
          expect.soft(entry.sources?.length ?? 0, `${supplier.slug} ${criterion.id}`).toBeGreaterThan(0);
        for (const id of entry.sources ?? [])
          expect.soft(cited.has(id), `${supplier.slug} ${criterion.id} ${id}`).toBe(true);
      }
    }
    for (const criterion of disclosure.criteria) expect(criterion.levels).toHaveLength(6);
  });

  it("records the same nine searches for every supplier, and rests every score of 3 or more on a primary source", async () => {
    const body = await readJson<Envelope<Supplier>>(file("/api/v1/suppliers/index.json"));
    for (const supplier of body.data) {
      const primary = new Set(supplier.sources.filter((source) => source.primary).map((source) => source.id));
      expect(Object.keys(supplier.searches).sort(), supplier.slug).toEqual([...SEARCH_AREAS].sort());
      for (const [area, search] of Object.entries(supplier.searches)) {
        expect.soft(search.searched, `${supplier.slug} ${area}`).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect.soft(search.where.length, `${supplier.slug} ${area}`).toBeGreaterThan(0);
        // Where a reader can read it, never how it was found.
        expect
          .soft(`${search.where.join(" ")} ${search.result}`, `${supplier.slug} ${area}`)
          .not.toMatch(/search tool|read_file|find_files|corpus|query "/i);
        for (const id of search.found)
          expect
            .soft(
              supplier.sources.map((source) => source.id),
              `${supplier.slug} ${area}`,
            )
            .toContain(id);
      }
      for (const area of ["platform-certification", "support-transparency", "ownership-transparency"]) {
        const entry = supplier.scores[area]!;
        if (entry.score >= 3)
          expect
            .soft(
              (entry.sources ?? []).some((id) => primary.has(id)),
              `${supplier.slug} ${area}`,
            )
            .toBe(true);
      }
      const families = new Set(
        supplier.makes.filter((made) => made.sources.some((id) => primary.has(id))).map((made) => made.family),
      );
      if (supplier.scores["portfolio-breadth"]!.score >= 3)
        expect.soft(families.size, supplier.slug).toBeGreaterThanOrEqual(supplier.scores["portfolio-breadth"]!.score);
      if (supplier.ownership.status === "documented")
        expect
          .soft(
            (supplier.ownership.sources ?? []).some((id) => primary.has(id)),
            supplier.slug,
          )
          .toBe(true);
    }
  });

  it("says of every source whether it is primary, and never calls our notes, press, resellers or copies primary", async () => {
    const register = parseYaml(await readFile(path.join(SHIPPED_CONTENT, "sources.yaml"), "utf8")) as {
      sources: Array<{ id: string; kind: string; primary: boolean; publisher: string }>;
    };
    for (const source of register.sources) {
      expect.soft(typeof source.primary, source.id).toBe("boolean");
      if (
        ["research-notes", "news-report", "reseller-listing"].includes(source.kind) &&
        !/filed with the US Securities/.test(source.publisher)
      ) {
        expect.soft(source.primary, source.id).toBe(false);
      }
      if (/third-party|copy/i.test(source.publisher)) expect.soft(source.primary, source.id).toBe(false);
    }
  });

  it("says of every source where it can be read and when, never how it was found", async () => {
    const register = parseYaml(await readFile(path.join(SHIPPED_CONTENT, "sources.yaml"), "utf8")) as {
      sources: Array<{ id: string; url?: string; note?: string; completed?: { where: string } }>;
    };
    const howFound = /search tool|read_file|find_files|find_string|corpus|quer(y|ies)|repository reader|project's/i;
    for (const source of register.sources) {
      for (const text of [source.note, source.completed?.where]) {
        if (text) expect.soft(text, source.id).not.toMatch(howFound);
      }
      // With no address of its own, the entry says in words where it was read, or that this is not recorded.
      if (!source.url) expect.soft(source.note ?? source.completed?.where, source.id).toBeTruthy();
    }
  });

  it("keeps a claim audit of every answer, evidence family, supplier profile, the register and the disclosure, not served", async () => {
    const audited = new Set<string>();
    let entries = 0;
    for (const name of await readdir(path.join(SHIPPED_CONTENT, "audit"))) {
      const audit = parseYaml(await readFile(path.join(SHIPPED_CONTENT, "audit", name), "utf8")) as {
        file: string;
        entries: unknown[];
      };
      audited.add(audit.file);
      entries += audit.entries.length;
    }
    const content = async (folder: string) =>
      (await readdir(path.join(SHIPPED_CONTENT, folder))).map((name) => `${folder}/${name}`);
    // Every answer, evidence family and supplier profile (the 14 of methodology 3.0.0 and the 14 added with
    // 3.1.0, audited since), the register and the disclosure.
    const expected = [
      ...(await content("answers")),
      ...(await content("evidence")),
      ...(await content("suppliers")),
      "sources.yaml",
      "disclosure.yaml",
    ];
    expect([...audited].sort()).toEqual(expected.sort());
    const disclosure = parseYaml(await readFile(path.join(SHIPPED_CONTENT, "disclosure.yaml"), "utf8")) as {
      claim_audit: { claims_checked: number };
    };
    expect(disclosure.claim_audit.claims_checked).toBe(entries);
    const served = [...(await readTree(dist)).keys()].filter((name) => /audit/i.test(name));
    expect(served.every((name) => name.endsWith("content-audit.schema.json"))).toBe(true);
    const changelog = await readJson<{ entries: Array<{ kind: string; corrections?: string[] }> }>(
      file("/changelog.json"),
    );
    expect(
      changelog.entries.some((entry) => entry.kind === "corrections" && (entry.corrections?.length ?? 0) > 0),
    ).toBe(true);
  });

  it("says on the docs and the home page how many of the register's statuses hold each value, as the register holds them", async () => {
    const { data } = await readJson<Envelope<Family>>(file("/api/v1/evidence/index.json"));
    const compliance = new Map<string, number>();
    for (const family of data)
      for (const record of family.records as unknown as Array<{ compliance: Record<string, { status: string }> }>)
        for (const { status } of Object.values(record.compliance))
          compliance.set(status, (compliance.get(status) ?? 0) + 1);
    const said = [...compliance]
      .sort(([, a], [, b]) => b - a)
      .map(([status, count]) => `\`${status}\` ${count}`)
      .join(", ");
    expect(await readFile(file("/docs/index.md"), "utf8")).toMatch(
      new RegExp(`^\\| Compliance \\|.*\\| ${said} \\|$`, "m"),
    );
    expect(await readFile(file("/index.html"), "utf8")).toContain(
      `compliance ${said.replaceAll(/`([^`]+)`/g, "<code>$1</code>")}`,
    );
  });

  it("names on each answer's toggle, for a screen reader, the answer it opens", async () => {
    const page = await readFile(file("/index.html"), "utf8");
    const { data } = await readJson<Envelope<{ title: string }>>(file("/api/v1/answers/index.json"));
    const toggles = [...page.matchAll(/<summary>Read the answer<span class="for-screen-readers">: ([^<]*)<\/span>/g)];
    expect(toggles.map((match) => match[1])).toEqual(data.map((answer) => escapeHtml(answer.title)));
  });

  it("marks the site menu's link to the page it is on as the current page, and no other", async () => {
    for (const [page, name] of [
      ["/index.html", "Home"],
      ["/docs/index.html", "Documentation"],
      ["/docs/errors/index.html", "Errors"],
      ["/changelog/index.html", undefined],
    ] as const) {
      const marked = [...(await readFile(file(page), "utf8")).matchAll(/aria-current="page">([^<]*)</g)].map(
        (match) => match[1],
      );
      expect(marked, page).toEqual(name ? [name] : []);
    }
  });

  it("lists the home page's sources unnumbered, where each answer's citations number that answer's own sources", async () => {
    const page = await readFile(file("/index.html"), "utf8");
    const { data } = await readJson<Envelope<{ slug: string; sources: Array<{ id: string }> }>>(
      file("/api/v1/answers/index.json"),
    );
    // [n] in an answer leads to its n-th source: a number the list gave each source would say another.
    const answer = data.find((one) => one.sources.length >= 13)!;
    expect(page).toMatch(new RegExp(`<a href="#source-${answer.sources[12]!.id}" aria-label="13: [^"]+">13</a>`));
    expect(page).toMatch(/<ul class="sources">\n<li id="source-/);
    expect(page).not.toMatch(/<ol[^>]*>\s*<li id="source-/);
  });

  it("groups evidence by at least six families in declared order, records by supplier rank, every known status cited", async () => {
    const { data, meta } = await readJson<Envelope<Family> & { meta: { record_count: number } }>(
      file("/api/v1/evidence/index.json"),
    );
    expect(data.length).toBeGreaterThanOrEqual(RUBRIC.minFamilies);
    expect(data.map((family) => family.order)).toEqual(data.map((_, index) => index + 1));
    expect(meta.record_count).toBe(data.reduce((sum, family) => sum + family.records.length, 0));
    for (const family of data) {
      expect.soft(family.records.length, family.family).toBeGreaterThanOrEqual(2);
      const ranks = family.records.map((record) => record.supplier.rank);
      expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
      for (const record of family.records) {
        for (const group of [record.certification, record.compliance, record.warranty]) {
          for (const [name, entry] of Object.entries(group)) {
            if (entry.status !== "unknown")
              expect.soft(entry.sources?.length ?? 0, `${record.product} ${name}`).toBeGreaterThan(0);
          }
        }
      }
    }
  });
});

describe("the bench's judged queries", () => {
  // A slug misspelt in `best` would count as a miss of the ranking in BENCHMARKS.md, never as an error.
  it("name answers that exist, each query with a reason, in every set", async () => {
    const { data } = await readJson<Envelope<Answer>>(file("/api/v1/answers/index.json"));
    const slugs = new Set(data.map((answer) => answer.slug));
    const sets = await readJudgedSets();
    for (const name of JUDGED_SETS) {
      const queries = sets[name];
      expect(queries.length, name).toBeGreaterThan(0);
      for (const { q, best, why } of queries) {
        expect.soft(best.length, q).toBeGreaterThan(0);
        const unknown = best.filter((slug) => !slugs.has(slug));
        expect.soft(unknown, q).toEqual([]);
        expect.soft(why?.length ?? 0, q).toBeGreaterThan(0);
      }
    }
  });
});

describe("the built dist/", () => {
  it("has one file per slug holding the collection shape with that one answer", async () => {
    const { data } = await readJson<Envelope<Answer>>(file("/api/v1/answers/index.json"));
    const { content_digest: digest } = await readJson<{ content_digest: string }>(file("/api/v1/health/index.json"));
    const lines = (await readFile(file("/data/answers.ndjson"), "utf8")).split("\n").filter(Boolean);
    expect(lines).toHaveLength(data.length);
    for (const [at, answer] of data.entries()) {
      const single = await readJson<Envelope<Answer>>(file(answer.links.self));
      expect(single.data).toEqual([answer]);
      // The answer's own digest, not the build's: that of its NDJSON line, so that the file changes only with the answer.
      const own = `sha256:${createHash("sha256").update(lines[at]!).digest("hex")}`;
      expect(own).not.toBe(digest);
      expect(single.meta).toEqual({
        content_digest: own,
        count: 1,
        total: 1,
        page: 1,
        page_count: 1,
        page_size: await pageSize(),
        filters: { q: null, slug: answer.slug },
      });
      expect(single.links.self).toBe(`/api/v1/answers/${answer.slug}.json`);
    }
  });

  it("links only to files that exist", async () => {
    const tree = await readTree(dist);
    const root = await readJson<{ links: Record<string, string> }>(file("/api/v1/index.json"));
    for (const [name, href] of Object.entries(root.links)) {
      const target = href.endsWith("/") ? href.slice(1) : href.slice(1);
      expect(
        [...tree.keys()].some((key) => key === target || key.startsWith(target)),
        `${name} → ${href}`,
      ).toBe(true);
    }
    const { data } = await readJson<Envelope<Answer>>(file("/api/v1/answers/index.json"));
    for (const answer of data)
      for (const related of answer.related) expect(tree.has(related.href.slice(1)), related.href).toBe(true);
  });

  it("validates every response against its response schema", async () => {
    const tree = await readTree(dist);
    const schemaFor = (key: string) => describeFile(`/${key}`).schema;
    let checked = 0;
    for (const [key, bytes] of tree) {
      if (NETLIFY_CONFIGURATION_FILES.has(`/${key}`)) continue;
      const schema = schemaFor(key);
      if (!schema) continue;
      const validate = schemas.validator(schema);
      const valid = validate(JSON.parse(bytes.toString("utf8")));
      expect(valid ? [] : validate.errors, key).toEqual([]);
      checked++;
    }
    // At least the 20 answers and the collections, root, health and schema list (a new output with a schema adds
    // to them with no edit here).
    expect(checked).toBeGreaterThanOrEqual(20 + 6);
  });

  it("publishes every schema beside the data, as published from the configured base URL", async () => {
    const site = parseYaml(await readFile(path.join(SHIPPED_CONTENT, "site.yaml"), "utf8")) as { base_url: string };
    for (const [name, document] of schemas.documents) {
      expect(await readJson(file(`/api/v1/schemas/${name}`))).toEqual(publishedSchema(name, document, site.base_url));
    }
  });

  it("writes JSON with sorted keys, two-space indentation and a final newline", async () => {
    for (const [key, bytes] of await readTree(dist)) {
      if (NETLIFY_CONFIGURATION_FILES.has(`/${key}`)) continue;
      // JSON documents (json, +json), not NDJSON, whose lines are checked with the bulk downloads.
      if (!/[/+]json(;|$)/.test(describeFile(`/${key}`).contentType)) continue;
      const text = bytes.toString("utf8");
      expect(text.endsWith("}\n"), key).toBe(true);
      expect(text, key).toBe(`${JSON.stringify(sortDeep(JSON.parse(text)), null, 2)}\n`);
    }
  });

  it("keeps raw HTML from content inert", async () => {
    const { data } = await readJson<Envelope<Answer>>(file("/api/v1/answers/index.json"));
    for (const answer of data) {
      expect(answer.body.html).not.toMatch(/<(script|iframe|img|style)\b/i);
      expect(answer.body.html).not.toMatch(/href="(?!https:\/\/|\/|#source-)/);
    }
  });

  it("dates generation from SOURCE_DATE_EPOCH", async () => {
    const health = await readJson<{ generated_at: string; content_digest: string }>(file("/api/v1/health/index.json"));
    expect(health.generated_at).toBe("2023-11-14T22:13:20Z");
    expect(health.content_digest).toMatch(/^sha256:[0-9a-f]{64}$/);
  });
});

function sortDeep(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortDeep);
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, sortDeep((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}
