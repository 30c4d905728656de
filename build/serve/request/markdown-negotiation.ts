/**
 * Content negotiation for the pages that have a Markdown twin (`/` and `/docs/`): a GET or HEAD whose Accept
 * header prefers `text/markdown` to `text/html` gets the twin's file, with its own headers (Netlify applies no
 * header rules to an edge response). Anything else is handed on untouched to the static HTML, whose
 * `Vary: Accept` comes from its header rule. Pure web APIs: it runs as an edge entry and in the local server.
 */
import { MARKDOWN_PAGES } from "../../contract/layout.ts";
import { OriginError, type ReadFile } from "./deploy-snapshot.ts";
import { problemResponse } from "./problems.ts";
import { BROWSER_CACHE, markdownVariantLink } from "../../contract/header-rules.ts";
import { corsHeaders, ifNoneMatchHits } from "./response-headers.ts";
import { MARKDOWN_TYPE } from "../../contract/http.ts";

/** How long a client is asked to wait after the origin failed (as for the answers). */
const RETRY_AFTER_SECONDS = 5;

/** The representations a negotiated page has, the server's preference first (what a tie gets). */
const HTML = "text/html";
const MARKDOWN = "text/markdown";

/**
 * True when the Accept header prefers Markdown: by q-value, then by how specific the matching range is
 * (`text/markdown` over `text/*` over `*\/*`), then by order in the header; a full tie gives HTML, as does a
 * missing header.
 */
export function prefersMarkdown(accept: string | null): boolean {
  if (!accept) return false;
  const ranges = accept.split(",").flatMap((part, order) => {
    const [range = "", ...parameters] = part.split(";").map((piece) => piece.trim().toLowerCase());
    if (!/^[^/\s]+\/[^/\s]+$/.test(range)) return [];
    const qParameter = parameters.find((parameter) => parameter.startsWith("q="));
    const q = qParameter === undefined ? 1 : Number(qParameter.slice(2));
    // A malformed weight (q=x, q=2) makes the range unusable rather than a guess.
    if (qParameter !== undefined && (!/^(0(\.\d{0,3})?|1(\.0{0,3})?)$/.test(qParameter.slice(2)) || Number.isNaN(q)))
      return [];
    return [{ range, q, order }];
  });
  const preference = (type: string) => {
    const [major] = type.split("/");
    let best: { q: number; specificity: number; order: number } | undefined;
    for (const { range, q, order } of ranges) {
      const specificity = range === type ? 2 : range === `${major}/*` ? 1 : range === "*/*" ? 0 : -1;
      if (specificity < 0 || (best && specificity < best.specificity)) continue;
      if (!best || specificity > best.specificity || order < best.order) best = { q, specificity, order };
    }
    return best ?? { q: 0, specificity: -1, order: Infinity };
  };
  const markdown = preference(MARKDOWN);
  const html = preference(HTML);
  if (markdown.q === 0) return false;
  if (markdown.q !== html.q) return markdown.q > html.q;
  if (markdown.specificity !== html.specificity) return markdown.specificity > html.specificity;
  return markdown.order < html.order;
}

/** The negotiated page and its twin, by the requested path; a folder's page answers with and without its final slash. */
function negotiatedPage(pathname: string): readonly [page: string, twin: string] | undefined {
  return MARKDOWN_PAGES.find(([page]) => page === pathname || page === `${pathname}/`);
}

/** The paths to declare: a folder's without its slash, which Netlify's router matches with and without it. */
export const NEGOTIATED_PATHS: readonly string[] = MARKDOWN_PAGES.map(([page]) =>
  page === "/" ? page : page.replace(/\/$/, ""),
);

/** `read` reads a file of the deploy; it is called only for a request that gets Markdown. */
export async function markdownNegotiation(request: Request, read: () => ReadFile): Promise<Response | undefined> {
  if (request.method !== "GET" && request.method !== "HEAD") return undefined;
  const { pathname, search } = new URL(request.url);
  const negotiated = negotiatedPage(pathname);
  if (!negotiated) return undefined;
  const [page, twin] = negotiated;
  if (!prefersMarkdown(request.headers.get("Accept"))) {
    if (pathname === page) return undefined;
    // The HTML of a folder asked for without its slash is sent to the slash (its relative links need it), as the
    // CDN would send it, but here with Vary: Accept: the same URL gives Markdown to a client that prefers it, so a
    // cache must not hand this redirect to that client.
    return new Response(null, {
      status: 301,
      headers: { ...corsHeaders(), Location: `${page}${search}`, "Cache-Control": BROWSER_CACHE, Vary: "Accept" },
    });
  }
  let bytes: Uint8Array<ArrayBuffer> | undefined;
  try {
    bytes = await read()(twin);
  } catch (error) {
    const reason = error instanceof OriginError ? error.message : "the file could not be read";
    return problemResponse(
      request,
      "service-unavailable",
      `The Markdown version of ${pathname} could not be read from the site's own files (${reason}). Try again in a few seconds.`,
      {
        headers: { "Retry-After": String(RETRY_AFTER_SECONDS), Vary: "Accept" },
      },
    );
  }
  // A deploy without the twin (an older build) still has its HTML.
  if (bytes === undefined) return undefined;
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  const etag = `"md-${[...digest.subarray(0, 16)].map((byte) => byte.toString(16).padStart(2, "0")).join("")}"`;
  const headers = new Headers({
    ...corsHeaders(),
    "Content-Type": MARKDOWN_TYPE,
    "Cache-Control": BROWSER_CACHE,
    Vary: "Accept",
    "Content-Location": twin,
    Link: markdownVariantLink(page, twin),
    ETag: etag,
  });
  if (ifNoneMatchHits(request.headers.get("If-None-Match"), etag)) return new Response(null, { status: 304, headers });
  headers.set("Content-Length", String(bytes.byteLength));
  // HEAD gets the body too, as a Blob: the server drops it and keeps the length (see answers-query.ts).
  return new Response(request.method === "HEAD" ? new Blob([bytes]) : bytes, { status: 200, headers });
}
