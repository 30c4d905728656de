import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, readFile, symlink } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { WARCParser } from "warcio";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { archiveWarc } from "../build/archive/archive.ts";
import { VOCABULARIES } from "../build/compile/vocabularies.ts";
import { packageBag } from "../build/archive/package.ts";
import { HTML_PAGES } from "../build/describe/docs-html.ts";
import { DOWNLOADS, QUERY_EXAMPLES } from "../build/describe/service-facts.ts";
import { AnswersData } from "../build/request/answers-data.ts";
import { answersQuery } from "../build/request/answers-query.ts";
import { routesFor } from "../build/routes.ts";
import { freePort } from "../build/server/free-port.ts";
import { build, buildShipped, fixtureWithCase, readTree, readTreeDigests, ROOT } from "./support/build-helpers.ts";
import { HAVE_CHROMIUM, launchChromium } from "./support/chromium.ts";
import { parseCsv } from "./support/csv.ts";
import { startLocalServer, type RunningServer } from "./support/local-server.ts";

const EPOCH = "1750000000";
let folder: string;
let dist: string;
let running: RunningServer;
let canonicalUrls: string[];
const { BASE_URL: _viteBaseUrl, ...cleanEnv } = process.env;

beforeAll(async () => {
  const shipped = await buildShipped("archive", { sourceDateEpoch: Number(EPOCH) });
  dist = shipped.dist;
  folder = path.dirname(dist);
  canonicalUrls = routesFor(shipped.site.paths)
    .filter((route) => route.canonical)
    .map((route) => route.url);
  running = await startLocalServer(dist);
}, 60_000);

/** A child process run without blocking this process's event loop. */
function run(
  command: string,
  args: string[],
  options: { cwd?: string },
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...options, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (status) => resolve({ status, stdout, stderr }));
  });
}

describe("urls.txt and SHA256SUMS", () => {
  it("lists every canonical URL, root-relative, sorted, one per line", async () => {
    const lines = (await readFile(path.join(dist, "urls.txt"), "utf8")).split("\n");
    expect(lines.pop()).toBe("");
    expect(lines).toEqual([...lines].sort());
    expect(lines).toEqual([...canonicalUrls].sort());
    for (const line of lines) expect(line).toMatch(/^\/[a-zA-Z0-9._/-]+$/);
    for (const page of [
      "/index.html",
      "/docs/index.html",
      "/.well-known/api-catalog",
      "/api/v1/answers/room-sizing.json",
    ])
      expect(lines).toContain(page);
  });

  it("passes sha256sum -c on a fresh build and covers every other file", async () => {
    const check = spawnSync("sha256sum", ["--check", "--strict", "SHA256SUMS"], { cwd: dist, encoding: "utf8" });
    expect(check.status, check.stdout + check.stderr).toBe(0);
    const listed = (await readFile(path.join(dist, "SHA256SUMS"), "utf8"))
      .trim()
      .split("\n")
      .map((line) => line.slice(66));
    const files = [...(await readTree(dist)).keys()].filter((file) => file !== "SHA256SUMS");
    expect(listed).toEqual(files);
  });
});

