/**
 * dist/_redirects: the site's rewrites and 404 rules (contract/redirect-rules.ts), which Netlify reads beside
 * netlify.toml. The same at any number of answers.
 */
import { redirectRules, redirectsFileText } from "../../contract/redirect-rules.ts";
import { REDIRECTS_FILE_PATH } from "../../contract/unlisted-files.ts";
import { product } from "./product.ts";

export const redirectsFile = product({
  name: "redirects-file",
  purpose: "the rewrites of the extensionless URLs and the JSON 404 of the rest of /api/",
  after: [],
  writes: [REDIRECTS_FILE_PATH],
  run(_facts, output) {
    return {
      finish: async () => output.file(REDIRECTS_FILE_PATH, redirectsFileText(redirectRules())),
    };
  },
});
