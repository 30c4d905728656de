/**
 * The MCP protocol as this server speaks it, apart from any transport: the revisions, the JSON-RPC and MCP
 * error codes, which era a message belongs to, and the methods each era answers. The Streamable HTTP handler
 * (./mcp.ts) and the stdio server (../server/mcp-stdio.ts) both hand a parsed message to `answerMessage`.
 *
 * Two eras (the 2026-07-28 revision's words, basic/versioning): legacy revisions (2025-11-25 and earlier)
 * open with `initialize`; the modern revision 2026-07-28 has no handshake, and every request carries its
 * version and the client's capabilities in `params._meta`. This server is dual-era and stateless: it keeps
 * nothing between requests, so a legacy `initialize` only tells the client what the server is.
 */
import { textOf } from "./deploy-snapshot.ts";
import { collectionPath, MCP_TOOLS_FILE } from "../../contract/layout.ts";
import {
  BATCH_VERSION,
  LEGACY_VERSIONS,
  MCP_BATCH_MAX_MESSAGES,
  MCP_PROTOCOL_VERSIONS,
  MODERN_VERSIONS,
  SERVER_NAME,
} from "../../contract/mcp.ts";
import {
  ERROR,
  errorBody,
  idOf,
  isResponse,
  McpError,
  messageProblem,
  quoted,
  type JsonRpcMessage,
  type McpContext,
} from "./mcp-messages.ts";
import { complete as complete_ } from "./mcp-completion.ts";
import { getPrompt, listPrompts } from "./mcp-prompts.ts";
import { listResources, listResourceTemplates, readResource, RESOURCE_NOT_FOUND_LEGACY } from "./mcp-resources.ts";
import { callTool } from "./mcp-tools.ts";

export const META = {
  protocolVersion: "io.modelcontextprotocol/protocolVersion",
  clientCapabilities: "io.modelcontextprotocol/clientCapabilities",
  clientInfo: "io.modelcontextprotocol/clientInfo",
  serverInfo: "io.modelcontextprotocol/serverInfo",
} as const;

/**
 * How long a client or a shared cache may reuse a list or a resource (2026-07-28 CacheableResult): the data
 * changes only with a deploy, and the API's own files are revalidated by browsers every time, so a client is
 * told a short time.
 */
export const CACHE_TTL_MS = 5 * 60 * 1000;

export const SERVER_TITLE = "AV Buyer Data";
// No count of answers here: the text is the server's, not the deploy's, and /api/v1 gives the counts.
export const INSTRUCTIONS =
  "Read-only research data on meeting-room audio-visual buying: buyer answers with cited sources, a ranked supplier directory with its disclosure, and an evidence register. Every fact cites the sources register; unknown and unverified are statuses, to be reported as such. Prompts plan a room, compare suppliers for a product family, check a quote against the answers' checklists and check certification for a platform; completion/complete fills their arguments and the resource templates'.";

export type Era = { kind: "modern"; version: string } | { kind: "legacy" };

/**
 * The era of a message, from its body first: a `_meta` protocol version makes it modern. A legacy message
 * is refused when `declaredVersion` (the transport's own statement of the version, if it has one) names a
 * revision this server does not speak, or names the modern one without the `_meta` the modern one requires.
 */
function eraOf(message: JsonRpcMessage, declaredVersion: string | null): Era {
  const meta = message.params?._meta;
  const claimed =
    typeof meta === "object" && meta !== null ? (meta as Record<string, unknown>)[META.protocolVersion] : undefined;
  if (claimed !== undefined) {
    if (typeof claimed !== "string")
      throw new McpError(ERROR.invalidParams, `_meta["${META.protocolVersion}"] must be a string.`, 400);
    if (!(MODERN_VERSIONS as readonly string[]).includes(claimed)) throw unsupportedVersion(claimed, true);
    const capabilities = (meta as Record<string, unknown>)[META.clientCapabilities];
    if (typeof capabilities !== "object" || capabilities === null || Array.isArray(capabilities)) {
      throw new McpError(
        ERROR.invalidParams,
        `_meta["${META.clientCapabilities}"] is required and must be an object.`,
        400,
      );
    }
    return { kind: "modern", version: claimed };
  }
  if (declaredVersion !== null) {
    if ((MODERN_VERSIONS as readonly string[]).includes(declaredVersion)) {
      throw new McpError(
        ERROR.invalidParams,
        `Protocol ${declaredVersion} needs params._meta with "${META.protocolVersion}" and "${META.clientCapabilities}".`,
        400,
      );
    }
    if (!(LEGACY_VERSIONS as readonly string[]).includes(declaredVersion)) throw unsupportedVersion(declaredVersion);
  }
  return { kind: "legacy" };
}

