/**
 * dist/_headers: every header rule of the site (compile/headers-file.ts), the contract's by URL pattern and then
 * those that change with the content, the home page's CSP and a deprecated version's dates. From the counts and
 * settings alone (describe-service.ts serviceHeaders), so that a file served from a build in memory does not wait
 * for the docs to be made.
 */
import { headerRules } from "../../contract/header-rules.ts";
import { HEADERS_FILE_PATH } from "../../contract/unlisted-files.ts";
import { headersFileText } from "../compile/headers-file.ts";
import { serviceHeaders } from "../describe/describe-service.ts";
import { product } from "./product.ts";

export const headersFile = product({
  name: "headers-file",
  purpose: "the header rules of every file, by URL pattern, and the home page's CSP, which changes with the content",
  after: [],
  writes: [HEADERS_FILE_PATH],
  run(facts, output) {
    return {
      async finish() {
        await output.file(HEADERS_FILE_PATH, headersFileText([...headerRules(), ...serviceHeaders(facts)]));
        return undefined;
      },
    };
  },
});
