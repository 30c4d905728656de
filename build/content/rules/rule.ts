import { SLUG_PATTERN } from "../../contract/layout.ts";
import { likeliestName } from "../../contract/edit-distance.ts";
import { DIAGNOSTIC_CATALOGUE, type DiagnosticCode } from "../diagnostics/catalogue.ts";
import type { Position } from "../diagnostics/diagnostic.ts";
import { CONTENT_LAYOUT } from "../load/layout.ts";
import { normaliseProse } from "../load/outward-markers.ts";
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

/** A file that failed its schema, with the top-level fields its errors lie in: the others passed. */
export interface PartlyValid<T> extends Valid<T> {
  inError: ReadonlySet<string>;
  /** Of a list field in error whose errors all lie inside some of its elements, those elements: the others passed. */
  itemsInError?: ReadonlyMap<string, ReadonlySet<number>>;
}

/**
 * What the cross-file rules see: every file that passed its schema. A file that failed its schema is left out
 * of the rules (but an answer's own checks that rely on none of its fields in error: `reads`), and its ids still
 * count as known, so that one broken file does not also make every reference to it look broken.
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
  /**
   * The supplier, evidence, disclosure and audit files that failed their schema in some fields only: the citations in
   * their other fields (eachCitedSource), their name and what the rules read as unknown data (control characters,
   * claims of absence) are still checked, so that one mistake in a file does not hide the rest.
   */
  failed: {
    suppliers: Array<PartlyValid<SupplierContent>>;
    evidence: Array<PartlyValid<EvidenceFamilyContent>>;
    disclosure: Array<PartlyValid<DisclosureContent>>;
    audit: Array<PartlyValid<AuditContent>>;
  };
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

/**
 * Whether the register's ids are known: sources.yaml parsed and its `sources` a list whose every entry has its `id`,
 * whether or not it passed its schema (one entry missing another field leaves its ids known). Until then no citation
 * can be told unknown: every one would be (a misspelt `sources:` told thousands), burying the register's own problem.
 */
export function registerRead(input: RuleInput): boolean {
  return registerUnread(input) === undefined;
}

/** Where and why the register's ids are not known (registerRead), as its diagnostic says; undefined when they are. */
export function registerUnread(input: RuleInput): { pointer: string; reason: string } | undefined {
  const register = input.files.get(SOURCES_PATH);
  if (!register) return { pointer: "", reason: "cannot be read" };
  // Asked by every answer's checks: its list is walked once.
  if (unreadOf.has(register)) return unreadOf.get(register);
  const list = (register.data as { sources?: unknown } | null)?.sources;
  const at = Array.isArray(list) ? list.findIndex((source) => typeof source?.id !== "string") : undefined;
  let unread: { pointer: string; reason: string } | undefined;
  if (at === undefined) unread = { pointer: "/sources", reason: "has no list `sources`" };
  else if (at >= 0) unread = { pointer: `/sources/${at}`, reason: `has an entry without an \`id\` (entry ${at + 1})` };
  unreadOf.set(register, unread);
  return unread;
}
const unreadOf = new WeakMap<LocatedFile, { pointer: string; reason: string } | undefined>();
export const SOURCES_PATH = CONTENT_LAYOUT.find((entry) => entry.kind === "sources")!.path;

/**
 * An answer's file named after `slug` whose own slug is now another (changed there only): what still refers to the
 * old slug is told so, with the file, rather than as a slug no answer has.
 */
function renamedAnswer(slug: string, input: RuleInput): Renamed | undefined {
  const named = input.files.get(`${ANSWERS_PATH}/${slug}.md`);
  const now = (named?.data as { slug?: unknown } | undefined)?.slug;
  if (!named || typeof now !== "string" || now === slug) return undefined;
  return { file: named.file, slug: now, taken: input.files.get(`${ANSWERS_PATH}/${now}.md`)?.file };
}

/** The evidence file named after the family `slug`, if its own `family` is now another. */
export function renamedFamily(slug: string, input: RuleInput): Renamed | undefined {
  const named = input.files.get(`${EVIDENCE_PATH}/${slug}.yaml`);
  const now = (named?.data as { family?: unknown } | undefined)?.family;
  if (!named || typeof now !== "string" || now === slug) return undefined;
  return { file: named.file, slug: now, taken: input.files.get(`${EVIDENCE_PATH}/${now}.yaml`)?.file };
}
const EVIDENCE_PATH = CONTENT_LAYOUT.find((entry) => entry.kind === "evidence")!.path;

