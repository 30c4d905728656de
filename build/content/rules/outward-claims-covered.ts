import type { Position } from "../diagnostics/diagnostic.ts";
import type { ContentKind } from "../load/layout.ts";
import type { LocatedFile } from "../load/located-file.ts";
import { normaliseProse } from "./audit-quotes.ts";
import type { ContentRule, RuleInput } from "./rule.ts";

/**
 * Facts expire: a claim that something was not found, or has not happened yet, is true of our search only on the
 * day it was made. So every such claim is covered by an entry of the claim audit that quotes it and records the
 * search made for it outside the register (`outward`), which `audit/outward-expiry` dates and `npm run stale` lists.
 *
 * Claims are found by the published marker phrases below. They are a net, not a parser: a phrase that is not a
 * claim of absence or of a pending event (a plan we state as policy, a definition) is fixed by rephrasing it or by
 * covering it, never by widening the exemptions. The list is published on the docs page with the methodology.
 */
export interface OutwardMarker {
  /** What the marker catches, as the docs print it. */
  phrase: string;
  kind: "absence" | "pending";
  pattern: RegExp;
}

/** Words that may stand between "no" and a verb of finding, within one clause. */
const CLAUSE = "[^.;:!?]{0,120}?";

export const OUTWARD_MARKERS: readonly OutwardMarker[] = [
  { phrase: "not found", kind: "absence", pattern: /\bnot\s+(?:been\s+)?found\b/i },
  { phrase: "not seen", kind: "absence", pattern: /\bnot\s+(?:been\s+)?seen\b/i },
  { phrase: "not established", kind: "absence", pattern: /\bnot\s+(?:been\s+)?established\b/i },
  { phrase: "not documented", kind: "absence", pattern: /\bnot\s+(?:been\s+)?documented\b/i },
  { phrase: "not read", kind: "absence", pattern: /\bnot\s+(?:been\s+)?read\b/i },
  { phrase: "not recorded", kind: "absence", pattern: /\bnot\s+(?:been\s+)?recorded\b/i },
  { phrase: "did not see / did not find", kind: "absence", pattern: /\bdid\s+not\s+(?:see|find)\b/i },
  { phrase: "we have not", kind: "absence", pattern: /\b(?:we|I)\s+have\s+not\b/i },
  { phrase: "found no / found none / found nothing", kind: "absence", pattern: /\bfound\s+(?:no|none|nothing)\b/i },
  {
    phrase: "no … was (were) found, seen, read, recorded or established",
    kind: "absence",
    pattern: new RegExp(
      String.raw`\b(?:no|nothing|none)\b${CLAUSE}\b(?:was|were|is|are|has\s+been|have\s+been)\s+(?:found|seen|read|recorded|established)\b`,
      "i",
    ),
  },
  {
    phrase: "no … in our notes (sources, register)",
    kind: "absence",
    pattern: new RegExp(String.raw`\b(?:no|nothing)\b${CLAUSE}\bin\s+our\s+(?:notes|sources|register)\b`, "i"),
  },
  {
    phrase: "no source (document) read",
    kind: "absence",
    pattern: /\bno\s+(?:source|document|page)s?\s+(?:we\s+)?read\b/i,
  },
  { phrase: "announced", kind: "pending", pattern: /\bannounce[sd]?\b/i },
  { phrase: "expected, expects", kind: "pending", pattern: /\bexpect(?:s|ed)\b/i },
  { phrase: "not yet", kind: "pending", pattern: /\bnot\s+yet\b/i },
  // "will" alone is mostly advice in the answers ("people who will use the room"): a pending event says when (a
  // year, not one inside a citation's id), or what will happen to a product, a deal or a date.
  {
    phrase: "will … (a year), will be (discontinued, released, extended …), will end (ship, close …)",
    kind: "pending",
    pattern: new RegExp(
      String.raw`\bwill\b${CLAUSE}(?<![\w-])(?:19|20)\d\d\b|\bwill\s+(?:no\s+longer|(?:be\s+)?(?:discontinued|retired|withdrawn|replaced|renamed|acquired|sold|released|launched|extended|ended|completed|certified|decertified)|end|ship|launch|close|expire|stop|cease)\b`,
      "i",
    ),
  },
  { phrase: "agreed to", kind: "pending", pattern: /\bagreed\s+to\b/i },
  { phrase: "pending", kind: "pending", pattern: /\bpending\b/i },
  // A plan someone has (not the planning a buyer does).
  {
    phrase: "plans to, is planned, planned for",
    kind: "pending",
    pattern: /\bplans\s+to\b|\b(?:is|are|was|were)\s+planned\b|\bplanned\s+(?:for|to)\b/i,
  },
];

/**
 * The kinds of content whose claims the rule reads.
 */
export const OUTWARD_KINDS: readonly ContentKind[] = ["answer", "supplier", "evidence", "disclosure"];

/**
 * Parts of the disclosure that are not claims about the world today: the rubric's definitions, and dated records
 * (the changelog, the corrections and the audit's summary say what was so, or was done, on their dates). A `status`
 * anywhere is a word of a controlled vocabulary ("announced" is a certification status), not prose.
 */
