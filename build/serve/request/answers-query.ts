/**
 * The request handler for `/api/v1/answers` with `q`, `slug` or `page`: a pure function of a web-standard
 * Request and the prebuilt data. It runs as a Netlify Edge Function and inside the local server. A request
 * without those parameters is not its business: it returns undefined and the static file answers.
 */
import {
  answersQueryUrl,
  collectionPageUrl,
  pageCountOf,
  envelopeByteParts,
  pageEnvelope,
  type Filters,
  type SearchMeta,
} from "../../contract/envelope.ts";
import { ANSWERS_ENDPOINT, ANSWERS_PARAMETERS, answerPath } from "../../contract/layout.ts";
import { MAX_PAGE, MAX_PAGE_DIGITS, MAX_PARAMETERS, MAX_QUERY_CODE_POINTS } from "../../contract/limits.ts";
import { deprecationHeaders } from "../../contract/versioning.ts";
import { MATCH_MODES, type MatchMode } from "../../search/query-words.ts";
import { searchMeta } from "../../search/search-meta.ts";
import { SORT_ORDERS, type RankedHit, type SearchQuery, type SortOrder } from "../../search/search-reader.ts";
import { parseQuery } from "../../search/text-match.ts";
import { MixedDeployError, type AnswersData } from "./answers-data.ts";
import { OriginError } from "./deploy-snapshot.ts";
import { quickHash } from "./quick-hash.ts";
import { malformedParameterDetail, ONLY_STOP_WORDS_DETAIL } from "../../contract/problems.ts";
import { methodGuard } from "./method-guard.ts";
import { problemResponse } from "./problems.ts";
import { BROWSER_CACHE, CDN_CACHE, linkHeader } from "../../contract/header-rules.ts";
import { corsHeaders, ifNoneMatchHits } from "./response-headers.ts";
import { JSON_TYPE } from "../../contract/http.ts";

const ANSWERS_PATHS: ReadonlySet<string> = new Set([ANSWERS_ENDPOINT, `${ANSWERS_ENDPOINT}/`]);
/** How long a client is asked to wait after the origin failed: a deploy or a hiccup is over by then. */
export const RETRY_AFTER_SECONDS = 5;
const FILTERS = ANSWERS_PARAMETERS;
const WHOLE_NUMBER = /^[1-9][0-9]*$/;

/**
 * `source` is the data, or a function that gives it: the edge entry passes a function, so that requests the
 * handler refuses or hands on never cause a read.
 */
export async function answersQuery(
  request: Request,
  source: AnswersData | ((fresh: boolean) => Promise<AnswersData>),
): Promise<Response | undefined> {
  const url = new URL(request.url);
  if (!ANSWERS_PATHS.has(url.pathname)) return undefined;
  // As api-not-found: the methods the method guard cannot declare are refused here.
  if (request.method !== "GET" && request.method !== "HEAD") return methodGuard(request);
  const parameters = [...url.searchParams];
  if (parameters.length > MAX_PARAMETERS) {
    return problemResponse(
      request,
      "too-many-parameters",
      `The request has ${parameters.length} query parameters; at most ${MAX_PARAMETERS} are accepted.`,
    );
  }
  // URLSearchParams reads a broken escape as U+FFFD: such a value is refused, not searched for.
  const malformed = malformedParameter(url.search, FILTERS);
  if (malformed)
    return problemResponse(
      request,
      "malformed-parameter",
      malformed.written === malformed.name
        ? malformedParameterDetail(malformed.name)
        : `The parameter name ${malformed.written} is ${malformed.name} written with percent-escapes; write it as ${malformed.name}.`,
      { extensions: { parameter: malformed.name } },
    );
  const given: Partial<Record<(typeof FILTERS)[number], string>> = {};
  for (const [name, value] of parameters) {
    if (!(FILTERS as readonly string[]).includes(name)) continue;
    const filter = name as (typeof FILTERS)[number];
    if (given[filter] !== undefined) {
      return problemResponse(
        request,
        "repeated-parameter",
        `The parameter ${name} is given more than once; give it once.`,
        { extensions: { parameter: name } },
      );
    }
    given[filter] = value;
  }
  let sort: SortOrder | undefined;
  if (given.sort !== undefined) {
    if (!(SORT_ORDERS as readonly string[]).includes(given.sort)) {
      return problemResponse(request, "invalid-sort", `sort is "${given.sort}"; it must be relevance or slug.`, {
        extensions: { parameter: "sort" },
      });
    }
    sort = given.sort as SortOrder;
  }
  let match: MatchMode = "any";
  if (given.match !== undefined) {
    if (!(MATCH_MODES as readonly string[]).includes(given.match)) {
      return problemResponse(request, "invalid-match", `match is "${given.match}"; it must be any or all.`, {
        extensions: { parameter: "match" },
      });
    }
    match = given.match as MatchMode;
  }
  // Without q every order is collection order: the prebuilt files answer.
  if (given.q === undefined && given.slug === undefined && given.page === undefined) return undefined;

  let page = 1;
  if (given.page !== undefined) {
    if (!WHOLE_NUMBER.test(given.page) || given.page.length > MAX_PAGE_DIGITS) {
      return problemResponse(
        request,
        "invalid-page",
        `page is "${given.page}"; it must be a whole number from 1 to ${MAX_PAGE}, in digits with no leading zero.`,
        { extensions: { parameter: "page" } },
      );
    }
    page = Number(given.page);
  }
  let search: (SearchQuery & { ignored: string[] }) | undefined;
  if (given.q !== undefined) {
    const parsed = parseQuery(given.q, match);
    if (!parsed.ok) {
      const extensions = { extensions: { parameter: "q" } };
      return parsed.reason === "too-long"
        ? problemResponse(
            request,
            "query-too-long",
            `q has ${parsed.codePoints} characters; at most ${MAX_QUERY_CODE_POINTS} are accepted.`,
            extensions,
          )
        : parsed.reason === "only-stop-words"
          ? problemResponse(request, "query-only-stop-words", ONLY_STOP_WORDS_DETAIL, extensions)
          : problemResponse(
              request,
              "invalid-query",
              "q has no letter or digit, so it cannot match any word.",
              extensions,
            );
    }
    search = { words: parsed.tokens, match, ignored: parsed.ignored };
  }

  const query: ParsedQuery = {
    search,
    slug: given.slug,
    q: given.q,
    page,
    sort: sort ?? (search ? "relevance" : "slug"),
  };
  const load = typeof source === "function" ? source : async () => source;
  try {
    try {
      return await respond(request, await load(false), query);
    } catch (error) {
      // Files of two builds: the deploy changed while this was read. Everything is read again, once.
      if (!(error instanceof MixedDeployError)) throw error;
      return await respond(request, await load(true), query);
    }
  } catch (error) {
    // Whatever the origin did (failed, hung, answered 5xx, gave half a file, kept changing), the client gets JSON.
    const reason = error instanceof OriginError ? error.message : "the prebuilt data could not be read";
    return problemResponse(
      request,
      "service-unavailable",
      `The answers could not be read from the API's own files (${reason}). Try again in a few seconds.`,
      {
        headers: { "Retry-After": String(RETRY_AFTER_SECONDS) },
      },
    );
  }
}

