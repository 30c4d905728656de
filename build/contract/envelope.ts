/**
 * The one envelope of the three collections, and its only writer: items in `data`, counts and filters in
 * `meta`, `links` to this page and its neighbours. The build writes it (`paginate`, `envelopeParts`); the
 * answers query writes it for computed results (`envelopeByteParts`) and takes items out of prebuilt files' bytes
 * (`pageItemFragments`, `singleItemFragment`). All of them splice prebuilt item text with the same strings, so that every
 * envelope is exactly canonicalJson({ data, links, meta }).
 */
import { bytesAt, indexOfBytes, lastIndexOfBytes, utf8 } from "./bytes.ts";
import { canonicalJson, canonicalJsonAt, canonicalJsonBytes } from "./canonical-json.ts";
import { ANSWERS_ENDPOINT, answerPath, collectionPath, pagePath } from "./layout.ts";

export interface Filters {
  q: string | null;
  slug: string | null;
}

export const NO_FILTERS: Filters = { q: null, slug: null };

export interface EnvelopeLinks {
  self: string;
  first: string;
  last: string;
  prev?: string;
  next?: string;
}

export interface EnvelopeMeta {
  /** The content digest of the build the page was made from: pages and results of one build share it. */
  content_digest: string;
  count: number;
  total: number;
  page: number;
  page_count: number;
  page_size: number;
  filters: Filters;
}

/** Why an answer matched `q` (computed responses only; the answer objects themselves are never changed). */
export interface AnswerMatch {
  /** Whether the answer holds every word of q (with match=any, those answers come first). */
  all_words: boolean;
  slug: string;
  /** The relevance score: comparable within one query of one build, not across queries. */
  score: number;
  /** The searchable fields some query word matches a word of. */
  fields: Array<"title" | "question" | "tags" | "summary" | "body">;
  /** Each query word the answer holds, in the query's order: how it matched and the answer's word it matched. */
  matched: Array<{ found: string; how: "exact" | "prefix" | "stem" | "synonym" | "typo"; word: string }>;
  /** The query words the answer does not hold (with `match=any`; never any with `match=all`). */
  missing: string[];
  /** Plain text around the best match; `matches` are [start, end) ranges of matched words, in code points. */
  snippet: { field: "title" | "question" | "summary" | "body"; text: string; matches: Array<[number, number]> };
}

/** For a `q` that finds nothing: a corrected query, from the index's own words, that finds something. */
export interface SearchSuggestion {
  q: string;
  total: number;
  corrections: Array<{ token: string; word: string; distance: number }>;
}

/** What a response to `q` adds to its meta. */
export interface SearchMeta {
  /** The stop words of q left out (`match=any`; none with `match=all`). */
  ignored: string[];
  /** How q matched: `any` (the default) or `all` (every word must start a word, as before issue 49). */
  match: "any" | "all";
  matches?: AnswerMatch[];
  sort: "relevance" | "slug";
  suggestions?: SearchSuggestion[];
}

export interface Envelope<Item> {
  data: Item[];
  links: EnvelopeLinks;
  meta: EnvelopeMeta & Partial<SearchMeta>;
}

