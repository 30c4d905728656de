/** /data/av-buyer-data.zip: the data set in one download, made from files already written (compile/dataset-zip.ts). */
import { DATASET_ZIP_FILE } from "../../contract/layout.ts";
import { writeDatasetZip } from "../compile/dataset-zip.ts";
import { product } from "./product.ts";

export const datasetZip = product({
  name: "dataset-zip",
  purpose: "the data set in one download, deflated, each answer once (in its NDJSON)",
  // The products whose files it holds: the root resource, the directory and the register, the data package and
  // the NDJSON, the schemas, and CITATION.cff (the describe product's).
  after: ["root", "suppliers", "evidence", "data-package", "answers-ndjson", "schemas", "describe"],
  readsFiles: true,
  writes: [DATASET_ZIP_FILE],
  run(facts, output) {
    return {
      finish: async () => writeDatasetZip(output.written, output.stream, facts, output.deflated, output.memory),
    };
  },
});
