import { spawnSync } from "node:child_process";
import { appendFile, copyFile, mkdir, readFile, rm } from "node:fs/promises";
import path from "node:path";
import { WARCParser } from "warcio";
import { beforeAll, describe, expect, it } from "vitest";
import { archiveWarc, warcChunks } from "../build/tools/archive/archive.ts";
import { NotBuiltError } from "../build/tools/archive/dist-files.ts";
import { packageBag } from "../build/tools/archive/package.ts";
import { tarPieces } from "../build/tools/archive/tar-writer.ts";
import { VOCABULARIES } from "../build/engine/compile/vocabularies.ts";
import { HTML_PAGES } from "../build/engine/describe/docs-html.ts";
import { QUERY_EXAMPLES } from "../build/engine/describe/service-facts.ts";
import { routesFor } from "../build/contract/routes.ts";
import { mirrorCheck } from "../build/contract/unlisted-files.ts";
import { build, fixtureWithCase, readTree, readTreeDigests, ROOT, temporaryFolder } from "./support/build-helpers.ts";
import { parseCsv } from "./support/csv.ts";
import { startLocalServer, type RunningServer } from "./support/local-server.ts";
import { sharedBuild } from "./support/shared-build.ts";

/** The archives' own clock (SOURCE_DATE_EPOCH of npm run package and npm run archive): 2025-06-15T15:06:40Z. */
const EPOCH = "1750000000";
/** Where this file writes: the shared build is read only. */
let folder: string;
let dist: string;
let running: RunningServer;
let canonicalUrls: string[];

beforeAll(async () => {
  const shipped = await sharedBuild();
  dist = shipped.dist;
  folder = await temporaryFolder("archive");
  canonicalUrls = routesFor(shipped.site.paths)
    .filter((route) => route.canonical)
    .map((route) => route.url);
  running = await startLocalServer(dist);
}, 60_000);

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

