/**
 * dist/_headers: every header rule of the site (netlify.toml holds none), the contract's by URL pattern
 * (contract/header-rules.ts) and then those that change with the content, the home page's CSP and a deprecated
 * version's dates. From the counts and
 * settings alone (describe-service.ts serviceHeaders), so that a file served from a build in memory does not wait
 * for the docs to be made.
 */
import { headerRules, headersFileText } from "../../contract/header-rules.ts";
import { HEADERS_FILE_PATH } from "../../contract/unlisted-files.ts";
import { serviceHeaders } from "../describe/describe-service.ts";
import { product } from "./product.ts";

export const headersFile = product({
  name: "headers-file",
  purpose: "the header rules of every file, by URL pattern, and the home page's CSP, which changes with the content",
  after: [],
  writes: [HEADERS_FILE_PATH],
  run(facts, output) {
    return {
      finish: async () => output.file(HEADERS_FILE_PATH, headersFileText([...headerRules(), ...serviceHeaders(facts)])),
    };
  },
});
