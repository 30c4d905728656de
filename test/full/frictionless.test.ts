/**
 * Issue 17: the data package validates with the Frictionless libraries on npm (datapackage, tableschema; pinned
 * in the on-demand toolchain), from the built files and over HTTP from the real local server: the descriptor
 * against the Tabular Data Package profile (strict), and every row of every table cast against its Table Schema
 * (types, required, enum, pattern, unique primary key), foreign keys resolved.
 */
import { createRequire } from "node:module";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { DATA_FOLDER } from "../../build/engine/compile/data-package.ts";
import { sharedBuild } from "../support/shared-build.ts";
import { startLocalServer } from "../support/local-server.ts";
import { installToolchain, TOOLCHAIN } from "../../build/tools/toolchain/netlify-toolchain.ts";

/** The little of datapackage-js's API this file uses (the package ships no types). */
interface FrictionlessResource {
  name: string;
  tabular: boolean;
  valid: boolean;
  errors: Error[];
  schema: { foreignKeys: unknown[]; fields: Array<{ name: string; constraints: { pattern?: string } }> };
  read(options: {
    keyed?: boolean;
    cast?: boolean;
    relations?: boolean;
    forceCast?: boolean;
  }): Promise<Array<Record<string, unknown> | FrictionlessError>>;
  checkRelations(): Promise<true>;
}
interface FrictionlessPackage {
  valid: boolean;
  errors: Error[];
  profile: { jsonschema: unknown };
  resources: FrictionlessResource[];
}
interface FrictionlessError extends Error {
  rowNumber?: number;
  errors?: Error[];
}
interface Axios {
  interceptors: { request: { use(onRequest: (config: { url?: string }) => unknown): void } };
}

let dist: string;
let origin: string;
/** The Tabular Data Package profile (JSON Schema) that datapackage-js ships: the descriptor names it, so none is fetched. */
let shippedProfile: unknown;
let datapackage: { Package: { load(source: string, options: { strict: boolean }): Promise<FrictionlessPackage> } };
/** Every URL the libraries asked for: they fetch with axios (remote descriptors, data and profiles alike). */
const requested: string[] = [];

beforeAll(async () => {
  installToolchain((line) => process.stderr.write(`${line}\n`));
  const fromToolchain = createRequire(path.join(TOOLCHAIN.modules, "datapackage", "package.json"));
  // The one axios both libraries use: only loopback may be asked for, so a remote profile or file fails the test.
  const axios = fromToolchain("axios") as Axios;
  expect(fromToolchain.resolve("axios")).toBe(
    createRequire(path.join(TOOLCHAIN.modules, "tableschema", "package.json")).resolve("axios"),
  );
  axios.interceptors.request.use((config) => {
    requested.push(config.url ?? "");
    if (!/^http:\/\/127\.0\.0\.1:\d+\//.test(config.url ?? ""))
      throw new Error(`the Frictionless libraries tried to reach ${config.url}`);
    return config;
  });
  datapackage = fromToolchain("datapackage") as typeof datapackage;
  shippedProfile = fromToolchain("datapackage/lib/profiles/tabular-data-package.json");
  ({ dist } = await sharedBuild());
  ({ origin } = await startLocalServer(dist));
}, 600_000);

const TABLES = ["answers", "suppliers", "evidence", "sources"];

/** Every row's cast errors, each with its row number and the constraint it breaks, as the library words them. */
async function rowErrors(resource: FrictionlessResource): Promise<string[]> {
  const rows = await resource.read({ keyed: true, cast: true, forceCast: true });
  expect(rows.length, `${resource.name} has rows`).toBeGreaterThan(0);
  const castErrors = rows
    .filter((row): row is FrictionlessError => row instanceof Error)
    .flatMap((error) =>
      (error.errors?.length ? error.errors : [error]).map(
        (inner) => `${resource.name} row ${error.rowNumber}: ${inner.message}`,
      ),
    );
  return [...castErrors, ...wholeValuePatternErrors(resource, rows)];
}

/**
 * Table Schema's `pattern` is an XML Schema expression, which matches the whole value; tableschema-js (1.12.6,
 * constraints/pattern.js) only looks for a match inside it, so the whole-value check is made here.
 */
function wholeValuePatternErrors(
  resource: FrictionlessResource,
  rows: ReadonlyArray<Record<string, unknown> | Error>,
): string[] {
  const errors: string[] = [];
  for (const field of resource.schema.fields.filter((candidate) => candidate.constraints.pattern !== undefined)) {
    const whole = new RegExp(`^(?:${field.constraints.pattern})$`, "u");
    rows.forEach((row, index) => {
      const value = row instanceof Error ? undefined : row[field.name];
      if (typeof value === "string" && !whole.test(value))
        errors.push(
          `${resource.name} row ${index + 2}: the value "${value}" does not match the whole "pattern" of column "${field.name}"`,
        );
    });
  }
  return errors;
}

describe.each([
  ["the built files", () => path.join(dist, DATA_FOLDER, "datapackage.json")],
  ["HTTP from the local server", () => `${origin}${DATA_FOLDER}datapackage.json`],
])("the data package, loaded from %s", (_label, source) => {
  let dataPackage: FrictionlessPackage;
  beforeAll(async () => {
    // Strict: an invalid descriptor throws here, with the profile's errors.
    dataPackage = await datapackage.Package.load(source(), { strict: true }).catch((error: FrictionlessError) => {
      throw new Error(`${error.message}:\n${(error.errors ?? []).map(String).join("\n")}`);
    });
  });

  it("is a valid Tabular Data Package, its profile the copy the library ships", () => {
    expect(dataPackage.errors.map(String)).toEqual([]);
    expect(dataPackage.valid).toBe(true);
    expect(dataPackage.profile.jsonschema).toBe(shippedProfile);
    expect(
      dataPackage.resources.map((resource) => [
        resource.name,
        resource.tabular,
        resource.valid,
        resource.errors.map(String),
      ]),
    ).toEqual(TABLES.map((name) => [name, true, true, []]));
  });

  it("every row of every table conforms to its Table Schema", async () => {
    const errors = (await Promise.all(dataPackage.resources.map(rowErrors))).flat();
    expect(errors, errors.join("\n")).toEqual([]);
  });

  it("every foreign key resolves", async () => {
    const withKeys = dataPackage.resources.filter((resource) => resource.schema.foreignKeys.length > 0);
    expect(withKeys.map((resource) => resource.name)).toEqual(["evidence"]);
    for (const resource of withKeys) await expect(resource.checkRelations()).resolves.toBe(true);
  });
});

it("the libraries asked for nothing beyond the local server", () => {
  expect(requested.length).toBeGreaterThan(0);
  const elsewhere = requested.filter((url) => !url.startsWith(`${origin}/`));
  expect(elsewhere, elsewhere.join("\n")).toEqual([]);
});
