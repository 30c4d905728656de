import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { _, Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import standaloneCode from "ajv/dist/standalone/index.js";
import addFormatsPlugin from "ajv-formats";
import { fullFormats } from "ajv-formats/dist/formats.js";
import { keepFile, projectCache, projectRoot } from "../load/project.ts";

/** The folder of this project's JSON Schemas, published beside the data under /api/v1/schemas/. */
export const SCHEMAS_DIR = path.join(projectRoot(), "schemas");

export interface SchemaRegistry {
  /** File name → schema document, sorted by file name. */
  documents: ReadonlyMap<string, Record<string, unknown>>;
  /** The SHA-256 of what makes the validators (the schemas, ajv's version and options): what a check found stands while it is the same. */
  digest: string;
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
export async function loadSchemaRegistry(
  schemasDir = SCHEMAS_DIR,
  /** Where compiled validators are kept between processes (a test gives a folder of its own). */
  keptDir = KEPT_VALIDATORS,
): Promise<SchemaRegistry> {
  const names = (await readdir(schemasDir)).filter((name) => name.endsWith(".schema.json")).sort();
  const texts = await Promise.all(names.map((name) => readFile(path.join(schemasDir, name), "utf8")));
  // The same schemas give the same validators: a process that builds many times (the tests, a bench) compiles
  // them once (about a tenth of a second of each small build went to compiling them again).
  const key = JSON.stringify([path.resolve(schemasDir), keptDir, names, texts]);
  const kept = loaded.get(key);
  if (kept) return kept;
  const registry = compileRegistry(names, texts, keptDir);
  loaded.clear();
  loaded.set(key, registry);
  return registry;
}

/** The last registry loaded, by its folder and its files' names and texts. */
const loaded = new Map<string, SchemaRegistry>();

/**
 * The content's validators are compiled once per change of the schemas or of ajv, not once per build: ajv writes
 * them as standalone code (its own, from the same options), kept here by a digest of what made them (ajv's version,
 * the options and formats this module gives it, the schemas), and a build
 * loads that code instead of compiling (some 0.3 s of a small build). The other schemas, which only the tests and
 * tools use, are compiled when asked for.
 */
const KEPT_VALIDATORS = projectCache("validators");
/** The kept code's names (its key, hex SHA-256), the few made last: each change of the schemas makes another. */
const KEPT_CODE = /^[0-9a-f]{64}\.cjs$/;
const isKept = (name: string) => name.startsWith("content-");
const FORMATS_MODULE = "av-buyer-data:formats";
const OWN_FORMATS = { "partial-date": { type: "string", validate: isPartialDate } } as const;
const require = createRequire(import.meta.url);

function compileRegistry(names: readonly string[], texts: readonly string[], keptDir: string): SchemaRegistry {
  const documents = new Map<string, Record<string, unknown>>();
  for (const [index, name] of names.entries()) {
    const document = JSON.parse(texts[index]!) as Record<string, unknown>;
    if (document.$id !== name) throw new Error(`schemas/${name}: its $id must be "${name}"`);
    documents.set(name, document);
  }
  const digest = createHash("sha256")
    // What makes the code: ajv's and ajv-formats' versions, the options and formats given them, the schemas.
    .update(JSON.stringify([require("ajv/package.json").version, require("ajv-formats/package.json").version]))
    .update(`${newAjv}\n${isPartialDate}`)
    .update(JSON.stringify([names, texts]))
    .digest("hex");
  const keptFile = path.join(keptDir, `${digest}.cjs`);
  let ajv: Ajv2020 | undefined;
  let kept: Record<string, ValidateFunction> | undefined;
  const compiled = new Map<string, ValidateFunction>();
  const compile = (name: string) => {
    const validate = (ajv ??= newAjv(documents)).getSchema(name);
    if (!validate) throw new Error(`no schema named ${name} in schemas/`);
    return validate;
  };
  return {
    documents,
    digest,
    validator<T>(schemaFile: string) {
      let validate = compiled.get(schemaFile);
      if (!validate) {
        if (isKept(schemaFile)) {
          kept ??=
            readKept(keptFile) ?? keep(keptFile, (ajv ??= newAjv(documents)), [...documents.keys()].filter(isKept));
          validate = kept[schemaFile];
        }
        validate ??= compile(schemaFile);
        compiled.set(schemaFile, validate);
      }
      return validate as ValidateFunction<T>;
    },
  };
}

function newAjv(documents: ReadonlyMap<string, Record<string, unknown>>): Ajv2020 {
  // strictRequired stays off: `else: { required: [sources] }` names a property its parent schema defines.
  const ajv = new Ajv2020({
    strict: true,
    strictRequired: false,
    allErrors: true,
    verbose: true,
    code: { source: true, formats: _`require(${FORMATS_MODULE})` },
  });
  // ajv-formats is CommonJS; its default export arrives wrapped under NodeNext resolution.
  const addFormats = addFormatsPlugin as unknown as (ajv: Ajv2020) => Ajv2020;
  addFormats(ajv);
  for (const [name, format] of Object.entries(OWN_FORMATS)) ajv.addFormat(name, format);
  ajv.addKeyword({ keyword: "x-hint", schemaType: "string" });
  for (const document of documents.values()) ajv.addSchema(document);
  return ajv;
}

/** The formats the kept code refers to, as ajv-formats and this module gave them to ajv. */
const FORMATS = { ...fullFormats, ...OWN_FORMATS };

/** The kept validators, or undefined when there are none for these schemas (or they cannot be read). */
function readKept(file: string): Record<string, ValidateFunction> | undefined {
  let code: string;
  try {
    code = readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
  const exports: Record<string, ValidateFunction> = {};
  // ajv's own code, which ajv would otherwise have made and run the same way (new Function).
  new Function("require", "exports", code)((id: string) => RUNTIME[id] ?? require(id), exports);
  return exports;
}

/**
 * A string's length in code points, as ajv's own runtime counts it for minLength and maxLength (a surrogate pair is
 * one, a lone surrogate one): ajv's walks every string a code unit at a time, some 30 ms of a small build's checks,
 * where a regular expression finds the pairs natively (and most strings have none).
 */
export function codePointLength(text: string): number {
  return text.length - (text.match(SURROGATE_PAIRS)?.length ?? 0);
}
const SURROGATE_PAIRS = /[\uD800-\uDBFF][\uDC00-\uDFFF]/g;

/** What the kept code requires that is not ajv's own: the formats, and a faster count of a string's length. */
const RUNTIME: Record<string, unknown> = {
  [FORMATS_MODULE]: FORMATS,
  "ajv/dist/runtime/ucs2length": { default: codePointLength },
};

/** Compiles the kept schemas and writes their standalone code for the next process; a failed write only loses that. */
function keep(file: string, ajv: Ajv2020, names: readonly string[]): Record<string, ValidateFunction> {
  // Each name is a schema of the registry's own folder: ajv holds it.
  const validators = Object.fromEntries(names.map((name) => [name, ajv.getSchema(name)!]));
  // CommonJS too: its module is the function.
  const standalone = standaloneCode as unknown as typeof standaloneCode.default;
  keepFile(file, standalone(ajv, Object.fromEntries(names.map((name) => [name, name]))), KEPT_CODE, 8);
  return validators;
}
