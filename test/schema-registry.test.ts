/**
 * The schema registry is compiled once for the same schemas (a process that builds many times), and again as soon
 * as a schema's text changes: a validator of an earlier schema is never used.
 */
import { cp, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadSchemaRegistry, SCHEMAS_DIR } from "../build/content/schemas/schema-registry.ts";
import { temporaryFolder } from "./support/build-helpers.ts";

describe("the schema registry", () => {
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
