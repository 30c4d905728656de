/**
 * A content file as validation sees it: what it holds, and where in it any JSON pointer (or an answer's
 * citation) was written. The rules and the schema-error reader need only this, not the loader that makes it.
 */
import type { Position } from "../diagnostics/diagnostic.ts";
import type { CitationGroup, ParsedContentFile } from "./content-file.ts";

export interface LocatedFile extends ParsedContentFile {
  locate(pointer: string, prefer?: "value" | "key"): Position;
  /** An answer's `[@id]` groups with their positions; empty for other files. */
  citationGroups(): CitationGroup[];
  /**
   * The file's prose as a reader sees it, for finding a quoted claim: every string of its YAML (front matter
   * included), then an answer's Markdown body, one per line. Read again from the file when asked for.
   */
  prose(): string;
}
