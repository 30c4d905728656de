/**
 * The shape of the code, checked: build/ in wings by when the code runs, each importing only the wings below it
 * (as its README says), no circle between modules or folders (type-only imports included), nothing of test/, and
 * request-time code that needs nothing from Node (Deno type-checks it; see netlify-deploy.test.ts).
 */
import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import { parseCircular, parseDependencyTree, type DependencyTree } from "dpdm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  CERTIFICATION_PROGRAMMES,
  COMPLIANCE_RULES,
  DEFECT_KINDS,
  SEARCH_AREAS,
  WARRANTY_TERMS,
} from "../build/content/load/types.ts";
import { generateTypes, TYPE_FOLDERS } from "../build/content/schemas/schema-types.ts";
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

/** A wing of build/ and the wings its README says it may import ("May import: contract, content."). */
async function readWings(): Promise<Map<string, Set<string>>> {
  const wings = new Map<string, Set<string>>();
  for (const entry of await readdir(path.join(ROOT, "build"), { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name === "edge-functions") continue;
    const readme = await readFile(path.join(ROOT, "build", entry.name, "README.md"), "utf8").catch(() => "");
    const line = /^May import: (.+)\.$/m.exec(readme)?.[1];
    if (line === undefined) throw new Error(`build/${entry.name}/README.md must say "May import: …."`);
    wings.set(entry.name, new Set(line === "nothing of ours" ? [] : line.split(", ")));
  }
  return wings;
}

/** The edge entries run under Deno: they reach only these, which import nothing that needs Node. */
const EDGE_REACHES = /^(contract|search|serve\/request|edge-functions)\//;

/** A module's wing: the first folder under build/. */
const wingOf = (file: string) => file.split("/")[0]!;
/** A module's folder for the rule against circles: the wing and the folder under it (tools/cli.ts is in tools). */
const folderOf = (file: string) => {
  const parts = file.split("/");
  return parts.length <= 2 ? parts[0]! : `${parts[0]}/${parts[1]}`;
};

/** The circles of a graph (its strongly connected components of more than one node), each sorted. */
function circles(graph: Map<string, Set<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (stack.includes(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    for (let member = stack.pop()!; ; member = stack.pop()!) {
      component.push(member);
      if (member === node) break;
    }
    if (component.length > 1) found.push(component.sort());
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return found;
}

describe("the import graph of build/", () => {
  let wings: Map<string, Set<string>>;
  beforeAll(async () => {
    wings = await readWings();
  });

  it("is read whole (type-only imports count)", () => {
    expect(imports.size).toBeGreaterThan(80);
    // A type-only import is an edge: answers-data imports the Envelope type only.
    expect(imports.get("serve/request/answers-data.ts")).toContain("contract/envelope.ts");
  });

  it("has no cycle between modules", () => {
    expect(parseCircular(tree).map((cycle) => cycle.join(" -> "))).toEqual([]);
  });

  it("is in at most 9 wings besides edge-functions/, each saying what it may import, in one order from the bottom", () => {
    expect(wings.size).toBeLessThanOrEqual(9);
    expect(wings.get("contract")).toEqual(new Set());
    for (const [wing, below] of wings) {
      for (const other of below) expect(wings.has(other), `build/${wing}/README.md names ${other}`).toBe(true);
      expect(below.has(wing), wing).toBe(false);
    }
    const order = new Map([...wings.keys()].map((wing) => [wing, new Set(wings.get(wing))]));
    expect(circles(order), "wings that may import each other").toEqual([]);
    // Every module is in a wing: no loose files at the top of build/.
    for (const file of imports.keys())
      expect(wings.has(wingOf(file)) || wingOf(file) === "edge-functions", file).toBe(true);
  });

  it("imports only the wings below a module's own, type-only imports included", () => {
    const upwards: string[] = [];
    for (const [file, targets] of imports) {
      const wing = wingOf(file);
      if (wing === "edge-functions") continue;
      for (const target of targets)
        if (wingOf(target) !== wing && !wings.get(wing)!.has(wingOf(target))) upwards.push(`${file} -> ${target}`);
    }
    expect(upwards).toEqual([]);
  });

  it("has no circle between folders, type-only imports included", () => {
    const folders = new Map<string, Set<string>>();
    for (const [file, targets] of imports)
      for (const target of targets)
        if (folderOf(file) !== folderOf(target))
          (folders.get(folderOf(file)) ?? folders.set(folderOf(file), new Set()).get(folderOf(file))!).add(
            folderOf(target),
          );
    expect(folders.size).toBeGreaterThan(15);
    expect(circles(folders)).toEqual([]);
  });

  it("imports nothing of test/", () => {
    for (const [file, dependencies] of Object.entries(tree))
      if (file.startsWith("build/"))
        expect(
          (dependencies ?? []).map((dependency) => dependency.id).filter((id) => id?.startsWith("test/")),
          file,
        ).toEqual([]);
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
        expect(file, `${entry} reaches ${file}`).toMatch(EDGE_REACHES);
      }
    }
  });
});

describe("the types and the schemas", () => {
  it("cannot drift: the committed content and resource types are what the schemas generate (npm run types)", async () => {
    for (const { folder, schemas, together } of TYPE_FOLDERS) {
      const generated = await generateTypes(schemas, together);
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
      $defs: { searches: { required: string[]; properties: Record<string, unknown> } };
    };
    expect([...SEARCH_AREAS]).toEqual(schema.$defs.searches.required);
    expect([...SEARCH_AREAS]).toEqual(Object.keys(schema.$defs.searches.properties));
  });

  it("lists the claim audit's kinds of defect exactly as the schema does", async () => {
    const schema = JSON.parse(await readFile(path.join(ROOT, "schemas", "content-audit.schema.json"), "utf8")) as {
      $defs: { "defect-kind": { enum: string[] } };
    };
    expect([...DEFECT_KINDS]).toEqual(schema.$defs["defect-kind"].enum);
  });
});

describe("the repository's paths that the docs and comments name", () => {
  it("are all there: a file moved or renamed is named anew", async () => {
    const fastGlob = (await import("fast-glob")).default;
    const docs = await fastGlob(["*.md", "build/**/*.md"], { cwd: ROOT });
    const code = await fastGlob(["build/**/*.{ts,mjs}", "test/**/*.ts", "netlify/**/*.ts"], {
      cwd: ROOT,
      ignore: ["test/fixtures/**"],
    });
    // A path of the repository with its extension; one followed by ":line" is a diagnostic's example, one in
    // capitals a placeholder (build/ENTRY.ts).
    const named = /\b(?:build|test|content|schemas|netlify|\.ci)\/[\w./-]+\.(?:ts|mjs|md|yaml|json|toml|svg)\b(?!:\d)/g;
    const missing: string[] = [];
    for (const file of [...docs, ...code]) {
      const text = await readFile(path.join(ROOT, file), "utf8");
      // In code, only comments: the tests' strings name files of the projects they make.
      const read = docs.includes(file)
        ? text
        : text
            .split("\n")
            .filter((line) => /^\s*(?:\*|\/\/|\/\*)/.test(line))
            .join("\n");
      for (const [quoted] of read.matchAll(named)) {
        if (/[A-Z]{3,}/.test(quoted)) continue;
        const places = [quoted, path.join("build", quoted), path.join(path.dirname(file), quoted)];
        const found = await Promise.all(
          places.map((place) =>
            stat(path.join(ROOT, place)).then(
              () => true,
              () => false,
            ),
          ),
        );
        if (!found.includes(true)) missing.push(`${file} names ${quoted}`);
      }
    }
    expect(missing).toEqual([]);
  });
});

describe("the README's table of dependencies", () => {
  it("names every package package.json installs, each with the licence its own package.json gives", async () => {
    const readme = await readFile(path.join(ROOT, "README.md"), "utf8");
    const lines = readme.split("\n");
    const start = lines.findIndex((line) => /^\| package\s+\| why\s+\|/.test(line));
    expect(start, "the README's dependency table (| package | why | … |)").toBeGreaterThan(-1);
    // Each package with the licence its row gives it: the row's licence, or the one in its place when the row gives one
    // a package ("tsx, typescript | … | MIT, Apache-2.0"), or one named after a ";" ("MIT; @iarna/toml ISC").
    const licenceOf = new Map<string, string>();
    for (const line of lines.slice(start + 2)) {
      if (!line.startsWith("|")) break;
      const cells = line.split("|").map((cell) => cell.trim());
      const names = cells[1]!.split(",").map((name) => name.trim());
      const [common, ...others] = cells[cells.length - 2]!.split(";").map((entry) => entry.trim());
      const each = common!.split(", ");
      for (const [at, name] of names.entries())
        licenceOf.set(
          name,
          others.find((entry) => entry.startsWith(`${name} `))?.slice(name.length + 1) ??
            (each.length === names.length ? each[at]! : common!),
        );
    }
    const manifest = JSON.parse(await readFile(path.join(ROOT, "package.json"), "utf8")) as Record<
      "dependencies" | "devDependencies",
      Record<string, string>
    >;
    const installed = Object.keys({ ...manifest.dependencies, ...manifest.devDependencies });
    expect(installed.filter((name) => !licenceOf.has(name))).toEqual([]);
    const wrong: string[] = [];
    for (const [name, cell] of licenceOf) {
      const own = JSON.parse(await readFile(path.join(ROOT, "node_modules", name, "package.json"), "utf8")) as {
        license?: string | { type?: string };
      };
      // "(MIT OR Apache-2.0)" is written without its brackets; an old package names it in an object.
      const licence = (typeof own.license === "string" ? own.license : own.license?.type)?.replace(/^\((.*)\)$/, "$1");
      if (licence !== cell) wrong.push(`${name}: ${licence} (the README says ${cell})`);
    }
    expect(wrong).toEqual([]);
  });
});
