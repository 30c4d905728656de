/**
 * What the WARC records, each kind of URL taken from the one place that owns it: the canonical files
 * (urls.txt), the folder pages and extensionless aliases (build/contract/routes.ts), every URL of the sitemap, the
 * documented `q` examples, one `?slug=` alias, the /api/* 404 problem document, and then, followed from the
 * recorded responses themselves, every same-origin URL a `Link` header or a problem `type` points at.
 */
import { API_NOT_FOUND_FILE } from "../../contract/layout.ts";
import { QUERY_EXAMPLES } from "../../engine/describe/service-facts.ts";
import { ALIASES, FOLDER_INDEXES } from "../../contract/routes.ts";
import { type BuiltOutput, builtText } from "./dist-files.ts";

/** A response as recorded: the headers in their received order, and the body, read only for a problem document. */
export interface RecordedResponse {
  headers: ReadonlyArray<readonly [string, string]>;
  text(): Promise<string>;
}

/** A root-relative target (path and query, no fragment) of a URL on `origin`, or undefined for another origin. */
function sameOriginTarget(url: string, base: string, origin: string): string | undefined {
  const resolved = new URL(url, base);
  if (resolved.origin !== new URL(origin).origin) return undefined;
  return resolved.pathname + resolved.search;
}

/** The locations a sitemap lists, as root-relative targets; a location on another origin is a broken build. */
function sitemapTargets(sitemap: string, origin: string): string[] {
  const entities: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&apos;": "'" };
  return [...sitemap.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => {
    const location = match[1]!.trim().replace(/&(amp|lt|gt|quot|apos);/g, (entity) => entities[entity]!);
    const target = sameOriginTarget(location, origin, origin);
    if (target === undefined)
      throw new Error(`the sitemap lists ${location}, which is not on ${origin}, the origin the archive names`);
    return target;
  });
}

/** The URLs the capture starts from, in a fixed order, each once. */
export async function seedTargets(output: BuiltOutput, origin: string): Promise<string[]> {
  const urlList = (await builtText(output, "urls.txt")).split("\n").filter(Boolean);
  const slug = JSON.parse(await builtText(output, "api/v1/answers/index.json")).data[0]?.slug as string | undefined;
  const sitemap = await builtText(output, "sitemap.xml");
  return [
    ...new Set([
      ...urlList,
      ...FOLDER_INDEXES.map(([folder]) => folder),
      ...ALIASES.map(([alias]) => alias),
      ...sitemapTargets(sitemap, origin),
      ...QUERY_EXAMPLES.map((example) => `/api/v1/answers?q=${encodeURIComponent(example.q)}`),
      ...(slug ? [`/api/v1/answers?slug=${slug}`] : []),
      // Every unknown /api/ path is answered with this problem document, so an archive of the API holds it.
      API_NOT_FOUND_FILE,
    ]),
  ];
}

/** The same-origin URLs a recorded response points at: its `Link` targets and, for a problem, its `type`. */
export async function pointedTargets(targetUri: string, response: RecordedResponse, origin: string): Promise<string[]> {
  const pointed: string[] = [];
  for (const [name, value] of response.headers) {
    const lowered = name.toLowerCase();
    if (lowered === "link") {
      // Each link-value starts with its URI reference in angle brackets (RFC 8288).
      for (const match of value.matchAll(/(?:^|,)\s*<([^>]*)>/g)) pointed.push(match[1]!);
    } else if (lowered === "content-type" && value.split(";")[0]!.trim() === "application/problem+json") {
      const text = await response.text();
      let type: unknown;
      try {
        type = (JSON.parse(text) as { type?: unknown }).type;
      } catch (error) {
        throw new Error(
          `${targetUri} is served as a problem document but its body is not JSON: ${(error as Error).message}`,
        );
      }
      if (typeof type === "string") pointed.push(type);
    }
  }
  return pointed.map((url) => sameOriginTarget(url, targetUri, origin)).filter((target) => target !== undefined);
}
