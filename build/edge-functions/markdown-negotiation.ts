// Netlify Edge Function entry: `/` and `/docs/` answer `Accept: text/markdown` with their Markdown twins; every
// other request is handed on to the static HTML. Thin: the logic is in ../serve/request/markdown-negotiation.ts. It
// reads the twin from its own origin (the CDN in production).
import { originReader } from "../serve/request/deploy-snapshot.ts";
import { markdownNegotiation, NEGOTIATED_PATHS } from "../serve/request/markdown-negotiation.ts";

export default function handler(request: Request): Promise<Response | undefined> {
  return markdownNegotiation(request, () => originReader(new URL(request.url).origin));
}

// Only the negotiated pages ("/docs" matches /docs and /docs/). No `method`, so that it sees HEAD (see answers-query.ts); it hands on every other
// method. Before the cache: the CDN keeps the static HTML, and each request is negotiated here first.
export const config = {
  path: NEGOTIATED_PATHS,
};
