/**
 * The files that describe and present the service, from the compiled data: the OpenAPI document (at two
 * paths, the same bytes), the discovery documents, the home page (the offline reader while it holds every answer),
 * the docs, CITATION.cff, the changelog and the DCAT catalog, and the header rules for _headers that change with the content (the home page's script hashes,
 * and deprecation headers when v1 is deprecated).
 */
import type { EvidenceFamilyResource } from "../compile/evidence.ts";
import { statusTallies } from "../compile/vocabularies.ts";
import type { DisclosureResource, SupplierResource } from "../compile/suppliers.ts";
import type { SiteSettings, Source } from "../../content/load/types.ts";
import type { AnswerResource } from "../../contract/resources.ts";
import { canonicalJson, canonicalJsonPieces } from "../../contract/canonical-json.ts";
import { SearchFiles } from "../../search/search-files.ts";
import { SearchReader } from "../../search/search-reader.ts";
import { prepareAnswer } from "../../search/explain.ts";
import { searchMeta } from "../../search/search-meta.ts";
import type { MatchMode } from "../../search/query-words.ts";
import { answerSearchTexts } from "../../search/answer-fields.ts";
import { answersQueryUrl, pageEnvelope } from "../../contract/envelope.ts";
import { parseQuery } from "../../search/text-match.ts";
import { offlineAppScript } from "./browser-bundle.ts";
import { buildDiscoveryFiles } from "./discovery.ts";
import { buildMcpDocuments } from "./mcp-documents.ts";
import { errorsPage, HTML_PAGES, ICON, STYLESHEET, type DocsInput, type SearchExamples } from "./docs-html.ts";
import { cspHash, homeContentSecurityPolicy, homeHoldsEveryAnswer, homePage, homeScripts } from "./home-page.ts";
import { versioningPolicy } from "./versioning.ts";
import { buildOpenApi, CUT_LISTS, firstOfLists, shortExample } from "./openapi.ts";
import { homeMarkdown } from "./markdown-pages.ts";
import { docsMarkdown, docsPage } from "./docs-page.ts";
import type { AnswerListing } from "./discovery.ts";
import {
  CHANGELOG_FEED_FILE,
  CHANGELOG_JSON_FILE,
  CITATION_FILE,
  DCAT_CATALOG_FILE,
  MARKDOWN_PAGES,
  OPENAPI_ALIAS,
  OPENAPI_FILE,
  DOCS_FILE,
  DOCS_PATH,
  ERRORS_FILE,
  HOME_FILE,
  ICON_FILE,
  STYLESHEET_FILE,
  CHANGELOG_PAGE_FILE,
} from "../../contract/layout.ts";
import { changelogAtom, changelogEntries, changelogJson, changelogPage } from "./data-changelog.ts";
import { dcatCatalog } from "./dcat-catalog.ts";
import { citationCff } from "../compile/citation.ts";
import { asOfDates, datasetJsonLd } from "./dataset-jsonld.ts";
import { datasetDistributions } from "./distributions.ts";
import { QUERY_EXAMPLES } from "./service-facts.ts";
import { deprecationHeaders, type VersioningPolicy } from "../../contract/versioning.ts";
import type { HeaderBlock } from "../../contract/header-rules.ts";

const OPENAPI_PATHS = [OPENAPI_FILE, OPENAPI_ALIAS] as const;

export interface DescribeInput {
  site: SiteSettings;
  origin: string;
  generatedAt: string;
  counts: DocsInput["counts"];
  versioning: VersioningPolicy;
  /** Bodies of the built files the OpenAPI examples show (small ones, and the first answer's file). */
  examples: ReadonlyMap<string, unknown>;
  /** The search index's files as written: their paths, and a file's text read back from the output. */
  searchFiles: { paths: readonly string[]; read(path: string): Promise<string | undefined> };
  schemas: ReadonlyMap<string, Record<string, unknown>>;
  /** The first page of answers: the home page shows these. */
  answers: readonly AnswerResource[];
  /** Every answer, for llms.txt. */
  answerList: readonly AnswerListing[];
  suppliers: readonly SupplierResource[];
  disclosure: DisclosureResource;
  families: readonly EvidenceFamilyResource[];
  sources: readonly Source[];
  /** The synonym groups of q, for the docs. */
  synonyms: DocsInput["synonyms"];
  /** The claims searched outward, for the docs. */
  outward: DocsInput["outward"];
  /** The files written under /data/: the data package's and the bulk downloads. */
  dataFiles: readonly string[];
}

