/**
 * The MCP resources: each answer, the supplier directory and the evidence register, named by their API URLs
 * (so a client that reads a resource can also fetch it, cite it and cache it), with the API's own bytes; and,
 * through the resource templates, an answer's Markdown twin, one supplier and one product family's evidence (an
 * item of a collection, named by the collection's URL and the item's slug as fragment).
 */
import { textOf } from "./deploy-snapshot.ts";
import { canonicalJson } from "../../contract/canonical-json.ts";
import {
  ALIASES,
  answerFileOf,
  answerMarkdownPath,
  collectionPath,
  collectionUrl,
  SLUG_PATTERN,
} from "../../contract/layout.ts";
import { MCP_RESOURCE_TEMPLATES, RESOURCES_CURSOR_PATTERN, resourcesCursor } from "../../contract/mcp.ts";
import {
  answerMarkdown,
  answerPageCount,
  answerResources,
  directorySuppliers,
  originOf,
  registerFamilies,
  slugsLike,
} from "./mcp-data.ts";
import { ERROR, McpError, quoted, type McpContext } from "./mcp-messages.ts";

/** The 2025 revisions' "resource not found" code; 2026-07-28 uses invalid params (-32602) instead. */
export const RESOURCE_NOT_FOUND_LEGACY = -32002;

const JSON_MIME = "application/json";
const MARKDOWN_MIME = "text/markdown";

/**
 * resources/list: the directory and the register, then the answers of the collection's first page; `nextCursor`
 * names the next page, until every answer has been listed.
 */
export async function listResources(
  params: Record<string, unknown>,
  context: McpContext,
): Promise<{ resources: unknown[]; nextCursor?: string }> {
  const cursor = params.cursor;
  let page = 1;
  if (cursor !== undefined) {
    const match = typeof cursor === "string" ? RESOURCES_CURSOR_PATTERN.exec(cursor) : null;
    if (!match)
      throw new McpError(
        ERROR.invalidParams,
        `The cursor ${quoted(cursor, 100)} is not one this server gives; list without a cursor, then pass each nextCursor as it comes.`,
      );
    page = Number(match[1]);
  }
  const pageCount = await answerPageCount(context);
  if (page > pageCount)
    throw new McpError(
      ERROR.invalidParams,
      `The cursor ${quoted(cursor, 100)} names page ${page} of the answers, which now have ${pageCount}: the data has changed since. List again without a cursor.`,
    );
  const collections =
    page === 1
      ? [
          {
            uri: `${context.origin}${collectionUrl("suppliers")}`,
            name: "suppliers",
            title: "Supplier directory",
            description: "The ranked supplier directory with its ownership and methodology disclosure.",
            mimeType: JSON_MIME,
          },
          {
            uri: `${context.origin}${collectionUrl("evidence")}`,
            name: "evidence",
            title: "Evidence register",
            description: "Certification, compliance and warranty status by product family.",
            mimeType: JSON_MIME,
          },
        ]
      : [];
  const resources = [...collections, ...(await answerResources(context, page))];
  return page < pageCount ? { resources, nextCursor: resourcesCursor(page + 1) } : { resources };
}

/** resources/templates/list: the templates, each naming this server's origin. */
export function listResourceTemplates(context: McpContext): unknown[] {
  return MCP_RESOURCE_TEMPLATES.map((template) => ({
    uriTemplate: `${context.origin}${template.path}`,
    name: template.name,
    title: template.title,
    description: template.description,
    mimeType: template.mimeType,
  }));
}

/** A resource's contents, or why there is none. */
export type ReadOutcome = { contents: unknown[] } | { missing: string };

export async function readResource(uri: unknown, context: McpContext): Promise<ReadOutcome> {
  const nothing = {
    missing: `No resource has the URI ${quoted(uri, 400)}`,
  };
  if (typeof uri !== "string") return nothing;
  const origin = await originOf(uri, context);
  if (origin === undefined) return nothing;
  const rest = uri.slice(origin.length);
  const hash = rest.indexOf("#");
  const rawPath = hash < 0 ? rest : rest.slice(0, hash);
  const fragment = hash < 0 ? undefined : rest.slice(hash + 1);
  const file = ALIASES.find(([alias]) => alias === rawPath)?.[1] ?? rawPath;
  if (fragment !== undefined) return readItem(uri, file, fragment, context);
  const answer = answerFileOf(file);
  if (answer?.markdown) {
    const text = await answerMarkdown(context, answer.slug);
    return text === undefined ? noAnswer(answer.slug, context) : { contents: [{ uri, mimeType: MARKDOWN_MIME, text }] };
  }
  const readable =
    answer !== undefined || (["suppliers", "evidence"] as const).some((name) => file === collectionPath(name));
  if (!readable) return nothing;
  const text = textOf(await context.read(file));
  if (text === undefined) return answer ? noAnswer(answer.slug, context) : nothing;
  return { contents: [{ uri, mimeType: JSON_MIME, text }] };
}

/** An answer's URI whose slug no answer has: said so, with the slugs like it. */
async function noAnswer(slug: string, context: McpContext): Promise<ReadOutcome> {
  return { missing: `No answer has the slug ${quoted(slug)}. ${await slugsLike(slug, context)}` };
}

/** One supplier of the directory, or one family of the register, as the collection holds it. */
async function readItem(uri: string, file: string, slug: string, context: McpContext): Promise<ReadOutcome> {
  if (file === collectionPath("suppliers")) {
    const suppliers = await directorySuppliers(context);
    const supplier = SLUG_PATTERN.test(slug) ? suppliers.find((candidate) => candidate.slug === slug) : undefined;
    if (!supplier)
      return {
        missing: `No supplier has the slug ${quoted(slug)}; completion/complete on the supplier template, or the directory, gives them`,
      };
    return { contents: [{ uri, mimeType: JSON_MIME, text: canonicalJson(supplier) }] };
  }
  if (file === collectionPath("evidence")) {
    const families = await registerFamilies(context);
    const family = SLUG_PATTERN.test(slug) ? families.find((candidate) => candidate.family === slug) : undefined;
    if (!family)
      return {
        missing: `No product family is named ${quoted(slug)}. The families: ${families.map((entry) => entry.family).join(", ")}`,
      };
    return { contents: [{ uri, mimeType: JSON_MIME, text: canonicalJson(family) }] };
  }
  return { missing: `No resource has the URI ${quoted(uri, 400)}` };
}

/** The URI of an answer's Markdown twin on this server. */
export function answerMarkdownUri(context: McpContext, slug: string): string {
  return `${context.origin}${answerMarkdownPath(slug)}`;
}
