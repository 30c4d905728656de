import { codePointOf } from "../diagnostics/diagnostic.ts";
import { normaliseProse } from "../load/outward-markers.ts";
import {
  AUDIT_PATH,
  auditFileName,
  type ContentRule,
  movedFrom,
  passed,
  passedItems,
  proseOf,
  quotedClaims,
  renamedAudit,
} from "./rule.ts";

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
    const quotes = quotedClaims(input);
    // An audit file failing its schema elsewhere still has the quotes of its entries that passed checked.
    for (const audit of [...input.audit, ...input.failed.audit]) {
      const { file, data } = audit;
      const quoted = passedItems(audit, "entries");
      if (!passed(audit)("file") || !quoted) continue;
      const target = input.files.get(data.file);
      if (!target) {
        if (!input.unparsed.has(data.file)) {
          // A file renamed with its slug kept is this audit's file under its new name.
          // Or renamed with a new slug: a file no audit names holds most of this one's claims.
          const moved = [...input.files.values()].find(
            (one) =>
              movedFrom(one, input) === data.file ||
              (!quotes.has(one.file) && one.kind !== "audit" && renamedAudit(one, input) === audit),
          );
          report(
            file,
            "/file",
            "audit/unknown-file",
            `the audited file ${data.file} is not in the content folder.`,
            moved
              ? movedFrom(moved, input) === data.file
                ? `${moved.file} has the slug of ${data.file}: if it is that file renamed, set \`file: ${moved.file}\` here and name this file content/audit/${auditFileName(moved.kind, moved.stem)} (its claims stay checked); else rename it back to ${data.file}.`
                : `Most of the claims quoted here stand in ${moved.file}, which no audit names: if it is ${data.file} renamed, set \`file: ${moved.file}\` here${file.file === `${AUDIT_PATH}/${auditFileName(moved.kind, moved.stem)}` ? "" : ` and name this file content/audit/${auditFileName(moved.kind, moved.stem)}`} (its claims stay checked).`
              : undefined,
          );
        }
        continue;
      }
      // Named after its file, as the README and the hints name it: one audit a file, found by its name.
      const named = `${AUDIT_PATH}/${auditFileName(target.kind, target.stem)}`;
      if (file.file !== named)
        report(
          file,
          "/file",
          "audit/file-name",
          `the audit of ${data.file} is named ${file.file}, where it should be ${named}.`,
          `Rename it ${named}.`,
        );
      const text = proseOf(input, target).normal;
      for (const [index, entry] of data.entries.entries()) {
        if (!quoted(index)) continue;
        const claim = entry.claim === undefined ? undefined : normaliseProse(entry.claim);
        if (claim === undefined || text.includes(claim)) continue;
        // Moved word for word to another file of its kind (a record to another family's file): still as checked. Where
        // that file's audit quotes it already (words two profiles share, a boilerplate note), its check is there.
        const elsewhere = [...input.files.values()].filter(
          (other) => other !== target && other.kind === target.kind && proseOf(input, other).normal.includes(claim),
        );
        const movedTo = elsewhere.find((other) => !quotes.get(other.file)?.includes(claim));
        if (movedTo) {
          report(
            file,
            `/entries/${index}/claim`,
            "audit/quote-missing",
            `the claim quoted from line ${entry.line} is no longer in ${data.file}, but stands word for word in ${movedTo.file}, as checked on ${entry.checked}.`,
            `Move the entry to content/${AUDIT_PATH}/${auditFileName(movedTo.kind, movedTo.stem)}, with \`line\` where the claim now stands: it stays checked.`,
          );
          continue;
        }
        if (elsewhere[0]) {
          report(
            file,
            `/entries/${index}/claim`,
            "audit/quote-missing",
            `the claim quoted from line ${entry.line} is no longer in ${data.file}; its words stand in ${elsewhere[0].file}, whose audit quotes them too.`,
            `Remove this entry if the claim was taken out of ${data.file} (the other file's entry holds its own check); else check the claim as it now stands and update the entry.`,
          );
          continue;
        }
        const differs = whereItDiffers(text, claim);
        report(
          file,
          `/entries/${index}/claim`,
          "audit/quote-missing",
          `the claim quoted from line ${entry.line} is no longer in ${data.file}: the file changed after the claim was checked on ${entry.checked}${differs?.where ?? ""}.`,
          differs?.hint,
        );
      }
    }
  },
};

/**
 * Where a quote that starts as the file does parts from it, when it starts so for a while (a word or a character
 * changed, a ’ typed for '): the file's words up to there and the character each has after them. Where they part
 * inside a citation mark or a link's address, the claim's words are as checked, and the hint says so: a mistyped id
 * is mended in the file, a renamed answer's address in the entry, with no new check of the claim (the editor's audit).
 */
function whereItDiffers(text: string, claim: string): { where: string; hint?: string } | undefined {
  // The longest start of the quote that the file holds, by halving.
  let [held, over] = [0, claim.length];
  while (held + 1 < over) {
    const middle = (held + over) >>> 1;
    if (text.includes(claim.slice(0, middle))) held = middle;
    else over = middle;
  }
  if (held < SAME_FOR) return undefined;
  const start = claim.slice(0, held);
  const at = text.indexOf(start) + held;
  const found = text[at];
  const name = (character: string | undefined) => (character === undefined ? "its end" : `${codePointOf(character)}`);
  const where = `; it reads as quoted up to "…${start.slice(-30)}", then has ${name(found)} where the quote has ${name(claim[held])}`;
  const inFile = markAround(text, at);
  const inQuote = markAround(claim, held);
  if (!inFile || !inQuote || inFile.kind !== inQuote.kind) return { where };
  const pair = `the file has ${inFile.text} where the quote has ${inQuote.text}`;
  return {
    where,
    hint:
      inFile.kind === "citation"
        ? `Only a citation differs (${pair}): if the file's id is mistyped, correct it there and this entry matches again; if the citation was changed on purpose, check the claim against the source it now cites and update the entry.`
        : `Only a link's address differs (${pair}): if the answer it leads to was renamed, write the new address in the entry's claim too; the claim's words are as they were checked.`,
  };
}

/** The citation mark ("[@…]") or link address ("](…)") that `text` holds at `at`, if any. */
function markAround(text: string, at: number): { kind: "citation" | "link"; text: string } | undefined {
  for (const [kind, open, close] of [
    ["citation", "[@", "]"],
    ["link", "](", ")"],
  ] as const) {
    const start = text.lastIndexOf(open, at);
    const end = text.indexOf(close, at);
    if (start < 0 || end < 0 || text.lastIndexOf(close, at - 1) > start) continue;
    return { kind, text: JSON.stringify(text.slice(kind === "link" ? start + 1 : start, end + 1)) };
  }
  return undefined;
}
/** How long a quote's start must match for the rest to be the same claim changed, not another one. */
const SAME_FOR = 24;
