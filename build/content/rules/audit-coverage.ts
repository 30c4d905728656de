import { SLUG_PATTERN } from "../../contract/layout.ts";
import { CONTENT_LAYOUT } from "../load/layout.ts";
import { joinPointer } from "../diagnostics/diagnostic.ts";
import { markerHits, normaliseProse } from "../load/outward-markers.ts";
import type { CitationGroup } from "../load/content-file.ts";
import { findCitations } from "../markdown/citations.ts";
import type { LocatedFile } from "../load/located-file.ts";
import type { AuditContent } from "../load/types.ts";
import {
  AUDIT_PATH,
  auditFileName,
  type ContentRule,
  movedFrom,
  proseOf,
  quotedClaims,
  renamedAudit,
  type Report,
  type RuleInput,
  type Valid,
} from "./rule.ts";

/** The kinds of file whose claims the disclosure says were each checked: every one has its audit file. */
const AUDITED_KINDS = new Set(["answer", "supplier", "evidence", "sources", "disclosure"]);
const DISCLOSURE_PATH = CONTENT_LAYOUT.find((entry) => entry.kind === "disclosure")!.path;

/**
 * Whether a file is told audit/not-covered: the checks of its claims one by one (their outward searches) wait for
 * its audit file, which the problem asks for.
 */
export function lacksItsAudit(input: RuleInput, file: LocatedFile): boolean {
  const audited = auditedFiles(input);
  // A name no slug may have ("room-sizing copy.md") is told by slug/file-name: its audit's name waits for the new one.
  return (
    audited !== undefined && AUDITED_KINDS.has(file.kind) && !audited.has(file.file) && SLUG_PATTERN.test(file.stem)
  );
}

/** The files the audit names, once it is valid and covers the disclosure; else undefined (nothing is held to it). */
function auditedFiles(input: RuleInput): ReadonlySet<string> | undefined {
  if (!input.complete.audit) return undefined;
  let audited = audits.get(input);
  if (!audited) audits.set(input, (audited = new Set(input.audit.map((audit) => audit.data.file))));
  return audited.has(DISCLOSURE_PATH) ? audited : undefined;
}
const audits = new WeakMap<RuleInput, Set<string>>();

/**
 * Once the audit covers the disclosure, whose claim_audit says every claim was checked, every answer, supplier
 * profile, evidence family and the register has its audit file too: a file added without one (a new answer) would
 * make that statement untrue without a word. Content whose audit does not reach the disclosure (a fixture auditing
 * one answer, generated content with none) states no such thing and is not held to it; nor is anything while an
 * audit file is not valid (`complete`), since the file it names may be unknown.
 */