/**
 * The error for a revision not spoken, listing every one that is (a client may then open with initialize). A legacy
 * revision declared in `_meta` is spoken, but not there: its client opens with initialize, which the message says.
 */
function unsupportedVersion(requested: string, inMeta = false): McpError {
  const legacy = inMeta && (LEGACY_VERSIONS as readonly string[]).includes(requested);
  return new McpError(
    ERROR.unsupportedProtocolVersion,
    legacy
      ? `Protocol ${quoted(requested)} is not declared in _meta: only ${MODERN_VERSIONS.join(", ")} requests carry their version there, and a ${requested} client opens with initialize instead.`
      : `Unsupported protocol version ${quoted(requested)}. Supported: ${MCP_PROTOCOL_VERSIONS.join(", ")}.`,
    400,
    { supported: [...MCP_PROTOCOL_VERSIONS], requested },
  );
}

/** What a transport says beside a body, and how it answers what goes wrong. */
export interface Transport {
  /** The version the transport states (HTTP's MCP-Protocol-Version header), or null where it states none. */
  declaredVersion: string | null;
  /** Checks what the transport states beside a message of this era (the 2026-07-28 headers); throws an McpError. */
  check?: (message: JsonRpcMessage, era: Era) => void;
  /** The message of an internal error (data that could not be read). */
  internal: (error: unknown) => string;
  /**
   * Whether a notification that cannot be taken is answered: over HTTP with an error status (Streamable HTTP
   * allows a body there); over stdio, as JSON-RPC, never.
   */
  answersFailedNotifications: boolean;
}

/** The answer to a body: the HTTP status to give it, and the JSON to send, none when nothing is answered. */
export interface Reply {
  status: number;
  json?: unknown;
}

/**
 * A parsed body answered: one message, or a batch, which 2025-03-26 requires a server to take (basic/index,
 * "Batching") and later revisions removed, so a batch is taken unless the transport states one of those. Its
 * requests are answered in order, in one array; its notifications are not answered (JSON-RPC 2.0, 6).
 */
export async function answerBody(body: unknown, transport: Transport, context: McpContext): Promise<Reply> {
  if (!Array.isArray(body)) return answerOne(body, transport, context, false);
  const refuse = (message: string): Reply => ({ status: 400, json: errorBody(null, ERROR.invalidRequest, message) });
  const declared = transport.declaredVersion;
  if (declared !== null && declared !== BATCH_VERSION)
    return refuse(
      `Batches belong to protocol ${BATCH_VERSION}, and ${quoted(declared)} has none: send one JSON-RPC message per request.`,
    );
  if (body.length === 0) return refuse("An empty batch: a batch holds at least one JSON-RPC message.");
  if (body.length > MCP_BATCH_MAX_MESSAGES)
    return refuse(`A batch of ${body.length} messages; this server takes at most ${MCP_BATCH_MAX_MESSAGES} in one.`);
  const answers: unknown[] = [];
  for (const item of body) {
    const reply = await answerOne(item, transport, context, true);
    if (reply.json !== undefined) answers.push(reply.json);
  }
  return answers.length === 0 ? { status: 202 } : { status: 200, json: answers };
}