export interface DescribedService {
  /**
   * Each file's contents made when asked for, so that the writer holds one at a time: at 100,000 answers the
   * changelog alone is some 40 MB of text, and all of them made at once were the build's peak of memory. A file
   * that grows with the collection comes in pieces, made as they are written, never whole.
   */
  files: Array<{ path: string; contents: () => string | Iterable<string> }>;
}

/**
 * The q of the docs' and OpenAPI's computed examples: a question, and a misspelling under `match=all` (with the
 * default, a typo matches: a miss there needs a query a suggestion can mend and a typo cannot).
 */
const SEARCH_EXAMPLE_HIT = "where should the ceiling microphones go";
const SEARCH_EXAMPLE_MISS = "cieling";

/** How many of an example's results the docs name. */
const EXAMPLE_SLUGS = 5;

export async function describeService(input: DescribeInput): Promise<DescribedService> {
  const { site, origin, generatedAt, counts } = input;

  // The examples are answered by the request handler's own reader, from the files just written.
  const reader = new SearchReader(new SearchFiles((path) => input.searchFiles.read(path)));
  const exampleResults = await Promise.all(
    QUERY_EXAMPLES.map(async (example) => {
      const parsed = parseQuery(example.q);
      const found = parsed.ok
        ? await reader.search({ words: parsed.tokens, match: "any" }, "relevance", 0, EXAMPLE_SLUGS)
        : { total: 0, hits: [] };
      return { ...example, total: found.total, slugs: found.hits.map((hit) => hit.slug) };
    }),
  );
  const searchExamples = await searchResultExamples(reader, input.answers, input.site.page_size);
  const docs: DocsInput = {
    site,
    origin,
    counts,
    exampleResults,
    searchExamples,
    synonyms: input.synonyms,
    outward: input.outward,
    statusTallies: statusTallies(input.families),
    generatedAt,
    versioning: input.versioning,
  };
  const openapi = canonicalJson(
    buildOpenApi({
      site,
      origin,
      schemas: input.schemas,
      examples: exampleBodies(input.examples),
      exampleSlug: input.answers[0]?.slug ?? "",
      searchExamples: searchExamples && {
        searchResult: {
          summary: `?${searchExamples.hit.query} (its first answer shown, ${CUT_LISTS}), each answer explained in meta.matches`,
          value: searchExamples.hit.body,
        },
        searchMiss: {
          summary: `?${searchExamples.miss.query}: nothing found, corrected queries in meta.suggestions`,
          value: searchExamples.miss.body,
        },
      },
    }),
  );
  const distributions = datasetDistributions(input.dataFiles);
  const factDates = [...asOfDates(input.families), input.disclosure.methodology_date];
  const dataset = datasetJsonLd({ site, origin, distributions, factDates });
  const changelog = {
    site,
    disclosure: input.disclosure,
    entries: changelogEntries({ site, disclosure: input.disclosure, answers: input.answerList }),
  };
  // The home page carries the index only when it holds every answer (homePage): a few small files, read whole.
  const homeSearchFiles = new Map<string, string>();
  if (homeHoldsEveryAnswer(counts.answers, site.page_size))
    for (const path of input.searchFiles.paths) homeSearchFiles.set(path, (await input.searchFiles.read(path))!);
  const homeInput = { ...docs, ...input, searchFiles: homeSearchFiles };
  const files: DescribedService["files"] = [
    ...OPENAPI_PATHS.map((path) => ({ path, contents: () => openapi })),
    ...buildDiscoveryFiles({ site, origin, generatedAt, counts, pages: HTML_PAGES, answers: input.answerList }).map(
      (file) => ({ path: file.path, contents: () => file.contents }),
    ),
    ...buildMcpDocuments({ site, origin, schemas: input.schemas }).map((file) => ({
      path: file.path,
      contents: () => file.contents,
    })),
    {
      path: HOME_FILE,
      contents: () => homePage({ ...homeInput, dataset, offlineScript: offlineAppScript() }),
    },
    { path: markdownTwinOf("/"), contents: () => homeMarkdown(homeInput) },
    { path: DOCS_FILE, contents: () => docsPage(docs) },
    { path: markdownTwinOf(DOCS_PATH), contents: () => docsMarkdown(docs) },
    { path: ERRORS_FILE, contents: () => errorsPage(docs) },
    { path: STYLESHEET_FILE, contents: () => STYLESHEET },
    { path: ICON_FILE, contents: () => ICON },
    { path: CITATION_FILE, contents: () => citationCff(site) },
    { path: CHANGELOG_JSON_FILE, contents: () => canonicalJsonPieces(changelogJson(changelog)) },
    { path: CHANGELOG_FEED_FILE, contents: () => changelogAtom(changelog, origin) },
    { path: CHANGELOG_PAGE_FILE, contents: () => changelogPage({ ...changelog, generatedAt }) },
    {
      path: DCAT_CATALOG_FILE,
      contents: () => canonicalJson(dcatCatalog({ site, origin, distributions, factDates })),
    },
  ];
  return { files };
}

