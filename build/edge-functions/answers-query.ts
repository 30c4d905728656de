// Netlify Edge Function entry: `q`, `slug` and `page` on /api/v1/answers. Thin: the logic is in
// ../serve/request/answers-query.ts. It reads the prebuilt files from its own origin (the CDN in production) and keeps
// them while the deploy is the same (../serve/request/deploy-snapshot.ts).
import { AnswersData } from "../serve/request/answers-data.ts";
import { answersQuery } from "../serve/request/answers-query.ts";
import { problemResponse, uriTooLongDetail } from "../serve/request/problems.ts";
import { MAX_REQUEST_LINE, requestLineLength } from "../contract/http.ts";
import { deploySnapshots } from "../serve/request/deploy-snapshot.ts";
import { ANSWERS_ENDPOINT } from "../contract/layout.ts";

const answersData = deploySnapshots((read) => new AnswersData(read));

export default async function handler(request: Request): Promise<Response | undefined> {
  // The local server refuses a long request line before any handler; here is where Netlify hands one on. (MCP calls
  // answersQuery with requests of its own, which have no request line.)
  const url = new URL(request.url);
  const line = requestLineLength(request.method, url.pathname + url.search);
  if (line > MAX_REQUEST_LINE) return problemResponse(request, "uri-too-long", uriTooLongDetail(line));
  return answersQuery(request, (fresh) => answersData(url.origin, fresh));
}

// No `method`: Netlify's bundler accepts only GET, POST, PUT, PATCH, DELETE and OPTIONS there, and a function
// that declares GET never sees HEAD. The handler refuses every method but GET and HEAD, as the guard does (the
// guard cannot declare QUERY, PROPFIND and the like). The path also matches
// "/api/v1/answers/" (the bundler adds an optional trailing slash).
export const config = {
  path: ANSWERS_ENDPOINT,
  cache: "manual",
};