async function answerOne(item: unknown, transport: Transport, context: McpContext, inBatch: boolean): Promise<Reply> {
  if (isResponse(item)) return { status: 202 };
  const problem = messageProblem(item);
  if (problem !== undefined) return { status: 400, json: errorBody(idOf(item), ERROR.invalidRequest, problem) };
  const message = item as JsonRpcMessage;
  const id = message.id ?? null;
  const notification = message.id === undefined;
  try {
    const era = eraOf(message, transport.declaredVersion);
    if (inBatch && (era.kind === "modern" || message.method === "initialize"))
      throw new McpError(
        ERROR.invalidRequest,
        era.kind === "modern"
          ? `A batch holds ${BATCH_VERSION} messages; a ${era.version} request is sent alone.`
          : "initialize is sent alone, not in a batch (2025-03-26, lifecycle).",
        400,
      );
    transport.check?.(message, era);
    if (notification) return { status: 202 };
    return { status: 200, json: { jsonrpc: "2.0", id, result: await answerMessage(message, era, context) } };
  } catch (error) {
    const answered = !notification || (transport.answersFailedNotifications && !inBatch);
    if (error instanceof McpError)
      return {
        status: error.status,
        json: answered ? errorBody(id, error.code, error.message, error.data) : undefined,
      };
    return { status: 200, json: answered ? errorBody(id, ERROR.internal, transport.internal(error)) : undefined };
  }
}

/** The result of one request, or throws an McpError; `serverVersion` is the service's version (from health). */
async function answerMessage(message: JsonRpcMessage, era: Era, context: McpContext): Promise<unknown> {
  const params = message.params ?? {};
  const modern = era.kind === "modern";
  const serverInfo = async () => ({ name: SERVER_NAME, title: SERVER_TITLE, version: await serviceVersion(context) });
  // Modern results say they are complete and who made them; lists and reads say how long they keep.
  const complete = async (result: Record<string, unknown>, cacheable = false) =>
    modern
      ? {
          ...result,
          ...(cacheable ? { ttlMs: CACHE_TTL_MS, cacheScope: "public" } : {}),
          resultType: "complete",
          _meta: { [META.serverInfo]: await serverInfo() },
        }
      : result;
  const capabilities = SERVER_CAPABILITIES;

  // A method of both eras by its name alone; the handshakes by era.
  const method = SHARED_METHODS.includes(message.method)
    ? message.method
    : `${modern ? "modern" : "legacy"}:${message.method}`;
  switch (method) {
    case "legacy:initialize": {
      const asked = initializeParams(params);
      return {
        protocolVersion: (LEGACY_VERSIONS as readonly string[]).includes(asked) ? asked : LEGACY_VERSIONS[0],
        capabilities,
        serverInfo: await serverInfo(),
        instructions: INSTRUCTIONS,
      };
    }
    case "legacy:ping":
      return {};
    case "modern:server/discover":
      return complete(
        { supportedVersions: [...MCP_PROTOCOL_VERSIONS], capabilities, instructions: INSTRUCTIONS },
        true,
      );
    case "tools/list":
      noCursor(params, "tools/list");
      return complete({ tools: await toolList(context) }, true);
    case "tools/call":
      return complete(await callTool(params, context));
    case "resources/list":
      return complete(await listResources(params, context), true);
    case "resources/templates/list":
      noCursor(params, "resources/templates/list");
      return complete({ resourceTemplates: listResourceTemplates(context) }, true);
    case "resources/read": {
      // A request without a URI is malformed in every revision, not a read of a resource that is not there.
      if (typeof params.uri !== "string")
        throw new McpError(
          ERROR.invalidParams,
          `resources/read takes params.uri, the resource's URI as a string, not ${params.uri === undefined ? "nothing" : quoted(params.uri, 400)}; resources/list and resources/templates/list give what there is.`,
        );
      const outcome = await readResource(params.uri, context);
      if ("missing" in outcome) {
        // 2026-07-28 moved "resource not found" from -32002 to -32602.
        throw new McpError(
          modern ? ERROR.invalidParams : RESOURCE_NOT_FOUND_LEGACY,
          `${outcome.missing.replace(/\.$/, "")}; resources/list and resources/templates/list give what there is.`,
        );
      }
      return complete({ contents: outcome.contents }, true);
    }
    case "prompts/list":
      noCursor(params, "prompts/list");
      return complete({ prompts: listPrompts() }, true);
    case "prompts/get":
      return complete(await getPrompt(params, context));
    case "completion/complete":
      return complete(await complete_(params, context));
    default:
      // The 2026-07-28 transport answers an unknown method with 404; legacy clients get it in-band.
      throw new McpError(
        ERROR.methodNotFound,
        `Method ${quoted(message.method)} is not served. This server answers ${(modern ? MODERN_METHODS : LEGACY_METHODS).join(", ")}.`,
        modern ? 404 : 200,
      );
  }
}

