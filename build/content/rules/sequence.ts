import type { LocatedFile } from "../load/located-file.ts";
import type { DiagnosticCode } from "../diagnostics/catalogue.ts";
import type { Report } from "./rule.ts";

/**
 * Reports positions that are not exactly 1..N, each used once (ranks of suppliers, order of families). A position
 * given twice is told in each file that gives it: which of them was edited, the build cannot know.
 */
export function checkSequence(
  items: Array<{ file: LocatedFile; pointer: string; position: number; name: string }>,
  code: DiagnosticCode,
  noun: string,
  report: Report,
): void {
  const byPosition = new Map<number, typeof items>();
  for (const item of [...items].sort((a, b) => a.position - b.position || (a.file.file < b.file.file ? -1 : 1))) {
    byPosition.set(item.position, [...(byPosition.get(item.position) ?? []), item]);
  }
  const missing = items.map((_, index) => index + 1).filter((position) => !byPosition.has(position));
  const gap =
    missing.length === 1
      ? `${noun} ${missing[0]} is`
      : `${noun}s ${missing.slice(0, -1).join(", ")} and ${missing.at(-1)} are`;
  for (const [position, holders] of byPosition) {
    for (const item of holders) {
      if (holders.length > 1) {
        // Named with its file: a copy may still carry the other's slug.
        const others = holders.filter((other) => other !== item).map((other) => `${other.name} (${other.file.file})`);
        report(
          item.file,
          item.pointer,
          code,
          `${noun} ${position} is also given to ${others.join(" and ")}; each ${noun} is used once${missing.length > 0 ? `, and ${gap} given to none` : ""}.`,
        );
      } else if (position > items.length) {
        // One gap and the last one past the end: most often an item removed, whose followers move up (the editor's
        // workflow audit, removing a supplier, was told only that rank 7 was missing).
        const free = missing.length === 1 && position === items.length + 1 ? missing[0]! : undefined;
        report(
          item.file,
          item.pointer,
          code,
          `${noun} ${position} is beyond the ${items.length} items, so ${gap} missing.`,
          free === undefined
            ? undefined
            : position - free === 1
              ? `Give this one ${noun} ${free}, the one free.`
              : `If what held ${noun} ${free} was removed, move ${noun}s ${free + 1} to ${position} up by one, each to the ${noun} before it (${position - free} files); else give this one ${noun} ${free}.`,
        );
      }
    }
  }
}