/** A file whose slug was changed there only: its new slug, and the file already named after that one, if any. */
export interface Renamed {
  file: string;
  slug: string;
  taken?: string | undefined;
}

/**
 * A file moved to another name with its slug kept (an answer, a supplier profile), while an audit still names the
 * file by its old name: the path it had, which no file has now. Its claims were checked; only the audit's `file` and
 * name are behind.
 */
export function movedFrom(file: LocatedFile, input: RuleInput): string | undefined {
  const slug = (file.data as { slug?: unknown } | null)?.slug;
  if (typeof slug !== "string" || slug === file.stem) return undefined;
  const old = `${file.file.slice(0, file.file.lastIndexOf("/") + 1)}${slug}${file.file.slice(file.file.lastIndexOf("."))}`;
  return input.files.has(old) ? undefined : old;
}

/**
 * The audit of a file that is gone, whose quoted claims stand mostly in `file`, a file of its kind without an audit:
 * most often the one renamed with a new slug (dten to dten-ltd), its claims still as checked (the second editor's
 * workflow audit was told to delete that audit and check every claim again).
 */
export function renamedAudit(file: LocatedFile, input: RuleInput): Valid<AuditContent> | undefined {
  const text = proseOf(input, file).normal;
  return input.audit.find(({ data }) => {
    if (input.files.has(data.file) || !data.file.startsWith(file.file.slice(0, file.file.lastIndexOf("/") + 1)))
      return false;
    const claims = quotedClaims(input).get(data.file)!;
    return claims.length > 0 && claims.filter((claim) => text.includes(claim)).length * 2 > claims.length;
  });
}

/**
 * The claims the valid audit files quote, normalised as prose is compared, by the file they audit (every audited
 * file a key, with no claim or some): made once per check however many rules ask (audit-quotes, audit-coverage).
 */
export function quotedClaims(input: RuleInput): ReadonlyMap<string, readonly string[]> {
  let quoted = quotedRead.get(input);
  if (!quoted) {
    quotedRead.set(input, (quoted = new Map<string, string[]>()));
    for (const { data } of input.audit) {
      let claims = quoted.get(data.file);
      if (!claims) quoted.set(data.file, (claims = []));
      for (const { claim } of data.entries) if (claim !== undefined) claims.push(normaliseProse(claim));
    }
  }
  return quoted;
}
const quotedRead = new WeakMap<RuleInput, Map<string, string[]>>();

/** The audit file's name for a content file of `kind` named `stem` (answer-room-sizing.yaml, in AUDIT_PATH). */
export const auditFileName = (kind: string, stem: string): string =>
  `${kind === "sources" || kind === "disclosure" ? kind : `${kind}-${stem}`}.yaml`;
export const AUDIT_PATH = CONTENT_LAYOUT.find((entry) => entry.kind === "audit")!.path;

/**
 * A file's prose (LocatedFile.prose: read again from the file) as it is and as claims are compared with it
 * (normaliseProse), read once per check however many rules ask (audit-quotes, audit-coverage).
 */
export function proseOf(input: RuleInput, file: LocatedFile): { text: string; normal: string } {
  let read = proseRead.get(input);
  if (!read) proseRead.set(input, (read = new Map()));
  let prose = read.get(file.file);
  if (!prose) {
    const text = file.prose();
    read.set(file.file, (prose = { text, normal: normaliseProse(text) }));
  }
  return prose;
}
const proseRead = new WeakMap<RuleInput, Map<string, { text: string; normal: string }>>();

/** Whether an answer file other than `file` is named after `slug`: `file` then kept another answer's slug. */
export function otherAnswerNamed(slug: string, file: string, input: RuleInput): boolean {
  const named = input.files.get(`${ANSWERS_PATH}/${slug}.md`);
  return named !== undefined && named.file !== file;
}

/** Whether the answer file named after `slug` has a slug no answer may have: what refers to it waits for its fix. */
export function answerSlugInError(slug: string, input: RuleInput): boolean {
  const now = renamedAnswer(slug, input)?.slug;
  return now !== undefined && !SLUG_PATTERN.test(now);
}
const ANSWERS_PATH = CONTENT_LAYOUT.find((entry) => entry.kind === "answer")!.path;

