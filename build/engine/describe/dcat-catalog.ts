/**
 * The DCAT catalog (DCAT 3, in the shape DCAT-AP 3 asks for, as JSON-LD) at /catalog.jsonld: one catalog holding
 * one dataset, its distributions (the same list as the home page's schema.org Dataset) and the JSON API as the
 * data service that serves it. For data portals and harvesters; the API catalog links it. Only facts from the
 * content: there is no release or modification date, so neither is stated.
 */
import { API_ROOT, DCAT_CATALOG_FILE, OPENAPI_FILE } from "../../contract/layout.ts";
import { citationText } from "../compile/citation.ts";
// The same facts as the schema.org Dataset's.
import type { DatasetInput } from "./dataset-jsonld.ts";

const CONTEXT = {
  dcat: "http://www.w3.org/ns/dcat#",
  dct: "http://purl.org/dc/terms/",
  foaf: "http://xmlns.com/foaf/0.1/",
  vcard: "http://www.w3.org/2006/vcard/ns#",
  xsd: "http://www.w3.org/2001/XMLSchema#",
};

/** IANA's register names registered media types only: an x- type has no URI there, so none is given. */
const IANA_MEDIA_TYPES = "http://www.iana.org/assignments/media-types/";

export function dcatCatalog({ site, origin, distributions, factDates }: DatasetInput): Record<string, unknown> {
  const absolute = (path: string) => new URL(path, origin).href;
  const text = (value: string) => ({ "@value": value, "@language": "en" });
  const licence = { "@id": site.licence.url };
  const publisher = { "@id": `${absolute("/")}#publisher`, "@type": "foaf:Agent", "foaf:name": site.publisher };
  const datasetId = `${absolute("/")}#dataset`;
  const dates = [...factDates].sort();
  const serviceId = absolute(API_ROOT);
  return {
    "@context": CONTEXT,
    "@id": absolute(DCAT_CATALOG_FILE),
    "@type": "dcat:Catalog",
    "dct:title": text(site.name),
    "dct:description": text(site.description),
    "dct:publisher": publisher,
    "dct:license": licence,
    "foaf:homepage": { "@id": absolute("/") },
    "dcat:dataset": [
      {
        "@id": datasetId,
        "@type": "dcat:Dataset",
        "dct:title": text(site.name),
        "dct:description": text(site.description),
        "dct:publisher": { "@id": publisher["@id"] },
        "dct:creator": { "@id": publisher["@id"] },
        "dcat:version": site.version,
        "dct:license": licence,
        "dct:bibliographicCitation": citationText(site),
        "dcat:landingPage": { "@id": absolute("/") },
        "dcat:contactPoint": {
          "@type": "vcard:Organization",
          "vcard:fn": site.contact.name,
          "vcard:hasURL": { "@id": absolute(site.contact.url) },
        },
        ...(dates.length > 0
          ? {
              "dct:temporal": {
                "@type": "dct:PeriodOfTime",
                "dcat:startDate": { "@value": dates[0], "@type": "xsd:date" },
                "dcat:endDate": { "@value": dates[dates.length - 1], "@type": "xsd:date" },
              },
            }
          : {}),
        "dcat:distribution": distributions.map((distribution) => ({
          // A distribution is a form of the data set, not the file: its own id, beside the file's URL.
          "@id": `${absolute("/")}#distribution${distribution.path.replace(/[^a-z0-9]+/gi, "-")}`,
          "@type": "dcat:Distribution",
          "dct:title": text(distribution.title),
          "dcat:accessURL": { "@id": absolute(distribution.path) },
          "dcat:downloadURL": { "@id": absolute(distribution.path) },
          ...(distribution.mediaType.includes("/x-")
            ? {}
            : { "dcat:mediaType": { "@id": IANA_MEDIA_TYPES + distribution.mediaType } }),
          "dct:license": licence,
          ...(distribution.path === `${API_ROOT}/index.json` ? { "dcat:accessService": { "@id": serviceId } } : {}),
        })),
      },
    ],
    "dcat:service": [
      {
        "@id": serviceId,
        "@type": "dcat:DataService",
        "dct:title": text(`${site.name} API`),
        "dcat:endpointURL": { "@id": serviceId },
        "dcat:endpointDescription": { "@id": absolute(OPENAPI_FILE) },
        "dcat:servesDataset": { "@id": datasetId },
        "dct:license": licence,
      },
    ],
  };
}