export const auditCoverage: ContentRule = {
  name: "audit-coverage",
  readsAnswers: true,
  check(input, report) {
    if (!auditedFiles(input)) return;
    for (const [path, file] of input.files) {
      if (!lacksItsAudit(input, file)) continue;
      const name = auditFileName(file.kind, file.stem);
      // Moved with its slug kept: the audit of its old name is its own (the editor's audit: the hint asked for every
      // claim to be checked again).
      const old = movedFrom(file, input);
      const audit = old === undefined ? undefined : input.audit.find((one) => one.data.file === old);
      // Renamed with a new slug: the audit of the file gone whose claims stand here.
      const renamed = audit ? undefined : renamedAudit(file, input);
      const keep = (of: Valid<AuditContent>) =>
        `set \`file: ${path}\` there${of.file.file === `${AUDIT_PATH}/${name}` ? "" : ` and name it content/audit/${name}`} (its claims stay checked)`;
      report(
        file,
        "",
        "audit/not-covered",
        `no file of content/audit/ names ${path}, yet the disclosure says every claim was checked.`,
        audit
          ? `content/${audit.file.file} audits ${old}, which no file is now, and this file has that one's slug: if it is that file renamed, ${keep(audit)}; else rename this file back to ${old}.`
          : renamed
            ? `content/${renamed.file.file} audits ${renamed.data.file}, which no file is now, and most of the claims it quotes stand in this file: if this is that file renamed, ${keep(renamed)}.`
            : `Check its claims against the sources they cite and record them in content/audit/${name} (\`file: ${path}\`, an entry a claim); the build then tells the disclosure's new claim_audit figures.`,
      );
    }
    // And within an answer audited: every citation stands in a claim its audit quotes (the words just before it and
    // the mark), so that a sentence added later is not published as checked without a check.
    const quotes = quotedClaims(input);
    // A file failing its schema has that told first: a field in error (too long, misplaced) waits.
    const valid = new Set(
      [...input.suppliers, ...input.evidence, input.sources, input.disclosure].flatMap((one) =>
        one ? [one.file] : [],
      ),
    );
    // Claims no longer in their own file, by that file, whose entries audit/quote-missing tells to move where they now
    // stand: there they count as quoted, not asked for a new entry too (the second workflow audit moved a product:
    // both were told).
    const gone = new Map<string, readonly string[]>();
    for (const [path, claims] of quotes) {
      const own = input.files.get(path);
      const text = own && proseOf(input, own).normal;
      const missing = text === undefined ? [] : claims.filter((claim) => !text.includes(claim));
      if (missing.length > 0) gone.set(path, missing);
    }
    const goneClaims = [...gone.values()].flat();
    for (const [path, file] of input.files) {
      const own = quotes.get(path);
      if (!own || (file.kind === "answer" ? !file.body : !valid.has(file) || !CLAIM_FIELDS[file.kind])) continue;
      // An entry whose quote the file no longer holds is audit/quote-missing's to tell: the claim edited under it
      // would be told twice, so the file waits for that fix.
      if (gone.has(path)) continue;
      const prose = proseOf(input, file);
      const moved = goneClaims.filter((claim) => prose.normal.includes(claim));
      const quoted = moved.length === 0 ? own : [...own, ...moved];
      if (file.kind !== "answer") {
        tellUnquotedFields(file, quoted, report, (text) => quotedElsewhere(input, text, path));
        continue;
      }
      const claims = quoted.join("\u0000");
      // The citations of the body (the last of the prose; marks in code are none), and where each stands, read only
      // for one told.
      const cited = findCitations(prose.text);
      let placed: CitationGroup[] | undefined;
      for (const [index, { ids, offset }] of cited.entries()) {
        // An id the register does not hold is told where it is cited (most likely mistyped): not here too.
        if (!ids.every((id) => input.known.sources.has(id))) continue;
        const end = prose.text.indexOf("]", offset) + 1;
        const from = Math.max(prose.text.lastIndexOf("\n", offset) + 1, offset - QUOTED_BEFORE);
        if (claims.includes(normaliseProse(prose.text.slice(from, end)))) continue;
        placed ??= file.citationGroups();
        report(
          file,
          "",
          "audit/claim-not-quoted",
          `the claim that ${prose.text.slice(offset, end)} cites is quoted by no entry of content/${AUDIT_PATH}/${auditFileName(file.kind, file.stem)}, yet the disclosure says every claim was checked.`,
          undefined,
          placed[index - (cited.length - placed.length)]?.position,
        );
      }
    }
  },
};

/** The disclosure's statements of fact, by pointer (its criteria, changelog and data corrections are records). */
const DISCLOSURE_STATEMENTS = [
  ...["owner", "contact/how_to_reach", "funding", "selection", "ranking", "rank_meaning"],
  ...["conflicts", "corrections", "practices"],
];
/**
 * The fields of a profile's, an evidence family's, the register's or the disclosure's YAML that hold its claims: the
 * words of each stand in claims its audit quotes (one quoting it whole, or several quoting its parts), as an answer's
 * citations do, so that a sentence added to a caveat or a note is not published as checked without a check.
 */
const CLAIM_FIELDS: Partial<Record<string, RegExp>> = {
  supplier:
    /^\/(?:summary|(?:strengths|caveats)\/\d+\/text|ownership\/text|scores\/[^/]+\/basis|searches\/[^/]+\/result)$/,
  evidence: /^\/(?:description|records\/\d+\/.*\/note)$/,
  // The register's notes and records of where a source was read: the claim_audit says each was checked.
  sources: /^\/sources\/\d+\/(?:note|completed\/where)$/,
  disclosure: new RegExp(`^/(?:${DISCLOSURE_STATEMENTS.join("|")})$`),
};

