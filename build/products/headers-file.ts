/** dist/_headers: the header rules netlify.toml cannot hold because they change with the content (compile/headers-file.ts). */
import { HEADERS_FILE_PATH, type HeaderBlock, headersFileText } from "../compile/headers-file.ts";
import { product, resultOf } from "./product.ts";

export const headersFile = product({
  name: "headers-file",
  purpose: "the header rules that change with the content (the home page's CSP)",
  after: ["describe"],
  writes: [HEADERS_FILE_PATH],
  run(_, output) {
    return {
      async finish(results) {
        await output.file(HEADERS_FILE_PATH, headersFileText(resultOf<HeaderBlock[]>(results, "describe")));
        return undefined;
      },
    };
  },
});
