import path from "node:path";

/** The file of a URL path under an output folder: `/api/v1/index.json` → `<root>/api/v1/index.json`. */
export function outputFile(root: string, urlPath: string): string {
  // The usual path is joined as a string: path.join for each of the 20,000 files an incremental build keeps at 10,000
  // answers (twice: where it was, where it goes) cost some 0.1 s of the main thread.
  if (path.sep === "/" && !root.endsWith("/") && PLAIN_URL_PATH.test(urlPath)) return root + urlPath;
  return path.join(root, ...urlPath.split("/").filter(Boolean));
}

/** Segments of letters, digits, dots, dashes and underscores, none of them "." or "..". */
const PLAIN_URL_PATH = /^(?:\/(?!\.\.?(?:\/|$))[\w.-]+)+$/;
