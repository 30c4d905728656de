/**
 * The downloadable forms of the data set, listed once: the JSON API's entry point, the data package and its
 * CSV tables, and the bulk downloads. The schema.org Dataset on the home page and the DCAT catalog describe
 * the same list.
 */
import { ROOT_RESOURCE_FILE } from "../api/layout.ts";

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
    { path: ROOT_RESOURCE_FILE, title: "The JSON API's entry point, linking every resource", mediaType: "application/json" },
    ...[...dataFiles].sort().map((path) => describeDataFile(path)),
  ];
}

function describeDataFile(path: string): Distribution {
  const name = path.slice(path.lastIndexOf("/") + 1);
  if (name === "datapackage.json") return { path, title: "Frictionless Tabular Data Package descriptor of the CSV tables", mediaType: "application/json" };
  if (name.endsWith(".csv")) return { path, title: `The ${name.slice(0, -4)} table (CSV)`, mediaType: "text/csv" };
  if (name.endsWith(".ndjson")) return { path, title: `Every ${name.slice(0, -7).replace(/s$/, "")}, one JSON object per line`, mediaType: "application/x-ndjson" };
  if (name.endsWith(".zip")) return { path, title: "The whole data set in one ZIP file", mediaType: "application/zip" };
  throw new Error(`no distribution is known for ${path}: describe it in build/describe/distributions.ts`);
}
