/**
 * The part of the rubric the content itself decides. Some criterion levels follow from facts recorded
 * elsewhere in the content (the product families a supplier makes, its listings and warranty terms in the
 * evidence register, its ownership status); for those criteria this module gives the range of scores the
 * facts allow, and why. The scores-follow-facts rule reports a score outside it. Levels that rest on facts
 * the content does not structure (a mention in a platform vendor's guidance, say) are left to the basis.
 *
 * The kind of source sets a ceiling too: a score of 3 or more on platform listings, support terms, ownership
 * or product range needs a primary source among those it cites (for product range, a family counts only when
 * a primary source names a product in it). This module gives that ceiling; the scores-rest-on-primary-sources
 * rule reports a score above it, and scores-follow-facts leaves such a score to that rule.
 */
import type {
  EvidenceFamilyContent,
  EvidenceRecordContent,
  Listing,
  SupplierContent,
  WarrantyEntry,
} from "../load/types.ts";
import { WARRANTY_TERMS } from "../load/types.ts";

/** The scores a criterion may take given the recorded facts, inclusive, and the facts that say so. */
export interface ScoreRange {
  min: number;
  max: number;
  because: string;
}

/** The areas evidence-depth counts: a score of 3 or more in one means primary-source facts in that area. */
const DEPTH_AREAS = ["platform-certification", "support-transparency", "ownership-transparency"] as const;

/** The highest score secondary sources alone support on those criteria. */
export const SECONDARY_MAX = 2;

/** Whether a register entry is a primary source (`primary: true` in content/sources.yaml). */
export type IsPrimary = (sourceId: string) => boolean;

/** The most a score may be, given the kind of the sources it rests on, and why. */
export interface SourceCeiling {
  max: number;
  because: string;
}

const exactly = (score: number, because: string): ScoreRange => ({ min: score, max: score, because });
const families = (count: number) => `${count} product famil${count === 1 ? "y" : "ies"}`;

/** The families a primary source names a product in: those whose `makes` entry cites a primary source. */
function primaryFamilies(supplier: SupplierContent, isPrimary: IsPrimary): string[] {
  return [...new Set(supplier.makes.filter((made) => made.sources.some(isPrimary)).map((made) => made.family))];
}

/** What the recorded facts allow for each mechanically checkable criterion; criteria absent here are free. */
function scoreRanges(
  supplier: SupplierContent,
  records: readonly EvidenceRecordContent[],
  newestListing: string | undefined,
): Record<string, ScoreRange> {
  const named = new Set(supplier.makes.map((made) => made.family)).size;
  const ranges: Record<string, ScoreRange> = {
    "portfolio-breadth": exactly(Math.min(named, 5), `its products are named in ${families(named)}`),
    "platform-certification": platformRange(records.flatMap(listingsOf), newestListing),
    "support-transparency": supportRange(records),
    "ownership-transparency": ownershipRange(supplier.ownership.status),
  };
  const depth = depthRange(supplier);
  if (depth) ranges["evidence-depth"] = depth;
  return ranges;
}

function listingsOf(record: EvidenceRecordContent): Listing[] {
  return Object.values(record.certification).flatMap((entry) => entry.listings ?? []);
}

/** 5: in the newest list version read with firmware, and in an earlier one; 4: newest with firmware; 3: any listing. */
function platformRange(listings: readonly Listing[], newest: string | undefined): ScoreRange {
  if (listings.length === 0)
    return { min: 0, max: 2, because: "the evidence register records no listing of its products" };
  const latestWithFirmware = listings.some((listing) => listing.as_of === newest && listing.firmware);
  const earlier = listings.some((listing) => newest !== undefined && listing.as_of < newest);
  if (latestWithFirmware && earlier)
    return exactly(
      5,
      `the register lists its products with firmware in the newest list version read (${newest}) and in an earlier one`,
    );
  if (latestWithFirmware)
    return exactly(
      4,
      `the register lists its products with firmware in the newest list version read (${newest}), in no earlier one`,
    );
  return exactly(
    3,
    `the register lists its products, but not with firmware in the newest list version read (${newest ?? "none"})`,
  );
}

/** A documented standard term means at least 4; other documented terms exactly 3; none at most 3. */
function supportRange(records: readonly EvidenceRecordContent[]): ScoreRange {
  const entries = records.flatMap((record) =>
    WARRANTY_TERMS.map((term) => [term, record.warranty[term]] as [string, WarrantyEntry]),
  );
  const documented = entries.filter(([, entry]) => entry.status === "documented");
  if (documented.some(([term]) => term === "standard_term")) {
    return { min: 4, max: 5, because: "the register documents a standard warranty term for one of its products" };
  }
  if (documented.length > 0) {
    return {
      min: 3,
      max: 3,
      because: `the register documents ${[...new Set(documented.map(([term]) => term))].join(", ")} but no standard term`,
    };
  }
  // 3 stays open: an end-of-life policy or a service plan may be documented without a register field for it.
  return { min: 0, max: 3, because: "the register documents no warranty term of its products" };
}

function ownershipRange(status: SupplierContent["ownership"]["status"]): ScoreRange {
  if (status === "documented") return { min: 3, max: 5, because: "its ownership status is documented" };
  if (status === "reported") return exactly(2, "its ownership status is reported (by third parties only)");
  return { min: 0, max: 1, because: "its ownership status is unknown" };
}