interface ParsedQuery {
  search: (SearchQuery & { ignored: string[] }) | undefined;
  slug: string | undefined;
  q: string | undefined;
  page: number;
  sort: SortOrder;
}

/** The response to a valid query, from one build's files (or an error: see answersQuery). */
async function respond(
  request: Request,
  data: AnswersData,
  { search, slug, q, page, sort }: ParsedQuery,
): Promise<Response> {
  const [versioning, contentDigest] = await Promise.all([data.versioning(), data.contentDigest()]);
  // Header rules do not reach edge responses: the dates of a deprecated v1 are set here, as _headers sets them on files.
  const lifecycle = deprecationHeaders(versioning);

  // Requests a prebuilt file answers exactly: send its bytes, so that the alias and the file agree.
  const slugPosition =
    search === undefined && page === 1 && slug !== undefined ? await data.search.positionOf(slug) : undefined;
  if (slug !== undefined && slugPosition !== undefined) {
    const file = await data.answerFile(slug, slugPosition);
    // As the file's own header rule says: its schema (its Markdown twin is named in its JSON's links).
    return jsonResponse(request, [file.bytes], file.digest, lifecycle, linkHeader("answers.schema.json"));
  }
  if (search === undefined && slug === undefined && page <= (await data.collectionMeta()).page_count) {
    const file = await data.collectionPage(page);
    return jsonResponse(request, [file.bytes], file.digest, lifecycle);
  }
  // The rest is computed, paged by the index's own record of the page size: the collection is not read.
  const pageSize = await data.search.pageSize();

  const offset = (page - 1) * pageSize;
  let total: number;
  let hits: Array<Pick<RankedHit, "slug" | "position"> & { score?: number }>;
  if (slug !== undefined) {
    // One answer at most: the slug's, if it exists and matches q.
    const hit = search === undefined ? await slugHit(data, slug) : await data.search.hitFor(search, slug);
    total = hit ? 1 : 0;
    hits = hit && offset === 0 ? [hit] : [];
  } else if (search !== undefined) {
    ({ total, hits } = await data.search.search(search, sort, offset, pageSize));
  } else {
    // Past the collection's last page (the prebuilt pages answered the rest).
    total = await data.search.answers();
    hits = [];
  }
  const filters: Filters = { q: q ?? null, slug: slug ?? null };
  const queryUrl = answersQueryUrl(filters, sort, search?.match);
  // Past the last page, the pages it leads back to are files where there are files: the collection's own pages
  // (unfiltered), or the answer's own file (a slug alone, whose first page is that file's bytes).
  const pageCount = pageCountOf(total, pageSize);
  const pageUrl =
    search === undefined && slug === undefined
      ? (at: number) => (at <= pageCount ? collectionPageUrl("answers", pageCount)(at) : queryUrl(at))
      : search === undefined && total === 1
        ? (at: number) => (at === 1 ? answerPath(slug!) : queryUrl(at))
        : queryUrl;
  const envelope = pageEnvelope(page, total, pageSize, filters, pageUrl, contentDigest);
  // The answers' prebuilt text is spliced in rather than parsed and serialised again: the result is exactly
  // canonicalJson of the whole envelope, at a fraction of the cost, and its tag comes from digests already known.
  const fragments = await data.fragments(hits);
  if (search !== undefined) {
    // Beside the answers, not inside them: the answer objects stay the bytes of their files.
    const miss = total === 0 && (slug === undefined || (await data.search.search(search, sort, 0, 0)).total === 0);
    const meta: SearchMeta = await searchMeta(
      data.search,
      search,
      sort,
      // A search's hits all carry their scores (search and hitFor give them).
      hits as ReadonlyArray<{ slug: string; score: number }>,
      (at) => data.preparedAnswer(hits[at]!.slug, fragments[at]!),
      miss,
    );
    Object.assign(envelope.meta, meta);
  }
  const bytes = envelopeByteParts(
    fragments.map((fragment) => fragment.bytes),
    envelope,
  );
  // The last part is the envelope's own text (all but the answers): with the answers' digests, it says what the bytes are.
  return jsonResponse(
    request,
    bytes,
    combinedDigest(
      fragments.map((fragment) => fragment.digest),
      bytes[bytes.length - 1]!,
    ),
    lifecycle,
  );
}

