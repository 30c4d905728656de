import { DEFECT_KINDS, type DefectKind } from "../load/types.ts";
import type { ContentRule } from "./rule.ts";

/**
 * The disclosure states the claim audit's summary, and the figures are the audit's own: claims checked (its
 * entries), defects found and mended (entries whose verdict is mended or removed), the same by kind, and the
 * day of the latest check. With any audit file broken the figures cannot be counted, so the rule waits.
 */
export const auditSummary: ContentRule = {
  name: "audit-summary",
  check(input, report) {
    if (!input.disclosure || !input.complete.audit) return;
    const { file, data } = input.disclosure;
    const entries = input.audit.flatMap(({ data: audit }) => audit.entries);
    const stated = data.claim_audit;
    if (!stated) {
      if (entries.length > 0)
        report(
          file,
          "",
          "disclosure/audit-summary",
          `content/audit/ holds ${entries.length} checked claims, but the disclosure states no \`claim_audit\`.`,
        );
      return;
    }
    const defects = entries.filter((entry) => entry.verdict !== "supported");
    const found = new Map<DefectKind, number>();
    for (const entry of defects) found.set(entry.defect!, (found.get(entry.defect!) ?? 0) + 1);
    // Dates as text (YYYY-MM-DD) sort as days do.
    const latest =
      entries
        .map((entry) => entry.checked)
        .sort()
        .at(-1) ?? "";
    const differs = (pointer: string, what: string, says: string | number, counted: string | number) => {
      if (says !== counted)
        report(
          file,
          pointer,
          "disclosure/audit-summary",
          `the disclosure says ${says} ${what}, but the audit's entries give ${counted}.`,
        );
    };
    // Where the count comes from: an audit file added or removed changes it.
    const held = input.audit.length;
    if (stated.claims_checked !== entries.length)
      report(
        file,
        "/claim_audit/claims_checked",
        "disclosure/audit-summary",
        `the disclosure says ${stated.claims_checked} claims checked, but the ${held} file${held === 1 ? "" : "s"} of content/audit/ hold${held === 1 ? "s" : ""} ${entries.length} entries.`,
      );
    differs("/claim_audit/defects_found", "defects found", stated.defects_found, defects.length);
    // Every defect the audit records is mended or removed: none is left open.
    differs("/claim_audit/defects_mended", "defects mended", stated.defects_mended, defects.length);
    if (latest) differs("/claim_audit/date", "as the day of the latest check", stated.date, latest);
    const byKind = new Map(stated.by_kind.map((item, index) => [item.kind, { item, index }]));
    for (const kind of DEFECT_KINDS) {
      const counted = found.get(kind) ?? 0;
      const given = byKind.get(kind);
      if (!given) {
        if (counted > 0)
          report(
            file,
            "/claim_audit/by_kind",
            "disclosure/audit-summary",
            `the audit records ${counted} defects of kind ${kind}, which \`by_kind\` does not list.`,
          );
        continue;
      }
      differs(`/claim_audit/by_kind/${given.index}/found`, `defects of kind ${kind} found`, given.item.found, counted);
      differs(
        `/claim_audit/by_kind/${given.index}/mended`,
        `defects of kind ${kind} mended`,
        given.item.mended,
        counted,
      );
    }
    // A day the audit mended something is a day of corrections: the disclosure says each is listed by date.
    const listed = new Set((data.data_corrections ?? []).map(({ date }) => date));
    const mendedOn = new Map<string, number>();
    for (const { checked } of defects)
      if (!listed.has(checked)) mendedOn.set(checked, (mendedOn.get(checked) ?? 0) + 1);
    for (const [day, count] of [...mendedOn].sort())
      report(
        file,
        "/data_corrections",
        "disclosure/audit-summary",
        `the claim audit mended ${count} defect${count === 1 ? "" : "s"} on ${day}, but \`data_corrections\` has no entry of that day.`,
        `Add an entry dated ${day} saying what was corrected that day that a reader of the previous version should know, and what the audit mended.`,
      );
  },
};
