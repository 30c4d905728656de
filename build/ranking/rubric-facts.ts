/**
 * The part of the rubric the content itself decides. Some criterion levels follow from facts recorded
 * elsewhere in the content (the product families a supplier makes, its listings and warranty terms in the
 * evidence register, its ownership status); for those criteria this module gives the range of scores the
 * facts allow, and why. The scores-follow-facts rule reports a score outside it. Levels that rest on facts
 * the content does not structure (a mention in a platform vendor's guidance, say) are left to the basis.
 */
import type { EvidenceRecordContent, Listing, SupplierContent, WarrantyEntry } from "../content/types.ts";
import { WARRANTY_TERMS } from "../content/types.ts";

/** The scores a criterion may take given the recorded facts, inclusive, and the facts that say so. */
export interface ScoreRange {
  min: number;
  max: number;
  because: string;
}

/** The areas evidence-depth counts: a score of 3 or more in one means primary-source facts in that area. */
export const DEPTH_AREAS = ["platform-certification", "support-transparency", "ownership-transparency"] as const;

const exactly = (score: number, because: string): ScoreRange => ({ min: score, max: score, because });

/** What the recorded facts allow for each mechanically checkable criterion; criteria absent here are free. */
export function scoreRanges(
  supplier: SupplierContent,
  records: readonly EvidenceRecordContent[],
  newestListing: string | undefined,
): Record<string, ScoreRange> {
  const families = new Set(supplier.makes.map((made) => made.family)).size;
  const ranges: Record<string, ScoreRange> = {
    "portfolio-breadth": exactly(
      Math.min(families, 5),
      `its products are named in ${families} product famil${families === 1 ? "y" : "ies"}`,
    ),
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