/** The answer with this slug, if the collection has it. */
async function slugHit(data: AnswersData, slug: string): Promise<{ slug: string; position: number } | undefined> {
  const position = await data.search.positionOf(slug);
  return position === undefined ? undefined : { slug, position };
}

/** A tag for a computed response from what determines its bytes: the digests of the prebuilt answers it holds and the bytes of the rest of it (its envelope). */
function combinedDigest(answerDigests: readonly string[], envelope: Uint8Array): string {
  return `q${quickHash(answerDigests, [envelope])}`;
}

/**
 * `parts` are the body's UTF-8 bytes in order (a GET streams them as they are, so no copy of a large result is
 * made here); `digest` identifies those bytes.
 */
async function jsonResponse(
  request: Request,
  parts: Array<Uint8Array<ArrayBuffer>>,
  digest: string,
  lifecycle: Record<string, string>,
  link = linkHeader("answers.schema.json"),
): Promise<Response> {
  const length = parts.reduce((sum, part) => sum + part.byteLength, 0);
  const etag = `"${digest.slice(0, 32)}"`;
  const headers = new Headers({
    ...corsHeaders(),
    "Content-Type": JSON_TYPE,
    "Cache-Control": BROWSER_CACHE,
    // The CDN caches each distinct q, slug, sort, match and page until the next deploy; other parameters do not split it.
    "Netlify-CDN-Cache-Control": CDN_CACHE,
    "Netlify-Vary": `query=${FILTERS.join("|")}`,
    Link: link,
    ETag: etag,
    ...lifecycle,
  });
  if (ifNoneMatchHits(request.headers.get("If-None-Match"), etag)) return new Response(null, { status: 304, headers });
  headers.set("Content-Length", String(length));
  // HEAD gets the body too: the server drops it and keeps the length (Deno's, as Node's), where a null body would
  // be sent as "Content-Length: 0". A Blob carries its size (it copies the parts, which a HEAD can afford).
  if (request.method === "HEAD") return new Response(new Blob(parts), { status: 200, headers });
  // GET: the parts as they are, one chunk each, without copying them into one buffer. They are all in memory
  // already, so they are queued at once: a pull per part cost a round of promises per part.
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const part of parts) controller.enqueue(part);
      controller.close();
    },
  });
  return new Response(stream, { status: 200, headers });
}

/**
 * The first of `names` given in a raw query string with a value whose percent-escapes are not UTF-8, or with a
 * name written with escapes (%71 for q): the CDN's cache key (Netlify-Vary) may take that name as written, and
 * a response to it must not be kept for the URLs of another parameter. Problems are never cached.
 */
function malformedParameter<Name extends string>(
  search: string,
  names: readonly Name[],
): { name: Name; written: string } | undefined {
  for (const pair of search.replace(/^\?/, "").split("&")) {
    const at = pair.indexOf("=");
    const written = at === -1 ? pair : pair.slice(0, at);
    // The name as URLSearchParams reads it, so that the same parameter is meant.
    const name = new URLSearchParams(`k=${written}`).get("k") as Name;
    if (!names.includes(name)) continue;
    if (written !== name) return { name, written };
    try {
      decodeURIComponent((at === -1 ? "" : pair.slice(at + 1)).replaceAll("+", " "));
    } catch {
      return { name, written };
    }
  }
  return undefined;
}