/**
 * What is said of a reference to a slug changed only in the file named after it (an answer's, a supplier's), and
 * what to do: the message's end and the hint.
 */
export function renamedNote(
  what: string,
  slug: string,
  renamed: Renamed,
  where = "refer to it here too",
): [string, string] {
  return [
    `: ${renamed.file}, named after it, has the slug "${renamed.slug}"`,
    // A slug another file already has is no new one to adopt (the slug's own duplicate problem says so too).
    renamed.taken
      ? `Change the slug of ${renamed.file} back to "${slug}": "${renamed.slug}" is ${renamed.taken}'s.`
      : `Give the ${what} one slug: if "${renamed.slug}" is the new one, ${where} and rename ${renamed.file} after it; else change its slug back to "${slug}".`,
  ];
}

/**
 * What is said of a reference to a slug no answer has, and what to do: the answer renamed in its file only, or the
 * slug it most likely meant ("device-managment"), else nothing beyond the code's own hint.
 */
export function unknownAnswerNote(
  slug: string,
  input: RuleInput,
  code: "reference/unknown-answer" | "link/unknown-answer",
): [string, string | undefined] {
  const renamed = renamedAnswer(slug, input);
  if (renamed) return renamedNote("answer", slug, renamed);
  const meant = likeliestName(slug, [...input.known.answers]);
  return ["", meant ? `Did you mean "${meant}"? ${DIAGNOSTIC_CATALOGUE[code].hint}` : undefined];
}

/**
 * Whether an answer's body runs into a code fence that nothing closes: the rest is then code, which body/unclosed-fence
 * tells. What the rules find missing from the rendered body after it (citations, sections, quantities) waits for the
 * fix, rather than telling a dozen problems that are only the fence's echo (the editor's audit).
 */
export const bodyCutShort = (file: LocatedFile): boolean => file.body?.marks.unclosedFence !== undefined;

/** Reports a problem at `pointer` of `file`; `at` overrides the position (for problems in a Markdown body). */
export type Report = (
  file: Pick<LocatedFile, "file" | "locate">,
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
   * The front-matter fields whose checked shape its answer check relies on (the body and `input` aside): it also runs
   * on an answer that failed its schema only in other fields, so that an author sees that answer's problems at once.
   * A check reading the data as unknown relies on none. Left out, it runs only on answers that passed.
   */
  reads?: ReadonlyArray<keyof AnswerFrontMatter>;
  /**
   * The rest: the other files, given with no answers (in `answers` or `files`) unless `readsAnswers`; a dev loop
   * keeps what it found while the world is unchanged (RuleFindings).
   */
  check?(input: RuleInput, report: Report): void;
  /** Its check reads the answers (a slug used twice, a claim quoted from one): it is given them, in every build. */
  readsAnswers?: boolean;
}

/**
 * Calls `cite` with every source id that the content other than the answers cites, for the rules about sources (an
 * answer cites only in its `sources`, which their answer checks read), with the file and where the id is: at `at`
 * of the list at `list` (a JSON pointer ending in "/"). The pointer is joined only where a problem is reported:
 * made for every citation, with an object each through a generator, it was the dearest part of the checks in a
 * build's new process (56 ms of the shipped content's 250).
 */
export function eachCitedSource(
  input: RuleInput,
  cite: (file: LocatedFile, id: string, list: string, at: number) => void,
): void {
  const each = (file: LocatedFile, ids: readonly string[] | undefined, list: string) => {
    if (ids) for (let at = 0; at < ids.length; at++) cite(file, ids[at]!, list, at);
  };
  const { failed } = input;
  for (const supplier of [...input.suppliers, ...failed.suppliers]) {
    const { file, data } = supplier;
    const read = passed(supplier);
    const made = passedItems(supplier, "makes");
    if (made)
      for (const [index, { sources }] of data.makes.entries())
        if (made(index)) each(file, sources, `/makes/${index}/sources/`);
    for (const list of ["strengths", "caveats"] as const) {
      const claimed = passedItems(supplier, list);
      if (claimed)
        for (const [index, claim] of data[list].entries())
          if (claimed(index)) each(file, claim.sources, `/${list}/${index}/sources/`);
    }
    if (read("ownership")) each(file, data.ownership.sources, "/ownership/sources/");
    if (read("scores"))
      for (const [criterion, score] of Object.entries(data.scores))
        each(file, score.sources, `/scores/${criterion}/sources/`);
    if (read("searches"))
      for (const [area, search] of Object.entries(data.searches)) each(file, search.found, `/searches/${area}/found/`);
  }
  const evidence = [...input.evidence, ...failed.evidence.filter((family) => passedItems(family, "records"))];
  eachEvidenceStatus(evidence, (file, pointer, _status, ids) => each(file, ids, `${pointer}/sources/`));
  for (const disclosure of [input.disclosure ?? [], failed.disclosure].flat())
    if (passed(disclosure)("sources")) each(disclosure.file, disclosure.data.sources, "/sources/");
  for (const audit of [...input.audit, ...failed.audit]) {
    const checked = passedItems(audit, "entries");
    if (!checked) continue;
    for (const [index, entry] of audit.data.entries.entries()) {
      if (!checked(index)) continue;
      each(audit.file, entry.sources, `/entries/${index}/sources/`);
      each(audit.file, entry.outward?.sources, `/entries/${index}/outward/sources/`);
    }
  }
}