describe("a mirror made with wget from urls.txt", () => {
  let mirror: string;
  let staticServer: ChildProcess | undefined;
  afterAll(() => staticServer?.kill("SIGTERM"));

  it("holds every listed URL with the same bytes, and a plain static server answers every canonical URL from it", async () => {
    mirror = path.join(folder, "mirror");
    // Asynchronously: the local server this mirrors runs in this very process.
    const wget = await run(
      "wget",
      [
        "--quiet",
        "--force-directories",
        "--no-host-directories",
        "--input-file",
        path.join(dist, "urls.txt"),
        "--base",
        running.origin,
        "--directory-prefix",
        mirror,
      ],
      {},
    );
    expect(wget.status, wget.stderr).toBe(0);
    const tree = await readTree(dist);
    for (const url of canonicalUrls) {
      expect(
        (await readFile(path.join(mirror, ...url.split("/").filter(Boolean)))).equals(tree.get(url.slice(1))!),
        url,
      ).toBe(true);
    }
    // The mirror proves itself complete and unaltered; only _headers, Netlify's configuration, is not served.
    const check = await run("sha256sum", ["--check", "--strict", "--ignore-missing", "SHA256SUMS"], { cwd: mirror });
    expect(check.status, check.stdout + check.stderr).toBe(0);
    expect(check.stdout.split("\n").filter((line) => line.endsWith(": OK")).length).toBe(canonicalUrls.length - 1);
    const port = await freePort();
    staticServer = spawn(
      path.join(ROOT, "node_modules/.bin/serve"),
      ["--no-clipboard", "--listen", `tcp://127.0.0.1:${port}`, mirror],
      { stdio: "ignore" },
    );
    for (
      let attempt = 0;
      attempt < 100 &&
      !(await fetch(`http://127.0.0.1:${port}/urls.txt`).then(
        (response) => response.ok,
        () => false,
      ));
      attempt++
    )
      await new Promise((resolve) => setTimeout(resolve, 100));
    for (const url of canonicalUrls) {
      const response = await fetch(`http://127.0.0.1:${port}${url}`);
      expect(response.status, url).toBe(200);
      expect(Buffer.from(await response.arrayBuffer()).equals(tree.get(url.slice(1))!), url).toBe(true);
    }
  }, 60_000);
});

describe("a crawler that starts at /", () => {
  it("wget --mirror from / fetches every URL of urls.txt, each with the bytes of dist/", async () => {
    const crawl = path.join(folder, "crawl");
    // --execute robots=on: a polite crawler reads robots.txt first (and so fetches it by that route).
    const wget = await run(
      "wget",
      [
        "--mirror",
        "--quiet",
        "--no-host-directories",
        "--execute",
        "robots=on",
        "--directory-prefix",
        crawl,
        `${running.origin}/`,
      ],
      {},
    );
    // 8: some request answered an error; the list of what is missing below says which.
    expect([0, 8], wget.stderr).toContain(wget.status);
    const tree = await readTree(dist);
    const fetched = await readTree(crawl);
    const missing = canonicalUrls.filter((url) => !fetched.has(url.slice(1)));
    expect(missing).toEqual([]);
    for (const url of canonicalUrls) expect(fetched.get(url.slice(1))!.equals(tree.get(url.slice(1))!), url).toBe(true);
  }, 60_000);

  it("the downloads the pages list are files of the build", () => {
    for (const download of DOWNLOADS)
      expect(canonicalUrls, download.path).toContain(
        download.path.endsWith("/") ? `${download.path}index.html` : download.path,
      );
  });
});

describe("reproducible", () => {
  it.skipIf(!existsSync(path.join(ROOT, ".git")))(
    "two builds from clean clones in two folders are byte-identical",
    async () => {
      const trees = [];
      for (const name of ["clone-a", "clone-b"]) {
        const clone = path.join(folder, name, "deeper".repeat(name === "clone-b" ? 1 : 0), "repo");
        await mkdir(path.dirname(clone), { recursive: true });
        const cloned = spawnSync("git", ["clone", "--quiet", ROOT, clone], { encoding: "utf8" });
        expect(cloned.status, cloned.stderr).toBe(0);
        await symlink(path.join(ROOT, "node_modules"), path.join(clone, "node_modules"));
        const built = spawnSync(process.execPath, ["--import", "tsx", "build/cli.ts"], {
          cwd: clone,
          encoding: "utf8",
          env: { ...cleanEnv, SOURCE_DATE_EPOCH: EPOCH },
        });
        expect(built.status, built.stderr).toBe(0);
        trees.push(await readTreeDigests(path.join(clone, "dist")));
      }
      expect(trees[0]!.size).toBeGreaterThan(60);
      expect(trees[1]).toEqual(trees[0]);
    },
    60_000,
  );
});

