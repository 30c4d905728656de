/**
 * What an archivist needs, over every other file of the output: urls.txt, the page of links to every file, and
 * SHA256SUMS (compile/archive-manifests.ts), from the digests the output sink recorded.
 */
import { CHECKSUMS_FILE, FILES_PAGE_FILE, URL_LIST_FILE } from "../../contract/layout.ts";
import { writeArchiveManifests } from "../compile/archive-manifests.ts";
import { filesPage } from "../describe/files-page.ts";
import { product } from "./product.ts";

export const archiveManifests = product({
  name: "archive-manifests",
  purpose: "what mirrors and archivists check a copy against: every URL and every file's SHA-256",
  after: ["*"],
  readsFiles: true,
  writes: [URL_LIST_FILE, FILES_PAGE_FILE, CHECKSUMS_FILE],
  run({ site, generatedAt }, output) {
    return {
      async finish() {
        await writeArchiveManifests({ stream: output.stream, digests: output.written.digests }, (urls) =>
          filesPage({ site, generatedAt }, urls),
        );
      },
    };
  },
});