/** A supplier's product as the register and the profiles name it, whatever its capitals: one key for both. */
export const productKey = (supplier: string, product: string) => `${supplier}\u0000${product.toLowerCase()}`;

/** The disclosure, whether it passed its schema or failed it in some fields only (then read by `passed`). */
export const disclosureOf = (input: RuleInput): Valid<DisclosureContent> | PartlyValid<DisclosureContent> | undefined =>
  input.disclosure ?? input.failed.disclosure[0];

/** Whether a file's field passed its schema: every field of a valid file, the fields not in error of another. */
export const passed =
  <T>(valid: Valid<T> | PartlyValid<T>) =>
  (field: keyof T & string): boolean =>
    !("inError" in valid) || !valid.inError.has(field);

/**
 * Which elements of a file's list field passed its schema: all of a field that passed, the elements not in error of a
 * field whose errors lie inside some of them; undefined when the list itself is in error.
 */
export function passedItems<T>(
  valid: Valid<T> | PartlyValid<T>,
  field: keyof T & string,
): ((index: number) => boolean) | undefined {
  if (passed(valid)(field)) return () => true;
  const items = "itemsInError" in valid ? valid.itemsInError?.get(field) : undefined;
  return items && ((index) => !items.has(index));
}

/**
 * The files of a kind that a per-file check reads: the valid ones and those failing their schema elsewhere or inside
 * some elements, so that one mistake in a file does not hide its other problems; each element of their list `field`
 * that passed is given to `visit`.
 */
export function eachPassedItem<T, F extends keyof T & string>(
  files: ReadonlyArray<Valid<T> | PartlyValid<T>>,
  field: F,
  visit: (
    file: LocatedFile,
    item: T[F] extends ReadonlyArray<infer Item> ? Item : never,
    index: number,
    data: T,
  ) => void,
): void {
  for (const valid of files) {
    const checked = passedItems(valid, field);
    const list = valid.data[field] as unknown;
    if (!checked || !Array.isArray(list)) continue;
    for (let index = 0; index < list.length; index++)
      if (checked(index)) visit(valid.file, list[index], index, valid.data);
  }
}

/**
 * Calls `visit` with every status of these families of the evidence register and the sources it cites: each
 * certification, compliance and warranty entry of every record, and each dated listing (status "listed"), at
 * `pointer` (no trailing "/").
 */
export function eachEvidenceStatus(
  evidence: ReadonlyArray<Valid<EvidenceFamilyContent>>,
  visit: (file: LocatedFile, pointer: string, status: string, sources: readonly string[] | undefined) => void,
): void {
  for (const family of evidence) {
    const { file, data } = family;
    // A family failing its schema inside some records only: the others are walked.
    const walked = passedItems(family, "records") ?? (() => false);
    for (const [index, record] of data.records.entries()) {
      if (!walked(index)) continue;
      for (const group of ["certification", "compliance", "warranty"] as const) {
        for (const [name, entry] of Object.entries(record[group])) {
          const pointer = `/records/${index}/${group}/${name}`;
          visit(file, pointer, entry.status, entry.sources);
          const listings = "listings" in entry ? (entry.listings ?? []) : [];
          for (const [position, listing] of listings.entries())
            visit(file, `${pointer}/listings/${position}`, listing.status, listing.sources);
        }
      }
    }
  }
}