/**
 * The version an initialize asks for, once its params are what every legacy revision requires (protocolVersion,
 * capabilities, clientInfo with its name and version: the schema's InitializeRequestParams), as the SDK's servers
 * check them.
 */
function initializeParams(params: Record<string, unknown>): string {
  const object = (value: unknown) => typeof value === "object" && value !== null && !Array.isArray(value);
  const info = params.clientInfo as Record<string, unknown> | undefined;
  const problem =
    typeof params.protocolVersion !== "string"
      ? `params.protocolVersion, the latest revision the client speaks, as a string (not ${quoted(params.protocolVersion, 40)})`
      : !object(params.capabilities)
        ? "params.capabilities, an object (empty when the client offers none)"
        : !object(info) || typeof info!.name !== "string" || typeof info!.version !== "string"
          ? "params.clientInfo, an object with the client's name and version as strings"
          : undefined;
  if (problem) throw new McpError(ERROR.invalidParams, `initialize takes ${problem}.`);
  return params.protocolVersion as string;
}

/**
 * A list this server gives whole has no cursor of its own: any cursor is one it never gave (2025-11-25,
 * utilities/pagination: "Invalid cursors SHOULD result in an error with code -32602"), as resources/list answers.
 */
function noCursor(params: Record<string, unknown>, method: string): void {
  if (params.cursor !== undefined)
    throw new McpError(
      ERROR.invalidParams,
      `The cursor ${quoted(params.cursor, 100)} is not one this server gives: ${method} comes whole, with no nextCursor. List without a cursor.`,
    );
}

/** What every revision answers beyond its handshake. */
const SHARED_METHODS = [
  "tools/list",
  "tools/call",
  "resources/list",
  "resources/templates/list",
  "resources/read",
  "prompts/list",
  "prompts/get",
  "completion/complete",
];
const LEGACY_METHODS = ["initialize", "ping", ...SHARED_METHODS];
const MODERN_METHODS = ["server/discover", ...SHARED_METHODS];

/**
 * What the server offers. Nothing changes between deploys' requests, so no list-changed notifications, and no
 * resource subscriptions (the data changes only with a deploy). No logging either: every request gets one JSON
 * response with nothing streamed beside it, no session keeps a level set by logging/setLevel, and whatever goes
 * wrong is said in the answer itself (a JSON-RPC error or a tool's isError result), so there is nothing to log to
 * a client.
 */
const SERVER_CAPABILITIES = {
  tools: { listChanged: false },
  resources: { listChanged: false },
  prompts: { listChanged: false },
  completions: {},
} as const;

/** The tools, as the build wrote them (with output schemas made self-contained from the project's own). */
async function toolList(context: McpContext): Promise<unknown[]> {
  const text = textOf(await context.read(MCP_TOOLS_FILE));
  if (text === undefined) throw new Error(`${MCP_TOOLS_FILE} is missing`);
  return (JSON.parse(text) as { tools: unknown[] }).tools;
}

async function serviceVersion(context: McpContext): Promise<string> {
  const text = textOf(await context.read(collectionPath("health")));
  return (JSON.parse(text ?? "{}") as { version?: string }).version ?? "unknown";
}
