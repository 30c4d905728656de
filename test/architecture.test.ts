/**
 * The shape of the code, checked: no import cycle (type-only imports included), the contract module at the
 * bottom of the graph, no lower layer reaching into the pipeline's stages, and request-time code that needs
 * nothing from Node (Deno type-checks it; see netlify-deploy.test.ts).
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { parseCircular, parseDependencyTree, type DependencyTree } from "dpdm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  CERTIFICATION_PROGRAMMES,
  COMPLIANCE_RULES,
  DEFECT_KINDS,
  SEARCH_AREAS,
  WARRANTY_TERMS,
} from "../build/content/types.ts";
import { generateTypes, TYPE_FOLDERS } from "../build/schemas/schema-types.ts";
import { ROOT } from "./support/build-helpers.ts";

let tree: DependencyTree;
/** Each build/ module with the build/ modules it imports, as paths relative to build/. */
let imports: Map<string, string[]>;

beforeAll(async () => {
  tree = await parseDependencyTree("build/**/*.ts", {
    cwd: ROOT,
    context: ROOT,
    transform: false,
    tsconfig: path.join(ROOT, "tsconfig.json"),
  });
  imports = new Map(
    Object.entries(tree)
      .filter(([file]) => file.startsWith("build/"))
      .map(([file, dependencies]) => [
        file.slice("build/".length),
        (dependencies ?? [])
          .map((dependency) => dependency.id)
          .filter((id): id is string => typeof id === "string" && id.startsWith("build/"))
          .map((id) => id.slice("build/".length)),
      ]),
  );
}, 60_000);

/** Every module a module reaches, directly or not. */
function reach(start: string): Set<string> {
  const seen = new Set<string>();
  const pending = [start];
  while (pending.length > 0) {
    for (const next of imports.get(pending.pop()!) ?? []) {
      if (seen.has(next)) continue;
      pending.push(next);
      seen.add(next);
    }
  }
  return seen;
}

describe("the import graph of build/", () => {
  it("is read whole (type-only imports count)", () => {
    expect(imports.size).toBeGreaterThan(80);
    // A type-only import is an edge: answers-data imports the Envelope type only.
    expect(imports.get("request/answers-data.ts")).toContain("api/envelope.ts");
  });

  it("has no cycle", () => {
    expect(parseCircular(tree).map((cycle) => cycle.join(" -> "))).toEqual([]);
  });

  it("has the contract module at the bottom: build/api/ imports only build/api/", () => {
    const api = [...imports.keys()].filter((file) => file.startsWith("api/"));
    expect(api.length).toBeGreaterThanOrEqual(5);
    for (const file of api)
      expect(
        imports.get(file)!.filter((target) => !target.startsWith("api/")),
        file,
      ).toEqual([]);
  });

  it("keeps lower layers out of the pipeline's stages: only the pipeline and the stages import stages/", () => {
    for (const [file, targets] of imports) {
      if (
        file === "pipeline.ts" ||
        file.startsWith("stages/") ||
        file.startsWith("bench/") ||
        file.startsWith("smoke/")
      )
        continue;
      expect(
        targets.filter((target) => target.startsWith("stages/")),
        file,
      ).toEqual([]);
    }
  });

  it("lets request-time code (the edge entries and all they reach) import nothing that needs Node, even for types", () => {
    const entries = [...imports.keys()].filter((file) => file.startsWith("edge-functions/"));
    expect(entries.length).toBeGreaterThanOrEqual(3);
    for (const entry of entries) {
      for (const file of [entry, ...reach(entry)]) {
        const foreign = (tree[`build/${file}`] ?? [])
          .map((dependency) => dependency.request)
          .filter((request) => !request.startsWith("."));
        expect(foreign, `${file} (reached from ${entry})`).toEqual([]);
        expect(file, `${entry} reaches ${file}`).toMatch(/^(api|request|edge-functions|search)\//);
      }
    }
  });
});

describe("the types and the schemas", () => {
  it("cannot drift: the committed content and resource types are what the schemas generate (npm run types)", async () => {
    for (const { folder, schemas } of TYPE_FOLDERS) {
      const generated = await generateTypes(schemas);
      expect([...generated.keys()].sort(), folder).toEqual((await readdir(folder)).sort());
      for (const [name, text] of generated)
        expect(await readFile(path.join(folder, name), "utf8"), `${name}: run npm run types`).toBe(text);
    }
  }, 60_000);

  it("lists the evidence record's programmes, rules and terms exactly as the schema has them", async () => {
    const schema = JSON.parse(
      await readFile(path.join(ROOT, "schemas", "content-evidence-family.schema.json"), "utf8"),
    ) as {
      $defs: {
        record: {
          properties: Record<"certification" | "compliance" | "warranty", { properties: Record<string, unknown> }>;
        };
      };
    };
    const keys = (part: "certification" | "compliance" | "warranty") =>
      Object.keys(schema.$defs.record.properties[part].properties);
    expect([...CERTIFICATION_PROGRAMMES]).toEqual(keys("certification"));
    expect([...COMPLIANCE_RULES]).toEqual(keys("compliance"));
    expect([...WARRANTY_TERMS]).toEqual(keys("warranty"));
  });

  it("lists the supplier's recorded searches exactly as the schema requires them", async () => {
    const schema = JSON.parse(await readFile(path.join(ROOT, "schemas", "content-supplier.schema.json"), "utf8")) as {
      properties: { searches: { required: string[]; properties: Record<string, unknown> } };
    };
    expect([...SEARCH_AREAS]).toEqual(schema.properties.searches.required);
    expect([...SEARCH_AREAS]).toEqual(Object.keys(schema.properties.searches.properties));
  });

  it("lists the claim audit's kinds of defect exactly as the schema does", async () => {
    const schema = JSON.parse(await readFile(path.join(ROOT, "schemas", "content-audit.schema.json"), "utf8")) as {
      $defs: { "defect-kind": { enum: string[] } };
    };
    expect([...DEFECT_KINDS]).toEqual(schema.$defs["defect-kind"].enum);
  });
});