function tellUnquotedFields(
  file: LocatedFile,
  quoted: readonly string[],
  report: Report,
  /** An entry of another file's audit quoting a field's whole text, asked only for a field told. */
  elsewhere: (text: string) => { audit: string; line: number; verdict: string } | undefined,
): void {
  const fields = CLAIM_FIELDS[file.kind]!;
  // Nearly every field is quoted whole by one entry (3,371 of the shipped 3,391): found at once, before any search.
  const whole = new Set(quoted);
  const path: string[] = [];
  const visit = (value: unknown): void => {
    if (typeof value === "string") {
      // The pointer is joined only for a string under a claim field's key: most are ids, dates and statuses.
      if (!CLAIM_KEYS.has(path.at(-1)!)) return;
      const pointer = joinPointer(...path);
      if (!fields.test(pointer)) return;
      // Most values are already as a quote is compared (folded YAML is single-spaced): normalised only when not found.
      if (whole.has(value)) return;
      const text = normaliseProse(value);
      const unquoted = whole.has(text) ? undefined : unquotedWords(text, quoted);
      if (!unquoted) return;
      const audit = `content/${AUDIT_PATH}/${auditFileName(file.kind, file.stem)}`;
      const line = file.locate(pointer).line;
      // The same words checked for another file (a boilerplate note copied with a record): its entry copied, as
      // supported, records the check without a second defect (the second workflow audit copied a mended one).
      const copied = elsewhere(text);
      report(
        file,
        pointer,
        "audit/claim-not-quoted",
        `the words "${unquoted}" are quoted by no entry of ${audit}, yet the disclosure says every claim was checked.`,
        copied
          ? `content/${copied.audit} quotes this text already (its entry at line ${copied.line}): if it holds here too, copy that entry into ${audit} with \`line: ${line}\`${copied.verdict === "supported" ? "" : ", as `verdict: supported` (without its `was`, `defect` and `mended`: the defect was that file's)"}; else check the words against the sources the field cites and record them there.`
          : `Check these words against the sources the field cites and record them in ${audit}: \`claim\` quoting them as they read, with \`line: ${line}\`, \`sources\`, \`source_says\`, \`verdict\` and \`checked\`${markerHits(text).length > 0 ? ", and `outward`: it is a claim of absence or of a pending event, whose search outside the register the entry records (README, Facts expire)" : ""}; the build then tells the disclosure's new claim_audit figures.`,
      );
    } else if (Array.isArray(value))
      for (let at = 0; at < value.length; at++) {
        path.push(String(at));
        visit(value[at]);
        path.pop();
      }
    else if (value && typeof value === "object")
      for (const key in value) {
        path.push(key);
        visit((value as Record<string, unknown>)[key]);
        path.pop();
      }
  };
  visit(file.data);
}
const CLAIM_KEYS = new Set([
  ...["summary", "text", "basis", "result", "description", "note", "where"],
  ...DISCLOSURE_STATEMENTS.map((pointer) => pointer.split("/").at(-1)!),
]);

function quotedElsewhere(
  input: RuleInput,
  text: string,
  path: string,
): { audit: string; line: number; verdict: string } | undefined {
  for (const { file, data } of input.audit) {
    if (data.file === path) continue;
    for (const [index, entry] of data.entries.entries())
      if (entry.claim !== undefined && normaliseProse(entry.claim).includes(text))
        return { audit: file.file, line: file.locate(`/entries/${index}`).line, verdict: entry.verdict };
  }
  return undefined;
}

/** The first run of a text's words that no claim quotes (a claim holding it whole, or claims within it), if any. */
function unquotedWords(text: string, quoted: readonly string[]): string | undefined {
  if (quoted.some((claim) => claim.includes(text))) return undefined;
  const covered = new Uint8Array(text.length);
  for (const claim of quoted)
    for (let at = claim === "" ? -1 : text.indexOf(claim); at >= 0; at = text.indexOf(claim, at + 1))
      covered.fill(1, at, at + claim.length);
  // Spaces and punctuation between quoted parts need no quote of their own.
  const start = [...text.matchAll(/[\p{L}\p{N}]/gu)].find((letter) => !covered[letter.index])?.index;
  if (start === undefined) return undefined;
  let end = start;
  while (end < text.length && !covered[end]) end++;
  const words = text.slice(start, end).trim();
  return words.length > 80 ? `${words.slice(0, 79)}…` : words;
}

/** How much of the text before a citation its claim's quote must hold, with the mark: the claim's last words. */
const QUOTED_BEFORE = 12;
