import { normaliseProse } from "../load/outward-markers.ts";
import type { ContentRule } from "./rule.ts";

/**
 * The claim audit speaks of files as they were when it was made: every entry names a content file that exists,
 * and every claim it quotes is still in that file, word for word (line breaks and indentation aside). A claim
 * edited, moved to another file or deleted after its check shows here as needing a new check. A file that did
 * not parse is not searched: its own problems are reported already.
 */
export const auditQuotes: ContentRule = {
  name: "audit-quotes",
  readsAnswers: true,
  check(input, report) {
    const prose = new Map<string, string>();
    for (const { file, data } of input.audit) {
      const target = input.files.get(data.file);
      if (!target) {
        if (!input.unparsed.has(data.file))
          report(file, "/file", "audit/unknown-file", `the audited file ${data.file} is not in the content folder.`);
        continue;
      }
      let text = prose.get(data.file);
      if (text === undefined) {
        text = normaliseProse(target.prose());
        prose.set(data.file, text);
      }
      for (const [index, entry] of data.entries.entries()) {
        if (entry.claim === undefined || text.includes(normaliseProse(entry.claim))) continue;
        report(
          file,
          `/entries/${index}/claim`,
          "audit/quote-missing",
          `the claim quoted from line ${entry.line} is no longer in ${data.file}: the file changed after the claim was checked on ${entry.checked}.`,
        );
      }
    }
  },
};
