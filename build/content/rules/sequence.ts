import type { LocatedFile } from "../load/located-file.ts";
import type { DiagnosticCode } from "../diagnostics/catalogue.ts";
import type { Report } from "./rule.ts";

/** Reports positions that are not exactly 1..N, each used once (ranks of suppliers, order of families). */
export function checkSequence(
  items: Array<{ file: LocatedFile; pointer: string; position: number; name: string }>,
  code: DiagnosticCode,
  noun: string,
  report: Report,
): void {
  const byPosition = new Map<number, string>();
  for (const item of [...items].sort((a, b) => a.position - b.position || (a.file.file < b.file.file ? -1 : 1))) {
    const holder = byPosition.get(item.position);
    if (holder !== undefined) {
      report(
        item.file,
        item.pointer,
        code,
        `${noun} ${item.position} is also given to ${holder}; each ${noun} is used once.`,
      );
    } else if (item.position > items.length) {
      report(
        item.file,
        item.pointer,
        code,
        `${noun} ${item.position} is beyond the ${items.length} items, so a ${noun} between 1 and ${items.length} is missing.`,
      );
    }
    byPosition.set(item.position, item.name);
  }
}