/** How many pages `total` items fill: at least one, an empty first page when there is nothing. */
export function pageCountOf(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/**
 * The links and counts of page `page` of `total` items, with `pageUrl` giving each page's URL. A page past
 * the last has no `prev`: it is not part of the sequence, and `first` and `last` lead back into it.
 */
export function pageEnvelope(
  page: number,
  total: number,
  pageSize: number,
  filters: Filters,
  pageUrl: (page: number) => string,
  contentDigest: string,
): Omit<Envelope<never>, "data"> {
  const pageCount = pageCountOf(total, pageSize);
  const count = Math.max(0, Math.min(pageSize, total - (page - 1) * pageSize));
  return {
    links: {
      self: pageUrl(page),
      first: pageUrl(1),
      last: pageUrl(pageCount),
      ...(page > 1 && page <= pageCount ? { prev: pageUrl(page - 1) } : {}),
      ...(page < pageCount ? { next: pageUrl(page + 1) } : {}),
    },
    meta: { content_digest: contentDigest, count, total, page, page_count: pageCount, page_size: pageSize, filters },
  };
}

/** The URL of a page of a prebuilt collection. A collection that fits one page has no pages/ files. */
export function collectionPageUrl(collection: string, pageCount: number): (page: number) => string {
  return (page) => (pageCount === 1 ? collectionPath(collection) : pagePath(collection, page));
}

/**
 * The URL of a computed answers result: the public path with its filters in a fixed order, page 1 left out, and
 * `sort` and `match` only where they are not the default (relevance with q, collection order without; any).
 */
export function answersQueryUrl(
  filters: Filters,
  sort: "relevance" | "slug" = filters.q === null ? "slug" : "relevance",
  match: "any" | "all" = "any",
): (page: number) => string {
  return (page) => {
    const parts: string[] = [];
    if (filters.q !== null) parts.push(`q=${encodeURIComponent(filters.q)}`);
    if (filters.slug !== null) parts.push(`slug=${encodeURIComponent(filters.slug)}`);
    if (filters.q !== null && sort === "slug") parts.push("sort=slug");
    if (filters.q !== null && match === "all") parts.push("match=all");
    if (page !== 1) parts.push(`page=${page}`);
    return parts.length === 0 ? ANSWERS_ENDPOINT : `${ANSWERS_ENDPOINT}?${parts.join("&")}`;
  };
}

/**
 * The envelope of an answer's own file: one item, found by its slug. Its content digest is the answer's own, not
 * the build's: the file depends on that answer alone, so its bytes (and ETag) stay put while others change.
 */
export function answerFileEnvelope(
  slug: string,
  pageSize: number,
  answerDigest: string,
): Omit<Envelope<never>, "data"> {
  return pageEnvelope(1, 1, pageSize, { ...NO_FILTERS, slug }, () => answerPath(slug), answerDigest);
}

/** The paths a page is written to: its own, and index.json as well for the first page of a paged collection. */
export function pagePaths(collection: string, page: number, pageCount: number): string[] {
  if (pageCount === 1) return [collectionPath(collection)];
  return page === 1 ? [collectionPath(collection), pagePath(collection, 1)] : [pagePath(collection, page)];
}

/** Splits items into pages of `pageSize`, each with the paths it is written to. */
export function paginate<Item>(
  collection: string,
  items: readonly Item[],
  pageSize: number,
  contentDigest: string,
): Array<{ paths: string[]; body: Envelope<Item> }> {
  const pageCount = pageCountOf(items.length, pageSize);
  const pageUrl = collectionPageUrl(collection, pageCount);
  return Array.from({ length: pageCount }, (_, index) => ({
    paths: pagePaths(collection, index + 1, pageCount),
    body: {
      data: items.slice(index * pageSize, (index + 1) * pageSize),
      ...pageEnvelope(index + 1, items.length, pageSize, NO_FILTERS, pageUrl, contentDigest),
    },
  }));
}

// canonicalJson of { data, links, meta } is these strings around the items' fragments, then the rest of the
// object without its opening brace. An item is indented by four spaces inside `data`.
const DATA_OPEN = '{\n  "data": [\n';
const DATA_EMPTY = '{\n  "data": [],\n';
const DATA_CLOSE = "\n  ],\n";
const ITEM_SEPARATOR = ",\n";

/** An item's canonical JSON as it stands inside a collection's `data` array. */
export function itemFragment(item: unknown): string {
  return `    ${canonicalJsonAt(item, "    ")}`;
}

/**
 * The envelope's exact text in parts from its items' fragments and the rest: each item is serialised once, and the
 * fragments are kept as given (text or UTF-8 bytes), so that nothing large is copied. The last part is the
 * envelope's own text after the items (its meta and links, and the final newline).
 */
export function envelopeParts<Part extends string | Uint8Array>(
  fragments: readonly Part[],
  rest: Omit<Envelope<unknown>, "data">,
): Array<Part | string> {
  return around(fragments, canonicalJson(rest).slice(2), TEXT_JOINTS);
}

/**
 * envelopeParts all in UTF-8 bytes, the last part written as such (a computed response's: its meta is most of it),
 * the joints between the items encoded once for every response.
 */
export function envelopeByteParts(
  fragments: readonly Uint8Array<ArrayBuffer>[],
  rest: Omit<Envelope<unknown>, "data">,
): Array<Uint8Array<ArrayBuffer>> {
  return around(fragments, canonicalJsonBytes(rest).subarray(2), BYTE_JOINTS);
}

interface Joints<Joint> {
  open: Joint;
  empty: Joint;
  separator: Joint;
  close: Joint;
}

function around<Part, Tail, Joint>(
  fragments: readonly Part[],
  tail: Tail,
  joints: Joints<Joint>,
): Array<Part | Tail | Joint> {
  if (fragments.length === 0) return [joints.empty, tail];
  const parts = new Array<Part | Tail | Joint>(fragments.length * 2 + 2);
  for (let index = 0; index < fragments.length; index++) {
    parts[index * 2] = index === 0 ? joints.open : joints.separator;
    parts[index * 2 + 1] = fragments[index]!;
  }
  parts[fragments.length * 2] = joints.close;
  parts[fragments.length * 2 + 1] = tail;
  return parts;
}

const TEXT_JOINTS: Joints<string> = {
  open: DATA_OPEN,
  empty: DATA_EMPTY,
  separator: ITEM_SEPARATOR,
  close: DATA_CLOSE,
};
const BYTE_JOINTS: Joints<Uint8Array<ArrayBuffer>> = {
  open: utf8(DATA_OPEN),
  empty: utf8(DATA_EMPTY),
  separator: utf8(ITEM_SEPARATOR),
  close: utf8(DATA_CLOSE),
};
const DATA_OPEN_BYTES = BYTE_JOINTS.open;
const DATA_EMPTY_BYTES = BYTE_JOINTS.empty;
// The end of `data`: items are indented by four, so no line inside one starts with two spaces and a bracket.
const DATA_END_BYTES = utf8(`${DATA_CLOSE}  "links": `);
// Between two items: an item closes on a line of its own at four spaces, and no line inside it is indented so little.
const ITEM_CLOSE = "\n    }";
const BETWEEN_ITEMS_BYTES = utf8(`${ITEM_CLOSE}${ITEM_SEPARATOR}    {`);
/** The closing brace's place in BETWEEN_ITEMS_BYTES: a byte far rarer in a page than its newline. */
const BETWEEN_ITEMS_ANCHOR = ITEM_CLOSE.length - 1;

/**
 * The items of a collection file's bytes, each as its fragment (views of those bytes: nothing is copied or
 * decoded), or undefined when the file is not a canonical collection file.
 */
export function pageItemFragments(bytes: Uint8Array<ArrayBuffer>): Array<Uint8Array<ArrayBuffer>> | undefined {
  if (bytesAt(bytes, DATA_EMPTY_BYTES, 0)) return [];
  const end = lastIndexOfBytes(bytes, DATA_END_BYTES);
  if (!bytesAt(bytes, DATA_OPEN_BYTES, 0) || end < 0) return undefined;
  const fragments: Array<Uint8Array<ArrayBuffer>> = [];
  let start = DATA_OPEN_BYTES.length;
  for (
    let at = indexOfBytes(bytes, BETWEEN_ITEMS_BYTES, start, BETWEEN_ITEMS_ANCHOR);
    at >= 0 && at < end;
    at = indexOfBytes(bytes, BETWEEN_ITEMS_BYTES, start, BETWEEN_ITEMS_ANCHOR)
  ) {
    fragments.push(bytes.subarray(start, at + ITEM_CLOSE.length));
    start = at + ITEM_CLOSE.length + ITEM_SEPARATOR.length;
  }
  fragments.push(bytes.subarray(start, end));
  return fragments;
}

/** The one item of a single-item collection file (an answer's own file), as its fragment: a view of its bytes. */
export function singleItemFragment(bytes: Uint8Array<ArrayBuffer>): Uint8Array<ArrayBuffer> | undefined {
  const end = lastIndexOfBytes(bytes, DATA_END_BYTES);
  return bytesAt(bytes, DATA_OPEN_BYTES, 0) && end > DATA_OPEN_BYTES.length
    ? bytes.subarray(DATA_OPEN_BYTES.length, end)
    : undefined;
}
