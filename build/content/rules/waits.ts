import type { DiagnosticCode } from "../diagnostics/catalogue.ts";
import type { Diagnostic } from "../diagnostics/diagnostic.ts";

/**
 * Problems told only once others are mended, since following their hints first would have the same asked again. The
 * disclosure's audit figures wait while an audit entry is still to be added, changed or removed (a claim not yet
 * quoted, a quote no longer in its file, a file without its audit, an audit of a file that is gone): each moves them.
 * The editor's workflow audit, adding a supplier, was asked for the figures twice.
 */
const WAITS: ReadonlyArray<{
  code: DiagnosticCode;
  pointer?: RegExp;
  until: readonly DiagnosticCode[];
  /** Waits only for those told at the same place (file, field, line and column), not anywhere in the build: in an
   * answer's body, another sentence of the same paragraph is another place. */
  samePlace?: true;
}> = [
  {
    code: "disclosure/audit-summary",
    pointer: /^\/claim_audit(?:\/|$)/,
    until: ["audit/claim-not-quoted", "audit/quote-missing", "audit/not-covered", "audit/unknown-file"],
  },
  // A claim of absence no entry quotes is asked for its entry once, whose hint asks for the outward search too (the
  // second workflow audit had 24 problems for a copied record's 12 notes).
  { code: "audit/outward-missing", until: ["audit/claim-not-quoted"], samePlace: true },
];
const placeOf = ({ file, pointer, line, column }: Diagnostic) => `${file}\u0000${pointer}\u0000${line}:${column}`;

/** The problems to tell now: those that wait for another problem told in the same build are left for the next. */
export function withoutWaiting(diagnostics: Diagnostic[]): Diagnostic[] {
  const told = new Set(diagnostics.map(({ code }) => code));
  const waiting = WAITS.filter(({ until }) => until.some((code) => told.has(code)));
  if (waiting.length === 0) return diagnostics;
  const places = new Map(
    waiting
      .filter(({ samePlace }) => samePlace)
      .map((wait) => [wait, new Set(diagnostics.filter(({ code }) => wait.until.includes(code)).map(placeOf))]),
  );
  return diagnostics.filter(
    (diagnostic) =>
      !waiting.some(
        (wait) =>
          wait.code === diagnostic.code &&
          (wait.pointer?.test(diagnostic.pointer) ?? true) &&
          (places.get(wait)?.has(placeOf(diagnostic)) ?? true),
      ),
  );
}
