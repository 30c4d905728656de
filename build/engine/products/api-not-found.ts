/** The body of Netlify's 404 rule for /api/*: a problem document, extensionless so that no rule typing *.json reaches it. */
import { API_NOT_FOUND_DETAIL, API_NOT_FOUND_FILE } from "../../contract/layout.ts";
import { problemBody, problemText } from "../../contract/problems.ts";
import { product } from "./product.ts";

export const apiNotFound = product({
  name: "api-not-found",
  purpose: "the JSON 404 of an unknown /api/ path",
  after: [],
  writes: [API_NOT_FOUND_FILE],
  run({ origin }, output) {
    return {
      finish: async () =>
        output.file(API_NOT_FOUND_FILE, problemText(problemBody("not-found", API_NOT_FOUND_DETAIL, origin))),
    };
  },
});
