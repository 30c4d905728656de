/**
 * Every product of the build, in the order their steps run when nothing they read says otherwise (the engine
 * orders them by their `after`). A new output is one product file and one line here (a new kind of file: also its
 * media type in the header rules, which the build checks at its start; README.md, "How the build is organised").
 */
import { answerFiles } from "./answer-files.ts";
import { answerPages } from "./answer-pages.ts";
import { answerTwins } from "./answer-twins.ts";
import { answersNdjson } from "./answers-ndjson.ts";
import { apiNotFound } from "./api-not-found.ts";
import { archiveManifests } from "./archive-manifests.ts";
import { dataPackage } from "./data-package.ts";
import { datasetZip } from "./dataset-zip.ts";
import { describe } from "./describe.ts";
import { evidenceCollection } from "./evidence.ts";
import { headersFile } from "./headers-file.ts";
import { llmsFull } from "./llms-full.ts";
import { redirectsFile } from "./redirects-file.ts";
import type { Product } from "./product.ts";
import { rootAndHealth } from "./root.ts";
import { schemaFiles } from "./schemas.ts";
import { searchIndex } from "./search-index.ts";
import { suppliersCollection } from "./suppliers.ts";

export const PRODUCTS: readonly Product[] = [
  answerFiles,
  answerTwins,
  answerPages,
  searchIndex,
  answersNdjson,
  llmsFull,
  dataPackage,
  suppliersCollection,
  evidenceCollection,
  rootAndHealth,
  schemaFiles,
  apiNotFound,
  describe,
  headersFile,
  redirectsFile,
  datasetZip,
  archiveManifests,
];
