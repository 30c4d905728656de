/**
 * The MCP endpoint with the official MCP TypeScript SDK's client over Streamable HTTP, against the real local
 * server on the real build, and hostile requests that must get JSON-RPC errors or the right status, never a 5xx.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { beforeAll, describe, expect, it } from "vitest";
import { buildShipped } from "./support/build-helpers.ts";
import { startLocalServer, type RunningServer } from "./support/local-server.ts";

let running: RunningServer;

beforeAll(async () => {
  const { dist } = await buildShipped("mcp");
  running = await startLocalServer(dist);
}, 60_000);

async function connect(): Promise<Client> {
  const client = new Client({ name: "av-buyer-data-tests", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${running.origin}/mcp`)));
  return client;
}

describe("the MCP endpoint, with the official SDK client", () => {
  it("lists the tools in a fixed order, each read-only with an input schema", async () => {
    const client = await connect();
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(["search_answers", "get_answer", "list_suppliers", "get_evidence"]);
    for (const tool of tools) {
      expect(tool.annotations, tool.name).toEqual({ readOnlyHint: true, openWorldHint: false });
      expect(tool.title, tool.name).toBeTruthy();
      expect(tool.inputSchema.type, tool.name).toBe("object");
    }
    expect(client.getServerVersion()?.name).toBe("av-buyer-data");
    await client.close();
  });

  it("answers search_answers with the API's own answer to the same q, and its errors", async () => {
    const client = await connect();
    const viaMcp = (await client.callTool({ name: "search_answers", arguments: { q: "ceiling micro" } })) as { structuredContent: unknown; content: Array<{ text: string }> };
    const viaApi = await (await fetch(`${running.origin}/api/v1/answers?q=ceiling+micro`)).json();
    expect(viaMcp.structuredContent).toEqual(viaApi);
    expect(JSON.parse(viaMcp.content[0]!.text)).toEqual(viaApi);
    const refused = (await client.callTool({ name: "search_answers", arguments: { q: "!!" } })) as { isError?: boolean; content: Array<{ text: string }> };
    expect(refused.isError).toBe(true);
    expect(refused.content[0]!.text).toContain("no letter or digit");
    await client.close();
  });

  it("gets an answer by slug, the suppliers and the evidence as the API serves them", async () => {
    const client = await connect();
    const answer = (await client.callTool({ name: "get_answer", arguments: { slug: "room-sizing" } })) as { structuredContent: unknown };
    expect(answer.structuredContent).toEqual(await (await fetch(`${running.origin}/api/v1/answers/room-sizing.json`)).json());
    const missing = (await client.callTool({ name: "get_answer", arguments: { slug: "no-such-answer" } })) as { isError?: boolean };
    expect(missing.isError).toBe(true);
    const suppliers = (await client.callTool({ name: "list_suppliers", arguments: {} })) as { structuredContent: unknown };
    expect(suppliers.structuredContent).toEqual(await (await fetch(`${running.origin}/api/v1/suppliers`)).json());
    const evidence = (await client.callTool({ name: "get_evidence", arguments: { family: "cameras" } })) as unknown as { structuredContent: { data: Array<{ family: string }> } };
    expect(evidence.structuredContent.data.map((family) => family.family)).toEqual(["cameras"]);
    await client.close();
  });
});

describe("the MCP endpoint, asked badly", () => {
  const post = (body: string, headers: Record<string, string> = {}) =>
    fetch(`${running.origin}/mcp`, { method: "POST", headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream", ...headers }, body });

  it("answers every hostile request with a JSON-RPC error or the right status, with CORS, never a 5xx", async () => {
    const cases: Array<[string, Response, number, number | null]> = [
      ["malformed JSON", await post("{"), 400, -32700],
      ["a batch", await post('[{"jsonrpc":"2.0","id":1,"method":"ping"}]'), 400, -32600],
      ["not JSON-RPC", await post('{"id":1,"method":"ping"}'), 400, -32600],
      ["an unknown method", await post('{"jsonrpc":"2.0","id":1,"method":"tools/delete"}'), 200, -32601],
      ["an unknown tool", await post('{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"drop"}}'), 200, -32602],
      ["bad arguments", await post('{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"search_answers","arguments":{"q":5}}}'), 200, -32602],
      ["an unsupported protocol version", await post('{"jsonrpc":"2.0","id":1,"method":"ping"}', { "MCP-Protocol-Version": "1999-01-01" }), 400, -32600],
      ["an oversized body", await post(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping", params: { pad: "x".repeat(70_000) } })), 413, -32600],
      ["GET", await fetch(`${running.origin}/mcp`), 405, -32600],
      ["DELETE", await fetch(`${running.origin}/mcp`, { method: "DELETE" }), 405, -32600],
    ];
    for (const [name, response, status, code] of cases) {
      expect(response.status, name).toBe(status);
      expect(response.headers.get("access-control-allow-origin"), name).toBe("*");
      const body = (await response.json()) as { error?: { code: number; message: string } };
      expect(body.error?.code, name).toBe(code);
      expect(body.error?.message, name).toBeTruthy();
    }
    const notification = await post('{"jsonrpc":"2.0","method":"notifications/initialized"}');
    expect(notification.status).toBe(202);
  });

  it("answers the CORS preflight with the MCP request headers allowed", async () => {
    const response = await fetch(`${running.origin}/mcp`, { method: "OPTIONS", headers: { Origin: "https://example.org", "Access-Control-Request-Method": "POST" } });
    expect(response.status).toBe(204);
    expect(response.headers.get("access-control-allow-methods")).toBe("POST, OPTIONS");
    expect(response.headers.get("access-control-allow-headers")).toContain("MCP-Protocol-Version");
  });
});
