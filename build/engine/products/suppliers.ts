/** /api/v1/suppliers: the ranked supplier profiles, paged, each page with the disclosure. */
import { paginate } from "../../contract/envelope.ts";
import { product } from "./product.ts";
import { collectionPath, pagePath } from "../../contract/layout.ts";

export const suppliersCollection = product({
  name: "suppliers",
  purpose: "the ranked supplier directory with its disclosure",
  after: [],
  writes: [collectionPath("suppliers"), pagePath("suppliers", "{n}")],
  run({ suppliers, disclosure, pageSize, contentDigest }, output) {
    return {
      async finish() {
        for (const page of paginate("suppliers", suppliers, pageSize, contentDigest))
          for (const path of page.paths) await output.json(path, { ...page.body, disclosure });
      },
    };
  },
});
