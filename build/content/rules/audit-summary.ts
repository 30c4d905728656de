import { DEFECT_KINDS, type DefectKind } from "../load/types.ts";
import type { ContentRule } from "./rule.ts";

/**
 * The disclosure states the claim audit's summary, and the figures are the audit's own: claims checked (its
 * entries), defects found and mended (entries whose verdict is mended or removed), the same by kind, and the
 * day of the latest check. With any audit file broken the figures cannot be counted, so the rule waits.
 */
/** How many figures that differ are told each at its line; more are told as one problem with the whole block. */
const FIGURES_TOLD_APART = 4;

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
    // Each figure that differs, told at its own line with the value to write; past a few (a copied audit file
    // moves most of them), one problem with the whole block to write, not a dozen with one hint (the editor's audit).
    const told: Array<{ pointer: string; message: string; hint: string; field: string }> = [];
    const differs = (
      pointer: string,
      what: string,
      says: string | number,
      counted: string | number,
      field = pointer.replace("/claim_audit/", ""),
    ) => {
      if (says !== counted)
        told.push({
          pointer,
          message: `the disclosure says ${says} ${what}, but the audit's entries give ${counted}.`,
          hint: `Write ${counted}.`,
          field,
        });
    };
    // Where the count comes from: an audit file added or removed changes it.
    const held = input.audit.length;
    if (stated.claims_checked !== entries.length)
      told.push({
        pointer: "/claim_audit/claims_checked",
        message: `the disclosure says ${stated.claims_checked} claims checked, but the ${held} file${held === 1 ? "" : "s"} of content/audit/ hold${held === 1 ? "s" : ""} ${entries.length} entries.`,
        hint: `Write ${entries.length}.`,
        field: "claims_checked",
      });
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
          told.push({
            pointer: "/claim_audit/by_kind",
            message: `the audit records ${counted} defects of kind ${kind}, which \`by_kind\` does not list.`,
            hint: `Add to \`by_kind\` the kind ${kind}, found ${counted} and mended ${counted}.`,
            field: `by_kind ${kind}`,
          });
        continue;
      }
      for (const figure of ["found", "mended"] as const)
        differs(
          `/claim_audit/by_kind/${given.index}/${figure}`,
          `defects of kind ${kind} ${figure}`,
          given.item[figure],
          counted,
          `${kind} ${figure}`,
        );
    }
    if (told.length > FIGURES_TOLD_APART) {
      const kinds = DEFECT_KINDS.filter((kind) => (found.get(kind) ?? 0) > 0 || byKind.has(kind));
      report(
        file,
        "/claim_audit",
        "disclosure/audit-summary",
        `${told.length} figures of the disclosure's \`claim_audit\` differ from what content/audit/ adds up to (${told.map(({ field }) => field).join(", ")}).`,
        `Write them as the audit gives them: date ${latest}, claims_checked ${entries.length}, defects_found and defects_mended ${defects.length}; by_kind, found and mended each: ${kinds.map((kind) => `${kind} ${found.get(kind) ?? 0}`).join(", ")}.`,
      );
    } else
      for (const { pointer, message, hint } of told) report(file, pointer, "disclosure/audit-summary", message, hint);
    // A day the audit mended something is a day of corrections: the disclosure says each is listed by date.
    const listed = new Set((data.data_corrections ?? []).map(({ date }) => date));
    const mendedOn = new Map<string, number>();
    for (const { checked } of defects)
      if (!listed.has(checked)) mendedOn.set(checked, (mendedOn.get(checked) ?? 0) + 1);
    // An entry dated after the audit's last check is most often that day's, mistyped (2062 for 2026): told at its
    // date, with the day meant, rather than the day's entry asked for again (the second editor's audit).
    const corrections = data.data_corrections ?? [];
    const later = latest === "" ? -1 : corrections.findIndex(({ date }) => date > latest);
    if (later >= 0) {
      const meant = [...mendedOn.keys()].sort().at(-1);
      report(
        file,
        `/data_corrections/${later}/date`,
        "disclosure/audit-summary",
        `the correction is dated ${corrections[later]!.date}, after the claim audit's last check (${latest}).`,
        meant
          ? `If it is the entry of ${meant}, the day the audit mended ${mendedOn.get(meant)} defect${mendedOn.get(meant) === 1 ? "" : "s"} with no entry of its own, date it ${meant}; else date it the day the corrections were made.`
          : "Date it the day the corrections were made, on or before the audit's last check.",
      );
      if (meant) mendedOn.delete(meant);
    }
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
