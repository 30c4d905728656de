/**
 * The resources the collections serve, as their published response schemas (schemas/answers, suppliers and
 * evidence) describe them: the types are generated from those schemas (./resource-types/, `npm run types`),
 * so the code that writes and reads responses cannot drift from what the API documents.
 */
export type {
  Answer as AnswerResource,
  AnswersCollection,
  Disclosure as DisclosureResource,
  EvidenceRegister,
  Family as EvidenceFamilyResource,
  Record as EvidenceRecordResource,
  Supplier as SupplierResource,
  SupplierDirectory,
} from "./resource-types/collections.ts";
