/** /api/v1/evidence: the evidence register by product family, paged, each page with the number of records. */
import { paginate } from "../../contract/envelope.ts";
import { product } from "./product.ts";
import { collectionPath, pagePath } from "../../contract/layout.ts";

export const evidenceCollection = product({
  name: "evidence",
  purpose: "the evidence register by product family",
  after: [],
  writes: [collectionPath("evidence"), pagePath("evidence", "{n}")],
  run({ families, counts, pageSize, contentDigest }, output) {
    return {
      async finish() {
        for (const page of paginate("evidence", families, pageSize, contentDigest))
          for (const path of page.paths)
            await output.json(path, {
              ...page.body,
              meta: { ...page.body.meta, record_count: counts.evidence_records },
            });
      },
    };
  },
});
