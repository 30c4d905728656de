/**
 * What the MCP endpoint offers, said once for the HTML docs, the Markdown docs and the Server Card: the prompts
 * with their arguments and where each argument's completions come from, the resource templates, how the resource
 * list is paged, the limits, why there is no logging, and the local server's origin policy. Taken from the
 * definitions the endpoint itself answers from, so the docs cannot list what it does not serve. Text in backticks
 * is code (the HTML docs render it with `prose`).
 */
import { ALLOWED_HOSTS_VARIABLE, LOOPBACK_HOST_NAMES } from "../../contract/local-hosts.ts";
import { MCP_PATH } from "../../contract/layout.ts";
import {
  MCP_ARGUMENT_MAX_CHARACTERS,
  MCP_COMPLETION_MAX_VALUES,
  MCP_LIST_ARGUMENT_MAX_ITEMS,
  MCP_QUOTE_MAX_CHARACTERS,
  MCP_RESOURCE_TEMPLATES,
} from "../../contract/mcp.ts";
import { PLATFORM_IDS } from "../../contract/platforms.ts";
import { type CompletionSource, PROMPT_ANSWERS, PROMPT_DEFINITIONS } from "../../contract/mcp-prompts.ts";
import { TOOL_DEFINITIONS } from "../../contract/mcp-tools.ts";
import { groupDigits } from "../../contract/limits.ts";

/** What each kind of completion offers. */
export const COMPLETION_SOURCES: Readonly<Record<CompletionSource, string>> = {
  answers: "answer slugs, from the search index (sorted, so any number of answers costs two lookups)",
  suppliers:
    "supplier slugs in rank order; for compare_suppliers, only the makers of the family when `family` is already given",
  families: "the evidence register's product families",
  platforms: `the platforms: ${PLATFORM_IDS.map((id) => `\`${id}\``).join(", ")}`,
};

/** The prompts as the docs list them: each argument with whether it is required and what completes it. */
export const MCP_PROMPTS_DOC = PROMPT_DEFINITIONS.map((prompt) => ({
  name: prompt.name,
  title: prompt.title,
  description: prompt.description,
  arguments: prompt.arguments.map((argument) => ({
    name: argument.name,
    required: argument.required,
    description: argument.description,
    completes: argument.completes,
    list: argument.list === true,
  })),
  restsOn:
    prompt.name in PROMPT_ANSWERS ? [...PROMPT_ANSWERS[prompt.name as keyof typeof PROMPT_ANSWERS]] : ([] as string[]),
}));

/** The templates as the docs list them (root-relative; the endpoint prefixes its origin). */
export const MCP_TEMPLATES_DOC = MCP_RESOURCE_TEMPLATES.map((template) => ({
  uriTemplate: template.path,
  name: template.name,
  title: template.title,
  mimeType: template.mimeType,
  completes: (template.variable === "family" ? "families" : template.name === "supplier" ? "suppliers" : "answers") as
    | "families"
    | "suppliers"
    | "answers",
}));

export const MCP_STATEMENTS = {
  prompts:
    "Each prompt returns user messages: the task, then each resource it rests on embedded (`type: resource`) with the very URI, type and bytes resources/read gives for it (answers as their Markdown twins, suppliers and a family's evidence as JSON), so a client can show and cite them.",
  resources:
    "resources/list gives the supplier directory and the evidence register, then the answers a page of the prebuilt collection at a time (page_size answers), each page's `nextCursor` naming the next until every answer has been listed; a cursor this server did not give, or one of a collection that has since shrunk, is an invalid-params error. A supplier and one family's evidence are items of a collection, named by the collection's URL with the slug as fragment (`/api/v1/suppliers#jabra`): fetched, that URL gives the collection the item is in.",
  completions: `completion/complete completes every prompt argument and every template variable: the values that start with what has been typed (case aside), at most ${MCP_COMPLETION_MAX_VALUES}, with \`total\` and \`hasMore\`. A list argument (comma-separated) completes its last item and does not offer an item twice; a list already of ${MCP_LIST_ARGUMENT_MAX_ITEMS} items, or with an item that is not a known value (values are case-sensitive), gets no values. Free text (the quote) and numbers (people) complete to nothing.`,
  limits: `An unknown prompt, template or argument, a missing or malformed argument, or a value over ${MCP_ARGUMENT_MAX_CHARACTERS} characters (a quote over ${groupDigits(MCP_QUOTE_MAX_CHARACTERS)}, a list over ${MCP_LIST_ARGUMENT_MAX_ITEMS} items) gets a JSON-RPC invalid-params error (-32602) that says what was wrong and what exists; never a 5xx.`,
  logging:
    "No logging capability is offered, and logging/setLevel is not a method here: every request gets one JSON response with nothing streamed beside it, no session keeps a level a client sets, and whatever goes wrong is said in the answer itself (a JSON-RPC error, or a tool result marked isError), so the server has nothing to log to a client. Resource subscriptions and list-changed notifications are not offered either: the data changes only with a deploy.",
  localServer: `On the local server (npm start, npm run serve, npm run dev) a request whose Host is not a loopback name (${LOOPBACK_HOST_NAMES.map((name) => `\`${name}\``).join(", ")}) or one of \`${ALLOWED_HOSTS_VARIABLE}\` gets 403, and so does a request to \`${MCP_PATH}\` whose Origin is neither a loopback origin nor one of those hosts (the preflight is answered; the call is refused with a problem document saying why): a web page cannot rebind its name to the machine and drive the server. The CDN has no such check: its data is public and takes no credentials.`,
};

/** The Server Card's account of the endpoint's features (templates as the endpoint at `origin` gives them). */
export function serverCardFeatures(origin: string): Record<string, unknown> {
  return {
    tools: TOOL_DEFINITIONS.map((tool) => tool.name),
    prompts: MCP_PROMPTS_DOC.map((prompt) => ({
      name: prompt.name,
      title: prompt.title,
      arguments: prompt.arguments.map((argument) => ({
        name: argument.name,
        required: argument.required,
        ...(argument.completes ? { completion: argument.completes } : {}),
      })),
    })),
    resourceTemplates: MCP_TEMPLATES_DOC.map((template) => ({
      uriTemplate: `${origin}${template.uriTemplate}`,
      name: template.name,
      mimeType: template.mimeType,
      completion: template.completes,
    })),
    completions: { maxValues: MCP_COMPLETION_MAX_VALUES, match: "prefix" },
    logging: false,
    stateless: true,
  };
}
