import { likeliestName, mistypedId } from "../../contract/edit-distance.ts";
import { SLUG_PATTERN } from "../../contract/layout.ts";
import { DIAGNOSTIC_CATALOGUE } from "../diagnostics/catalogue.ts";
import {
  type ContentRule,
  eachCitedSource,
  passed,
  passedItems,
  type RuleInput,
  registerRead,
  registerUnread,
  SOURCES_PATH,
  answerSlugInError,
  otherAnswerNamed,
  renamedFamily,
  renamedNote,
  unknownAnswerNote,
} from "./rule.ts";

/**
 * Whether an id the register does not hold is one of its entries' ids written in error there ("neat-eol-policy "
 * with a space, told by that entry's schema): the entry's fix mends every citation, which wait for it rather than be
 * told to copy the error.
 */
function awaitsRegisterEntry(id: string, input: RuleInput): boolean {
  let invalid = invalidIds.get(input);
  if (!invalid)
    invalidIds.set(input, (invalid = [...input.known.sources].filter((known) => !SLUG_PATTERN.test(known))));
  return invalid.length > 0 && mistypedId(id, invalid) !== undefined;
}
const invalidIds = new WeakMap<RuleInput, string[]>();

/** An id the register does not hold: a typo of one it holds is offered; else it is new, or its entry was removed. */
function unknownSourceHint(id: string, input: RuleInput): string {
  const meant = mistypedId(id, input.known.sources);
  // The register's id may be the mistyped one (renamed there, every citation of it is told): then one edit there
  // mends them all, where following "did you mean" would copy the typo into each.
  return meant
    ? `Did you mean "${meant}"? If sources.yaml's "${meant}" is the one mistyped, correct it there instead (one edit for every citation of "${id}"); if this is a new source, add it there.`
    : DIAGNOSTIC_CATALOGUE["reference/unknown-source"].hint;
}

/** The strings of a list with their places, whatever else the value holds (an answer failing its schema). */
const strings = (value: unknown): Array<[number, string]> =>
  Array.isArray(value)
    ? [...value.entries()].filter((entry): entry is [number, string] => typeof entry[1] === "string")
    : [];

/** What is said of a family no evidence file has: the family renamed in its file only, or the one most likely meant. */
function unknownFamilyNote(family: string, input: RuleInput): [string, string | undefined] {
  const renamed = renamedFamily(family, input);
  if (renamed) return renamedNote("product family", family, renamed);
  const meant = likeliestName(family, [...input.known.families]);
  return ["", meant ? `Did you mean "${meant}"? ${DIAGNOSTIC_CATALOGUE["reference/unknown-family"].hint}` : undefined];
}

