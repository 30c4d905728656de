/**
 * The MCP endpoint's contract beyond its path (./layout.ts): how resources that have no file of their own are
 * named, how the resource list is paged, and the limits on what a client may send. The request-time code, the
 * Server Card and the docs all take these from here.
 */
import { answerMarkdownPath, answerPath, collectionUrl } from "./layout.ts";

/** The protocol revisions served: the modern era (no handshake) and the legacy one (initialize). */
export const MODERN_VERSIONS = ["2026-07-28"] as const;
export const LEGACY_VERSIONS = ["2025-11-25", "2025-06-18", "2025-03-26"] as const;
/** The revision whose clients may send JSON-RPC batches (2025-06-18 removed them). */
export const BATCH_VERSION = "2025-03-26";
/** The most messages a batch may hold: each may be a search, whose result is up to a megabyte. */
export const MCP_BATCH_MAX_MESSAGES = 10;
/** Every revision served, newest first: what an unsupported-version error lists. */
export const MCP_PROTOCOL_VERSIONS = [...MODERN_VERSIONS, ...LEGACY_VERSIONS] as const;

/** The server's name in serverInfo and in the Server Card. */
export const SERVER_NAME = "av-buyer-data";

/**
 * A supplier, and one product family's evidence, are items of a collection, not files: as resources they are named
 * by the collection's URL with the item's slug as the fragment, so a client that fetches the URL gets the
 * collection the item is in, and the fragment says which.
 */
export function supplierResourcePath(slug: string): string {
  return `${collectionUrl("suppliers")}#${slug}`;
}
export function familyEvidenceResourcePath(family: string): string {
  return `${collectionUrl("evidence")}#${family}`;
}

/** The resource templates, as root-relative RFC 6570 templates (the server prefixes its origin), in list order. */
export const MCP_RESOURCE_TEMPLATES = [
  {
    name: "answer",
    title: "A buyer answer, by slug",
    path: answerPath("{slug}"),
    variable: "slug",
    mimeType: "application/json",
    description:
      "One buyer answer as the API serves it: its question, summary, Markdown and HTML body, tags, product families and the full entries of its cited sources.",
  },
  {
    name: "answer-markdown",
    title: "A buyer answer as Markdown, by slug",
    path: answerMarkdownPath("{slug}"),
    variable: "slug",
    mimeType: "text/markdown",
    description:
      "The same answer as its Markdown twin: front matter, the body with its citations numbered, and the numbered list of its sources.",
  },
  {
    name: "supplier",
    title: "A supplier of the directory, by slug",
    path: supplierResourcePath("{slug}"),
    variable: "slug",
    mimeType: "application/json",
    description:
      "One supplier's profile as it stands in the ranked directory: its rank with what the rank means, its weighted score and per-criterion scores with their basis and sources, products, strengths, caveats and ownership.",
  },
  {
    name: "family-evidence",
    title: "The evidence of one product family",
    path: familyEvidenceResourcePath("{family}"),
    variable: "family",
    mimeType: "application/json",
    description:
      "One product family of the evidence register: each product's certification, compliance and warranty status, with dated listings and sources. unknown and unverified are statuses.",
  },
] as const;

/**
 * resources/list gives the directory and the register, then the answers a page of the prebuilt collection at a
 * time (page_size answers, 100 for the shipped content); `nextCursor` names the next page. The cursor's form.
 */
export function resourcesCursor(page: number): string {
  return `answers-page-${page}`;
}
export const RESOURCES_CURSOR_PATTERN = /^answers-page-([1-9][0-9]{0,14})$/;

/** completion/complete gives at most this many values (the MCP specification's limit), with `total` and `hasMore`. */
export const MCP_COMPLETION_MAX_VALUES = 100;

/** The longest value of a prompt argument or of an argument being completed, in characters; a quote may be longer. */
export const MCP_ARGUMENT_MAX_CHARACTERS = 200;
/** The longest quote the quote-checking prompt takes. */
export const MCP_QUOTE_MAX_CHARACTERS = 20_000;
/**
 * A JSON-RPC request to a read-only API is small; anything larger is refused before it is parsed. The longest quote
 * fits whatever its characters, each written as a \uXXXX escape (6 bytes), as Python's json.dumps writes them.
 */
export const MCP_MAX_BODY_BYTES = 128 * 1024;
/** The most answers or suppliers a prompt's list argument may name. */
export const MCP_LIST_ARGUMENT_MAX_ITEMS = 8;
