import { CONTENT_LAYOUT } from "../load/layout.ts";
import type { ContentRule } from "./rule.ts";

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
      const name = `${file.kind === "sources" || file.kind === "disclosure" ? file.kind : `${file.kind}-${file.stem}`}.yaml`;
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