describe("npm run package: a BagIt bag", () => {
  it("is byte-identical across runs, and checks with sha512sum -c and a recomputed Payload-Oxum", async () => {
    const env = { SOURCE_DATE_EPOCH: EPOCH };
    const first = await readFile(await packageBag(dist, path.join(folder, "artifacts-1"), env));
    const second = await readFile(await packageBag(dist, path.join(folder, "artifacts-2"), env));
    expect(second.equals(first)).toBe(true);
    const extracted = path.join(folder, "bag");
    await mkdir(extracted);
    expect(
      spawnSync("tar", ["-xf", path.join(folder, "artifacts-1", "av-buyer-data-1.0.0.bag.tar"), "-C", extracted])
        .status,
    ).toBe(0);
    const bag = path.join(extracted, "av-buyer-data-1.0.0");
    expect(await readFile(path.join(bag, "bagit.txt"), "utf8")).toBe(
      "BagIt-Version: 1.0\nTag-File-Character-Encoding: UTF-8\n",
    );
    for (const manifest of ["manifest-sha512.txt", "tagmanifest-sha512.txt"]) {
      const check = spawnSync("sha512sum", ["--check", "--strict", manifest], { cwd: bag, encoding: "utf8" });
      expect(check.status, check.stdout + check.stderr).toBe(0);
    }
    const payload = await readTree(path.join(bag, "data"));
    const octets = [...payload.values()].reduce((sum, bytes) => sum + bytes.byteLength, 0);
    const info = await readFile(path.join(bag, "bag-info.txt"), "utf8");
    expect(info).toContain(`Payload-Oxum: ${octets}.${payload.size}\n`);
    expect(info).toContain("Bagging-Date: 2025-06-15\n");
    expect(info).toMatch(/^Source-Organization: AV Buyer Data editorial team$/m);
    expect(await readTreeDigests(path.join(bag, "data"))).toEqual(await readTreeDigests(dist));
    const listing = spawnSync(
      "tar",
      ["--list", "--verbose", "--file", path.join(folder, "artifacts-1", "av-buyer-data-1.0.0.bag.tar")],
      { encoding: "utf8" },
    ).stdout;
    expect(
      listing
        .split("\n")
        .filter(Boolean)
        .every((line) => line.includes(" 0/0 ") && line.includes("2025-06-15")),
    ).toBe(true);
  }, 90_000);
});

