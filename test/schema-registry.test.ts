/**
 * The schema registry is compiled once for the same schemas (a process that builds many times), and again as soon
 * as a schema's text changes: a validator of an earlier schema is never used.
 */
import { cp, readdir, readFile, utimes, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { codePointLength, loadSchemaRegistry, SCHEMAS_DIR } from "../build/content/schemas/schema-registry.ts";
import { parse } from "yaml";
import { splitFrontMatter } from "../build/content/load/front-matter.ts";
import { CONTENT_LAYOUT } from "../build/content/load/layout.ts";
import { SLUG_PATTERN } from "../build/contract/layout.ts";
import { FIXTURES, SHIPPED_CONTENT, temporaryFolder } from "./support/build-helpers.ts";

describe("the schema registry", () => {
  it("counts a string's length for minLength and maxLength as ajv's own runtime does, surrogates and all", () => {
    const ajvLength = (
      createRequire(import.meta.url)("ajv/dist/runtime/ucs2length") as { default: (text: string) => number }
    ).default;
    const units = ["a", "é", "\u{1F600}", "\uD83D", "\uDE00", "\uDBFF\uDFFF", "\uD800\uD800", "\uDC00\uD800", " "];
    // Every string of up to four of these units, in every order.
    let strings = [""];
    for (let length = 0; length < 4; length++)
      strings = [...strings, ...strings.flatMap((text) => units.map((unit) => text + unit))];
    for (const text of new Set(strings)) expect(codePointLength(text), JSON.stringify(text)).toBe(ajvLength(text));
  });

  it("states a slug's form as the contract's code does", async () => {
    const common = JSON.parse(await readFile(path.join(SCHEMAS_DIR, "common.schema.json"), "utf8")) as {
      $defs: { slug: { pattern: string } };
    };
    expect(SLUG_PATTERN.source).toBe(common.$defs.slug.pattern);
  });

  it("is compiled once for the same schemas, and again when one changes", async () => {
    const schemas = path.join(await temporaryFolder("schema-registry"), "schemas");
    await cp(SCHEMAS_DIR, schemas, { recursive: true });
    const first = await loadSchemaRegistry(schemas);
    expect(await loadSchemaRegistry(schemas)).toBe(first);
    const site = { name: "x" };

    // A schema edited as the dev loop sees it: the same folder, a new text.
    const file = path.join(schemas, "content-site.schema.json");
    const document = JSON.parse(await readFile(file, "utf8")) as { required?: string[] };
    document.required = [...(document.required ?? []), "an_added_field"];
    await writeFile(file, JSON.stringify(document));
    const second = await loadSchemaRegistry(schemas);
    expect(second).not.toBe(first);
    const validate = second.validator("content-site.schema.json");
    expect(validate(site)).toBe(false);
    expect(validate.errors?.some((error) => error.params.missingProperty === "an_added_field")).toBe(true);
  });
});

describe("the content's validators kept between processes", () => {
  it("are ajv's own: the kept code gives the errors a fresh compilation gives, on valid and invalid content", async () => {
    const kept = await temporaryFolder("kept-validators");
    const compiled = await loadSchemaRegistry(SCHEMAS_DIR, kept);
    const names = [...compiled.documents.keys()].filter((name) => name.startsWith("content-"));
    for (const name of names) compiled.validator(name);
    expect(await readdir(kept)).toHaveLength(1);
    // The same schemas in another folder are another registry, which reads the kept code.
    const copy = path.join(kept, "..", "schemas-copy");
    await cp(SCHEMAS_DIR, copy, { recursive: true });
    const reread = await loadSchemaRegistry(copy, kept);
    expect(reread).not.toBe(compiled);
    const samples = await contentSamples();
    expect(samples.length).toBeGreaterThan(150);
    let invalid = 0;
    for (const { schema, data } of samples) {
      const fresh = compiled.validator(schema);
      const loaded = reread.validator(schema);
      expect(loaded).not.toBe(fresh);
      expect(loaded(data)).toBe(fresh(data));
      expect(loaded.errors ?? null).toStrictEqual(fresh.errors ?? null);
      if (fresh.errors) invalid += 1;
    }
    expect(invalid).toBeGreaterThan(20);
  });

  it("are kept for the 8 schema versions made last, and nothing else in their folder is put away", async () => {
    const kept = await temporaryFolder("kept-validators-few");
    const older = Array.from({ length: 9 }, (_, at) => `${String(at).repeat(64)}.cjs`);
    for (const name of [...older, "notes.txt"]) {
      await writeFile(path.join(kept, name), "");
      const at = new Date(2000, 0, 1 + older.indexOf(name));
      await utimes(path.join(kept, name), at, at);
    }
    (await loadSchemaRegistry(SCHEMAS_DIR, kept)).validator("content-site.schema.json");
    const left = (await readdir(kept)).sort();
    expect(left.filter((name) => older.includes(name))).toEqual(older.slice(2));
    expect(left.filter((name) => !older.includes(name))).toEqual([
      expect.stringMatching(/^[0-9a-f]{64}\.cjs$/),
      "notes.txt",
    ]);
  });
});

/** Every file of the shipped content and the fixtures, as data, with its schema; and each broken in a few ways. */
async function contentSamples(): Promise<Array<{ schema: string; data: unknown }>> {
  const samples: Array<{ schema: string; data: unknown }> = [];
  for (const root of [SHIPPED_CONTENT, FIXTURES]) {
    for (const name of await readdir(root, { recursive: true })) {
      const entry = CONTENT_LAYOUT.find((layout) =>
        layout.many
          ? path.dirname(name).endsWith(layout.path) && name.endsWith(layout.extension)
          : name.endsWith(layout.path),
      );
      if (!entry) continue;
      const text = await readFile(path.join(root, name), "utf8");
      const yaml = name.endsWith(".md")
        ? splitFrontMatter(text.replace(/\r\n?/g, "\n"))
        : { ok: true as const, yaml: text };
      if (!yaml.ok) continue;
      let data: unknown;
      try {
        data = parse(yaml.yaml);
      } catch {
        continue;
      }
      samples.push({ schema: entry.schema, data });
      if (data && typeof data === "object" && !Array.isArray(data)) {
        const keys = Object.keys(data);
        samples.push({ schema: entry.schema, data: { ...data, unknown_field: 1 } });
        if (keys[0]) samples.push({ schema: entry.schema, data: { ...data, [keys[0]]: 12 } });
        if (keys[1]) samples.push({ schema: entry.schema, data: { ...data, [keys[1]]: "2026-02-30" } });
      }
    }
  }
  return samples;
}
