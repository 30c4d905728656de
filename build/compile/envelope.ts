/** The one envelope of the three collections: items in `data`, counts and filters in `meta`, `links`. */
export interface Filters {
  q: string | null;
  slug: string | null;
}

export const NO_FILTERS: Filters = { q: null, slug: null };

export interface Envelope<Item> {
  data: Item[];
  links: { self: string; first: string; last: string; prev?: string; next?: string };
  meta: { count: number; total: number; page: number; page_count: number; page_size: number; filters: Filters };
}

/** Where page N of a paged collection lives; page 1 is also the collection's own file. */
export function pagePath(collection: string, page: number): string {
  return `/api/v1/${collection}/pages/${page}.json`;
}

export function collectionPath(collection: string): string {
  return `/api/v1/${collection}/index.json`;
}

/**
 * Splits items into pages of `pageSize`. A collection that fits one page has no pages/ files: its one page
 * is index.json. `total` is the size of the whole (filtered) collection.
 */
export function paginate<Item>(collection: string, items: readonly Item[], pageSize: number, filters: Filters = NO_FILTERS): Array<{ path: string; body: Envelope<Item> }> {
  const pageCount = Math.max(1, Math.ceil(items.length / pageSize));
  const pageUrl = (page: number) => (pageCount === 1 ? collectionPath(collection) : pagePath(collection, page));
  const pages: Array<{ path: string; body: Envelope<Item> }> = [];
  for (let page = 1; page <= pageCount; page++) {
    const data = items.slice((page - 1) * pageSize, page * pageSize);
    const body: Envelope<Item> = {
      data,
      links: {
        self: pageUrl(page),
        first: pageUrl(1),
        last: pageUrl(pageCount),
        ...(page > 1 ? { prev: pageUrl(page - 1) } : {}),
        ...(page < pageCount ? { next: pageUrl(page + 1) } : {}),
      },
      meta: { count: data.length, total: items.length, page, page_count: pageCount, page_size: pageSize, filters },
    };
    pages.push({ path: pageUrl(page), body });
    if (page === 1 && pageCount > 1) pages.push({ path: collectionPath(collection), body: { ...body, links: { ...body.links } } });
  }
  return pages;
}
