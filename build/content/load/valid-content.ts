/**
 * The content once it has passed validation, as the products take it: every file valid against its
 * schema and the cross-file rules, and of each answer only what compiling uses.
 */
import type { MarkdownBody } from "./content-file.ts";
import type { OutwardClaim } from "./outward-claims.ts";
import type {
  AnswerFrontMatter,
  DisclosureContent,
  EvidenceFamilyContent,
  SiteSettings,
  Source,
  SupplierContent,
  SynonymsContent,
} from "./types.ts";

/** A valid answer as the products need it: only what they use, so that the rest of the load can be let go. */
export interface ValidAnswer {
  data: AnswerFrontMatter;
  body: Pick<MarkdownBody, "source" | "digest" | "answerDigest">;
}

/** The whole content, every file valid against its schema and the cross-file rules. */
export interface ValidContent {
  site: SiteSettings;
  sources: Source[];
  disclosure: DisclosureContent;
  synonyms: SynonymsContent;
  answers: ValidAnswer[];
  suppliers: SupplierContent[];
  evidence: EvidenceFamilyContent[];
  /** The claims whose outward search is recorded (the audit's), for the build's count of those past expiry: never served. */
  outward: OutwardClaim[];
}
