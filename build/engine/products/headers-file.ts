/**
 * dist/_headers: the header rules netlify.toml cannot hold because they change with the content (compile/headers-file.ts):
 * the home page's CSP and a deprecated version's dates. From the counts and settings alone (describe-service.ts
 * serviceHeaders), so that a file served from a build in memory does not wait for the docs to be made.
 */
import { HEADERS_FILE_PATH, headersFileText } from "../compile/headers-file.ts";
import { serviceHeaders } from "../describe/describe-service.ts";
import { product } from "./product.ts";

export const headersFile = product({
  name: "headers-file",
  purpose: "the header rules that change with the content (the home page's CSP)",
  after: [],
  writes: [HEADERS_FILE_PATH],
  run(facts, output) {
    return {
      async finish() {
        await output.file(HEADERS_FILE_PATH, headersFileText(serviceHeaders(facts)));
        return undefined;
      },
    };
  },
});