describe("npm run archive: a WARC 1.1 file with a CDX index", () => {
  let warc: Buffer;
  let cdx: string;

  beforeAll(async () => {
    const netlify = path.join(ROOT, "netlify.toml");
    const first = await archiveWarc(dist, path.join(folder, "warc-1"), netlify, { SOURCE_DATE_EPOCH: EPOCH });
    const second = await archiveWarc(dist, path.join(folder, "warc-2"), netlify, { SOURCE_DATE_EPOCH: EPOCH });
    warc = await readFile(first.warc);
    expect((await readFile(second.warc)).equals(warc)).toBe(true);
    expect(await readFile(second.cdx, "utf8")).toBe(await readFile(first.cdx, "utf8"));
    cdx = await readFile(first.cdx, "utf8");
  }, 60_000);

  it("is readable by warcio: a warcinfo record, then a response and a request per URL, fixed dates", async () => {
    const types: string[] = [];
    for await (const record of WARCParser.iterRecords([new Uint8Array(warc)])) {
      types.push(record.warcType!);
      expect(record.warcHeaders.protocol).toBe("WARC/1.1");
      expect(record.warcDate).toBe("2025-06-15T15:06:40Z");
      if (record.warcType === "response")
        expect(record.httpHeaders?.headers.get("Date")).toBe("Sun, 15 Jun 2025 15:06:40 GMT");
      await record.readFully();
    }
    expect(types[0]).toBe("warcinfo");
    expect(types.filter((type) => type === "response").length).toBe(types.filter((type) => type === "request").length);
    expect(types.filter((type) => type === "response").length).toBeGreaterThanOrEqual(
      canonicalUrls.length + QUERY_EXAMPLES.length,
    );
  });

  it("holds every page, every sitemap URL, the q examples, and every same-origin URL a Link header or a problem type points at", async () => {
    const responses = new Map<
      string,
      { status: number; link: string | null; contentType: string | null; body: string }
    >();
    for await (const record of WARCParser.iterRecords([new Uint8Array(warc)])) {
      const body = new TextDecoder().decode(await record.readFully(true));
      if (record.warcType === "response")
        responses.set(record.warcTargetURI!, {
          status: Number(record.httpHeaders!.statusCode),
          link: record.httpHeaders!.headers.get("Link") ?? null,
          contentType: record.httpHeaders!.headers.get("Content-Type") ?? null,
          body,
        });
    }
    const origin = new URL([...responses.keys()][0]!).origin;
    const sitemap = [...(await readFile(path.join(dist, "sitemap.xml"), "utf8")).matchAll(/<loc>([^<]+)<\/loc>/g)].map(
      (match) => match[1]!,
    );
    expect(sitemap.length).toBeGreaterThan(5);
    const expected = new Set([
      ...sitemap,
      ...HTML_PAGES.map((page) => origin + page),
      ...QUERY_EXAMPLES.map((example) => `${origin}/api/v1/answers?q=${encodeURIComponent(example.q)}`),
    ]);
    let problems = 0;
    for (const [uri, response] of responses) {
      for (const match of (response.link ?? "").matchAll(/<([^>]+)>/g)) expected.add(new URL(match[1]!, uri).href);
      if (response.contentType?.startsWith("application/problem+json")) {
        problems++;
        expected.add(JSON.parse(response.body).type);
      }
    }
    // Some response is a problem, and its type is the errors page.
    expect(problems).toBeGreaterThan(0);
    expect(expected).toContain(`${origin}/docs/errors/#not-found`);
    for (const url of expected) {
      const page = new URL(url);
      page.hash = "";
      if (page.origin !== origin) continue;
      expect(responses.get(page.href)?.status, page.href).toBe(200);
    }
  });

  it("answers a CDX lookup of every URL of urls.txt with exactly the bytes of dist/", async () => {
    const index = new Map<string, { offset: number; length: number }>();
    for (const line of cdx.trim().split("\n")) {
      const entry = JSON.parse(line.slice(line.indexOf("{"))) as { url: string; offset: string; length: string };
      index.set(new URL(entry.url).pathname + new URL(entry.url).search, {
        offset: Number(entry.offset),
        length: Number(entry.length),
      });
    }
    const tree = await readTree(dist);
    for (const url of canonicalUrls) {
      const found = index.get(url);
      expect(found, url).toBeDefined();
      const parser = new WARCParser([new Uint8Array(warc.subarray(found!.offset, found!.offset + found!.length))]);
      const record = await parser.parse();
      expect(record?.warcTargetURI, url).toMatch(new RegExp(`${url.replace(/[.?]/g, "\\$&")}$`));
      expect(Buffer.from(await record!.readFully(true)).equals(tree.get(url.slice(1))!), url).toBe(true);
    }
  });
});

