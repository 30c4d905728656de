import { DIAGNOSTIC_CATALOGUE } from "../diagnostics/catalogue.ts";
import { isAfterDate } from "../load/partial-dates.ts";
import type { Source } from "../load/types.ts";
import type { LocatedFile } from "../load/located-file.ts";
import { type ContentRule, disclosureOf, eachCitedSource, eachPassedItem, passed, type Report } from "./rule.ts";

/**
 * A claim cannot rest on a source read (or published) after the claim was checked. Each kind of content says
 * when its claims were checked: an answer by its `reviewed` date, an audit entry by its `checked` date (what its outward search found, by the search's date), a
 * supplier's recorded search by its `searched` date, and the rest of the directory, the evidence register and
 * the disclosure by the methodology date they are published under. Unknown ids are known-references' to report.
 */
export const sourcesReadByClaimDate: ContentRule = {
  name: "sources-read-by-claim-date",
  reads: ["reviewed", "sources"],
  answer({ file, data }, input, report) {
    if (!input.sources) return;
    const register = registerOf(input.sources.data);
    const lates = data.sources.flatMap((id, index) => lateAt(register, id, data.reviewed, file, `/sources/${index}`));
    tell(report, lates, { file, pointer: "/reviewed", date: data.reviewed, what: "this answer was reviewed" }, [
      "Review the answer against the source again and set `reviewed` to the day of that review, or cite a source read by the day it was reviewed.",
      "Set `reviewed` to the day the answer was last reviewed against its sources (after each was read), or review it against them again.",
    ]);
  },
  check(input, report) {
    if (!input.sources) return;
    const register = registerOf(input.sources.data);
    // A source dated after the day it was read: one of its two dates is wrong, told there (its citations are judged
    // by the day it was read alone, so that they do not repeat it).
    for (const [index, source] of input.sources.data.sources.entries())
      if (source.published && isAfterDate(source.published, source.accessed))
        report(
          input.sources.file,
          `/sources/${index}/published`,
          "source/dates",
          `"${source.id}" is dated ${source.published}, after the day it was read (${source.accessed}): one of the two dates is wrong.`,
        );
    const searchHints = [
      "Set `searched` to the day the search found this source, or list only what it found by then.",
      "Set `searched` to the day the search was made (after it found these sources), or list only what it found by then.",
    ] as const;

    eachPassedItem([...input.audit, ...input.failed.audit], "entries", (file, entry, index) => {
      const entryAt = `/entries/${index}`;
      tell(
        report,
        entry.sources.flatMap((id, at) => lateAt(register, id, entry.checked, file, `${entryAt}/sources/${at}`)),
        { file, pointer: `${entryAt}/checked`, date: entry.checked, what: "this claim was checked" },
        [
          "Set `checked` to the day the claim was checked against this source, or check it against a source read by then.",
          "Set `checked` to the day the claim was checked against its sources (after each was read).",
        ],
      );
      const outward = entry.outward;
      if (outward)
        tell(
          report,
          (outward.sources ?? []).flatMap((id, at) =>
            lateAt(register, id, outward.searched, file, `${entryAt}/outward/sources/${at}`),
          ),
          {
            file,
            pointer: `${entryAt}/outward/searched`,
            date: outward.searched,
            what: "the outward search was made",
          },
          searchHints,
        );
    });

    for (const supplier of [...input.suppliers, ...input.failed.suppliers]) {
      if (!passed(supplier)("searches")) continue;
      const { file, data } = supplier;
      for (const [area, search] of Object.entries(data.searches)) {
        tell(
          report,
          search.found.flatMap((id: string, at: number) =>
            lateAt(register, id, search.searched, file, `/searches/${area}/found/${at}`),
          ),
          { file, pointer: `/searches/${area}/searched`, date: search.searched, what: "this search was made" },
          searchHints,
        );
      }
    }

    const disclosure = disclosureOf(input);
    if (!disclosure || !passed(disclosure)("methodology_date")) return;
    const date = disclosure.data.methodology_date;
    const lates: Late[] = [];
    eachCitedSource(input, (file, id, list, at) => {
      const dated = file.kind === "supplier" || file.kind === "evidence" || file.kind === "disclosure";
      if (dated && !list.startsWith("/searches/")) lates.push(...lateAt(register, id, date, file, `${list}${at}`));
    });
    tell(
      report,
      lates,
      {
        file: disclosure.file,
        pointer: "/methodology_date",
        date,
        what: "the methodology date that the directory, the evidence register and the disclosure are published under",
      },
      [
        undefined,
        "Set `methodology_date` to the day the directory was last checked against its sources (after each was read), or check it against them again.",
      ],
    );
  },
};

interface Late {
  id: string;
  file: LocatedFile;
  pointer: string;
  why: string;
}

/**
 * Tells each citation read after its claim's date where it stands; or, when several are (most often the date itself
 * was changed), once at the date, naming them: one edit there mends them all.
 */
function tell(
  report: Report,
  lates: readonly Late[],
  claim: { file: LocatedFile; pointer: string; date: string; what: string },
  [oneHint, manyHint]: readonly [string | undefined, string],
): void {
  if (lates.length === 1) {
    const [late] = lates;
    // The register's date may be the slip (a year mistyped there is told at every claim citing the source).
    const hint = `${oneHint ?? DIAGNOSTIC_CATALOGUE["citation/after-claim-date"].hint} If sources.yaml dates "${late!.id}" wrongly, correct it there instead.`;
    report(
      late!.file,
      late!.pointer,
      "citation/after-claim-date",
      `${late!.why}, after ${claim.what} (${claim.date}).`,
      hint,
    );
  } else if (lates.length > 1) {
    // A source cited in many places is named once, where it is first cited.
    const first = new Map<string, Late>();
    for (const late of lates) if (!first.has(late.why)) first.set(late.why, late);
    const sources = [...first.values()];
    const where = (late: Late) => (late.file === claim.file ? late.why : `${late.why} (${late.file.file})`);
    const named = sources.slice(0, MAX_NAMED).map(where).join("; ");
    const more = sources.length > MAX_NAMED ? `; and ${sources.length - MAX_NAMED} more` : "";
    const counted =
      sources.length === lates.length
        ? `${lates.length} cited sources were`
        : `${lates.length} citations, of ${sources.length} sources, were`;
    report(
      claim.file,
      claim.pointer,
      "citation/after-claim-date",
      `${counted} read or dated after ${claim.what} (${claim.date}): ${named}${more}.`,
      manyHint,
    );
  }
}

const MAX_NAMED = 3;

function lateAt(
  register: ReadonlyMap<string, Source>,
  id: string,
  date: string,
  file: LocatedFile,
  pointer: string,
): Late[] {
  const why = late(register, id, date);
  return why ? [{ id, file, pointer, why }] : [];
}

/** Why a source was read or published after a date, or undefined when it was not (or is not in the register). */
function late(register: ReadonlyMap<string, Source>, id: string, date: string): string | undefined {
  const source = register.get(id);
  if (!source) return undefined;
  if (isAfterDate(source.accessed, date)) return `"${id}" was read ${source.accessed}`;
  if (source.published && isAfterDate(source.published, date) && !isAfterDate(source.published, source.accessed))
    return `"${id}" is dated ${source.published}`;
  return undefined;
}

/** The register by id, made once per register (each answer's check asks). */
const registers = new WeakMap<object, Map<string, Source>>();

function registerOf(register: { sources: Source[] }): Map<string, Source> {
  let byId = registers.get(register);
  if (!byId) registers.set(register, (byId = new Map(register.sources.map((source) => [source.id, source]))));
  return byId;
}
