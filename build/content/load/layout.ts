/**
 * Where each kind of content lives, relative to the content folder. Any other file is a mistake the build
 * reports (file/unexpected) rather than silently ignores; editors' and systems' litter (dotfiles, backups such as
 * name~, autosaves such as #name#: content-walk.ts) is skipped.
 */
export type ContentKind = "site" | "sources" | "disclosure" | "synonyms" | "answer" | "supplier" | "evidence" | "audit";

export interface LayoutEntry {
  kind: ContentKind;
  /** A single required file, or a folder of files with one extension. */
  path: string;
  many: boolean;
  extension: ".yaml" | ".md";
  schema: string;
}

export const CONTENT_LAYOUT: readonly LayoutEntry[] = [
  { kind: "site", path: "site.yaml", many: false, extension: ".yaml", schema: "content-site.schema.json" },
  { kind: "sources", path: "sources.yaml", many: false, extension: ".yaml", schema: "content-sources.schema.json" },
  {
    kind: "disclosure",
    path: "disclosure.yaml",
    many: false,
    extension: ".yaml",
    schema: "content-disclosure.schema.json",
  },
  // The synonyms of q: read when a query is answered, published in the docs and the search index's map.
  { kind: "synonyms", path: "synonyms.yaml", many: false, extension: ".yaml", schema: "content-synonyms.schema.json" },
  { kind: "answer", path: "answers", many: true, extension: ".md", schema: "content-answer.schema.json" },
  { kind: "supplier", path: "suppliers", many: true, extension: ".yaml", schema: "content-supplier.schema.json" },
  { kind: "evidence", path: "evidence", many: true, extension: ".yaml", schema: "content-evidence-family.schema.json" },
  // The claim audit: checked by the build like the rest, never served.
  { kind: "audit", path: "audit", many: true, extension: ".yaml", schema: "content-audit.schema.json" },
];

/** The layout entry a content-relative path belongs to, if any. */
export function layoutEntryFor(relativePath: string): LayoutEntry | undefined {
  const parts = relativePath.split("/");
  return CONTENT_LAYOUT.find((entry) =>
    entry.many
      ? parts.length === 2 && parts[0] === entry.path && parts[1]!.endsWith(entry.extension)
      : relativePath === entry.path,
  );
}

/**
 * The name a file in a folder of the layout would have with the folder's extension (answers/draft.markdown:
 * answers/draft.md), in the folder meant (answer/draft.md: answers/draft.md), or moved into a folder under it
 * (suppliers/archive/neat.yaml: suppliers/neat.yaml); undefined for any other file. A single file's other spelling
 * (site.yml) is not offered: its right name is most often there already.
 */
export function layoutNameFor(relativePath: string): string | undefined {
  // A file in a folder under its kind's (suppliers/archive/neat.yaml) is named as it would stand in that folder.
  const parts = relativePath.split("/");
  const [folder, name] = [parts[0], parts.at(-1)];
  if (folder === undefined || name === undefined || parts.length < 2) return undefined;
  // The folder as the layout names it, or with a letter s or a capital too many or too few (answer/, Suppliers/).
  const near = (path: string) => folder.toLowerCase().replace(/s$/, "") === path.replace(/s$/, "");
  const entry = CONTENT_LAYOUT.find(
    (candidate) => candidate.many && (candidate.path === folder || near(candidate.path)),
  );
  // A file with another kind's extension (a profile's .yaml in answers/) is misplaced, not misnamed: no name offered.
  const otherKind = CONTENT_LAYOUT.some(
    (other) => other.extension !== entry?.extension && name.endsWith(other.extension),
  );
  if (!entry || otherKind || (parts.length > 2 && !name.endsWith(entry.extension))) return undefined;
  // A slug has no dot: the name up to its first (display-size.md.bak is display-size).
  return `${entry.path}/${name.replace(/\..*$/, "")}${entry.extension}`;
}

export function describeLayout(): string {
  return CONTENT_LAYOUT.map((entry) => (entry.many ? `${entry.path}/*${entry.extension}` : entry.path)).join(", ");
}
