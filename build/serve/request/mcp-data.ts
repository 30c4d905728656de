/**
 * What the MCP resources, prompts and completions read, beyond what the tools read: the supplier directory and
 * the evidence register parsed once per deploy (through the answers data, so every file is checked to be of the
 * search index's build), the answers' slugs from the search index (sorted, so a prefix is a run of them however
 * many answers there are), and the pages of the prebuilt collection as resource lists.
 */
import { utf8Text } from "../../contract/bytes.ts";
import { MAX_SLUG_LENGTH } from "../../contract/limits.ts";
import { parseQuery } from "../../search/text-match.ts";
import { textOf } from "./deploy-snapshot.ts";
import { answerMarkdownPath, answerPath, collectionPath, MCP_SERVER_CARD_FILE } from "../../contract/layout.ts";
import type { AnswersData } from "./answers-data.ts";
import type { McpContext } from "./mcp-messages.ts";

export interface DirectorySupplier {
  slug: string;
  name: string;
  rank: number;
  makes: Array<{ family: string; products: string[] }>;
  [member: string]: unknown;
}
export interface RegisterFamily {
  family: string;
  name: string;
  records: unknown[];
  [member: string]: unknown;
}

/** What is kept per deploy (per AnswersData: a new deploy has a new one, and what it kept goes with it). */
interface Kept {
  suppliers?: Promise<DirectorySupplier[]>;
  families?: Promise<RegisterFamily[]>;
  pages: Map<number, Promise<AnswerResourceEntry[]>>;
}
const kept = new WeakMap<AnswersData, Kept>();
/** Resource lists kept per deploy: 64 pages of 100 answers is a few MB. */
const KEPT_PAGES = 64;

function keptFor(answers: AnswersData): Kept {
  let entry = kept.get(answers);
  if (!entry) kept.set(answers, (entry = { pages: new Map() }));
  return entry;
}

/** A promise kept until it fails: a failed read is tried again by the next request. */
function keepUnlessFailed<T>(promise: Promise<T>, forget: () => void): Promise<T> {
  promise.catch(forget);
  return promise;
}

/** The suppliers of the directory, in rank order. */
export async function directorySuppliers(context: McpContext): Promise<DirectorySupplier[]> {
  const answers = await context.answers();
  const entry = keptFor(answers);
  entry.suppliers ??= keepUnlessFailed(
    answers.json<{ data: DirectorySupplier[] }>(collectionPath("suppliers")).then(({ data }) => data),
    () => (entry.suppliers = undefined),
  );
  return entry.suppliers;
}

/** The product families of the evidence register, in its order. */
export async function registerFamilies(context: McpContext): Promise<RegisterFamily[]> {
  const answers = await context.answers();
  const entry = keptFor(answers);
  entry.families ??= keepUnlessFailed(
    answers.json<{ data: RegisterFamily[] }>(collectionPath("evidence")).then(({ data }) => data),
    () => (entry.families = undefined),
  );
  return entry.families;
}

/** The answers' slugs starting with `prefix` (the first `limit`, in collection order) and how many there are. */
export async function answerSlugsStartingWith(
  context: McpContext,
  prefix: string,
  limit: number,
): Promise<{ slugs: string[]; total: number }> {
  return (await context.answers()).search.slugsStartingWith(prefix, limit);
}

/**
 * The slugs that start as a slug that is not there does (an agent's guess: "microphone-placement" for
 * "microphone-coverage"), by its longest leading words any slug has (in lower case), else its first three letters;
 * else where to look.
 */
export async function slugsLike(given: string, context: McpContext): Promise<string> {
  // Past the longest slug no prefix starts one, and a lookup a hyphen of a 64 KB "slug" cost its length each.
  const like = await namesLike("Slugs", given, MAX_SLUG_LENGTH, async (prefix) => {
    const { slugs, total } = await answerSlugsStartingWith(context, prefix, 5);
    return { names: slugs, total };
  });
  return (
    like ??
    `${await answersItsWordsFind(given, context)}search_answers finds answers by their words, and resources/list names each one.`
  );
}

/**
 * A guessed slug's words searched as q is (an agent's "screen-size" for display-size): the three answers they find
 * first, in a sentence, or nothing.
 */
