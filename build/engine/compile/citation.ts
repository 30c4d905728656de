/**
 * How to cite the data, said once: the citation sentence (the root resource, the data package, the docs and
 * the home page all print this one) and CITATION.cff (Citation File Format 1.2.0), made from content/site.yaml
 * alone, so that the file the build serves and the one committed at the repository's root are the same bytes
 * (a test compares them). Only what the content states goes in: it gives no release date and no repository
 * address, so the file has neither.
 */
import type { SiteSettings } from "../../content/load/types.ts";

/** The citation sentence, as content/site.yaml words it. */
export function citationText(site: SiteSettings): string {
  return site.citation;
}

/** CITATION.cff for the data set: the publisher as the one author (an organisation), its licence and version. */
export function citationCff(site: SiteSettings): string {
  // JSON strings are YAML double-quoted scalars: every value is quoted, so no text can turn into YAML syntax.
  const text = (value: string) => JSON.stringify(value);
  return [
    "# Citation File Format 1.2.0 (https://citation-file-format.github.io/), written by the build from",
    "# content/site.yaml; the build serves the same bytes at /CITATION.cff.",
    "cff-version: 1.2.0",
    `message: ${text(citationText(site))}`,
    `title: ${text(site.name)}`,
    `abstract: ${text(site.description)}`,
    "type: dataset",
    "authors:",
    `  - name: ${text(site.publisher)}`,
    `license: ${text(site.licence.id)}`,
    `license-url: ${text(site.licence.url)}`,
    `version: ${text(site.version)}`,
    "",
  ].join("\n");
}

/** What the docs and the home page say of the file, after the citation sentence. */
export const CITATION_FILE_NOTE =
  "The same citation, as metadata for reference managers and repositories (Citation File Format 1.2.0):";
