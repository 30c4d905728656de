/**
 * The MCP tools: read-only views of the API, answered from the same prebuilt files and, for searching, by the
 * answers query itself (asked through a Request as a client would), so a tool gives exactly what the API gives.
 * The definitions are data the build also reads: it writes the tools/list result with each output schema made
 * self-contained from the project's own response schemas (build/engine/describe/mcp-documents.ts). They are stated in
 * the contract (build/contract/mcp-tools.ts).
 */
import { textOf } from "./deploy-snapshot.ts";
import { SORT_ORDERS } from "../../search/search-reader.ts";
import { MATCH_MODES } from "../../search/query-words.ts";
import { ANSWERS_ENDPOINT, collectionPath } from "../../contract/layout.ts";
import { answersQuery } from "./answers-query.ts";
import { ERROR, McpError, quoted, type McpContext } from "./mcp-messages.ts";
import { SEARCH_DETAILS, SUMMARY_LEAVES_OUT, TOOL_DEFINITIONS } from "../../contract/mcp-tools.ts";
import { namesLike, slugsLike } from "./mcp-data.ts";

type ToolRun = (args: Record<string, unknown>, context: McpContext) => Promise<Record<string, unknown>>;

const RUNS: Readonly<Record<string, ToolRun>> = {
  async search_answers(args, context) {
    const query = new URLSearchParams({ q: stringArgument(args, "q", true)! });
    const sort = stringArgument(args, "sort", false);
    if (sort !== undefined) {
      if (!(SORT_ORDERS as readonly string[]).includes(sort))
        throw new ArgumentProblem("sort must be relevance or slug.");
      query.set("sort", sort);
    }
    const match = stringArgument(args, "match", false);
    if (match !== undefined) {
      if (!(MATCH_MODES as readonly string[]).includes(match)) throw new ArgumentProblem("match must be any or all.");
      query.set("match", match);
    }
    if (args.page !== undefined) {
      if (!Number.isInteger(args.page) || (args.page as number) < 1)
        throw new ArgumentProblem("page must be a whole number from 1.");
      query.set("page", String(args.page));
    }
    const detail = stringArgument(args, "detail", false);
    if (detail !== undefined && !(SEARCH_DETAILS as readonly string[]).includes(detail))
      throw new ArgumentProblem("detail must be full or summary.");
    return viaAnswersQuery(query, context, detail === "summary" ? summarised : undefined);
  },
  async get_answer(args, context) {
    const slug = stringArgument(args, "slug", true)!;
    const result = await viaAnswersQuery(new URLSearchParams({ slug }), context);
    if ((result.structuredContent as { data?: unknown[] } | undefined)?.data?.length === 0)
      return toolError(`No answer has the slug ${quoted(slug)}. ${await slugsLike(slug, context)}`);
    return result;
  },
  async list_suppliers(_args, context) {
    return toolResult(await readJson(context, collectionPath("suppliers")));
  },
  async get_evidence(args, context) {
    const family = stringArgument(args, "family", false);
    const register = (await readJson(context, collectionPath("evidence"))) as {
      data: Array<{ family: string; records: unknown[] }>;
      meta: Record<string, unknown>;
    };
    if (family === undefined) return toolResult(register);
    const data = register.data.filter((entry) => entry.family === family);
    if (data.length === 0)
      return toolError(
        `No product family is named ${quoted(family)}. The families: ${register.data.map((entry) => entry.family).join(", ")}.`,
      );
    // The counts are of what is given: one family and its records, not the register's.
    const meta = { ...register.meta, count: 1, total: 1, record_count: data[0]!.records.length };
    return toolResult({ ...register, data, meta });
  },
  async get_source(args, context) {
    const id = stringArgument(args, "id", true)!;
    // Every resource carries the full entries it cites (a few entries of the register only the audit cites).
    const ids = new Set<string>();
    for (const collection of ["suppliers", "evidence", "answers"]) {
      const found = findSource(await readJson(context, collectionPath(collection)), id, ids);
      if (found) return toolResult(found);
    }
    // As for a slug: the ids that start as the guess does, else where ids are found.
    const like = await namesLike("Ids", id, 100, async (prefix) => {
      const names = [...ids].filter((known) => known.startsWith(prefix)).sort();
      return { names: names.slice(0, 5), total: names.length };
    });
    return toolError(
      `No source has the id ${quoted(id)}. ${like ?? "The ids are those the answers, supplier profiles and evidence records cite in their sources; /data/sources.csv holds the whole register."}`,
    );
  },
};

