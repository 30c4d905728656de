import { SLUG_PATTERN } from "../../contract/layout.ts";
import { CONTENT_LAYOUT } from "../load/layout.ts";
import { normaliseProse } from "../load/outward-markers.ts";
import { AUDIT_PATH, auditFileName, type ContentRule, movedFrom } from "./rule.ts";

/** The kinds of file whose claims the disclosure says were each checked: every one has its audit file. */
const AUDITED_KINDS = new Set(["answer", "supplier", "evidence", "sources", "disclosure"]);
const DISCLOSURE_PATH = CONTENT_LAYOUT.find((entry) => entry.kind === "disclosure")!.path;

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
    if (!input.complete.audit) return;
    const audited = new Set(input.audit.map((audit) => audit.data.file));
    if (!audited.has(DISCLOSURE_PATH)) return;
    for (const [path, file] of input.files) {
      if (!AUDITED_KINDS.has(file.kind) || audited.has(path)) continue;
      // A name no slug may have ("room-sizing copy.md") is told by slug/file-name: its audit's name waits for the new one.
      if (file.kind !== "sources" && file.kind !== "disclosure" && !SLUG_PATTERN.test(file.stem)) continue;
      const name = auditFileName(file.kind, file.stem);
      // Moved with its slug kept: the audit of its old name is its own (the editor's audit: the hint asked for every
      // claim to be checked again).
      const old = movedFrom(file, input);
      const audit = old === undefined ? undefined : input.audit.find((one) => one.data.file === old);
      report(
        file,
        "",
        "audit/not-covered",
        `no file of content/audit/ names ${path}, yet the disclosure says every claim was checked.`,
        audit
          ? `content/${audit.file.file} audits ${old}, which no file is now, and this file has that one's slug: if it is that file renamed, set \`file: ${path}\` there and name it content/audit/${name} (its claims stay checked); else rename this file back to ${old}.`
          : `Check its claims against the sources they cite and record them in content/audit/${name} (\`file: ${path}\`, an entry a claim); the build then tells the disclosure's new claim_audit figures.`,
      );
    }
    // And within an answer audited: every citation stands in a claim its audit quotes (the words just before it and
    // the mark), so that a sentence added later is not published as checked without a check.
    const quotes = new Map<string, string[]>();
    for (const { data } of input.audit)
      for (const entry of data.entries)
        if (entry.claim !== undefined)
          quotes.set(data.file, [...(quotes.get(data.file) ?? []), normaliseProse(entry.claim)]);
    for (const [path, file] of input.files) {
      const quoted = quotes.get(path);
      if (file.kind !== "answer" || !quoted || !file.body) continue;
      const prose = file.prose();
      // An entry whose quote the file no longer holds is audit/quote-missing's to tell: the claim edited under it
      // would be told twice, so the file waits for that fix.
      const whole = normaliseProse(prose);
      if (quoted.some((claim) => !whole.includes(claim))) continue;
      const claims = quoted.join("\u0000");
      // The marks in code are no citations: each mark is paired with the next citation group whose ids it holds.
      const groups = file.citationGroups();
      let next = 0;
      for (const line of prose.split("\n")) {
        if (!line.includes("[@")) continue;
        for (const mark of line.matchAll(CITATION_MARK)) {
          const ids = mark[0]
            .slice(1, -1)
            .split(";")
            .map((id) => id.trim().slice(1));
          if (groups[next]?.ids.join(";") !== ids.join(";")) continue;
          const group = groups[next++]!;
          // An id the register does not hold is told where it is cited (most likely mistyped): not here too.
          if (!ids.every((id) => input.known.sources.has(id))) continue;
          const piece = normaliseProse(
            line.slice(Math.max(0, mark.index - QUOTED_BEFORE), mark.index + mark[0].length),
          );
          if (claims.includes(piece)) continue;
          report(
            file,
            "",
            "audit/claim-not-quoted",
            `the claim that ${mark[0]} cites is quoted by no entry of content/${AUDIT_PATH}/${auditFileName(file.kind, file.stem)}, yet the disclosure says every claim was checked.`,
            undefined,
            group.position,
          );
        }
      }
    }
  },
};

/** A citation mark, as the body writes it. */
const CITATION_MARK = /\[@[a-z0-9]+(?:-[a-z0-9]+)*(?:\s*;\s*@[a-z0-9]+(?:-[a-z0-9]+)*)*\]/g;
/** How much of the text before a citation its claim's quote must hold, with the mark: the claim's last words. */
const QUOTED_BEFORE = 12;