describe("the data package", () => {
  it("describes every CSV with a Table Schema its rows satisfy, keys unique, foreign keys resolved", async () => {
    const descriptor = JSON.parse(await readFile(path.join(dist, "data", "datapackage.json"), "utf8"));
    expect(descriptor.profile).toBe("tabular-data-package");
    expect(descriptor.name).toMatch(/^[a-z0-9._-]+$/);
    expect(descriptor.licenses[0]).toMatchObject({ name: "CC-BY-4.0" });
    // Absolute, so that it still names the site when the descriptor is read apart from it.
    expect(new URL(descriptor.homepage).href).toBe(descriptor.homepage);
    expect(new URL(descriptor.homepage).pathname).toBe("/");
    expect(descriptor.resources.map((resource: { name: string }) => resource.name).sort()).toEqual([
      "answers",
      "evidence",
      "sources",
      "suppliers",
    ]);
    const tables = new Map<string, Array<Record<string, string>>>();
    for (const resource of descriptor.resources) {
      expect(resource).toMatchObject({
        profile: "tabular-data-resource",
        format: "csv",
        encoding: "utf-8",
        path: `${resource.name}.csv`,
      });
      const [header, ...rows] = parseCsv(await readFile(path.join(dist, "data", resource.path), "utf8"));
      const fields = resource.schema.fields as Array<{
        name: string;
        type: string;
        constraints?: { required?: boolean; enum?: string[]; pattern?: string };
      }>;
      expect(header).toEqual(fields.map((field) => field.name));
      const records = rows.map((row) => Object.fromEntries(fields.map((field, at) => [field.name, row[at]!])));
      for (const [index, row] of rows.entries()) {
        expect(row.length, `${resource.name} row ${index + 1}`).toBe(fields.length);
        for (const [at, field] of fields.entries()) {
          const value = row[at]!;
          if (value === "") {
            expect(field.constraints?.required, `${resource.name}.${field.name} row ${index + 1} is required`).not.toBe(
              true,
            );
            continue;
          }
          const valid = {
            string: () => true,
            integer: () => /^-?\d+$/.test(value),
            number: () => Number.isFinite(Number(value)),
            date: () => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value)),
          }[field.type];
          expect(valid?.(), `${resource.name}.${field.name} = ${JSON.stringify(value)} is a ${field.type}`).toBe(true);
          if (field.constraints?.enum)
            expect(field.constraints.enum, `${resource.name}.${field.name} row ${index + 1}`).toContain(value);
          // Table Schema patterns (XML Schema syntax) match the whole value.
          if (field.constraints?.pattern)
            expect(value, `${resource.name}.${field.name} row ${index + 1}`).toMatch(
              new RegExp(`^(?:${field.constraints.pattern})$`),
            );
        }
      }
      const keys = records.map((record) => record[resource.schema.primaryKey]);
      expect(new Set(keys).size, `${resource.name} primary key`).toBe(keys.length);
      tables.set(resource.name, records);
    }
    // The closed vocabularies are enum constraints, the schemas' own lists.
    const constraintsOf = (table: string, field: string) =>
      descriptor.resources
        .find((resource: { name: string }) => resource.name === table)
        .schema.fields.find((candidate: { name: string }) => candidate.name === field)?.constraints;
    expect(constraintsOf("evidence", "microsoft_teams_rooms_status")).toEqual({
      required: true,
      enum: [...VOCABULARIES.certificationStatus],
    });
    expect(constraintsOf("evidence", "microsoft_teams_rooms_listed_status")).toEqual({
      enum: [...VOCABULARIES.listingStatus],
    });
    expect(constraintsOf("evidence", "fcc_status")).toEqual({
      required: true,
      enum: [...VOCABULARIES.complianceStatus],
    });
    expect(constraintsOf("evidence", "paid_plan_status")).toEqual({
      required: true,
      enum: [...VOCABULARIES.warrantyStatus],
    });
    expect(constraintsOf("sources", "kind")).toEqual({ required: true, enum: [...VOCABULARIES.sourceKind] });
    expect(constraintsOf("sources", "confidence")).toEqual({
      required: true,
      enum: [...VOCABULARIES.sourceConfidence],
    });
    expect(constraintsOf("suppliers", "ownership_status")).toEqual({
      required: true,
      enum: [...VOCABULARIES.ownershipStatus],
    });
    const families = (
      JSON.parse(await readFile(path.join(dist, "api", "v1", "evidence", "index.json"), "utf8")) as {
        data: Array<{ family: string }>;
      }
    ).data.map((family) => family.family);
    expect(constraintsOf("evidence", "family")).toEqual({ required: true, enum: families });
    // Partial dates have a shape a table tool can check: no month 13, no day 32, no other format.
    for (const field of ["published", "accessed"]) {
      const shape = new RegExp(`^(?:${constraintsOf("sources", field)?.pattern})$`);
      for (const right of ["2026", "2026-02", "2026-02-28"]) expect(right, field).toMatch(shape);
      for (const wrong of ["2026-13", "2026-01-32", "02/01/2026", "26"]) expect(wrong, field).not.toMatch(shape);
    }
    expect(tables.get("answers")).toHaveLength(20);
    const suppliers = new Set(tables.get("suppliers")!.map((row) => row.slug));
    for (const row of tables.get("evidence")!) expect(suppliers.has(row.supplier!), row.id).toBe(true);
    const sources = new Set(tables.get("sources")!.map((row) => row.id));
    for (const row of tables.get("answers")!)
      for (const id of row.sources!.split("; ")) expect(sources.has(id), `${row.slug} cites ${id}`).toBe(true);
  });

  it("is linked from the docs, the home page and the API catalog", async () => {
    expect(await readFile(path.join(dist, "docs", "index.html"), "utf8")).toContain('href="../data/datapackage.json"');
    expect(await readFile(path.join(dist, "index.html"), "utf8")).toContain('href="data/datapackage.json"');
    expect(await readFile(path.join(dist, ".well-known", "api-catalog"), "utf8")).toContain("/data/datapackage.json");
  });
});