/**
 * The header rules only the content can decide, for _headers: the home page's CSP with its scripts' hashes (the
 * same scripts homePage carries), and a deprecated version's dates. From the counts and settings alone, so that
 * serving any file does not wait for the docs to be made.
 */
export function serviceHeaders(input: { site: SiteSettings; counts: { answers: number } }): HeaderBlock[] {
  const hashes = homeScripts(input.counts.answers, input.site.page_size, offlineAppScript).map(cspHash);
  const homePolicy = homeContentSecurityPolicy(hashes.length > 0 ? hashes : ["'none'"], true);
  const deprecation = deprecationHeaders(versioningPolicy(input.site));
  return [
    ["/", { "Content-Security-Policy": homePolicy }],
    [HOME_FILE, { "Content-Security-Policy": homePolicy }],
    ...(Object.keys(deprecation).length > 0 ? [["/api/*", deprecation] as const] : []),
  ];
}

function markdownTwinOf(page: string): string {
  return MARKDOWN_PAGES.find(([candidate]) => candidate === page)![1];
}

/**
 * Two computed `q` responses of this build, as the request handler makes them: a hit (its first answer shown,
 * with its explanation, its lists of objects cut as exampleBodies cuts them) and a misspelling with its suggestions. Made only from the answers the build holds
 * whole (the first page); none when the hit's first answer is not among them.
 */
async function searchResultExamples(
  reader: SearchReader,
  answers: readonly AnswerResource[],
  pageSize: number,
): Promise<SearchExamples | undefined> {
  const bySlug = new Map(answers.map((answer) => [answer.slug, answer]));
  const respond = async (q: string, match: MatchMode) => {
    const parsed = parseQuery(q, match);
    if (!parsed.ok) return undefined;
    const query = { words: parsed.tokens, match, ignored: parsed.ignored };
    const found = await reader.search(query, "relevance", 0, 1);
    const first = found.hits[0] && bySlug.get(found.hits[0].slug);
    if (found.total > 0 && !first) return undefined;
    const filters = { q, slug: null };
    const envelope = pageEnvelope(
      1,
      found.total,
      pageSize,
      filters,
      answersQueryUrl(filters, "relevance", match),
      await reader.contentDigest(),
    );
    const meta = {
      ...envelope.meta,
      ...(await searchMeta(
        reader,
        query,
        "relevance",
        found.hits,
        () => prepareAnswer(answerSearchTexts(first!)),
        found.total === 0,
      )),
    };
    return { data: first ? [firstOfLists(first) as AnswerResource] : [], links: envelope.links, meta };
  };
  const hit = await respond(SEARCH_EXAMPLE_HIT, "any");
  const miss = await respond(SEARCH_EXAMPLE_MISS, "all");
  return hit && miss
    ? {
        hit: {
          q: SEARCH_EXAMPLE_HIT,
          query: `q=${encodeURIComponent(SEARCH_EXAMPLE_HIT).replaceAll("%20", "+")}`,
          body: hit,
        },
        miss: { q: SEARCH_EXAMPLE_MISS, query: `q=${encodeURIComponent(SEARCH_EXAMPLE_MISS)}&match=all`, body: miss },
      }
    : undefined;
}

/** Examples from the built files, each as the OpenAPI document shows it (shortExample). */
function exampleBodies(bodies: ReadonlyMap<string, unknown>): Map<string, unknown> {
  return new Map([...bodies].map(([path, body]) => [path, shortExample(body)]));
}
