/**
 * TypeScript types generated from the project's JSON Schemas by json-schema-to-typescript, so that the types
 * the code is written against cannot drift from what the schemas say: the content's (schemas/content-*) in
 * build/content/load/schema-types/, and the resources of the collections' responses (answers, suppliers, evidence)
 * in build/contract/resource-types/, the contract's. `npm run types` writes them; a test fails when they are stale.
 */
import { readdir, readFile, writeFile, mkdir } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { compile, type JSONSchema } from "json-schema-to-typescript";
import { projectRoot } from "../load/project.ts";

const ROOT = projectRoot();
const SCHEMAS = path.join(ROOT, "schemas");
/** Each generated folder and the schemas it is made from. */
export const TYPE_FOLDERS: ReadonlyArray<{ folder: string; schemas: (name: string) => boolean }> = [
  {
    folder: path.join(ROOT, "build", "content", "load", "schema-types"),
    schemas: (name) => name.startsWith("content-"),
  },
  {
    folder: path.join(ROOT, "build", "contract", "resource-types"),
    schemas: (name) => ["answers.schema.json", "suppliers.schema.json", "evidence.schema.json"].includes(name),
  },
];

const BANNER =
  "// Generated from schemas/{schema} by `npm run types` (build/content/schemas/schema-types.ts). Do not edit: change the schema.";

/** The types of the schemas `include` selects, by the file name they are written to. */
export async function generateTypes(include: (name: string) => boolean): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  const names = (await readdir(SCHEMAS)).filter((name) => include(name) && name.endsWith(".schema.json")).sort();
  for (const name of names) {
    const schema = JSON.parse(await readFile(path.join(SCHEMAS, name), "utf8")) as JSONSchema;
    const text = await compile(schema, name.replace(".schema.json", ""), {
      cwd: SCHEMAS,
      bannerComment: BANNER.replace("{schema}", name),
      additionalProperties: false,
      strictIndexSignatures: false,
      ignoreMinAndMaxItems: true,
      unreachableDefinitions: false,
      format: false,
    });
    files.set(name.replace(".schema.json", ".ts"), text);
  }
  return files;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  for (const { folder, schemas } of TYPE_FOLDERS) {
    await mkdir(folder, { recursive: true });
    for (const [name, text] of await generateTypes(schemas)) await writeFile(path.join(folder, name), text);
    process.stdout.write(`types: wrote ${path.relative(ROOT, folder)}\n`);
  }
}