const NOT_CLAIMS: Partial<Record<ContentKind, readonly string[]>> = {
  disclosure: ["/criteria", "/changelog", "/data_corrections", "/claim_audit", "/sources"],
};

export interface MarkerHit {
  marker: OutwardMarker;
  /** Where the hit is, in the normalised text of its string. */
  start: number;
  end: number;
}

/** Every marker hit in a text (already normalised), in order. */
const GLOBAL_PATTERNS = OUTWARD_MARKERS.map((marker) => ({ marker, global: new RegExp(marker.pattern.source, "gi") }));

export function markerHits(text: string): MarkerHit[] {
  const hits: MarkerHit[] = [];
  for (const { marker, global } of GLOBAL_PATTERNS) {
    for (const match of text.matchAll(global)) {
      hits.push({ marker, start: match.index, end: match.index + match[0].length });
    }
  }
  return hits.sort((a, b) => a.start - b.start || b.end - a.end);
}

/** The sentence a hit stands in, shortened for a message. */
function sentenceAround(text: string, hit: MarkerHit): string {
  const before = text.slice(0, hit.start);
  const stop = Math.max(before.lastIndexOf(". "), before.lastIndexOf("; "));
  const from = stop < 0 ? 0 : stop + 2;
  const end = text.slice(hit.end).search(/[.;](?:\s|$)/);
  const sentence = text.slice(from, end < 0 ? text.length : hit.end + end + 1);
  return sentence.length > 140 ? `${sentence.slice(0, 139)}…` : sentence;
}

/** Every string of a YAML value with its JSON pointer. */
function* stringsOf(value: unknown, pointer = ""): Generator<{ pointer: string; text: string }> {
  if (typeof value === "string") yield { pointer, text: value };
  else if (Array.isArray(value)) for (const [at, item] of value.entries()) yield* stringsOf(item, `${pointer}/${at}`);
  else if (value && typeof value === "object")
    for (const [key, item] of Object.entries(value))
      yield* stringsOf(item, `${pointer}/${key.replaceAll("~", "~0").replaceAll("/", "~1")}`);
}

/** The claims of one file whose outward search is recorded, normalised as the audit quotes them. */
function coveringClaims(input: RuleInput): Map<string, string[]> {
  const claims = new Map<string, string[]>();
  for (const { data } of input.audit) {
    for (const entry of data.entries) {
      if (!entry.outward || entry.claim === undefined) continue;
      const list = claims.get(data.file) ?? [];
      list.push(normaliseProse(entry.claim));
      claims.set(data.file, list);
    }
  }
  return claims;
}

/** The hits of a text that no covering claim spans. */
function uncovered(text: string, claims: readonly string[]): MarkerHit[] {
  const hits = markerHits(text);
  if (hits.length === 0) return [];
  const spans: Array<[number, number]> = [];
  for (const claim of claims) {
    for (let at = text.indexOf(claim); at >= 0; at = text.indexOf(claim, at + 1)) spans.push([at, at + claim.length]);
  }
  return hits.filter((hit) => !spans.some(([from, to]) => from <= hit.start && hit.end <= to));
}

export const outwardClaimsCovered: ContentRule = {
  name: "outward-claims-covered",
  readsAnswers: OUTWARD_KINDS.includes("answer"),
  check(input, report) {
    const claims = coveringClaims(input);
    // One problem a sentence: two markers in one sentence ("no ... was found", "not found") are one claim.
    const tell = (file: LocatedFile, pointer: string, text: string, at?: Position) => {
      const told = new Set<string>();
      for (const hit of uncovered(text, claims.get(file.file) ?? [])) {
        const sentence = sentenceAround(text, hit);
        if (told.has(sentence)) continue;
        told.add(sentence);
        report(
          file,
          pointer,
          "audit/outward-missing",
          `"${sentence}" is a claim of ${hit.marker.kind === "absence" ? "absence" : "a pending event"} (marker "${hit.marker.phrase}"), and no entry of the claim audit that quotes it records an outward search.`,
          undefined,
          at,
        );
      }
    };
    const files: Array<{ file: LocatedFile; data: unknown }> = [
      ...(OUTWARD_KINDS.includes("supplier") ? input.suppliers : []),
      ...(OUTWARD_KINDS.includes("evidence") ? input.evidence : []),
      ...(OUTWARD_KINDS.includes("disclosure") && input.disclosure ? [input.disclosure] : []),
      ...(OUTWARD_KINDS.includes("answer") ? input.answers : []),
    ];
    for (const { file, data } of files) {
      const skip = NOT_CLAIMS[file.kind] ?? [];
      for (const { pointer, text } of stringsOf(data)) {
        if (pointer.endsWith("/status")) continue;
        if (!skip.some((part) => pointer === part || pointer.startsWith(`${part}/`)))
          tell(file, pointer, normaliseProse(text));
      }
      // An answer's body, a paragraph at a time; a problem stands where its paragraph starts.
      for (const paragraph of file.paragraphs()) tell(file, "", normaliseProse(paragraph.text), paragraph.position);
    }
  },
};
