import { SLUG_PATTERN } from "../../contract/layout.ts";
import { CONTENT_LAYOUT } from "../load/layout.ts";
import { auditFileName, type ContentRule, movedFrom } from "./rule.ts";

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
  },
};
