/** /api/v1 (the service's metadata and links to everything) and /api/v1/health. */
import {
  ANSWERS_SEARCH_INDEX_FILE,
  CHANGELOG_FEED_FILE,
  CHANGELOG_JSON_FILE,
  CITATION_FILE,
  HEALTH_FILE,
  OPENAPI_FILE,
  ROOT_RESOURCE_FILE,
  SCHEMA_LIST_FILE,
  API_CATALOG_FILE,
  DATA_PACKAGE_FILE,
  DOCS_PATH,
  collectionPath,
} from "../../contract/layout.ts";
import { citationText } from "../compile/citation.ts";
import { versioningPolicy } from "../describe/versioning.ts";
import { product } from "./product.ts";

export const rootAndHealth = product({
  name: "root",
  purpose: "what the service is and where everything is; its health",
  after: [],
  writes: [ROOT_RESOURCE_FILE, HEALTH_FILE],
  run({ site, counts, contentDigest, generatedAt }, output) {
    return {
      async finish() {
        await output.json(ROOT_RESOURCE_FILE, {
          name: site.name,
          description: site.description,
          version: site.version,
          publisher: site.publisher,
          contact: site.contact,
          licence: site.licence,
          citation: citationText(site),
          content_digest: contentDigest,
          counts,
          versioning: versioningPolicy(site),
          links: {
            self: ROOT_RESOURCE_FILE,
            answers: collectionPath("answers"),
            suppliers: collectionPath("suppliers"),
            evidence: collectionPath("evidence"),
            health: HEALTH_FILE,
            openapi: OPENAPI_FILE,
            docs: DOCS_PATH,
            api_catalog: API_CATALOG_FILE,
            schemas: SCHEMA_LIST_FILE,
            search_index: ANSWERS_SEARCH_INDEX_FILE,
            data_package: DATA_PACKAGE_FILE,
            citation: CITATION_FILE,
            changelog: CHANGELOG_JSON_FILE,
            changelog_feed: CHANGELOG_FEED_FILE,
          },
        });
        await output.json(HEALTH_FILE, {
          status: "ok",
          version: site.version,
          content_digest: contentDigest,
          generated_at: generatedAt,
          counts,
          links: { self: HEALTH_FILE, root: ROOT_RESOURCE_FILE },
        });
      },
    };
  },
});
