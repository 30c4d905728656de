/** The one envelope of the three collections: items in `data`, counts and filters in `meta`, `links`. */
import { canonicalJson } from "../output/canonical-json.ts";

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
  count: number;
  total: number;
  page: number;
  page_count: number;
  page_size: number;
  filters: Filters;
}

export interface Envelope<Item> {
  data: Item[];
  links: EnvelopeLinks;
  meta: EnvelopeMeta;
}

/** Where page N of a paged collection lives; page 1 is also the collection's own file. */
export function pagePath(collection: string, page: number): string {
  return `/api/v1/${collection}/pages/${page}.json`;
}

export function collectionPath(collection: string): string {
  return `/api/v1/${collection}/index.json`;
}

/**
 * The links and counts of page `page` of a collection of `total` items. A collection that fits one page has
 * no pages/ files: its one page is index.json.
 */
export function pageEnvelope(collection: string, page: number, total: number, pageSize: number, filters: Filters = NO_FILTERS): Omit<Envelope<never>, "data"> {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const pageUrl = (number: number) => (pageCount === 1 ? collectionPath(collection) : pagePath(collection, number));
  const count = Math.max(0, Math.min(pageSize, total - (page - 1) * pageSize));
  return {
    links: {
      self: pageUrl(page),
      first: pageUrl(1),
      last: pageUrl(pageCount),
      ...(page > 1 ? { prev: pageUrl(page - 1) } : {}),
      ...(page < pageCount ? { next: pageUrl(page + 1) } : {}),
    },
    meta: { count, total, page, page_count: pageCount, page_size: pageSize, filters },
  };
}

/** The paths a page is written to: its own, and index.json as well for the first page of a paged collection. */
export function pagePaths(collection: string, page: number, pageCount: number): string[] {
  if (pageCount === 1) return [collectionPath(collection)];
  return page === 1 ? [collectionPath(collection), pagePath(collection, 1)] : [pagePath(collection, page)];
}

/** Splits items into pages of `pageSize`, each with the paths it is written to. */
export function paginate<Item>(collection: string, items: readonly Item[], pageSize: number, filters: Filters = NO_FILTERS): Array<{ paths: string[]; body: Envelope<Item> }> {
  const pageCount = Math.max(1, Math.ceil(items.length / pageSize));
  return Array.from({ length: pageCount }, (_, index) => ({
    paths: pagePaths(collection, index + 1, pageCount),
    body: { data: items.slice(index * pageSize, (index + 1) * pageSize), ...pageEnvelope(collection, index + 1, items.length, pageSize, filters) },
  }));
}

/** An item's canonical JSON as it stands inside a collection's `data` array: indented by four spaces. */
export function itemFragment(item: unknown): string {
  // JSON.stringify escapes newlines inside strings, so every newline left is a line break of the layout.
  return "    " + canonicalJson(item).trimEnd().replace(/\n/g, "\n    ");
}

/**
 * The exact text canonicalJson would give the envelope { data, links, meta }, from the items' fragments:
 * each item is serialised once, however many files hold it.
 */
export function envelopeText(fragments: readonly string[], rest: Omit<Envelope<unknown>, "data"> & Record<string, unknown>): string {
  const data = fragments.length === 0 ? '{\n  "data": [],\n' : `{\n  "data": [\n${fragments.join(",\n")}\n  ],\n`;
  return data + canonicalJson(rest).slice(2);
}
