/**
 * The limits on what a client may ask of the answers collection: enforced by the request handler, published in
 * OpenAPI and the docs.
 */

/** The longest `q` the API (and the MCP search tool) accepts, in code points. */
export const MAX_QUERY_CODE_POINTS = 200;
/** The most query parameters a request may carry. */
export const MAX_PARAMETERS = 32;
/** The largest page accepted: 15 digits, so that every accepted page is an exact integer in a double. */
export const MAX_PAGE_DIGITS = 15;
export const MAX_PAGE = 10 ** MAX_PAGE_DIGITS - 1;