describe("versioning", () => {
  it("states the policy in the root resource, with no deprecation while v1 is current", async () => {
    const root = JSON.parse(await readFile(path.join(dist, "api", "v1", "index.json"), "utf8"));
    expect(root.versioning).toMatchObject({
      api_version: "v1",
      deprecation_date: null,
      sunset_date: null,
      successor_version: null,
      policy: "/docs/index.html#versioning",
    });
    expect(root.versioning.breaking).toContain("/api/v2");
    expect(await readFile(path.join(dist, "_headers"), "utf8")).not.toMatch(/Deprecation|Sunset/);
  });

  it("announces a deprecation in headers and, for copies without headers, in the JSON", async () => {
    const content = await fixtureWithCase("deprecated", "variants");
    const out = path.join(path.dirname(content), "dist");
    expect((await build(content, out)).ok).toBe(true);
    const root = JSON.parse(await readFile(path.join(out, "api", "v1", "index.json"), "utf8"));
    expect(root.versioning).toMatchObject({
      deprecation_date: "2027-01-01",
      sunset_date: "2027-07-01",
      successor_version: "/api/v2",
    });
    const deprecated = await startLocalServer(out);
    const response = await fetch(`${deprecated.origin}/api/v1/health`);
    expect(response.headers.get("deprecation")).toBe("@1798761600");
    expect(response.headers.get("sunset")).toBe("Thu, 01 Jul 2027 00:00:00 GMT");
    // Computed by the edge function, which no header rule reaches: it sets the same dates itself.
    for (const target of ["/api/v1/answers?q=room", "/api/v1/answers?slug=alpha-room"]) {
      const computed = await fetch(`${deprecated.origin}${target}`);
      expect(computed.status, target).toBe(200);
      expect(computed.headers.get("deprecation"), target).toBe("@1798761600");
      expect(computed.headers.get("sunset"), target).toBe("Thu, 01 Jul 2027 00:00:00 GMT");
    }
    const current = await fetch(`${running.origin}/api/v1/answers?q=room`);
    expect(current.headers.get("deprecation")).toBeNull();
  });
});