/** Follows from the supplier's own scores on the three areas (5 all documented … 0 nothing). */
function depthRange(supplier: SupplierContent): ScoreRange | undefined {
  const areas = DEPTH_AREAS.map((id) => supplier.scores[id]?.score);
  if (areas.some((score) => score === undefined)) return undefined;
  const documented = areas.filter((score) => score! >= 3).length;
  const reported = areas.filter((score) => score === 2).length;
  const anything = areas.some((score) => score! > 0) || supplier.makes.length > 0;
  const score =
    documented === 3 ? 5 : documented === 2 ? 4 : documented === 1 ? (reported > 0 ? 3 : 2) : anything ? 1 : 0;
  return exactly(
    score,
    `it scores 3 or more in ${documented} of ${DEPTH_AREAS.join(", ")}${documented === 1 && reported > 0 ? ", and 2 in another" : ""}`,
  );
}

/**
 * The ceiling the kind of the cited sources sets on each criterion whose score of 3 or more needs a primary source
 * (the three areas and portfolio-breadth) the supplier is scored on, where there is one: secondary sources alone
 * support at most SECONDARY_MAX. A score that cites no source at all gets no ceiling here (score/unsourced reports it).
 */
function sourceCeilings(supplier: SupplierContent, isPrimary: IsPrimary): Record<string, SourceCeiling> {
  const ceilings: Record<string, SourceCeiling> = {};
  for (const id of DEPTH_AREAS) {
    const cited = supplier.scores[id]?.sources ?? [];
    if (cited.length === 0 || cited.some(isPrimary)) continue;
    ceilings[id] = { max: SECONDARY_MAX, because: `none of the sources it cites (${cited.join(", ")}) is primary` };
  }
  if (supplier.scores["portfolio-breadth"]) {
    const named = primaryFamilies(supplier, isPrimary);
    if (named.length < 5) {
      ceilings["portfolio-breadth"] =
        named.length >= 3
          ? {
              max: named.length,
              because: `a primary source names its products in only ${families(named.length)} (${named.join(", ")})`,
            }
          : {
              max: SECONDARY_MAX,
              because:
                named.length === 0
                  ? "no primary source names any of its products"
                  : `a primary source names its products in only ${families(named.length)} (${named.join(", ")})`,
            };
    }
    // The score's own sources as well, as the disclosure says of every criterion it names: a range that primary
    // sources name in the profile, scored on a trade report alone, rests on the report.
    const cited = supplier.scores["portfolio-breadth"].sources ?? [];
    if (cited.length > 0 && !cited.some(isPrimary) && (ceilings["portfolio-breadth"]?.max ?? 5) > SECONDARY_MAX)
      ceilings["portfolio-breadth"] = {
        max: SECONDARY_MAX,
        because: `none of the sources it cites (${cited.join(", ")}) is primary`,
      };
  }
  return ceilings;
}

/** What the evidence register says for every supplier: its records by supplier, and the newest list version read. */
export interface RegisterFacts {
  records: ReadonlyMap<string, EvidenceRecordContent[]>;
  newestListing: string | undefined;
}

export function registerFacts(families: readonly EvidenceFamilyContent[]): RegisterFacts {
  const records = new Map<string, EvidenceRecordContent[]>();
  let newestListing: string | undefined;
  for (const family of families) {
    for (const record of family.records) {
      records.set(record.supplier, [...(records.get(record.supplier) ?? []), record]);
      for (const entry of Object.values(record.certification)) {
        for (const listing of entry.listings ?? [])
          if (!newestListing || listing.as_of > newestListing) newestListing = listing.as_of;
      }
    }
  }
  return { records, newestListing };
}

/**
 * A score the rubric does not allow, and which rule says so: `facts` when the recorded facts do not reach it
 * (score/beyond-facts), `sources` when the facts would but its sources are all secondary (score/secondary-only).
 */
export interface ScoreVerdict {
  id: string;
  score: number;
  kind: "facts" | "sources";
  /** The scores allowed, inclusive. */
  min: number;
  max: number;
  because: string;
}

/**
 * Every checkable score that the rubric does not allow. The level a score may have is the one its facts reach,
 * capped by the ceiling its sources' kind sets; a score above the cap that the facts alone would allow is the
 * sources' fault, any other the facts'.
 */
export function scoreVerdicts(
  supplier: SupplierContent,
  register: RegisterFacts,
  isPrimary: IsPrimary,
): ScoreVerdict[] {
  const ranges = scoreRanges(supplier, register.records.get(supplier.slug) ?? [], register.newestListing);
  const ceilings = sourceCeilings(supplier, isPrimary);
  const verdicts: ScoreVerdict[] = [];
  for (const id of new Set([...Object.keys(ranges), ...Object.keys(ceilings)])) {
    const entry = supplier.scores[id];
    if (!entry) continue;
    const range = ranges[id] ?? { min: 0, max: 5, because: "" };
    const ceiling = ceilings[id];
    const cap = ceiling?.max ?? 5;
    if (ceiling && entry.score > cap && entry.score <= range.max) {
      verdicts.push({ id, score: entry.score, kind: "sources", min: 0, max: cap, because: ceiling.because });
      continue;
    }
    const min = Math.min(range.min, cap);
    const max = Math.min(range.max, cap);
    if (entry.score >= min && entry.score <= max) continue;
    const because = [range.because, max < range.max ? ceiling?.because : undefined].filter(Boolean).join(", and ");
    verdicts.push({ id, score: entry.score, kind: "facts", min, max, because });
  }
  // evidence-depth follows from the three areas' own scores: while one of those is refused, a verdict on it would be
  // that score's echo, asking to move a right score with a wrong one (the editor's audit). It waits.
  const areas: readonly string[] = DEPTH_AREAS;
  return verdicts.some((verdict) => areas.includes(verdict.id))
    ? verdicts.filter((verdict) => verdict.id !== "evidence-depth")
    : verdicts;
}