describe("the check of a mirror against SHA256SUMS, as the README and the docs give it", () => {
  it("passes a mirror of every URL, and fails one that lacks any file or holds one altered", async () => {
    const readme = await readFile(path.join(ROOT, "README.md"), "utf8");
    expect(readme).toContain(mirrorCheck());
    expect(readme).toContain(`(cd the-copy && ${mirrorCheck("../dist/SHA256SUMS")})`);
    expect(await readFile(path.join(dist, "docs", "index.md"), "utf8")).toContain(`\`${mirrorCheck()}\``);
    // A mirror: the files of urls.txt, as wget takes them.
    const mirror = path.join(folder, "checked-mirror");
    const urls = (await readFile(path.join(dist, "urls.txt"), "utf8")).trim().split("\n");
    for (const url of urls) {
      const file = path.join(mirror, ...url.split("/").filter(Boolean));
      await mkdir(path.dirname(file), { recursive: true });
      await copyFile(path.join(dist, ...url.split("/").filter(Boolean)), file);
    }
    const check = () => spawnSync("sh", ["-c", mirrorCheck()], { cwd: mirror, encoding: "utf8" });
    expect(check().status, check().stdout + check().stderr).toBe(0);
    await rm(path.join(mirror, "api", "v1", "answers", "room-sizing.json"));
    expect(check().status).not.toBe(0);
    await copyFile(
      path.join(dist, "api", "v1", "answers", "room-sizing.json"),
      path.join(mirror, "api", "v1", "answers", "room-sizing.json"),
    );
    expect(check().status).toBe(0);
    await appendFile(path.join(mirror, "data", "answers.ndjson"), "\n");
    expect(check().status).not.toBe(0);
  });
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
    // Every tag file is in the tag manifest (RFC 8493 §2.2.1): the payload's manifest too, so that a changed one is seen.
    const tagged = (await readFile(path.join(bag, "tagmanifest-sha512.txt"), "utf8")).trim().split("\n");
    expect(tagged.map((line) => line.slice(line.indexOf("  ") + 2))).toEqual([
      "bag-info.txt",
      "bagit.txt",
      "manifest-sha512.txt",
    ]);
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

describe("the bag's tar", () => {
  it("writes a time after 2242 and a size from 8 GiB in base-256, which octal digits cannot hold", async () => {
    const last = 253_402_300_799; // SOURCE_DATE_EPOCH's latest: the end of 9999.
    const entries = [{ name: "big", open: () => ({ size: 2 ** 33, pieces: [] }) }];
    const header = Buffer.from((await tarPieces(entries, last).next()).value!);
    const base256 = (offset: number) => {
      expect(header[offset]).toBe(0x80);
      return header.subarray(offset + 1, offset + 12).reduce((value, byte) => value * 256 + byte, 0);
    };
    expect([base256(124), base256(136)]).toEqual([2 ** 33, last]);
    // The checksum, of the header with its own field as spaces, still holds.
    const sum = header.reduce((total, byte, at) => total + (at >= 148 && at < 156 ? 32 : byte), 0);
    expect(header.toString("latin1", 148, 154)).toBe(sum.toString(8).padStart(6, "0"));
    // A time octal digits hold is written as before.
    const usual = Buffer.from((await tarPieces([{ name: "a/" }], 1_750_000_000).next()).value!);
    expect(usual.toString("latin1", 136, 148)).toBe(`${(1_750_000_000).toString(8).padStart(11, "0")}\0`);
  });

  it("fails, rather than write an unreadable tar, when a file's size changes while it is archived", async () => {
    const shrunk = [{ name: "x", open: () => ({ size: 10, pieces: [Buffer.from("short")] }) }];
    const reading = async () => {
      for await (const _piece of tarPieces(shrunk, 0));
    };
    await expect(reading()).rejects.toThrow("x changed while it was archived (10 bytes, then 5 or more)");
  });
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
    for await (const record of WARCParser.iterRecords(warcChunks(warc))) {
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
    for await (const record of WARCParser.iterRecords(warcChunks(warc))) {
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
      const parser = new WARCParser(warcChunks(warc.subarray(found!.offset, found!.offset + found!.length)));
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
            boolean: () => value === "true" || value === "false",
            array: () => Array.isArray(JSON.parse(value)),
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
    // A list of product families, each one of the register's.
    const familyList = new RegExp(`^(?:${constraintsOf("answers", "product_families").pattern})$`);
    expect(
      ["video-bars", "video-bars; microphones", "video-bar", "video-bars;microphones"].map((cell) =>
        familyList.test(cell),
      ),
    ).toEqual([true, true, false, false]);
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
    // A supplier's strengths and caveats come back item by item, each whole, though many hold "; ".
    const directory = JSON.parse(await readFile(path.join(dist, "api", "v1", "suppliers", "index.json"), "utf8")) as {
      data: Array<Record<"strengths" | "caveats", Array<{ text: string }>> & { slug: string }>;
    };
    for (const row of tables.get("suppliers")!) {
      const supplier = directory.data.find((candidate) => candidate.slug === row.slug)!;
      for (const kind of ["strengths", "caveats"] as const)
        expect(JSON.parse(row[kind]!), `${row.slug} ${kind}`).toEqual(supplier[kind].map((claim) => claim.text));
    }
    expect(directory.data.some((supplier) => supplier.caveats.some((claim) => claim.text.includes("; ")))).toBe(true);
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
    // No rule sets them (every response names them among the headers a script may read).
    expect(await readFile(path.join(dist, "_headers"), "utf8")).not.toMatch(/^ +(Deprecation|Sunset):/m);
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

describe("the archivers, with no build", () => {
  it("say there is nothing built and what to run, as an error they tell in a line, for a missing folder and a folder of other files", async () => {
    const folder = await temporaryFolder("not-built");
    const artifacts = path.join(folder, "artifacts");
    await expect(packageBag(path.join(folder, "dist"), artifacts, {})).rejects.toThrow(
      new NotBuiltError(`there is no ${path.join(folder, "dist")}: run npm run build first`),
    );
    await mkdir(path.join(folder, "other"));
    await expect(
      archiveWarc(path.join(folder, "other"), artifacts, path.join(ROOT, "netlify.toml"), {}),
    ).rejects.toBeInstanceOf(NotBuiltError);
  });
});