describe.skipIf(!HAVE_CHROMIUM)("the offline page, opened from disk", () => {
  it("every link inside an answer goes to an element of the page or to a file of the copy, and its headings sit below the answer's own", async () => {
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      const home = pathToFileURL(path.join(dist, "index.html")).href;
      await page.goto(home);
      // Resolved by the browser, as a click would resolve them.
      const links = await page
        .locator("article.answer details a[href]")
        .evaluateAll((anchors) => anchors.map((anchor) => (anchor as HTMLAnchorElement).href));
      expect(links.length).toBeGreaterThan(100);
      // A link to another answer goes to its article; the only answer file an article links is its own ("As JSON").
      const linkedFiles = await page
        .locator("article.answer")
        .evaluateAll((articles) =>
          articles.flatMap((article) =>
            [...article.querySelectorAll<HTMLAnchorElement>("details a[href]")]
              .filter(
                (anchor) =>
                  /\/api\/v1\/answers\/[a-z0-9-]+\.(json|md)$/.test(anchor.href) &&
                  !anchor.href.endsWith(`/${(article as HTMLElement).dataset.slug}.json`),
              )
              .map((anchor) => anchor.href),
          ),
        );
      expect(linkedFiles).toEqual([]);
      // The body's headings sit below the article's h3; the API's body.html keeps its own levels and links.
      expect(await page.locator("article.answer details :is(h1, h2, h3)").count()).toBe(0);
      expect(await page.locator("article.answer details h4").count()).toBeGreaterThan(20);
      const api = JSON.parse(await readFile(path.join(dist, "api/v1/answers/room-sizing.json"), "utf8")).data[0].body
        .html as string;
      expect(api).toContain("<h2>");
      expect(api).toMatch(/href="\/api\/v1\/answers\/[a-z0-9-]+\.json"/);
      for (const link of new Set(links)) {
        const url = new URL(link);
        expect(url.protocol, link).toBe("file:");
        if (url.href.split("#")[0] === home) {
          expect(await page.locator(`[id="${decodeURIComponent(url.hash.slice(1))}"]`).count(), link).toBe(1);
        } else {
          expect(existsSync(fileURLToPath(url)), link).toBe(true);
        }
      }
    } finally {
      await browser.close();
    }
  }, 60_000);

  it("finds what the API finds for every published q example, and requests nothing from any server", async () => {
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      const requests: string[] = [];
      const problems: string[] = [];
      page.on("request", (request) => requests.push(request.url()));
      page.on("console", (message) => {
        if (message.type() === "error" || message.type() === "warning") problems.push(message.text());
      });
      await page.goto(pathToFileURL(path.join(dist, "index.html")).href);
      expect(await page.locator("article.answer").count()).toBe(20);
      expect(await page.locator("#answer-search").isVisible()).toBe(true);
      const data = new AnswersData(async (file) =>
        readFile(path.join(dist, ...file.split("/").filter(Boolean)), "utf8").catch(() => undefined),
      );
      type Match = {
        slug: string;
        score: number;
        fields: string[];
        snippet: { field: string; text: string; matches: Array<[number, number]> };
      };
      type Found = {
        data: Array<{ slug: string }>;
        meta: { total: number; matches: Match[]; suggestions?: Array<{ q: string; total: number }> };
      };
      const queries = [
        ...QUERY_EXAMPLES.map((example) => example.q),
        "microphone",
        "warranty",
        "teams rooms certification",
        "Straße micro",
        "microphne",
        "warranty lenght",
      ];
      for (const q of queries) {
        const api = (await (await answersQuery(
          new Request(`http://localhost/api/v1/answers?q=${encodeURIComponent(q)}`),
          data,
        ))!.json()) as Found;
        const expected = api.data.map((answer) => answer.slug);
        await page.fill("#q", q);
        // The page searches asynchronously: wait for its status, then read what it shows.
        await expect
          .poll(() => page.locator("#search-status").textContent(), { timeout: 5000 })
          .toBe(
            expected.length === 0 ? "No answer matches." : `${expected.length} of 20 answers match, best match first.`,
          );
        const shown = await page.locator("article.answer:visible").evaluateAll((articles) =>
          articles.map((article) => {
            const match = article.querySelector<HTMLElement>(".match")!;
            const snippet = match.querySelector<HTMLElement>(".snippet")!;
            return {
              slug: (article as HTMLElement).dataset.slug,
              score: Number(match.dataset.score),
              fields: match.dataset.fields!.split(" "),
              field: snippet.dataset.field,
              text: snippet.textContent,
              marked: [...snippet.querySelectorAll("mark")].map((mark) => mark.textContent),
            };
          }),
        );
        // Best match first, each explained exactly as the API explains it.
        expect(shown, `q=${q}`).toEqual(
          api.meta.matches.map((match) => ({
            slug: match.slug,
            score: match.score,
            fields: match.fields,
            field: match.snippet.field,
            text: match.snippet.text,
            marked: match.snippet.matches.map(([start, end]) =>
              Array.from(match.snippet.text).slice(start, end).join(""),
            ),
          })),
        );
        const offered = await page
          .locator("#search-suggestions button")
          .evaluateAll((buttons) => buttons.map((button) => (button as HTMLElement).dataset.q));
        expect(offered, `suggestions for q=${q}`).toEqual(
          (api.meta.suggestions ?? []).map((suggestion) => suggestion.q),
        );
      }
      // A suggestion is a query: clicking it searches for it.
      await page.fill("#q", "microphne");
      await page.locator("#search-suggestions button").first().click();
      expect(await page.inputValue("#q")).toBe("microphone");
      await expect.poll(() => page.locator("article.answer:visible").count()).toBeGreaterThan(0);
      expect(await page.locator("li[id^=supplier-]").count()).toBe(14);
      const records = JSON.parse(await readFile(path.join(dist, "api/v1/health/index.json"), "utf8")).counts
        .evidence_records as number;
      expect(await page.locator("details[id^=evidence-]").count()).toBe(records);
      expect(problems).toEqual([]);
      for (const url of requests) expect(url.startsWith(pathToFileURL(dist).href), url).toBe(true);
    } finally {
      await browser.close();
    }
  }, 60_000);
});
