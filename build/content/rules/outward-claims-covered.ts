import { joinPointer } from "../diagnostics/diagnostic.ts";
import { CONTENT_LAYOUT, type ContentKind } from "../load/layout.ts";
import type { LocatedFile } from "../load/located-file.ts";
import {
  type MarkedParagraph,
  type MarkerHit,
  markerHits,
  mayHoldMarker,
  normaliseProse,
  positionInParagraph,
} from "../load/outward-markers.ts";
import { lacksItsAudit } from "./audit-coverage.ts";
import { type ContentRule, passed, type Report, type RuleInput } from "./rule.ts";

/**
 * Parts of the disclosure that are not claims about the world today: the rubric's definitions, and dated records
 * (the changelog, the corrections and the audit's summary say what was so, or was done, on their dates). A `status`
 * anywhere is a word of a controlled vocabulary ("announced" is a certification status), not prose.
 */
const NOT_CLAIMS: Partial<Record<ContentKind, readonly string[]>> = {
  disclosure: ["/criteria", "/changelog", "/data_corrections", "/claim_audit", "/sources"],
};

/** The sentence a hit stands in, shortened for a message. */
function sentenceAround(text: string, hit: MarkerHit): { sentence: string; from: number } {
  const before = text.slice(0, hit.start);
  const stop = Math.max(before.lastIndexOf(". "), before.lastIndexOf("; "));
  const from = stop < 0 ? 0 : stop + 2;
  const end = text.slice(hit.end).search(/[.;](?:\s|$)/);
  const sentence = text.slice(from, end < 0 ? text.length : hit.end + end + 1);
  return { sentence: sentence.length > 140 ? `${sentence.slice(0, 139)}…` : sentence, from };
}

/**
 * Every string of a YAML value that holds a marker, with its JSON pointer (the path built only for those: most of
 * the directory's and the register's thousands of strings hold none).
 */
function markedStrings(value: unknown, found: Array<{ pointer: string; text: string }>, path: string[] = []): void {
  if (typeof value === "string") {
    if (mayHoldMarker(value))
      found.push({
        pointer: joinPointer(...path),
        text: value,
      });
  } else if (Array.isArray(value)) {
    for (let at = 0; at < value.length; at++) {
      path.push(String(at));
      markedStrings(value[at], found, path);
      path.pop();
    }
  } else if (value && typeof value === "object") {
    for (const key in value) {
      path.push(key);
      markedStrings((value as Record<string, unknown>)[key], found, path);
      path.pop();
    }
  }
}

/**
 * The claims of each file whose outward search is recorded, normalised as the audit quotes them; undefined while an
 * audit file cannot be read (it did not parse, or its document or its `file` is in error), whose entries would
 * otherwise all be told missing in the file they audit. An audit file failing its schema elsewhere still covers the
 * claims of its entries that quote one and record a search: its own problems are told as they are.
 */
const covering = new WeakMap<RuleInput["audit"], Map<string, string[]> | undefined>();
function coveringClaims(input: RuleInput): Map<string, string[]> | undefined {
  if (covering.has(input.audit)) return covering.get(input.audit);
  const audits = [...input.audit, ...input.failed.audit];
  const read = new Set(audits.filter((audit) => passed(audit)("file")).map(({ file }) => file.file));
  const unread = [...input.unparsed, ...input.files.keys()].some(
    (path) => path.startsWith(AUDIT_FOLDER) && !read.has(path),
  );
  const claims = unread ? undefined : new Map<string, string[]>();
  for (const { data } of claims ? audits : []) {
    for (const entry of Array.isArray(data.entries) ? (data.entries as unknown[]) : []) {
      const { claim, outward } = (entry ?? {}) as { claim?: unknown; outward?: unknown };
      if (typeof claim !== "string" || typeof outward !== "object" || outward === null) continue;
      const list = claims!.get(data.file) ?? [];
      if (list.length === 0) claims!.set(data.file, list);
      list.push(normaliseProse(claim));
    }
  }
  covering.set(input.audit, claims);
  return claims;
}
const AUDIT_FOLDER = `${CONTENT_LAYOUT.find((entry) => entry.kind === "audit")!.path}/`;

