import { CONTENT_LAYOUT, layoutEntryFor } from "../load/layout.ts";
import { type ContentRule, passed } from "./rule.ts";

/** The kinds of file whose claims the disclosure says were each checked: every one has its audit file. */
const AUDITED_KINDS = new Set(["answer", "supplier", "evidence", "sources", "disclosure"]);
const DISCLOSURE_PATH = CONTENT_LAYOUT.find((entry) => entry.kind === "disclosure")!.path;

/**
 * Once the audit covers the disclosure, whose claim_audit says every claim was checked, every answer, supplier
 * profile, evidence family and the register has its audit file too: a file added without one (a new answer) would
 * make that statement untrue without a word. Content whose audit does not reach the disclosure (a fixture auditing
 * one answer, generated content with none) states no such thing and is not held to it; nor is anything while an
 * audit file cannot be read, since the file it names is unknown.
 */
export const auditCoverage: ContentRule = {
  name: "audit-coverage",
  readsAnswers: true,
  check(input, report) {
    const audits = [...input.audit, ...input.failed.audit];
    if (audits.length === 0 || !input.complete.audit || !audits.every((audit) => passed(audit)("file"))) return;
    const audited = new Set(audits.map((audit) => audit.data.file));
    if (!audited.has(DISCLOSURE_PATH)) return;
    for (const [path, file] of input.files) {
      const kind = layoutEntryFor(path)?.kind;
      if (kind === undefined || !AUDITED_KINDS.has(kind) || audited.has(path)) continue;
      const name = `${kind === "sources" || kind === "disclosure" ? kind : `${kind}-${file.stem}`}.yaml`;
      report(
        file,
        "",
        "audit/not-covered",
        `no file of content/audit/ names ${path}, yet the disclosure says every claim was checked.`,
        `Check its claims against the sources they cite and record them in content/audit/${name} (\`file: ${path}\`, an entry a claim); the build then tells the disclosure's new claim_audit figures.`,
      );
    }
  },
};
