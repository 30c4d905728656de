/**
 * The content's TypeScript types, generated from its JSON Schemas (schemas/content-*.schema.json) by
 * json-schema-to-typescript, so that the types the code is written against cannot drift from what validation
 * accepts. `npm run types` writes them to build/content/schema-types/; a test fails when they are stale.
 */
import { readdir, readFile, writeFile, mkdir } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { compile, type JSONSchema } from "json-schema-to-typescript";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const SCHEMAS = path.join(ROOT, "schemas");
export const CONTENT_TYPES_DIR = path.join(ROOT, "build", "content", "schema-types");

const BANNER = "// Generated from schemas/{schema} by `npm run types` (build/schemas/content-types.ts). Do not edit: change the schema.";

/** Each content schema's types, by the file they are written to. */
export async function generateContentTypes(): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  const names = (await readdir(SCHEMAS)).filter((name) => name.startsWith("content-") && name.endsWith(".schema.json")).sort();
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
  await mkdir(CONTENT_TYPES_DIR, { recursive: true });
  for (const [name, text] of await generateContentTypes()) await writeFile(path.join(CONTENT_TYPES_DIR, name), text);
  process.stdout.write(`types: wrote ${CONTENT_TYPES_DIR}\n`);
}
