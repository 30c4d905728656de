import type { AuditContent, AuditEntry } from "./types.ts";

/**
 * Facts expire: a claim of absence or of a pending event records the search made for it outside the register
 * (`outward` in its audit entry), and when that search must be made again. `npm run stale` lists the claims due; the
 * build counts those past their expiry.
 */
export type OutwardSearch = NonNullable<AuditEntry["outward"]>;

/** A claim whose outward search is recorded: where it stands and when the search must be made again. */
export interface OutwardClaim {
  /** The audited content file, relative to the content folder, and the claim's line in it. */
  file: string;
  line: number;
  claim: string;
  outward: OutwardSearch;
}

export function outwardClaims(audit: ReadonlyArray<{ data: AuditContent }>): OutwardClaim[] {
  return audit.flatMap(({ data }) =>
    data.entries.flatMap((entry) =>
      entry.outward
        ? [{ file: data.file, line: entry.line, claim: entry.claim ?? entry.was ?? "", outward: entry.outward }]
        : [],
    ),
  );
}

/** The claims due on `day` (YYYY-MM-DD): their search expires on it or before. */
export const dueOn = (claims: readonly OutwardClaim[], day: string): OutwardClaim[] =>
  claims.filter((claim) => claim.outward.expires <= day);
