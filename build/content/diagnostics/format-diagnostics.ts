import { DIAGNOSTIC_CATALOGUE } from "./catalogue.ts";
import { compareDiagnostics, type Diagnostic } from "./diagnostic.ts";

/**
 * The one formatter of content problems. Output, pinned by the tests:
 *
 *   content/answers/index.md:2:7 error slug/reserved Slug is reserved
 *     at /slug: the slug "index" would take the place of the collection file api/v1/answers/index.json.
 *     hint: Choose another slug: …
 *
 *   2 problems in 1 file. Nothing was written; the previous output is untouched.
 */
export function formatDiagnostics(diagnostics: readonly Diagnostic[], contentLabel: string): string {
  const sorted = [...diagnostics].sort(compareDiagnostics);
  const blocks = sorted.map((diagnostic) => {
    const where = `${contentLabel}/${diagnostic.file}:${diagnostic.line}:${diagnostic.column}`;
    const title = DIAGNOSTIC_CATALOGUE[diagnostic.code].title;
    // A problem of the text itself (YAML, a Markdown body, a file as a whole) has no field to name: its line says where.
    const at = diagnostic.pointer === "" ? "" : `at ${diagnostic.pointer}: `;
    return `${where} error ${diagnostic.code} ${title}\n  ${at}${diagnostic.message}\n  hint: ${diagnostic.hint}\n`;
  });
  const files = new Set(sorted.map((diagnostic) => diagnostic.file)).size;
  const summary =
    `${plural(sorted.length, "problem")} in ${plural(files, "file")}. ` +
    "Nothing was written; the previous output is untouched.\n";
  return [...blocks, summary].join("\n");
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? "" : "s"}`;
}
