/**
 * /data/av-buyer-data.zip: the data set in one download, made last from files already written (read back one at
 * a time, in pieces, so that nothing large is held): the root resource, the suppliers' and evidence's JSON pages,
 * every answer once as NDJSON (the answers' collection pages would repeat them: at 10,000 answers they doubled
 * the ZIP to 200 MB and its build time), the CSV tables with their data package (answers.csv without the bodies,
 * which were a second copy of them, a third of the ZIP at 10,000 answers), the JSON Schemas,
 * CITATION.cff, and a README with the licence and the citation. Under one folder named with the version; entries deflated and sorted; every time the
 * generation time, so two builds of the same content give the same bytes.
 */
import { CITATION_FILE, DATASET_ZIP_FILE, ROOT_RESOURCE_FILE, SCHEMAS_FOLDER } from "../../contract/layout.ts";
import { createHash } from "node:crypto";
import { type MadeEntry, ZipWriter } from "../output/zip-writer.ts";
import type { SiteSettings } from "../../content/load/types.ts";
import { citationText } from "./citation.ts";
import type { DeflatedEntry } from "../output/deflated-copy.ts";
import type { OutputStream, WrittenFiles } from "../output/output-sink.ts";

const README = "README.txt";

/** Whether a written file belongs in the ZIP. */
function inDatasetZip(path: string): boolean {
  if (path === DATASET_ZIP_FILE) return false;
  return (
    path === ROOT_RESOURCE_FILE ||
    path === CITATION_FILE ||
    /^\/api\/v1\/(suppliers|evidence)\/(index|pages\/\d+)\.json$/.test(path) ||
    path.startsWith(SCHEMAS_FOLDER) ||
    path.startsWith("/data/")
  );
}

/**
 * `deflated`: a file's copy deflated already as it was written (the NDJSON), copied in rather than deflated here.
 * `memory`: entries deflated at the last build in this process, by the SHA-256 of their bytes, added again as they
 * were (a dev loop's unchanged files); kept there for the next, when given.
 */
export async function writeDatasetZip(
  /** The files it packs, as the build wrote them. */
  written: WrittenFiles,
  /** Where the ZIP itself is written (the product's checked output). */
  stream: (path: string) => Promise<OutputStream>,
  facts: ReadmeFacts,
  deflated: (path: string) => DeflatedEntry | undefined = () => undefined,
  memory?: Map<string, unknown>,
): Promise<void> {
  const { site, generatedAt } = facts;
  const folder = `av-buyer-data-${site.version}/`;
  const files = [...written.digests.keys()].filter(inDatasetZip).sort();
  const entries = [
    ...files.map((path) => ({ name: folder + path.slice(1), path })),
    { name: folder + README, path: undefined },
  ].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const zip = new ZipWriter(await stream(DATASET_ZIP_FILE), new Date(generatedAt));
  const readmeBytes = Buffer.from(readme(facts, files));
  const before = new Map(memory as Map<string, MadeEntry> | undefined);
  memory?.clear();
  for (const { name, path } of entries) {
    const copy = path ? deflated(path) : undefined;
    if (copy) {
      await zip.addDeflated(name, copy);
      continue;
    }
    const key = path ? written.digests.get(path)! : createHash("sha256").update(readmeBytes).digest("hex");
    let made = before.get(key);
    if (made) await zip.addMade(name, made);
    else made = await zip.add(name, path ? written.pieces(path) : [readmeBytes], memory !== undefined);
    if (made) memory?.set(key, made);
  }
  await zip.finish();
}

/** What the ZIP's README says of the build: a copy found alone names its site and the content it holds. */
interface ReadmeFacts {
  site: SiteSettings;
  generatedAt: string;
  origin: string;
  contentDigest: string;
}

function readme({ site, generatedAt, origin, contentDigest }: ReadmeFacts, files: readonly string[]): string {
  return `${site.name}, version ${site.version}
${"=".repeat(`${site.name}, version ${site.version}`.length)}

${site.description}

Published by ${site.publisher} at ${origin}/. Generated ${generatedAt}.
Content digest: ${contentDigest}
(the content_digest of the API's health resource and of every collection page: the same content, the same digest).

Licence: ${site.licence.name} (${site.licence.id}), ${site.licence.url}

How to cite: ${citationText(site)}
The same citation as metadata: CITATION.cff (Citation File Format 1.2.0).

Contents, with the paths the API serves them at:

- api/v1/index.json: the root resource (counts, links, licence, citation).
- api/v1/suppliers/, api/v1/evidence/: those collections, as the API serves them (index.json, and pages/N.json past one page).
- data/answers.ndjson: every answer, one JSON object per line, as its own file at /api/v1/answers/{slug}.json holds it.
- api/v1/schemas/: the JSON Schema of every response and content file.
- data/: the CSV tables with their Frictionless data package (datapackage.json); answers.csv has a row per
  answer without its body, which data/answers.ndjson holds.

Links inside these files (and answers.csv's url and markdown_url) are paths on the site this download comes
from (${origin}/), so that they mean the same wherever it is served. Those to files this download leaves out (each answer's
own file and Markdown twin, the answers' collection, health, the docs, the OpenAPI document, the search index,
the feeds) are read there, or in a full copy of the site.

Files (${files.length + 1}):
${[README, ...files.map((path) => path.slice(1))]
  .sort()
  .map((name) => `- ${name}`)
  .join("\n")}
`;
}
