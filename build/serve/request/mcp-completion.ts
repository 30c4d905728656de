/**
 * completion/complete: values for the arguments of every prompt and every resource template, matching what has
 * been typed (the values that start with it, case aside), at most 100 with the total and `hasMore`. Answer slugs
 * come from the search index (sorted, so any number of answers costs two lookups), supplier slugs from the
 * directory (in rank order, only the makers of the family when the prompt's family is already given), product
 * families from the register, platforms from the contract. A list argument completes its last item. An unknown
 * prompt, template or argument is an invalid-params error that says which exist.
 */
import {
  MCP_ARGUMENT_MAX_CHARACTERS,
  MCP_COMPLETION_MAX_VALUES,
  MCP_LIST_ARGUMENT_MAX_ITEMS,
  MCP_RESOURCE_TEMPLATES,
} from "../../contract/mcp.ts";
import { PLATFORM_IDS } from "../../contract/platforms.ts";
import { answerExists, answerSlugsStartingWith, directorySuppliers, originOf, registerFamilies } from "./mcp-data.ts";
import { ERROR, McpError, quoted, type McpContext } from "./mcp-messages.ts";
import type { CompletionSource } from "../../contract/mcp-prompts.ts";
import { listItems, promptNamed, suppliersOfFamily } from "./mcp-prompts.ts";
import { groupDigits } from "../../contract/limits.ts";

export interface Completion {
  values: string[];
  total: number;
  hasMore: boolean;
}

const NONE: Completion = { values: [], total: 0, hasMore: false };

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export async function complete(
  params: Record<string, unknown>,
  context: McpContext,
): Promise<{ completion: Completion }> {
  const { ref, argument } = params;
  if (!isObject(argument) || typeof argument.name !== "string" || typeof argument.value !== "string")
    throw new McpError(ERROR.invalidParams, 'argument must be {"name": string, "value": string}.');
  if (argument.value.length > MCP_ARGUMENT_MAX_CHARACTERS)
    throw new McpError(
      ERROR.invalidParams,
      `argument.value is ${groupDigits(argument.value.length)} characters long; at most ${MCP_ARGUMENT_MAX_CHARACTERS} are completed.`,
    );
  const given = params.context === undefined ? {} : isObject(params.context) ? params.context.arguments : undefined;
  if (given !== undefined && !isObject(given))
    throw new McpError(ERROR.invalidParams, "context.arguments must be an object of strings.");
  const previous = (given ?? {}) as Record<string, unknown>;

  let source: CompletionSource | undefined;
  let list = false;
  if (isObject(ref) && ref.type === "ref/prompt") {
    const prompt = promptNamed(ref.name);
    const definition = prompt.arguments.find((candidate) => candidate.name === argument.name);
    if (!definition)
      throw new McpError(
        ERROR.invalidParams,
        `${prompt.name} has no argument ${quoted(argument.name)}; its arguments: ${prompt.arguments.map((candidate) => candidate.name).join(", ")}.`,
      );
    source = definition.completes;
    list = definition.list === true;
  } else if (isObject(ref) && ref.type === "ref/resource") {
    // Named under this server's origin, or the deploy's, as its Server Card names the templates.
    const origin = typeof ref.uri === "string" ? await originOf(ref.uri, context) : undefined;
    const template = MCP_RESOURCE_TEMPLATES.find((candidate) => `${origin}${candidate.path}` === ref.uri);
    if (!template)
      throw new McpError(
        ERROR.invalidParams,
        `No resource template has the URI ${quoted(ref.uri, 2 * MCP_ARGUMENT_MAX_CHARACTERS)}; resources/templates/list gives them.`,
      );
    if (argument.name !== template.variable)
      throw new McpError(
        ERROR.invalidParams,
        `The template ${template.name} has one variable, ${template.variable}; not ${quoted(argument.name)}.`,
      );
    source = template.variable === "family" ? "families" : template.name === "supplier" ? "suppliers" : "answers";
  } else {
    throw new McpError(
      ERROR.invalidParams,
      'ref must be {"type": "ref/prompt", "name": …} or {"type": "ref/resource", "uri": …}.',
    );
  }
  if (source === undefined) return { completion: NONE };

  // A list argument completes its last item; the items before it are kept as typed, and not offered again.
  const value = argument.value;
  const cut = list ? value.lastIndexOf(",") + 1 : 0;
  const head = value.slice(0, cut);
  const typed = value.slice(cut).trimStart();
  const spacing = list ? value.slice(cut, value.length - typed.length) : "";
  const taken = new Set(list ? listItems(head) : []);
  const prefix = typed.toLowerCase();
  // A list that is full, or names an item prompts/get would refuse, has no completion prompts/get would take.
  if (taken.size >= MCP_LIST_ARGUMENT_MAX_ITEMS || !(await allKnown(source, [...taken], context)))
    return { completion: NONE };

  let matches: { values: string[]; total: number };
  if (source === "answers") {
    // Slugs already taken are few (a list holds at most a handful): ask for that many more, then drop them.
    const found = await answerSlugsStartingWith(context, prefix, MCP_COMPLETION_MAX_VALUES + taken.size);
    const values = found.slugs.filter((slug) => !taken.has(slug));
    const takenHere = found.slugs.length - values.length;
    matches = { values, total: found.total - takenHere };
  } else {
    let candidates: string[];
    if (source === "suppliers") {
      const suppliers = await directorySuppliers(context);
      const family = typeof previous.family === "string" ? previous.family.trim() : "";
      const makers = family ? suppliersOfFamily(suppliers, family) : [];
      candidates = (makers.length > 0 ? makers : suppliers).map((supplier) => supplier.slug);
    } else candidates = await valuesOf(source, context);
    const values = candidates.filter((candidate) => candidate.startsWith(prefix) && !taken.has(candidate));
    matches = { values, total: values.length };
  }
  const values = matches.values.slice(0, MCP_COMPLETION_MAX_VALUES).map((item) => `${head}${spacing}${item}`);
  return { completion: { values, total: matches.total, hasMore: matches.total > values.length } };
}

/** Every value of a source but the answers' slugs (which are looked up in the index instead). */
async function valuesOf(source: Exclude<CompletionSource, "answers">, context: McpContext): Promise<string[]> {
  if (source === "platforms") return [...PLATFORM_IDS];
  if (source === "families") return (await registerFamilies(context)).map((entry) => entry.family);
  return (await directorySuppliers(context)).map((supplier) => supplier.slug);
}

async function allKnown(source: CompletionSource, items: readonly string[], context: McpContext): Promise<boolean> {
  if (items.length === 0) return true;
  if (source === "answers") return (await Promise.all(items.map((slug) => answerExists(context, slug)))).every(Boolean);
  const known = new Set(await valuesOf(source, context));
  return items.every((item) => known.has(item));
}