/** Every cited source, supplier, related answer and product family exists. */
export const knownReferences: ContentRule = {
  name: "known-references",
  // Each list is read on its own, as far as it is a list of strings: one in error (an item twice) does not hold up the
  // others' references.
  reads: [],
  answer({ file, data }, input, report) {
    if (registerRead(input))
      for (const [index, id] of strings(data.sources))
        if (!input.known.sources.has(id) && !awaitsRegisterEntry(id, input))
          report(
            file,
            `/sources/${index}`,
            "reference/unknown-source",
            `the source "${id}" is not in sources.yaml.`,
            unknownSourceHint(id, input),
          );
    for (const [index, slug] of strings(data.related)) {
      // A copy that kept its original's slug relates to the original, not to itself: slug/duplicate tells the slug.
      if (slug === data.slug) {
        if (!otherAnswerNamed(slug, file.file, input))
          report(file, `/related/${index}`, "reference/self", `"${slug}" is this answer's own slug.`);
      } else if (!input.known.answers.has(slug) && !answerSlugInError(slug, input)) {
        const [note, hint] = unknownAnswerNote(slug, input, "reference/unknown-answer");
        report(file, `/related/${index}`, "reference/unknown-answer", `no answer has the slug "${slug}"${note}.`, hint);
      }
    }
    for (const [index, family] of strings(data.product_families)) {
      if (!input.known.families.has(family)) {
        const [note, hint] = unknownFamilyNote(family, input);
        report(
          file,
          `/product_families/${index}`,
          "reference/unknown-family",
          `no product family has the slug "${family}"${note}.`,
          hint,
        );
      }
    }
  },
  check(input, report) {
    const unread = registerUnread(input);
    if (!unread) {
      eachCitedSource(input, (file, id, list, at) => {
        if (!input.known.sources.has(id) && !awaitsRegisterEntry(id, input))
          report(
            file,
            `${list}${at}`,
            "reference/unknown-source",
            `the source "${id}" is not in sources.yaml.`,
            unknownSourceHint(id, input),
          );
      });
    } else if (input.files.has(SOURCES_PATH) || input.unparsed.has(SOURCES_PATH)) {
      // Said once, in the register, rather than "not in sources.yaml" at every citation (the answers' too).
      const register = input.files.get(SOURCES_PATH) ?? { file: SOURCES_PATH, locate: () => ({ line: 1, column: 1 }) };
      report(
        register,
        unread.pointer,
        "reference/register-unread",
        `the register ${unread.reason}, so its ids are not known: the checks of every citation against it are held back (none is told "not in sources.yaml") until this file's problems are fixed.`,
      );
    }
    // A file whose schema errors lie in other fields has these checked too.
    const { failed } = input;
    const recordedSuppliers = new Set(
      [...input.evidence, ...failed.evidence].flatMap(({ data }) =>
        Array.isArray(data.records) ? data.records.map((record) => record?.supplier) : [],
      ),
    );
    for (const family of [...input.evidence, ...failed.evidence]) {
      const { file, data } = family;
      const read = passedItems(family, "records");
      if (!read) continue;
      for (const [index, record] of data.records.entries()) {
        if (read(index) && !input.known.suppliers.has(record.supplier)) {
          // A profile named after the slug whose own slug was changed: the records still carry the old one.
          const renamed = [...input.suppliers, ...failed.suppliers.filter((one) => passed(one)("slug"))].find(
            (profile) => profile.file.stem === record.supplier,
          );
          const meant = likeliestName(record.supplier, [...input.known.suppliers]);
          // Renamed in its profile and its file: the profile naming this product has a slug no record carries.
          const namer =
            renamed || meant
              ? undefined
              : input.suppliers.find(
                  ({ data: profile }) =>
                    !recordedSuppliers.has(profile.slug) &&
                    profile.makes.some((made) => made.products.includes(record.product)),
                );
          const [note, hint] = namer
            ? [
                `: ${namer.file.file}, which names "${record.product}", has the slug "${namer.data.slug}", which no record carries`,
                `If the supplier was renamed, write "${namer.data.slug}" here and in its other records; else give ${namer.file.file} the slug "${record.supplier}" and name the file after it.`,
              ]
            : renamed
              ? renamedNote(
                  "supplier",
                  record.supplier,
                  {
                    file: renamed.file.file,
                    slug: renamed.data.slug,
                    taken: input.suppliers.find((profile) => profile.file.stem === renamed.data.slug)?.file.file,
                  },
                  "write it in its records too",
                )
              : [
                  "",
                  meant
                    ? `Did you mean "${meant}"? ${DIAGNOSTIC_CATALOGUE["reference/unknown-supplier"].hint}`
                    : undefined,
                ];
          report(
            file,
            `/records/${index}/supplier`,
            "reference/unknown-supplier",
            `no supplier has the slug "${record.supplier}"${note}.`,
            hint,
          );
        }
      }
    }
    for (const supplier of [...input.suppliers, ...failed.suppliers]) {
      const { file, data } = supplier;
      const read = passedItems(supplier, "makes");
      if (!read) continue;
      for (const [index, made] of data.makes.entries()) {
        if (read(index) && !input.known.families.has(made.family)) {
          const [note, hint] = unknownFamilyNote(made.family, input);
          report(
            file,
            `/makes/${index}/family`,
            "reference/unknown-family",
            `no product family has the slug "${made.family}"${note}.`,
            hint,
          );
        }
      }
    }
  },
};