/**
 * A tool's argument that is wrong: told in an isError result, which a client shows the model so that it can call again
 * corrected (SEP-1303, from the 2025-11-25 revision), not as a JSON-RPC error, which clients keep from it.
 */
class ArgumentProblem extends Error {}

/**
 * tools/call: the named tool's result; a tool that cannot answer, or is given arguments it cannot take, says why in an
 * isError result. An unknown tool, or arguments that are not an object, are a malformed request: JSON-RPC errors.
 */
export async function callTool(params: Record<string, unknown>, context: McpContext): Promise<Record<string, unknown>> {
  const name = params.name;
  const run = typeof name === "string" && Object.hasOwn(RUNS, name) ? RUNS[name] : undefined;
  if (!run)
    throw new McpError(
      ERROR.invalidParams,
      `${name === undefined ? "tools/call takes params.name, the tool's name" : `Unknown tool ${quoted(name)}`}. The tools: ${TOOL_DEFINITIONS.map((tool) => tool.name).join(", ")}.`,
    );
  const args = params.arguments ?? {};
  if (typeof args !== "object" || args === null || Array.isArray(args))
    throw new McpError(ERROR.invalidParams, "arguments must be an object.");
  const definition = TOOL_DEFINITIONS.find((tool) => tool.name === name)!;
  const allowed = Object.keys((definition.inputSchema.properties ?? {}) as object);
  const unknown = Object.keys(args).filter((key) => !allowed.includes(key));
  if (unknown.length > 0)
    return toolError(
      `${name} takes ${allowed.length ? allowed.join(", ") : "no arguments"}; not ${unknown.map((key) => quoted(key)).join(", ")}.`,
    );
  try {
    return await run(args as Record<string, unknown>, context);
  } catch (error) {
    if (error instanceof ArgumentProblem) return toolError(error.message);
    throw error;
  }
}

/**
 * The answers query itself: the same matches and the same errors (a 400 problem becomes an isError result), its body
 * shaped, where asked, before it is serialised once.
 */
async function viaAnswersQuery(
  query: URLSearchParams,
  context: McpContext,
  shape: (body: Record<string, unknown>) => unknown = (body) => body,
): Promise<Record<string, unknown>> {
  const response = await answersQuery(new Request(`${context.origin}${ANSWERS_ENDPOINT}?${query}`), () =>
    context.answers(),
  );
  const body = (await response!.json()) as Record<string, unknown>;
  if (response!.status >= 500) throw new Error(String(body.detail ?? body.title));
  if (!response!.ok) return toolError(String(body.detail ?? body.title));
  return toolResult(shape(body));
}

const LEFT_OUT = new Set<string>(SUMMARY_LEAVES_OUT);

/** The answers' envelope with each answer summarised: the same meta (its matches and counts) and links. */
function summarised(envelope: Record<string, unknown>): unknown {
  const { data, ...rest } = envelope as { data: Array<Record<string, unknown>> };
  return {
    data: data.map((answer) => Object.fromEntries(Object.entries(answer).filter(([key]) => !LEFT_OUT.has(key)))),
    ...rest,
  };
}

function toolResult(value: unknown): Record<string, unknown> {
  return { content: [{ type: "text", text: JSON.stringify(value) }], structuredContent: value };
}

function toolError(message: string): Record<string, unknown> {
  return { content: [{ type: "text", text: message }], isError: true };
}

function stringArgument(args: Record<string, unknown>, name: string, required: boolean): string | undefined {
  const value = args[name];
  if (value === undefined && !required) return undefined;
  if (typeof value !== "string" || value.length === 0) throw new ArgumentProblem(`${name} must be a non-empty string.`);
  return value;
}

async function readJson(context: McpContext, path: string): Promise<unknown> {
  const text = textOf(await context.read(path));
  if (text === undefined) throw new Error(`${path} is missing`);
  return JSON.parse(text);
}

function findSource(value: unknown, id: string, seen: Set<string>): unknown {
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = findSource(item, id, seen);
      if (found) return found;
    }
    return undefined;
  }
  if (typeof value !== "object" || value === null) return undefined;
  const record = value as Record<string, unknown>;
  if (Array.isArray(record.sources)) {
    for (const source of record.sources as Array<{ id?: unknown }>) {
      if (typeof source !== "object" || source === null || typeof source.id !== "string" || !("title" in source))
        continue;
      if (source.id === id) return source;
      seen.add(source.id);
    }
  }
  for (const child of Object.values(record)) {
    const found = findSource(child, id, seen);
    if (found) return found;
  }
  return undefined;
}
