/**
 * The documents of the MCP endpoint, written at build time: the tools/list result (each tool's output schema
 * made self-contained from the project's own response schemas, so that a client can validate a result
 * without fetching anything), the MCP Server Card that names the endpoint, and the catalogs that list it
 * (the server-card extension's draft: `modelcontextprotocol/experimental-ext-server-card`, docs/discovery.md).
 */
import { canonicalJson as json } from "../../contract/canonical-json.ts";
import { compareCodeUnits } from "../../search/text-match.ts";
import {
  MCP_PATH,
  MCP_SERVER_CARD_FILE,
  MCP_SERVER_CARD_PATH,
  MCP_SERVER_CARD_WELL_KNOWN,
  MCP_TOOLS_FILE,
  AI_CATALOG_FILE,
  MCP_CATALOG_FILE,
} from "../../contract/layout.ts";
import type { SiteSettings } from "../../content/load/types.ts";
import { MCP_PROTOCOL_VERSIONS, SERVER_NAME } from "../../contract/mcp.ts";
import { READ_ONLY_ANNOTATIONS, TOOL_DEFINITIONS, type OutputSchemaSource } from "../../contract/mcp-tools.ts";
import { serverCardFeatures } from "./mcp-facts.ts";

export const MCP_SERVER_CARD_SCHEMA = "https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json";
const AI_CATALOG_FILES = [AI_CATALOG_FILE, MCP_CATALOG_FILE] as const;

type Schemas = ReadonlyMap<string, Record<string, unknown>>;

export function buildMcpDocuments(input: {
  site: SiteSettings;
  origin: string;
  schemas: Schemas;
}): Array<{ path: string; contents: string }> {
  const card = json(serverCard(input));
  const catalog = json(aiCatalog(input));
  return [
    { path: MCP_TOOLS_FILE, contents: json({ tools: toolList(input.schemas) }) },
    { path: MCP_SERVER_CARD_FILE, contents: card },
    { path: MCP_SERVER_CARD_WELL_KNOWN, contents: card },
    ...AI_CATALOG_FILES.map((path) => ({ path, contents: catalog })),
  ];
}

/** The tools as tools/list gives them, in the definitions' order. */
export function toolList(schemas: Schemas): unknown[] {
  return TOOL_DEFINITIONS.map((tool) => ({
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: tool.inputSchema,
    outputSchema: bundledSchema(schemas, tool.output),
    annotations: READ_ONLY_ANNOTATIONS,
  }));
}

function serverCard({ site, origin }: { site: SiteSettings; origin: string }): unknown {
  // Its name and its _meta key are namespaced by its host reversed (`app.netlify.example` → `example.netlify.app/…`).
  const reversed = new URL(origin).hostname.split(".").reverse().join(".");
  return {
    $schema: MCP_SERVER_CARD_SCHEMA,
    name: `${reversed}/${SERVER_NAME}`,
    version: site.version,
    title: site.name,
    description: "Read-only AV buyer answers, supplier directory and evidence register.",
    websiteUrl: `${origin}/docs/#mcp`,
    remotes: [
      { type: "streamable-http", url: `${origin}${MCP_PATH}`, supportedProtocolVersions: [...MCP_PROTOCOL_VERSIONS] },
    ],
    // The card's schema has no field for what an endpoint offers (its tools, prompts, templates and completions):
    // extension data goes under a namespaced _meta key.
    _meta: { [`${reversed}/features`]: serverCardFeatures(origin) },
  };
}

function aiCatalog({ site, origin }: { site: SiteSettings; origin: string }): unknown {
  return {
    specVersion: "draft",
    entries: [
      {
        identifier: `urn:air:${new URL(origin).hostname}:${SERVER_NAME}`,
        displayName: site.name,
        type: "application/mcp-server-card+json",
        url: `${origin}${MCP_SERVER_CARD_PATH}`,
      },
    ],
  };
}

/**
 * A published schema (or one definition in it) with every schema it refers to copied under `$defs`, keyed by
 * file name, and every `$ref` rewritten to point there: one document with no outside reference. `$id` and
 * `$schema` are dropped from the copies (an `$id` inside would change how the refs resolve); the root says
 * it is JSON Schema 2020-12, as the published schemas are.
 */
function bundledSchema(schemas: Schemas, source: OutputSchemaSource): Record<string, unknown> {
  const embedded = new Map<string, unknown>();
  const pending = [source.schema];
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (embedded.has(file)) continue;
    const { body, refers } = rewritten(schemas, file);
    embedded.set(file, body);
    pending.push(...refers);
  }
  const target = `${location(source.schema)}${source.pointer ?? ""}`;
  return {
    $schema: "https://json-schema.org/draft/2020-12/schema",
    type: "object",
    $ref: target,
    $defs: Object.fromEntries([...embedded].sort(([a], [b]) => compareCodeUnits(a, b))),
  };
}

const location = (file: string) => `#/$defs/${file}`;

/** Each schema's copy, rewritten once per set of schemas: the tools' output schemas share most of them. */
const rewrittenOf = new WeakMap<Schemas, Map<string, { body: unknown; refers: string[] }>>();

function rewritten(schemas: Schemas, file: string): { body: unknown; refers: string[] } {
  let files = rewrittenOf.get(schemas);
  if (!files) rewrittenOf.set(schemas, (files = new Map()));
  let copy = files.get(file);
  if (!copy) {
    const schema = schemas.get(file);
    if (!schema) throw new Error(`bundling the output schema: ${file} is not a published schema`);
    const { $id: _id, $schema: _schema, ...body } = schema;
    const refers: string[] = [];
    copy = { body: rewriteRefs(body, file, location, (other) => refers.push(other)), refers };
    files.set(file, copy);
  }
  return copy;
}

// The formats JSON Schema 2020-12 defines: the published schemas use no other (see published-schema.ts).
const STANDARD_FORMATS = new Set([
  "date-time",
  "date",
  "time",
  "duration",
  "email",
  "idn-email",
  "hostname",
  "idn-hostname",
  "ipv4",
  "ipv6",
  "uri",
  "uri-reference",
  "iri",
  "iri-reference",
  "uuid",
  "uri-template",
  "json-pointer",
  "relative-json-pointer",
  "regex",
]);

function rewriteRefs(
  value: unknown,
  file: string,
  location: (file: string) => string,
  refer: (file: string) => void,
): unknown {
  if (Array.isArray(value)) return value.map((item) => rewriteRefs(item, file, location, refer));
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .flatMap(([key, item]): Array<[string, unknown]> => {
        if (key !== "format" || typeof item !== "string" || STANDARD_FORMATS.has(item)) return [[key, item]];
        throw new Error(
          `bundling the output schema: "${item}" is not a format of JSON Schema 2020-12; publish it as a pattern`,
        );
      })
      .map(([key, item]) => {
        if (key !== "$ref" || typeof item !== "string") return [key, rewriteRefs(item, file, location, refer)];
        const [target, fragment = ""] = item.split("#");
        const into = target === "" ? file : target!;
        if (into !== file) refer(into);
        return [key, `${location(into)}${fragment}`];
      }),
  );
}
