/**
 * The limits on what a client may ask of the answers collection: enforced by the request handler, published in
 * OpenAPI and the docs.
 */

/**
 * A whole number as the docs and messages write it, its digits grouped by commas (999,999,999,999,999), as
 * toLocaleString("en") writes it but without ICU's number formatting, whose first use costs a process some 25 ms.
 */
export function groupDigits(value: number): string {
  return String(value).replace(/\B(?=(\d{3})+$)/g, ",");
}

/** The longest `q` the API (and the MCP search tool) accepts, in code points. */
export const MAX_QUERY_CODE_POINTS = 200;
/** The longest slug (common.schema.json's slug, which a test holds to this). */
export const MAX_SLUG_LENGTH = 80;
/** The most query parameters a request may carry. */
export const MAX_PARAMETERS = 32;
/** The largest page accepted: 15 digits, so that every accepted page is an exact integer in a double. */
export const MAX_PAGE_DIGITS = 15;
export const MAX_PAGE = 10 ** MAX_PAGE_DIGITS - 1;
