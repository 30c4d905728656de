/**
 * The home page's schema.org Dataset (JSON-LD), for dataset search engines: what the data set is, who made it,
 * its licence, version and citation, the period its dated facts cover, and every download with an absolute
 * URL. Only facts from the content: no date is invented (there is no release date, so none is given).
 */
import type { SiteSettings } from "../../content/load/types.ts";
import { citationText } from "../compile/citation.ts";
import type { Distribution } from "./distributions.ts";

export interface DatasetInput {
  site: SiteSettings;
  origin: string;
  distributions: readonly Distribution[];
  /** The dated facts' dates (YYYY-MM-DD): the evidence's as_of dates and the methodology date. */
  factDates: readonly string[];
}

export function datasetJsonLd(input: DatasetInput): Record<string, unknown> {
  const { site } = input;
  const absolute = (path: string) => new URL(path, input.origin).href;
  const dates = [...input.factDates].sort();
  return {
    "@context": "https://schema.org",
    "@type": "Dataset",
    name: site.name,
    description: site.description,
    url: absolute("/"),
    version: site.version,
    license: site.licence.url,
    isAccessibleForFree: true,
    creator: { "@type": "Organization", name: site.publisher, url: absolute(site.contact.url) },
    publisher: { "@type": "Organization", name: site.publisher, url: absolute(site.contact.url) },
    citation: citationText(site),
    ...(dates.length > 0 ? { temporalCoverage: `${dates[0]}/${dates[dates.length - 1]}` } : {}),
    distribution: input.distributions.map((distribution) => ({
      "@type": "DataDownload",
      name: distribution.title,
      encodingFormat: distribution.mediaType,
      contentUrl: absolute(distribution.path),
    })),
  };
}

/** Every YYYY-MM-DD `as_of` in a compiled value (the evidence register's statuses and listings). */
export function asOfDates(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) asOfDates(item, found);
  else if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      if (key === "as_of" && typeof item === "string" && /^\d{4}-\d{2}-\d{2}$/.test(item)) found.push(item);
      else asOfDates(item, found);
    }
  }
  return found;
}

/** The JSON-LD as an HTML data block: never run, so the page's script policy needs no hash for it. */
export function jsonLdScript(document: Record<string, unknown>): string {
  // "<" escaped, so that no text in the data can close the element.
  return `<script type="application/ld+json">${JSON.stringify(document).replace(/</g, "\\u003c")}</script>\n`;
}
