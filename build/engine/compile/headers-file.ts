/**
 * dist/_headers, every header rule of the site (netlify.toml holds none): the contract's rules by URL pattern
 * (contract/header-rules.ts), then those that change with the content: the home page's Content-Security-Policy
 * with its script hashes, and the deprecation headers once v1 is deprecated. No rule is per answer, so the file's
 * size does not grow with the answers.
 */
import type { HeaderBlock } from "../../contract/header-rules.ts";

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
