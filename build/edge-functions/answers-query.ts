// Netlify Edge Function entry: `q`, `slug` and `page` on /api/v1/answers. Thin: the logic is in
// ../serve/request/answers-query.ts. It reads the prebuilt files from its own origin (the CDN in production) and keeps
// them while the deploy is the same (../serve/request/deploy-snapshot.ts).
import { AnswersData } from "../serve/request/answers-data.ts";
import { answersQuery } from "../serve/request/answers-query.ts";
import { deploySnapshots } from "../serve/request/deploy-snapshot.ts";
import { ANSWERS_ENDPOINT } from "../contract/layout.ts";

const answersData = deploySnapshots((read) => new AnswersData(read));

export default async function handler(request: Request): Promise<Response | undefined> {
  return answersQuery(request, (fresh) => answersData(new URL(request.url).origin, fresh));
}

// No `method`: Netlify's bundler accepts only GET, POST, PUT, PATCH, DELETE and OPTIONS there, and a function
// that declares GET never sees HEAD. The handler refuses every method but GET and HEAD, as the guard does (the
// guard cannot declare QUERY, PROPFIND and the like). The path also matches
// "/api/v1/answers/" (the bundler adds an optional trailing slash).
export const config = {
  path: ANSWERS_ENDPOINT,
  cache: "manual",
};
