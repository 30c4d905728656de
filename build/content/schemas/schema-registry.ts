import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormatsPlugin from "ajv-formats";
import { projectRoot } from "../load/project.ts";

/** The folder of this project's JSON Schemas, published beside the data under /api/v1/schemas/. */
export const SCHEMAS_DIR = path.join(projectRoot(), "schemas");

export interface SchemaRegistry {
  /** File name → schema document, sorted by file name. */
  documents: ReadonlyMap<string, Record<string, unknown>>;
  /** The schema's validator; `T` is the type generated from that schema (see content-types.ts), which it guards. */
  validator<T = unknown>(schemaFile: string): ValidateFunction<T>;
}

/** A date to the precision known (YYYY, YYYY-MM or YYYY-MM-DD), checked against the calendar. */
export function isPartialDate(value: string): boolean {
  const match = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/.exec(value);
  if (!match) return false;
  const [, year, month, day] = match;
  if (month === undefined) return true;
  const monthNumber = Number(month);
  if (monthNumber < 1 || monthNumber > 12) return false;
  if (day === undefined) return true;
  const daysInMonth = new Date(Date.UTC(Number(year), monthNumber, 0)).getUTCDate();
  const dayNumber = Number(day);
  return dayNumber >= 1 && dayNumber <= daysInMonth;
}

/**
 * ajv in strict mode with all errors. `verbose` keeps each error's schema, so that a diagnostic can show the
 * `x-hint` annotation the schema gives for that field.
 */
export async function loadSchemaRegistry(schemasDir = SCHEMAS_DIR): Promise<SchemaRegistry> {
  const names = (await readdir(schemasDir)).filter((name) => name.endsWith(".schema.json")).sort();
  const texts = await Promise.all(names.map((name) => readFile(path.join(schemasDir, name), "utf8")));
  // The same schemas give the same validators: a process that builds many times (the tests, a bench) compiles
  // them once (about a tenth of a second of each small build went to compiling them again).
  const key = JSON.stringify([path.resolve(schemasDir), names, texts]);
  const kept = loaded.get(key);
  if (kept) return kept;
  const registry = compileRegistry(names, texts);
  loaded.clear();
  loaded.set(key, registry);
  return registry;
}

/** The last registry loaded, by its folder and its files' names and texts. */
const loaded = new Map<string, SchemaRegistry>();

function compileRegistry(names: readonly string[], texts: readonly string[]): SchemaRegistry {
  // strictRequired stays off: `else: { required: [sources] }` names a property its parent schema defines.
  const ajv = new Ajv2020({ strict: true, strictRequired: false, allErrors: true, verbose: true });
  // ajv-formats is CommonJS; its default export arrives wrapped under NodeNext resolution.
  const addFormats = addFormatsPlugin as unknown as (ajv: Ajv2020) => Ajv2020;
  addFormats(ajv);
  ajv.addFormat("partial-date", { type: "string", validate: isPartialDate });
  ajv.addKeyword({ keyword: "x-hint", schemaType: "string" });
  const documents = new Map<string, Record<string, unknown>>();
  for (const [index, name] of names.entries()) {
    const document = JSON.parse(texts[index]!) as Record<string, unknown>;
    if (document.$id !== name) throw new Error(`schemas/${name}: its $id must be "${name}"`);
    documents.set(name, document);
    ajv.addSchema(document);
  }
  const compiled = new Map<string, ValidateFunction>();
  return {
    documents,
    validator<T>(schemaFile: string) {
      let validate = compiled.get(schemaFile);
      if (!validate) {
        validate = ajv.getSchema(schemaFile);
        if (!validate) throw new Error(`no schema named ${schemaFile} in schemas/`);
        compiled.set(schemaFile, validate);
      }
      return validate as ValidateFunction<T>;
    },
  };
}
