import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormatsPlugin from "ajv-formats";

/** The folder of this project's JSON Schemas, published beside the data under /api/v1/schemas/. */
export const SCHEMAS_DIR = path.resolve(import.meta.dirname, "../../schemas");

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
  // strictRequired stays off: `else: { required: [sources] }` names a property its parent schema defines.
  const ajv = new Ajv2020({ strict: true, strictRequired: false, allErrors: true, verbose: true });
  // ajv-formats is CommonJS; its default export arrives wrapped under NodeNext resolution.
  const addFormats = addFormatsPlugin as unknown as (ajv: Ajv2020) => Ajv2020;
  addFormats(ajv);
  ajv.addFormat("partial-date", { type: "string", validate: isPartialDate });
  ajv.addKeyword({ keyword: "x-hint", schemaType: "string" });
  const names = (await readdir(schemasDir)).filter((name) => name.endsWith(".schema.json")).sort();
  const documents = new Map<string, Record<string, unknown>>();
  for (const name of names) {
    const document = JSON.parse(await readFile(path.join(schemasDir, name), "utf8")) as Record<string, unknown>;
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
