/**
 * TypeScript types generated from the project's JSON Schemas by json-schema-to-typescript, so that the types
 * the code is written against cannot drift from what the schemas say: the content's (schemas/content-*) in
 * build/content/load/schema-types/, and the resources of the collections' responses (answers, suppliers, evidence)
 * in build/contract/resource-types/, the contract's. `npm run types` writes them; a test fails when they are stale.
 */
import { mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { compile, type JSONSchema } from "json-schema-to-typescript";
import { commandArguments, isMainModule } from "../load/command-line.ts";
import { projectRoot } from "../load/project.ts";

const ROOT = projectRoot();
const SCHEMAS = path.join(ROOT, "schemas");
/**
 * Each generated folder, the schemas it is made from, and whether they make one file (`together`): the collections'
 * schemas share most of their definitions (the envelope, the links, a hit's explanation), which one compilation
 * declares once where a file a schema declared them three times.
 */
export const TYPE_FOLDERS: ReadonlyArray<{ folder: string; schemas: (name: string) => boolean; together?: string }> = [
  {
    folder: path.join(ROOT, "build", "content", "load", "schema-types"),
    schemas: (name) => name.startsWith("content-"),
  },
  {
    folder: path.join(ROOT, "build", "contract", "resource-types"),
    schemas: (name) => ["answers.schema.json", "suppliers.schema.json", "evidence.schema.json"].includes(name),
    together: "collections",
  },
];

const BANNER =
  "// Generated from {schemas} by `npm run types` (build/content/schemas/schema-types.ts). Do not edit: change the schema.";

const OPTIONS = {
  cwd: SCHEMAS,
  additionalProperties: false,
  strictIndexSignatures: false,
  ignoreMinAndMaxItems: true,
  unreachableDefinitions: false,
  format: false,
} as const;

/** The types of the schemas `include` selects, by the file name they are written to: one a schema, or `together`'s. */
export async function generateTypes(
  include: (name: string) => boolean,
  together?: string,
): Promise<Map<string, string>> {
  const names = (await readdir(SCHEMAS)).filter((name) => include(name) && name.endsWith(".schema.json")).sort();
  const banner = (of: string[]) => BANNER.replace("{schemas}", of.map((name) => `schemas/${name}`).join(", "));
  if (together !== undefined) {
    // One object whose properties are the schemas, each by its $ref: what they share is declared once.
    const schema: JSONSchema = {
      title: together,
      type: "object",
      additionalProperties: false,
      properties: Object.fromEntries(names.map((name) => [name.replace(".schema.json", ""), { $ref: name }])),
    };
    return new Map([[`${together}.ts`, await compile(schema, together, { ...OPTIONS, bannerComment: banner(names) })]]);
  }
  const files = new Map<string, string>();
  for (const name of names) {
    const schema = JSON.parse(await readFile(path.join(SCHEMAS, name), "utf8")) as JSONSchema;
    const text = await compile(schema, name.replace(".schema.json", ""), { ...OPTIONS, bannerComment: banner([name]) });
    files.set(name.replace(".schema.json", ".ts"), text);
  }
  return files;
}

if (isMainModule(import.meta.url)) {
  commandArguments(
    "types",
    [
      "usage: npm run types",
      "Writes the TypeScript types of the content's and the responses' JSON Schemas (schemas/) again, in place of",
      "those in build/: after a schema changes. It takes no arguments.",
    ].join("\n"),
    {},
  );
  // Every folder's types made before any is replaced: a schema that does not compile leaves the old ones in place.
  const made = await Promise.all(TYPE_FOLDERS.map(({ schemas, together }) => generateTypes(schemas, together)));
  for (const [at, { folder }] of TYPE_FOLDERS.entries()) {
    await rm(folder, { recursive: true, force: true });
    await mkdir(folder, { recursive: true });
    for (const [name, text] of made[at]!) await writeFile(path.join(folder, name), text);
    process.stdout.write(`types: wrote ${path.relative(ROOT, folder)}\n`);
  }
}
