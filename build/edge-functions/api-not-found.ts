// Netlify Edge Function entry: a JSON problem 404 for GET and HEAD on any path under /api/ that the deploy does
// not publish, with its own headers (see ../serve/request/api-not-found.ts for why a header rule is not enough).
// Published paths are handed on to the files. The extensionless endpoints never reach it.
import { ALIASES } from "../contract/layout.ts";
import { apiNotFound, publishedApiPaths } from "../serve/request/api-not-found.ts";
import { deploySnapshots } from "../serve/request/deploy-snapshot.ts";

// While a new deploy's list is read, requests are handed on rather than kept waiting (a dev loop makes urls.txt last).
const published = deploySnapshots<Promise<ReadonlySet<string> | undefined>>((read) => publishedApiPaths(read), {
  meanwhile: () => undefined,
});

export default function handler(request: Request): Promise<Response | undefined> {
  return apiNotFound(request, () => published(new URL(request.url).origin));
}

// No `method`, so that it sees HEAD (see answers-query.ts), and the methods the method guard cannot declare,
// which it refuses as the guard would.
export const config = {
  path: "/api/*",
  excludedPath: ALIASES.flat(),
  cache: "manual",
};
