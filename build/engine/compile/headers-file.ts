/**
 * dist/_headers, Netlify's header rules that netlify.toml cannot hold because they change with the content: the
 * home page's Content-Security-Policy with its script hashes, and the deprecation headers once v1 is deprecated.
 * Every other rule goes by URL pattern in netlify.toml, so this file's size does not grow with the answers (an
 * answer names its Markdown twin in its JSON's links, not in a header: a rule's value cannot name the path it
 * matched).
 */
export const HEADERS_FILE_PATH = "/_headers";

export type HeaderBlock = readonly [path: string, values: Readonly<Record<string, string>>];

/** Netlify's _headers format: a path line, indented "Name: value" lines, a blank line between blocks. */
export function headersFileText(blocks: readonly HeaderBlock[]): string {
  return blocks
    .map(
      ([path, values]) =>
        `${path}\n${Object.entries(values)
          .map(([name, value]) => `  ${name}: ${value}\n`)
          .join("")}\n`,
    )
    .join("");
}
