import { codePointOf } from "../diagnostics/diagnostic.ts";
import { normaliseProse } from "../load/outward-markers.ts";
import { type ContentRule, passed, passedItems } from "./rule.ts";

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
    // An audit file failing its schema elsewhere still has the quotes of its entries that passed checked.
    for (const audit of [...input.audit, ...input.failed.audit]) {
      const { file, data } = audit;
      const quoted = passedItems(audit, "entries");
      if (!passed(audit)("file") || !quoted) continue;
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
        if (!quoted(index)) continue;
        const claim = entry.claim === undefined ? undefined : normaliseProse(entry.claim);
        if (claim === undefined || text.includes(claim)) continue;
        report(
          file,
          `/entries/${index}/claim`,
          "audit/quote-missing",
          `the claim quoted from line ${entry.line} is no longer in ${data.file}: the file changed after the claim was checked on ${entry.checked}${whereItDiffers(text, claim)}.`,
        );
      }
    }
  },
};

/**
 * Where a quote that starts as the file does parts from it, when it starts so for a while (a word or a character
 * changed, a ’ typed for '): the file's words up to there and the character each has after them.
 */
function whereItDiffers(text: string, claim: string): string {
  // The longest start of the quote that the file holds, by halving.
  let [held, over] = [0, claim.length];
  while (held + 1 < over) {
    const middle = (held + over) >>> 1;
    if (text.includes(claim.slice(0, middle))) held = middle;
    else over = middle;
  }
  if (held < SAME_FOR) return "";
  const start = claim.slice(0, held);
  const found = text[text.indexOf(start) + held];
  const name = (character: string | undefined) => (character === undefined ? "its end" : `${codePointOf(character)}`);
  return `; it reads as quoted up to "…${start.slice(-30)}", then has ${name(found)} where the quote has ${name(claim[held])}`;
}
/** How long a quote's start must match for the rest to be the same claim changed, not another one. */
const SAME_FOR = 24;
