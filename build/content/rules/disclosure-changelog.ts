import { type ContentRule, disclosureOf, passed } from "./rule.ts";

/**
 * The methodology's changelog is its history, oldest first: each version once (its entry is an Atom entry, whose id
 * must be unique), each after the last in number and date, the newest the version the disclosure is published as.
 * The data corrections run newest first, as the data changelog lists them.
 */
export const disclosureChangelog: ContentRule = {
  name: "disclosure-changelog",
  check(input, report) {
    // A disclosure failing its schema elsewhere still has its changelog checked.
    const disclosure = disclosureOf(input);
    if (!disclosure) return;
    const { file, data } = disclosure;
    const read = passed(disclosure);
    const changelog = read("changelog") ? data.changelog : [];
    const seen = new Map<string, number>();
    for (const [index, entry] of changelog.entries()) {
      const before = changelog[index - 1];
      const at = `/changelog/${index}`;
      const first = seen.get(entry.version);
      if (first !== undefined)
        report(
          file,
          `${at}/version`,
          "disclosure/changelog",
          `version ${entry.version} has an entry already (line ${file.locate(`/changelog/${first}/version`).line}).`,
        );
      else if (before && compareVersions(entry.version, before.version) <= 0)
        report(
          file,
          `${at}/version`,
          "disclosure/changelog",
          `version ${entry.version} follows ${before.version}: the changelog runs oldest first, each version above the last.`,
        );
      else if (before && entry.date < before.date)
        report(
          file,
          `${at}/date`,
          "disclosure/changelog",
          `${entry.version} is dated ${entry.date}, before ${before.version} (${before.date}).`,
        );
      seen.set(entry.version, seen.get(entry.version) ?? index);
    }
    const newest = changelog.at(-1);
    if (newest && read("methodology_version") && newest.version !== data.methodology_version)
      report(
        file,
        "/methodology_version",
        "disclosure/changelog",
        `the methodology is published as ${data.methodology_version}, but the changelog's newest version is ${newest.version}.`,
        `Add a changelog entry for ${data.methodology_version} saying what changed, or set methodology_version to ${newest.version}.`,
      );
    if (!read("data_corrections")) return;
    for (const [index, correction] of (data.data_corrections ?? []).entries()) {
      const before = data.data_corrections![index - 1];
      if (before && correction.date > before.date)
        report(
          file,
          `/data_corrections/${index}/date`,
          "disclosure/changelog",
          `the correction of ${correction.date} follows one of ${before.date}: the data corrections run newest first.`,
        );
    }
  },
};

/** Semantic versions compared by their numbers. */
function compareVersions(a: string, b: string): number {
  const [x, y] = [a.split(".").map(Number), b.split(".").map(Number)];
  for (let at = 0; at < 3; at++) if (x[at] !== y[at]) return x[at]! - y[at]!;
  return 0;
}