/** The hits of a text that no covering claim spans. */
function uncovered(text: string, claims: readonly string[]): MarkerHit[] {
  // Most such texts are quoted whole by a claim: every hit is covered, and no claim needs looking for.
  if (claims.includes(text)) return [];
  const hits = markerHits(text);
  if (hits.length === 0) return [];
  const spans: Array<[number, number]> = [];
  for (const claim of claims) {
    for (let at = text.indexOf(claim); at >= 0; at = text.indexOf(claim, at + 1)) spans.push([at, at + claim.length]);
  }
  return hits.filter((hit) => !spans.some(([from, to]) => from <= hit.start && hit.end <= to));
}

/** Reports each sentence of a text with a marker that no claim of the audit with an outward search covers. */
function tellUncovered(
  input: RuleInput,
  report: Report,
  file: LocatedFile,
  pointer: string,
  text: string,
  paragraph?: MarkedParagraph,
) {
  // One problem a sentence: two markers in one sentence ("no ... was found", "not found") are one claim.
  const told = new Set<string>();
  const claims = coveringClaims(input);
  // A file with no audit at all is told so once (audit/not-covered), not once a claim.
  if (!claims || lacksItsAudit(input, file)) return;
  for (const hit of uncovered(text, claims.get(file.file) ?? [])) {
    const { sentence, from } = sentenceAround(text, hit);
    if (told.has(sentence)) continue;
    told.add(sentence);
    report(
      file,
      pointer,
      "audit/outward-missing",
      `"${sentence}" is a claim of ${hit.marker.kind === "absence" ? "absence" : "a pending event"} (marker "${hit.marker.phrase}"), and no entry of the claim audit that quotes it records an outward search.`,
      undefined,
      // In a body, where the sentence starts (a paragraph may be a long line).
      paragraph && positionInParagraph(paragraph, from),
    );
  }
}

/** Every string of a file's YAML that is prose (not a status word, not a part that records no claim). */
function tellStrings(input: RuleInput, report: Report, file: LocatedFile, data: unknown) {
  const skip = NOT_CLAIMS[file.kind] ?? [];
  const found: Array<{ pointer: string; text: string }> = [];
  markedStrings(data, found);
  for (const { pointer, text } of found) {
    if (pointer.endsWith("/status")) continue;
    if (!skip.some((part) => pointer === part || pointer.startsWith(`${part}/`)))
      tellUncovered(input, report, file, pointer, normaliseProse(text));
  }
}

/**
 * Facts expire: a claim that something was not found, or has not happened yet, is true of our search only on the
 * day it was made. So every such claim (found by the published markers, content/load/outward-markers.ts) is covered
 * by an entry of the claim audit that quotes it and records the search made for it outside the register
 * (`outward`), which `audit/outward-expiry` dates and `npm run stale` lists.
 */
export const outwardClaimsCovered: ContentRule = {
  name: "outward-claims-covered",
  reads: [],
  answer({ file, data }, input, report) {
    tellStrings(input, report, file, data);
    // The body's paragraphs with a marker, found when it was parsed; a problem stands where its sentence starts.
    for (const paragraph of file.body?.marked ?? []) tellUncovered(input, report, file, "", paragraph.text, paragraph);
  },
  check(input, report) {
    // The answers' front matter and body are read per answer, above; the data is walked as unknown, so a file that
    // failed its schema in some fields is read too.
    const { failed } = input;
    const files: Array<{ file: LocatedFile; data: unknown }> = [
      ...input.suppliers,
      ...input.evidence,
      ...(input.disclosure ? [input.disclosure] : []),
      ...failed.suppliers,
      ...failed.evidence,
      ...failed.disclosure,
    ];
    for (const { file, data } of files) tellStrings(input, report, file, data);
  },
};