async function answersItsWordsFind(given: string, context: McpContext): Promise<string> {
  const parsed = parseQuery(given.slice(0, MAX_SLUG_LENGTH), "any");
  if (!parsed.ok) return "";
  const { hits } = await (await context.answers()).search.search(
    { words: parsed.tokens, match: "any" },
    "relevance",
    0,
    3,
  );
  return hits.length > 0 ? `Searched as q, its words find first: ${hits.map((hit) => hit.slug).join(", ")}. ` : "";
}

/**
 * The names that start as a guessed one does, said in a sentence: tried by the guess itself (its first `longest`
 * characters, in lower case), then its leading words, longest first, then its first three letters; undefined when
 * none does. `startingWith` gives up to 5 names of a prefix and how many there are.
 */
export async function namesLike(
  noun: string,
  given: string,
  longest: number,
  startingWith: (prefix: string) => Promise<{ names: readonly string[]; total: number }>,
): Promise<string | undefined> {
  const name = given.slice(0, longest).toLowerCase();
  const words = [...name.matchAll(/-/g)].map((hyphen) => name.slice(0, hyphen.index)).reverse();
  for (const prefix of [name, ...words, name.slice(0, 3)]) {
    // A leading hyphen makes an empty prefix, which every name starts with.
    if (prefix.length === 0) continue;
    const { names, total } = await startingWith(prefix);
    if (total > 0) return `${noun} starting ${JSON.stringify(prefix)}: ${names.join(", ")}${total > 5 ? ", …" : ""}.`;
  }
  return undefined;
}

/** Whether an answer has this exact slug. */
export async function answerExists(context: McpContext, slug: string): Promise<boolean> {
  return (await (await context.answers()).search.positionOf(slug)) !== undefined;
}

/** An answer's Markdown twin, or undefined when there is no such answer. */
export async function answerMarkdown(context: McpContext, slug: string): Promise<string | undefined> {
  if (!(await answerExists(context, slug))) return undefined;
  return textOf(await context.read(answerMarkdownPath(slug)));
}

export interface AnswerResourceEntry {
  uri: string;
  name: string;
  title: string;
  description: string;
  mimeType: string;
}

/** How many pages the prebuilt answers collection has. */
export async function answerPageCount(context: McpContext): Promise<number> {
  return (await (await context.answers()).collectionMeta()).page_count;
}

/** The answers of page `page` of the prebuilt collection, as resources named by their API URLs. */
export async function answerResources(context: McpContext, page: number): Promise<AnswerResourceEntry[]> {
  const answers = await context.answers();
  const { pages } = keptFor(answers);
  let entries = pages.get(page);
  if (!entries) {
    // Kept with root-relative URIs: the same deploy may be asked under more than one origin.
    entries = keepUnlessFailed(
      answers.collectionPage(page).then(({ bytes }) =>
        (JSON.parse(utf8Text(bytes)) as { data: Array<{ slug: string; title: string; summary: string }> }).data.map(
          (answer) => ({
            uri: answerPath(answer.slug),
            name: answer.slug,
            title: answer.title,
            description: answer.summary,
            mimeType: "application/json",
          }),
        ),
      ),
      () => pages.delete(page),
    );
    if (pages.size >= KEPT_PAGES) pages.delete(pages.keys().next().value!);
    pages.set(page, entries);
  }
  return (await entries).map((entry) => ({ ...entry, uri: `${context.origin}${entry.uri}` }));
}

/**
 * The origin `uri` is under: this server's, or the one the deploy was built for (its Server Card's endpoint), whose
 * resources and templates the card names, and which a client may use through another origin of the same deploy (a
 * deploy preview, an alias domain, a local server on another port).
 */
export async function originOf(uri: string, context: McpContext): Promise<string | undefined> {
  if (uri.startsWith(`${context.origin}/`)) return context.origin;
  const card = textOf(await context.read(MCP_SERVER_CARD_FILE));
  const endpoint =
    card === undefined ? undefined : (JSON.parse(card) as { remotes?: Array<{ url?: unknown }> }).remotes?.[0]?.url;
  if (typeof endpoint !== "string") return undefined;
  const origin = new URL(endpoint).origin;
  return uri.startsWith(`${origin}/`) ? origin : undefined;
}
