import { joinPointer } from "../diagnostics/diagnostic.ts";
import { CONTROL_CHARACTER } from "../markdown/body-marks.ts";
import type { LocatedFile } from "../load/located-file.ts";
import type { ContentRule, Report } from "./rule.ts";

/** Every text the content publishes is free of control characters, wherever it stands in a file's data. */
export const controlCharacters: ContentRule = {
  name: "control-characters",
  reads: [],
  answer({ file, data }, _input, report) {
    walk(file, data, [], report);
    for (const mark of file.body?.marks?.controls ?? [])
      report(
        file,
        "",
        "text/control-character",
        `the body holds the control character ${named(mark.text)}.`,
        undefined,
        mark,
      );
  },
  // Not the claim audit: it is never published, and the texts it quotes are checked where they stand.
  check(input, report) {
    const { site, sources, disclosure, synonyms, suppliers, evidence, failed } = input;
    // Walked as unknown data: a file that failed its schema in some fields is walked too.
    const files = [site, sources, disclosure, synonyms, ...suppliers, ...evidence];
    for (const valid of [...files, ...failed.suppliers, ...failed.evidence, ...failed.disclosure])
      if (valid) walk(valid.file, valid.data, [], report);
  },
};

// The path is kept as keys and built into a pointer only for a report: most of the content's thousands of strings
// hold no control character, and a pointer made for each cost a small build some 20 ms.
function walk(file: LocatedFile, value: unknown, path: Array<string | number>, report: Report): void {
  if (typeof value === "string") {
    const found = CONTROL_CHARACTER.exec(value);
    if (found)
      report(
        file,
        joinPointer(...path),
        "text/control-character",
        `holds the control character ${named(found[0])} at character ${found.index + 1}.`,
      );
  } else if (Array.isArray(value)) {
    for (let at = 0; at < value.length; at++) {
      path.push(at);
      walk(file, value[at], path, report);
      path.pop();
    }
  } else if (value !== null && typeof value === "object") {
    for (const key in value) {
      path.push(key);
      walk(file, (value as Record<string, unknown>)[key], path, report);
      path.pop();
    }
  }
}

/** U+001B, as Unicode names a code point. */
function named(character: string): string {
  return `U+${character.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}`;
}
