/**
 * Three real MCP clients against a server's /mcp: the official SDK's 1.x client (2025-11-25, initialize), its 2.x
 * client pinned to 2026-07-28, and the MCP Inspector's CLI (run with the toolchain's Node 26). Each lists the tools
 * and calls every one; the report says what each got and whether it equals what the API serves. Used by
 * serve-and-check.ts, inside the loopback-only namespace.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { Client as ModernClient, StreamableHTTPClientTransport as ModernTransport } from "@modelcontextprotocol/client";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { TOOLCHAIN } from "../../build/tools/toolchain/netlify-toolchain.ts";
import { SUMMARY_LEAVES_OUT } from "../../build/contract/mcp-tools.ts";

/**
 * Each tool with arguments, and the API URL whose body its structuredContent must equal (a summary: with each answer's
 * body, sources and related answers left out). Named by the tool, or by `call` where a tool is called twice.
 */
export const CALLS: ReadonlyArray<{ call?: string; tool: string; args: Record<string, string>; api: string }> = [
  { tool: "search_answers", args: { q: "ceiling micro" }, api: "/api/v1/answers?q=ceiling+micro" },
  {
    call: "search_answers, summary",
    tool: "search_answers",
    args: { q: "ceiling micro", detail: "summary" },
    api: "/api/v1/answers?q=ceiling+micro",
  },
  { tool: "get_answer", args: { slug: "room-sizing" }, api: "/api/v1/answers/room-sizing.json" },
  { tool: "list_suppliers", args: {}, api: "/api/v1/suppliers" },
  { tool: "get_evidence", args: {}, api: "/api/v1/evidence" },
  { tool: "get_source", args: { id: "avixa-discas" }, api: "" },
];

export interface ClientReport {
  tools: string[];
  /** Per call: true when its structuredContent equals the API's body (get_source: an entry with that id). */
  sameAsApi: Record<string, boolean>;
  protocolVersion?: string;
  error?: string;
}

async function sameAsApiGives(
  call: (typeof CALLS)[number],
  got: { id?: string } | undefined,
  origin: string,
): Promise<boolean> {
  if (!call.api) return got?.id === call.args.id;
  const body = (await (await fetch(origin + call.api)).json()) as { data: Array<Record<string, unknown>> };
  const leftOut = new Set<string>(call.args.detail === "summary" ? SUMMARY_LEAVES_OUT : []);
  const data = body.data.map((item) => Object.fromEntries(Object.entries(item).filter(([key]) => !leftOut.has(key))));
  return JSON.stringify(got) === JSON.stringify({ ...body, data });
}

async function viaSdk(connect: () => Promise<Client | ModernClient>, origin: string): Promise<ClientReport> {
  try {
    const client = await connect();
    const tools = (await client.listTools()).tools.map((tool) => tool.name);
    const sameAsApi: Record<string, boolean> = {};
    for (const call of CALLS) {
      const result = (await client.callTool({ name: call.tool, arguments: call.args })) as {
        structuredContent?: { id?: string };
      };
      sameAsApi[call.call ?? call.tool] = await sameAsApiGives(call, result.structuredContent, origin);
    }
    const protocolVersion =
      client instanceof ModernClient
        ? client.getNegotiatedProtocolVersion()
        : (client.transport as { protocolVersion?: string } | undefined)?.protocolVersion;
    await client.close();
    return { tools, sameAsApi, protocolVersion };
  } catch (error) {
    return { tools: [], sameAsApi: {}, error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
}

async function viaInspector(origin: string): Promise<ClientReport> {
  const home = mkdtempSync(path.join(tmpdir(), "inspector-home-"));
  // Asynchronously: the local server answers from this same process.
  const inspect = async (...args: string[]) => {
    try {
      const { stdout } = await promisify(execFile)(
        path.join(TOOLCHAIN.nodeBin, "node"),
        [TOOLCHAIN.inspector, "--cli", `${origin}/mcp`, "--transport", "http", ...args],
        { env: { ...process.env, HOME: home }, timeout: 60_000, maxBuffer: 64 * 1024 * 1024 },
      );
      return JSON.parse(stdout) as Record<string, unknown>;
    } catch (error) {
      const failed = error as { code?: number; stdout?: string; stderr?: string };
      throw new Error(
        `mcp-inspector --cli ${args.join(" ")} exited ${failed.code}: ${failed.stdout ?? ""}${failed.stderr ?? ""}`,
      );
    }
  };
  try {
    // Each call is a CLI process of its own: started side by side, they take a second instead of six.
    const [listed, ...called] = await Promise.all([
      inspect("--method", "tools/list"),
      ...CALLS.map((call) =>
        inspect(
          "--method",
          "tools/call",
          "--tool-name",
          call.tool,
          ...Object.entries(call.args).flatMap(([key, value]) => ["--tool-arg", `${key}=${value}`]),
        ),
      ),
    ]);
    const tools = (listed!.tools as Array<{ name: string }>).map((tool) => tool.name);
    const sameAsApi: Record<string, boolean> = {};
    for (const [index, call] of CALLS.entries()) {
      const result = called[index] as { structuredContent?: { id?: string } };
      sameAsApi[call.call ?? call.tool] = await sameAsApiGives(call, result.structuredContent, origin);
    }
    return { tools, sameAsApi };
  } catch (error) {
    return { tools: [], sameAsApi: {}, error: error instanceof Error ? error.message : String(error) };
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

/** The three clients against one server's /mcp: the SDK's 1.x and 2.x clients and the Inspector's CLI. */
export async function clientsAgainst(origin: string): Promise<Record<string, ClientReport>> {
  const url = new URL(`${origin}/mcp`);
  return {
    legacy: await viaSdk(async () => {
      const client = new Client({ name: "deploy-tests", version: "1.0.0" });
      await client.connect(new StreamableHTTPClientTransport(url));
      return client;
    }, origin),
    modern: await viaSdk(async () => {
      const client = new ModernClient(
        { name: "deploy-tests", version: "1.0.0" },
        { versionNegotiation: { mode: { pin: "2026-07-28" } } },
      );
      await client.connect(new ModernTransport(url));
      return client;
    }, origin),
    inspector: await viaInspector(origin),
  };
}
