import type { DiagnosticCode } from "../diagnostics/catalogue.ts";
import type { Position } from "../diagnostics/diagnostic.ts";
import type { LocatedFile } from "../load/located-file.ts";
import type {
  AnswerFrontMatter,
  AuditContent,
  DisclosureContent,
  EvidenceFamilyContent,
  SiteSettings,
  Source,
  SupplierContent,
  SynonymsContent,
} from "../load/types.ts";

/** A content file whose data passed its schema, with that data typed. */
export interface Valid<T> {
  file: LocatedFile;
  data: T;
}

/**
 * What the cross-file rules see: every file that passed its schema. A file that failed its schema is left out
 * of the rules, but its ids still count as known, so that one broken file does not also make every reference
 * to it look broken.
 */
export interface RuleInput {
  site?: Valid<SiteSettings>;
  sources?: Valid<{ sources: Source[] }>;
  disclosure?: Valid<DisclosureContent>;
  synonyms?: Valid<SynonymsContent>;
  answers: Array<Valid<AnswerFrontMatter>>;
  suppliers: Array<Valid<SupplierContent>>;
  evidence: Array<Valid<EvidenceFamilyContent>>;
  /** The claim audit (content/audit/): checked against the files it quotes, never served. */
  audit: Array<Valid<AuditContent>>;
  /** Every content file that parsed, by its path relative to the content folder, valid or not. */
  files: ReadonlyMap<string, LocatedFile>;
  /** The paths of files that have a place in the layout but could not be read or parsed. */
  unparsed: ReadonlySet<string>;
  known: { sources: Set<string>; answers: Set<string>; suppliers: Set<string>; families: Set<string> };
  /**
   * False for a kind when one of its files failed to parse or failed its schema: rules about the whole set
   * (ranks 1..N, the order of families) wait until every file of the set is valid, rather than report gaps
   * that are only the broken file's absence.
   */
  complete: { suppliers: boolean; evidence: boolean; audit: boolean };
}

/** Reports a problem at `pointer` of `file`; `at` overrides the position (for problems in a Markdown body). */
export type Report = (
  file: LocatedFile,
  pointer: string,
  code: DiagnosticCode,
  message: string,
  hint?: string,
  at?: Position,
) => void;

/** A rule a schema cannot say: one per file in build/content/rules/, like ajv's keywords. */
export interface ContentRule {
  name: string;
  /**
   * Its checks of one answer, which read that answer and nothing of the others but their ids (`input.known`): a dev
   * loop keeps what they found for an answer whose file and whose world (every other file, every id) are unchanged.
   */
  answer?(answer: Valid<AnswerFrontMatter>, input: RuleInput, report: Report): void;
  /**
   * The rest: the other files, given with no answers (in `answers` or `files`) unless `readsAnswers`; a dev loop
   * keeps what it found while the world is unchanged (RuleFindings).
   */
  check?(input: RuleInput, report: Report): void;
  /** Its check reads the answers (a slug used twice, a claim quoted from one): it is given them, in every build. */
  readsAnswers?: boolean;
}

/**
 * Every (file, pointer, source id) that the content other than the answers cites, for the rules about sources
 * (an answer cites only in its `sources`, which their answer checks read).
 */
export function* citedSources(input: RuleInput): Generator<{ file: LocatedFile; pointer: string; id: string }> {
  for (const { file, data } of input.suppliers) {
    for (const [index, made] of data.makes.entries()) {
      for (const [at, id] of made.sources.entries()) yield { file, pointer: `/makes/${index}/sources/${at}`, id };
    }
    for (const list of ["strengths", "caveats"] as const) {
      for (const [index, claim] of data[list].entries()) {
        for (const [at, id] of claim.sources.entries()) yield { file, pointer: `/${list}/${index}/sources/${at}`, id };
      }
    }
    for (const [at, id] of (data.ownership.sources ?? []).entries())
      yield { file, pointer: `/ownership/sources/${at}`, id };
    for (const [area, search] of Object.entries(data.searches)) {
      for (const [at, id] of search.found.entries()) yield { file, pointer: `/searches/${area}/found/${at}`, id };
    }
  }
  for (const { file, data } of input.evidence) {
    for (const [index, record] of data.records.entries()) {
      for (const group of ["certification", "compliance", "warranty"] as const) {
        for (const [name, entry] of Object.entries(record[group])) {
          for (const [at, id] of (entry.sources ?? []).entries()) {
            yield { file, pointer: `/records/${index}/${group}/${name}/sources/${at}`, id };
          }
          const listings = "listings" in entry ? (entry.listings ?? []) : [];
          for (const [position, listing] of listings.entries()) {
            for (const [at, id] of listing.sources.entries()) {
              yield { file, pointer: `/records/${index}/${group}/${name}/listings/${position}/sources/${at}`, id };
            }
          }
        }
      }
    }
  }
  if (input.disclosure) {
    for (const [at, id] of input.disclosure.data.sources.entries())
      yield { file: input.disclosure.file, pointer: `/sources/${at}`, id };
  }
  for (const { file, data } of input.audit) {
    for (const [index, entry] of data.entries.entries()) {
      for (const [at, id] of entry.sources.entries()) yield { file, pointer: `/entries/${index}/sources/${at}`, id };
      for (const [at, id] of (entry.outward?.sources ?? []).entries())
        yield { file, pointer: `/entries/${index}/outward/sources/${at}`, id };
    }
  }
}
