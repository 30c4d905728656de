/**
 * The downloadable forms of the data set, listed once: the JSON API's entry point, the data package and its
 * CSV tables, and the bulk downloads. The schema.org Dataset on the home page and the DCAT catalog describe
 * the same list.
 */
import { ANSWERS_NDJSON_FILE, DATASET_ZIP_FILE, ROOT_RESOURCE_FILE } from "../../contract/layout.ts";

/** The bulk downloads, with what the docs and the home page say of each. */
export const BULK_DOWNLOADS: ReadonlyArray<{ path: string; title: string; mediaType: string; what: string }> = [
  {
    path: ANSWERS_NDJSON_FILE,
    title: "Every answer, one JSON object per line (NDJSON)",
    mediaType: "application/x-ndjson",
    what: "every answer as one line of JSON (NDJSON), the object its own file holds, in collection order",
  },
  {
    path: DATASET_ZIP_FILE,
    title: "The whole data set in one ZIP file",
    mediaType: "application/zip",
    what: "the whole data set in one ZIP file: the root resource, the suppliers and evidence as JSON, every answer as NDJSON, the CSV tables (without the answers' bodies, which the NDJSON holds) with their data package, the JSON Schemas, CITATION.cff and a README with the licence and the citation",
  },
];

export interface Distribution {
  /** Root-relative path of the file. */
  path: string;
  title: string;
  /** Its media type, without parameters. */
  mediaType: string;
}

/** `dataFiles` are the files the build wrote under /data/ (the data package, its tables, the bulk downloads). */
export function datasetDistributions(dataFiles: readonly string[]): Distribution[] {
  return [
    {
      path: ROOT_RESOURCE_FILE,
      title: "The JSON API's entry point, linking every resource",
      mediaType: "application/json",
    },
    ...[...dataFiles].sort().map((path) => describeDataFile(path)),
  ];
}

function describeDataFile(path: string): Distribution {
  const name = path.slice(path.lastIndexOf("/") + 1);
  if (name === "datapackage.json")
    return {
      path,
      title: "Frictionless Tabular Data Package descriptor of the CSV tables",
      mediaType: "application/json",
    };
  if (name.endsWith(".csv")) return { path, title: `The ${name.slice(0, -4)} table (CSV)`, mediaType: "text/csv" };
  const bulk = BULK_DOWNLOADS.find((download) => download.path === path);
  if (bulk) return { path, title: bulk.title, mediaType: bulk.mediaType };
  throw new Error(`no distribution is known for ${path}: describe it in build/engine/describe/distributions.ts`);
}
