import { pointerSegment } from "../diagnostics/diagnostic.ts";
import { CONTROL_CHARACTER } from "../markdown/body-marks.ts";
import type { LocatedFile } from "../load/located-file.ts";
import type { ContentRule, Report } from "./rule.ts";

/** Every text the content publishes is free of control characters, wherever it stands in a file's data. */
export const controlCharacters: ContentRule = {
  name: "control-characters",
  answer({ file, data }, _input, report) {
    walk(file, data, "", report);
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
    const { site, sources, disclosure, synonyms, suppliers, evidence } = input;
    for (const valid of [site, sources, disclosure, synonyms, ...suppliers, ...evidence])
      if (valid) walk(valid.file, valid.data, "", report);
  },
};

function walk(file: LocatedFile, value: unknown, pointer: string, report: Report): void {
  if (typeof value === "string") {
    const found = CONTROL_CHARACTER.exec(value);
    if (found)
      report(
        file,
        pointer,
        "text/control-character",
        `holds the control character ${named(found[0])} at character ${found.index + 1}.`,
      );
  } else if (Array.isArray(value))
    for (const [at, item] of value.entries()) walk(file, item, `${pointer}/${at}`, report);
  else if (value !== null && typeof value === "object")
    for (const [key, child] of Object.entries(value)) walk(file, child, `${pointer}/${pointerSegment(key)}`, report);
}

/** U+001B, as Unicode names a code point. */
function named(character: string): string {
  return `U+${character.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}`;
}
