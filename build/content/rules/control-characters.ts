import { pointerSegment } from "../diagnostics/diagnostic.ts";
import type { LocatedFile } from "../load/located-file.ts";
import type { ContentRule, Report } from "./rule.ts";

/**
 * The C0 controls but tab, line feed and carriage return, and DEL: XML 1.0 cannot hold them at all, even escaped (the
 * Atom feed), and a terminal runs their escape sequences (llms.txt, the CSV tables). YAML's "\x1b" writes one.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point.
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** Every text of the content is free of control characters, wherever it stands in a file's data. */
export const controlCharacters: ContentRule = {
  name: "control-characters",
  answer({ file, data }, _input, report) {
    walk(file, data, "", report);
  },
  check(input, report) {
    const { site, sources, disclosure, synonyms, suppliers, evidence, audit } = input;
    for (const valid of [site, sources, disclosure, synonyms, ...suppliers, ...evidence, ...audit])
      if (valid) walk(valid.file, valid.data, "", report);
  },
};

function walk(file: LocatedFile, value: unknown, pointer: string, report: Report): void {
  if (typeof value === "string") {
    const found = CONTROL.exec(value);
    if (found)
      report(
        file,
        pointer,
        "text/control-character",
        `holds the control character U+${found[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")} at character ${found.index + 1}.`,
      );
  } else if (Array.isArray(value))
    for (const [at, item] of value.entries()) walk(file, item, `${pointer}/${at}`, report);
  else if (value !== null && typeof value === "object")
    for (const [key, child] of Object.entries(value)) walk(file, child, `${pointer}/${pointerSegment(key)}`, report);
}
