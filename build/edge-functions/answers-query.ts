// Netlify Edge Function entry: `q`, `slug` and `page` on /api/v1/answers. Thin: the logic is in
// ../request/answers-query.ts. It reads the prebuilt files from its own origin (the CDN in production) and keeps
// them while the health file's digest is unchanged, checked at most every few seconds: a new deploy or a local
// rebuild is picked up without a restart.
import { AnswersData } from "../request/answers-data.ts";
import { answersQuery } from "../request/answers-query.ts";

const RECHECK_MS = 5000;
const loaded = new Map<string, { data: AnswersData; digest: string; checkedAt: number }>();

async function readFrom(origin: string, path: string): Promise<string | undefined> {
  const response = await fetch(new URL(path, origin));
  return response.ok ? await response.text() : undefined;
}

async function currentData(origin: string): Promise<AnswersData> {
  const known = loaded.get(origin);
  if (known && Date.now() - known.checkedAt < RECHECK_MS) return known.data;
  const health = await readFrom(origin, "/api/v1/health/index.json");
  const digest = health ? String((JSON.parse(health) as { content_digest?: string }).content_digest) : "";
  if (known && known.digest === digest) {
    known.checkedAt = Date.now();
    return known.data;
  }
  const data = new AnswersData((path) => readFrom(origin, path));
  loaded.set(origin, { data, digest, checkedAt: Date.now() });
  return data;
}

export default async function handler(request: Request): Promise<Response | undefined> {
  return answersQuery(request, () => currentData(new URL(request.url).origin));
}

// No `method`: Netlify's bundler accepts only GET, POST, PUT, PATCH, DELETE and OPTIONS there, and a function
// that declares GET never sees HEAD. The handler passes on every method but GET and HEAD. The path also matches
// "/api/v1/answers/" (the bundler adds an optional trailing slash).
export const config = {
  path: "/api/v1/answers",
  cache: "manual",
};
