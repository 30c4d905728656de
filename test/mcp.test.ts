/**
 * The MCP endpoint with real clients against the real local server on the real build: the official MCP
 * TypeScript SDK's client (1.x, which speaks the 2025 revisions with `initialize`) and its 2.x client pinned
 * to 2026-07-28 (no handshake, `_meta` and the request headers on every request), over Streamable HTTP; and
 * hostile requests that must get JSON-RPC errors or the right status, never a 5xx.
 */
import common from "../schemas/common.schema.json" with { type: "json" };
import { MAX_QUERY_CODE_POINTS, MAX_SLUG_LENGTH } from "../build/contract/limits.ts";
import { Client as ModernClient, StreamableHTTPClientTransport as ModernTransport } from "@modelcontextprotocol/client";
import { StdioClientTransport as ModernStdioTransport } from "@modelcontextprotocol/client/stdio";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { spawnSync } from "node:child_process";
import { request as httpRequest } from "node:http";
import { connect } from "node:net";
import { beforeAll, describe, expect, it } from "vitest";
import { MCP_BATCH_MAX_MESSAGES, MCP_MAX_BODY_BYTES, MCP_PROTOCOL_VERSIONS } from "../build/contract/mcp.ts";
import { ROOT } from "./support/build-helpers.ts";
import { until } from "./support/wait.ts";
import { nodeScript } from "./support/cli.ts";
import { sharedBuild } from "./support/shared-build.ts";
import { startLocalServer, type RunningServer } from "./support/local-server.ts";

let running: RunningServer;
let dist: string;

beforeAll(async () => {
  ({ dist } = await sharedBuild());
  running = await startLocalServer(dist);
}, 60_000);

const api = async (path: string) => (await fetch(`${running.origin}${path}`)).json();

async function legacyClient(): Promise<Client> {
  const client = new Client({ name: "av-buyer-data-tests", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${running.origin}/mcp`)));
  return client;
}

async function modernClient(): Promise<ModernClient> {
  const client = new ModernClient(
    { name: "av-buyer-data-tests", version: "1.0.0" },
    { versionNegotiation: { mode: { pin: "2026-07-28" } } },
  );
  await client.connect(new ModernTransport(new URL(`${running.origin}/mcp`)));
  return client;
}

const TOOL_NAMES = ["search_answers", "get_answer", "list_suppliers", "get_evidence", "get_source"];

// Both clients validate every structuredContent against the tool's outputSchema once they hold the tools/list
// result (neither does before), so a call that succeeds after listTools also proves the bundled schemas describe
// what the tools return.
describe.each([
  ["the 1.x SDK client (2025-11-25, initialize)", legacyClient, "2025-11-25"],
  ["the 2.x client pinned to 2026-07-28 (no handshake)", modernClient, "2026-07-28"],
] as const)("the MCP endpoint with %s", (_name, connect, version) => {
  it("negotiates the revision and names the server", async () => {
    const client = await connect();
    // The 2.x client says what it negotiated; the 1.x transport carries the version initialize agreed.
    const negotiated =
      client instanceof ModernClient
        ? client.getNegotiatedProtocolVersion()
        : (client.transport as { protocolVersion?: string } | undefined)?.protocolVersion;
    expect(negotiated).toBe(version);
    expect(client.getServerVersion()?.name).toBe("av-buyer-data");
    await client.close();
  });

  it("lists the tools in a fixed order, each read-only with input and output schemas", async () => {
    const client = await connect();
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(TOOL_NAMES);
    for (const tool of tools) {
      expect(tool.annotations, tool.name).toEqual({ readOnlyHint: true, openWorldHint: false });
      expect(tool.title, tool.name).toBeTruthy();
      expect(tool.inputSchema.type, tool.name).toBe("object");
      expect(tool.outputSchema?.type, tool.name).toBe("object");
      // Self-contained: no reference leaves the document.
      expect(JSON.stringify(tool.outputSchema).match(/"\$ref":"[^#]/g), tool.name).toBeNull();
    }
    await client.close();
  });

  it("answers every tool with what the API serves, and the API's errors as tool errors", async () => {
    const client = await connect();
    await client.listTools();
    const call = async (name: string, args: Record<string, unknown>) =>
      (await client.callTool({ name, arguments: args })) as {
        structuredContent?: unknown;
        content: Array<{ text: string }>;
        isError?: boolean;
      };

    const search = await call("search_answers", { q: "ceiling micro" });
    expect(search.structuredContent).toEqual(await api("/api/v1/answers?q=ceiling+micro"));
    expect(JSON.parse(search.content[0]!.text)).toEqual(search.structuredContent);
    expect((await call("search_answers", { q: "room", sort: "slug" })).structuredContent).toEqual(
      await api("/api/v1/answers?q=room&sort=slug"),
    );
    // Summarised: the API's envelope, each answer without its body, sources and related answers.
    const whole = (await api("/api/v1/answers?q=ceiling+micro")) as { data: Array<Record<string, unknown>> };
    const summary = await call("search_answers", { q: "ceiling micro", detail: "summary" });
    expect(summary.structuredContent).toEqual({
      ...whole,
      data: whole.data.map(({ body: _body, sources: _sources, related: _related, ...rest }) => rest),
    });
    expect(JSON.parse(summary.content[0]!.text)).toEqual(summary.structuredContent);
    expect((await call("search_answers", { q: "ceiling micro", detail: "full" })).structuredContent).toEqual(whole);
    // A user's question passed on as it came: the same answers and explanations as the API's.
    const question = "how high should the camera be mounted";
    const asked = (await call("search_answers", { q: question })).structuredContent as {
      meta: { ignored: string[]; matches: Array<{ matched: Array<{ word: string; how: string }> }> };
    };
    expect(asked).toEqual(await api(`/api/v1/answers?q=${encodeURIComponent(question)}`));
    expect(asked.meta.ignored).toEqual(["how", "should", "the", "be"]);
    expect(asked.meta.matches[0]!.matched.map((match) => match.word)).toEqual(["high", "camera", "mounted"]);
    expect((await call("search_answers", { q: "microphne" })).structuredContent).toEqual(
      await api("/api/v1/answers?q=microphne"),
    );
    expect((await call("search_answers", { q: "microphne", match: "all" })).structuredContent).toEqual(
      await api("/api/v1/answers?q=microphne&match=all"),
    );
    expect(
      (
        (await call("search_answers", { q: "microphne", match: "all" })).structuredContent as {
          meta: { suggestions: Array<{ q: string }> };
        }
      ).meta.suggestions[0]!.q,
    ).toBe("microphone");
    // An argument that is wrong is told to the model in an isError result, so that it can call again (SEP-1303).
    for (const [args, says] of [
      [{ q: "room", sort: "score" }, "sort must be relevance or slug."],
      [{ q: "room", match: "strict" }, "match must be any or all."],
      [{ q: "room", page: 0 }, "page must be a whole number from 1."],
      [{ q: 5 }, "q must be a non-empty string."],
      [{}, "q must be a non-empty string."],
      [{ q: "room", detail: "short" }, "detail must be full or summary."],
      [{ q: "room", limit: 5 }, 'search_answers takes q, sort, match, page, detail; not "limit".'],
    ] as const) {
      const told = await call("search_answers", args);
      expect([told.isError, told.content[0]!.text], JSON.stringify(args)).toEqual([true, says]);
    }
    const refused = await call("search_answers", { q: "!!" });
    expect(refused.isError).toBe(true);
    expect(refused.content[0]!.text).toContain("no letter or digit");
    const common = await call("search_answers", { q: "how to" });
    expect(common.isError).toBe(true);
    expect(common.content[0]!.text).toContain("only common words");

    expect((await call("get_answer", { slug: "room-sizing" })).structuredContent).toEqual(
      await api("/api/v1/answers/room-sizing.json"),
    );
    const missing = await call("get_answer", { slug: "no-such-answer" });
    expect(missing.isError).toBe(true);
    expect(missing.content[0]!.text).toContain("search_answers finds answers by their words");
    // An agent's guess gets the slugs that start as it does: its leading words, in lower case, else three letters.
    for (const [guess, hint] of [
      ["Microphone-Placement-Guide", 'Slugs starting "microphone-placement": microphone-placement.'],
      ["microphone-positions", 'Slugs starting "microphone": microphone-coverage, microphone-placement.'],
      ["room", 'Slugs starting "room": room-acoustics, room-sizing.'],
      ["secure-rooms", 'Slugs starting "sec": security.'],
      // No slug starts as it does: its words, searched as q is, name the answers they find first.
      [
        "screen-size",
        "Searched as q, its words find first: display-size, room-sizing, camera-and-display-placement. search_answers finds answers by their words, and resources/list names each one.",
      ],
    ])
      expect((await call("get_answer", { slug: guess })).content[0]!.text).toBe(
        `No answer has the slug ${JSON.stringify(guess)}. ${hint}`,
      );
    expect((await call("list_suppliers", {})).structuredContent).toEqual(await api("/api/v1/suppliers"));
    const evidence = (await call("get_evidence", { family: "cameras" })).structuredContent as {
      data: Array<{ family: string; records: unknown[] }>;
      meta: { count: number; total: number; record_count: number };
    };
    expect(evidence.data.map((family) => family.family)).toEqual(["cameras"]);
    // Its counts are the family's, not the whole register's.
    expect(evidence.meta).toMatchObject({ count: 1, total: 1, record_count: evidence.data[0]!.records.length });
    expect((await call("get_evidence", {})).structuredContent).toEqual(await api("/api/v1/evidence"));
    expect((await call("get_evidence", { family: "toasters" })).isError).toBe(true);

    const suppliers = (await api("/api/v1/suppliers")) as { data: Array<{ sources: Array<{ id: string }> }> };
    const cited = suppliers.data[0]!.sources[0]!;
    expect((await call("get_source", { id: cited.id })).structuredContent).toEqual(cited);
    expect((await call("get_source", { id: "no-such-source" })).isError).toBe(true);
    // A guessed id gets the ids that start as it does, as a guessed slug does; else where ids are found.
    expect((await call("get_source", { id: "MSFT-Teams-Rooms-Certified" })).content[0]!.text).toMatch(
      /^No source has the id "MSFT-Teams-Rooms-Certified"\. Ids starting "msft-teams-rooms-certified": msft-teams-rooms-certified-hardware, /,
    );
    // A leading hyphen gives no prefix that every id would start.
    for (const guess of ["zz-top", "-foo"])
      expect((await call("get_source", { id: guess })).content[0]!.text).toBe(
        `No source has the id "${guess}". The ids are those the answers, supplier profiles and evidence records cite in their sources; /data/sources.csv holds the whole register.`,
      );
    await client.close();
  });

  it("lists each answer, the directory and the register as resources named by their API URLs, and reads them", async () => {
    const client = await connect();
    const { resources } = await client.listResources();
    const answers = (await api("/api/v1/answers")) as { data: Array<{ slug: string }> };
    expect(resources.map((resource) => resource.uri)).toEqual([
      `${running.origin}/api/v1/suppliers`,
      `${running.origin}/api/v1/evidence`,
      ...answers.data.map((answer) => `${running.origin}/api/v1/answers/${answer.slug}.json`),
    ]);
    for (const uri of [resources[0]!.uri, resources[2]!.uri]) {
      const { contents } = await client.readResource({ uri });
      expect(JSON.parse((contents[0] as { text: string }).text)).toEqual(await (await fetch(uri)).json());
    }
    await expect(client.readResource({ uri: `${running.origin}/api/v1/nothing.json` })).rejects.toThrow(/No resource/);
    // Files of the deploy that are no resource are not read through it: Netlify's rules, documents, the index.
    for (const path of [
      "/_headers",
      "/_redirects",
      "/api/v1/openapi.json",
      "/api/v1/health",
      "/api/v1/search/answers.json",
    ])
      await expect(client.readResource({ uri: `${running.origin}${path}` }), path).rejects.toThrow(/No resource/);
    await client.close();
  });
});

describe("the 2026-07-28 revision on the wire", () => {
  const meta = {
    "io.modelcontextprotocol/protocolVersion": "2026-07-28",
    "io.modelcontextprotocol/clientCapabilities": {},
  };
  const modern = (method: string, params: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
    fetch(`${running.origin}/mcp`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        Accept: "application/json, text/event-stream",
        "MCP-Protocol-Version": "2026-07-28",
        "Mcp-Method": method,
        ...headers,
      },
      body: JSON.stringify({ jsonrpc: "2.0", id: 7, method, params: { ...params, _meta: meta } }),
    });

  it("answers server/discover with every supported revision, and marks results complete, cacheable and signed", async () => {
    const body = (await (await modern("server/discover")).json()) as { result: Record<string, unknown> };
    expect(body.result).toMatchObject({
      supportedVersions: [...MCP_PROTOCOL_VERSIONS],
      resultType: "complete",
      cacheScope: "public",
    });
    expect(body.result._meta).toMatchObject({ "io.modelcontextprotocol/serverInfo": { name: "av-buyer-data" } });
    const list = (await (await modern("tools/list")).json()) as { result: { ttlMs: number; cacheScope: string } };
    expect(list.result.ttlMs).toBeGreaterThan(0);
    expect(list.result.cacheScope).toBe("public");
  });

  it("refuses headers that disagree with the body (HeaderMismatch), and an unknown method with 404", async () => {
    const cases: Array<[string, Response, number, number]> = [
      ["no Mcp-Method", await modern("tools/list", {}, { "Mcp-Method": "" }), 400, -32020],
      ["Mcp-Method differs", await modern("tools/list", {}, { "Mcp-Method": "tools/call" }), 400, -32020],
      ["no Mcp-Name on tools/call", await modern("tools/call", { name: "list_suppliers", arguments: {} }), 400, -32020],
      [
        "Mcp-Name differs",
        await modern("tools/call", { name: "list_suppliers", arguments: {} }, { "Mcp-Name": "get_source" }),
        400,
        -32020,
      ],
      [
        "the version header differs from _meta",
        await modern("tools/list", {}, { "MCP-Protocol-Version": "2025-11-25" }),
        400,
        -32020,
      ],
      ["an unknown method", await modern("tools/delete"), 404, -32601],
      ["initialize, which 2026-07-28 does not have", await modern("initialize"), 404, -32601],
    ];
    for (const [name, response, status, code] of cases) {
      expect(response.status, name).toBe(status);
      expect(response.headers.get("access-control-allow-origin"), name).toBe("*");
      expect(((await response.json()) as { error: { code: number } }).error.code, name).toBe(code);
    }
    const named = await modern(
      "tools/call",
      { name: "list_suppliers", arguments: {} },
      { "Mcp-Name": "list_suppliers" },
    );
    expect(named.status).toBe(200);
    // The Base64 sentinel form of a header value is decoded before it is compared.
    const encoded = await modern(
      "tools/call",
      { name: "list_suppliers", arguments: {} },
      { "Mcp-Name": `=?base64?${btoa("list_suppliers")}?=` },
    );
    expect(encoded.status).toBe(200);
    // Bytes that are not UTF-8 are told as such, not replaced and compared.
    const undecodable = await modern(
      "tools/call",
      { name: "list_suppliers", arguments: {} },
      { "Mcp-Name": "=?base64?/w==?=" },
    );
    expect([undecodable.status, ((await undecodable.json()) as { error: { message: string } }).error.message]).toEqual([
      400,
      "Header mismatch: a Base64-encoded header value does not decode to UTF-8.",
    ]);
  });

  it("names the supported revisions when a request asks for another", async () => {
    const response = await fetch(`${running.origin}/mcp`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "MCP-Protocol-Version": "2099-01-01", "Mcp-Method": "tools/list" },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "tools/list",
        params: { _meta: { ...meta, "io.modelcontextprotocol/protocolVersion": "2099-01-01" } },
      }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      id: 1,
      error: { code: -32022, data: { supported: [...MCP_PROTOCOL_VERSIONS], requested: "2099-01-01" } },
    });
  });
});

describe("the MCP endpoint, asked badly", () => {
  const post = (body: string, headers: Record<string, string> = {}) =>
    fetch(`${running.origin}/mcp`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream", ...headers },
      body,
    });

  it("answers every hostile request with a JSON-RPC error or the right status, with CORS, never a 5xx", async () => {
    const cases: Array<[string, Response, number, number | null]> = [
      ["malformed JSON", await post("{"), 400, -32700],
      // Not sent as JSON: a form, text/plain (which a web page may post with no preflight), no type at all.
      [
        "a text/plain body",
        await post('{"jsonrpc":"2.0","id":1,"method":"ping"}', { "Content-Type": "text/plain" }),
        415,
        -32600,
      ],
      [
        "a form",
        await post('{"jsonrpc":"2.0","id":1,"method":"ping"}', { "Content-Type": "application/x-www-form-urlencoded" }),
        415,
        -32600,
      ],
      [
        "a batch of a revision that has none",
        await post('[{"jsonrpc":"2.0","id":1,"method":"ping"}]', { "MCP-Protocol-Version": "2025-11-25" }),
        400,
        -32600,
      ],
      ["an empty batch", await post("[]"), 400, -32600],
      [
        "a batch over the limit",
        await post(
          JSON.stringify(
            Array.from({ length: MCP_BATCH_MAX_MESSAGES + 1 }, (_, id) => ({ jsonrpc: "2.0", id, method: "ping" })),
          ),
        ),
        400,
        -32600,
      ],
      ["not JSON-RPC", await post('{"id":1,"method":"ping"}'), 400, -32600],
      ["an unknown method", await post('{"jsonrpc":"2.0","id":1,"method":"tools/delete"}'), 200, -32601],
      [
        "an unknown tool",
        await post('{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"drop"}}'),
        200,
        -32602,
      ],
      [
        "a tool name that is an object's own key",
        await post('{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"constructor"}}'),
        200,
        -32602,
      ],
      [
        "arguments that are not an object",
        await post('{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"search_answers","arguments":[5]}}'),
        200,
        -32602,
      ],
      [
        "an unknown prompt",
        await post('{"jsonrpc":"2.0","id":1,"method":"prompts/get","params":{"name":"__proto__"}}'),
        200,
        -32602,
      ],
      [
        "prompt arguments that are not an object of strings",
        await post('{"jsonrpc":"2.0","id":1,"method":"prompts/get","params":{"name":"plan_room","arguments":["8"]}}'),
        200,
        -32602,
      ],
      [
        "a prompt argument that is not a string",
        await post(
          '{"jsonrpc":"2.0","id":1,"method":"prompts/get","params":{"name":"plan_room","arguments":{"people":8,"platform":"zoom-rooms"}}}',
        ),
        200,
        -32602,
      ],
      [
        "a quote over the limit, in a body under it",
        await post(
          JSON.stringify({
            jsonrpc: "2.0",
            id: 1,
            method: "prompts/get",
            params: { name: "check_quote", arguments: { quote: "x".repeat(60_000) } },
          }),
        ),
        200,
        -32602,
      ],
      [
        "a completion with no argument",
        await post(
          '{"jsonrpc":"2.0","id":1,"method":"completion/complete","params":{"ref":{"type":"ref/prompt","name":"plan_room"}}}',
        ),
        200,
        -32602,
      ],
      [
        "a completion for an unknown kind of reference",
        await post(
          '{"jsonrpc":"2.0","id":1,"method":"completion/complete","params":{"ref":{"type":"ref/tool","name":"x"},"argument":{"name":"a","value":""}}}',
        ),
        200,
        -32602,
      ],
      [
        "a completion whose context is not an object",
        await post(
          '{"jsonrpc":"2.0","id":1,"method":"completion/complete","params":{"ref":{"type":"ref/prompt","name":"compare_suppliers"},"argument":{"name":"suppliers","value":""},"context":{"arguments":"family=x"}}}',
        ),
        200,
        -32602,
      ],
      [
        "a cursor this server never gave",
        await post('{"jsonrpc":"2.0","id":1,"method":"resources/list","params":{"cursor":{"page":2}}}'),
        200,
        -32602,
      ],
      ...(await Promise.all(
        ["tools/list", "prompts/list", "resources/templates/list"].map(
          async (method): Promise<[string, Response, number, number]> => [
            `a cursor on ${method}, which comes whole`,
            await post(JSON.stringify({ jsonrpc: "2.0", id: 1, method, params: { cursor: "bogus" } })),
            200,
            -32602,
          ],
        ),
      )),
      ...(await Promise.all(
        [
          {},
          { protocolVersion: 5, capabilities: {}, clientInfo: { name: "c", version: "1" } },
          { protocolVersion: "2025-11-25", capabilities: {} },
        ].map(
          async (params): Promise<[string, Response, number, number]> => [
            `an initialize without the params every revision requires: ${JSON.stringify(params)}`,
            await post(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params })),
            200,
            -32602,
          ],
        ),
      )),
      [
        "a read without a URI",
        await post('{"jsonrpc":"2.0","id":1,"method":"resources/read","params":{}}'),
        200,
        -32602,
      ],
      [
        "a read whose URI is not a string",
        await post('{"jsonrpc":"2.0","id":1,"method":"resources/read","params":{"uri":5}}'),
        200,
        -32602,
      ],
      [
        "logging, which is not offered",
        await post('{"jsonrpc":"2.0","id":1,"method":"logging/setLevel","params":{"level":"info"}}'),
        200,
        -32601,
      ],
      [
        "an unsupported protocol version",
        await post('{"jsonrpc":"2.0","id":1,"method":"ping"}', { "MCP-Protocol-Version": "1999-01-01" }),
        400,
        -32022,
      ],
      [
        "the modern version without _meta",
        await post('{"jsonrpc":"2.0","id":1,"method":"tools/list"}', { "MCP-Protocol-Version": "2026-07-28" }),
        400,
        -32602,
      ],
      [
        "a malformed _meta",
        await post(
          '{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28"}}}',
          { "MCP-Protocol-Version": "2026-07-28" },
        ),
        400,
        -32602,
      ],
      [
        "an oversized body",
        await post(
          JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping", params: { pad: "x".repeat(MCP_MAX_BODY_BYTES) } }),
        ),
        413,
        -32600,
      ],
      [
        "an oversized body streamed with no Content-Length (chunked): counted as it is read",
        await fetch(`${running.origin}/mcp`, {
          method: "POST",
          headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream" },
          body: new Blob([
            JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping", params: { pad: "x".repeat(MCP_MAX_BODY_BYTES) } }),
          ]).stream(),
          duplex: "half",
        } as RequestInit),
        413,
        -32600,
      ],
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
    // A response (to a request this server never sends) is taken, with no body, as Streamable HTTP says.
    for (const response of [
      '{"jsonrpc":"2.0","id":1,"result":{}}',
      '{"jsonrpc":"2.0","id":"a","error":{"code":1,"message":"x"}}',
    ]) {
      const taken = await post(response);
      expect([taken.status, await taken.text()], response).toEqual([202, ""]);
    }
    const unnamed = await post('{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{}}');
    expect(((await unnamed.json()) as { error: { message: string } }).error.message).toMatch(
      /^tools\/call takes params\.name, the tool's name\. The tools: /,
    );
    // JSON with a charset is JSON; bytes with no type at all are not said to be.
    const ping = '{"jsonrpc":"2.0","id":1,"method":"ping"}';
    expect((await post(ping, { "Content-Type": "application/json; charset=utf-8" })).status).toBe(200);
    const untyped = await fetch(`${running.origin}/mcp`, { method: "POST", body: new TextEncoder().encode(ping) });
    expect([untyped.status, ((await untyped.json()) as { error: { message: string } }).error.message]).toEqual([
      415,
      "Send the JSON-RPC request with Content-Type: application/json (it had none).",
    ]);
    // A body over the limit is left unread: the 413 closes the connection, which would otherwise read the rest of
    // the body as its next request (a client's next call on it was reset).
    const { port } = new URL(running.origin);
    const connection = await new Promise<string | undefined>((resolve, reject) => {
      const sending = httpRequest(
        {
          host: "127.0.0.1",
          port,
          path: "/mcp",
          method: "POST",
          headers: { "Content-Type": "application/json", "Content-Length": 300_000, Accept: "application/json" },
        },
        (response) => {
          response.resume();
          resolve(response.headers.connection);
          sending.destroy();
        },
      );
      sending.on("error", (error: NodeJS.ErrnoException) => (error.code === "ECONNRESET" ? undefined : reject(error)));
      sending.write("x".repeat(1_000));
    });
    expect(connection).toBe("close");
  });

  it("quotes a client's long or deep values short in its messages, and looks up a long slug by its first 80 characters only", async () => {
    // The params as JSON text: a 30,000-deep array is written, not stringified.
    const message = async (method: string, params: unknown, text = JSON.stringify(params)) => {
      const response = await post(`{"jsonrpc":"2.0","id":1,"method":${JSON.stringify(method)},"params":${text}}`);
      const body = (await response.json()) as {
        error?: { code: number; message: string };
        result?: { content?: Array<{ text: string }> };
      };
      return { code: body.error?.code, text: body.error?.message ?? body.result?.content?.[0]?.text ?? "" };
    };
    const cases = [
      await message("tools/call", { name: "x".repeat(60_000), arguments: {} }),
      await message(`m${"x".repeat(60_000)}`, {}),
      await message("resources/read", undefined, `{"uri":${"[".repeat(30_000)}${"]".repeat(30_000)}}`),
      await message("resources/read", { uri: `${running.origin}/api/v1/answers/${"z-".repeat(15_000)}z.md` }),
      await message("tools/call", { name: "get_answer", arguments: { slug: `room-sizing-${"z-".repeat(3_000)}z` } }),
      await message("tools/call", { name: "list_suppliers", arguments: { ["a".repeat(60_000)]: 1 } }),
      // A tool's own request to the answers has no request line: a long q is told as too long a q.
      await message("tools/call", { name: "search_answers", arguments: { q: "a ".repeat(5_000) } }),
    ];
    for (const { code, text } of cases) {
      expect(code, text.slice(0, 80)).not.toBe(-32603);
      expect(text.length, text.slice(0, 80)).toBeLessThan(1_000);
    }
    expect(cases[2]!.text).toContain("a list");
    expect(cases[6]!.text).toMatch(new RegExp(`\\bq\\b.*${MAX_QUERY_CODE_POINTS}`));
    expect(MAX_SLUG_LENGTH).toBe(common.$defs.slug.maxLength);
    // The slug's words within its first 80 characters still lead to the answers they start.
    expect(cases[4]!.text).toContain('Slugs starting "room-sizing": room-sizing');
  });

  it("says which part of a message is not JSON-RPC as MCP takes it, a null id and one past 2^53 included", async () => {
    for (const [body, said] of [
      ['"ping"', /send a JSON object/],
      ['{"id":1,"method":"ping"}', /"jsonrpc": "2\.0"/],
      ['{"jsonrpc":"2.0","id":1,"method":5}', /a string "method"/],
      ['{"jsonrpc":"2.0","id":null,"method":"ping"}', /"id" must be a string or a number \(MCP allows no null id\)/],
      ['{"jsonrpc":"2.0","id":1,"method":"ping","params":[1]}', /"params" must be an object/],
      // Read as 9007199254740992 (2^53): answered with that id, it would not be the client's.
      ['{"jsonrpc":"2.0","id":9007199254740993,"method":"ping"}', /"id" is an integer beyond 2\^53.*as a string/],
    ] as const) {
      const response = await post(body);
      expect(response.status, body).toBe(400);
      const { id, error } = (await response.json()) as { id: unknown; error: { code: number; message: string } };
      expect(id, body).toBe(/"id":1,/.test(body) ? 1 : null);
      expect(error.code, body).toBe(-32600);
      expect(error.message, body).toMatch(said);
    }
  });

  it("takes a 2025-03-26 batch, as that revision requires: its requests answered in order, its notifications not", async () => {
    const ping = (id: number | string) => ({ jsonrpc: "2.0", id, method: "ping" });
    const notification = { jsonrpc: "2.0", method: "notifications/initialized" };
    const mixed = await post(
      JSON.stringify([
        ping(1),
        notification,
        { jsonrpc: "2.0", id: "tools", method: "tools/list" },
        5,
        { jsonrpc: "2.0", id: 4, method: "initialize", params: { protocolVersion: "2025-03-26" } },
        { jsonrpc: "2.0", id: 5, method: "tools/delete" },
      ]),
      { "MCP-Protocol-Version": "2025-03-26" },
    );
    expect(mixed.status).toBe(200);
    const answers = (await mixed.json()) as Array<{
      id: unknown;
      result?: { tools?: unknown[] };
      error?: { code: number };
    }>;
    expect(answers.map((answer) => [answer.id, answer.error?.code ?? "result"])).toEqual([
      [1, "result"],
      ["tools", "result"],
      [null, -32600],
      [4, -32600],
      [5, -32601],
    ]);
    expect(answers[1]!.result?.tools).toHaveLength(5);
    // A 2025-03-26 client names no version in a header: a batch with none is taken too.
    const plain = await post(JSON.stringify([ping(7)]));
    expect(await plain.json()).toEqual([{ jsonrpc: "2.0", id: 7, result: {} }]);
    // Notifications alone: accepted, with nothing to answer.
    const quiet = await post(JSON.stringify([notification, notification]));
    expect(quiet.status).toBe(202);
    expect(await quiet.text()).toBe("");
  });

  it("says that a version in _meta is the modern revision's when a legacy one is put there", async () => {
    const response = await post(
      JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "tools/list",
        params: {
          _meta: {
            "io.modelcontextprotocol/protocolVersion": "2025-11-25",
            "io.modelcontextprotocol/clientCapabilities": {},
          },
        },
      }),
    );
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as { error: { code: number; message: string; data: unknown } };
    expect(error.code).toBe(-32022);
    expect(error.message).toMatch(/not declared in _meta.*opens with initialize/);
    expect(error.data).toEqual({ supported: [...MCP_PROTOCOL_VERSIONS], requested: "2025-11-25" });
  });

  it("names no count of answers in its instructions, which the deploy's content decides (/api/v1 gives it)", async () => {
    const response = await post(
      JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "initialize",
        params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "test", version: "1" } },
      }),
    );
    const { result } = (await response.json()) as { result: { instructions: string } };
    expect(result.instructions).toMatch(/buyer answers/);
    expect(result.instructions).not.toMatch(/\d/);
  });

  it("answers only so many requests at once, a client that does not read its answer holding one place, and frees it when that client goes", async () => {
    const busy = await startLocalServer(dist, { mcpInFlight: 1 });
    const ask = (body: string) =>
      fetch(`${busy.origin}/mcp`, { method: "POST", headers: { "Content-Type": "application/json" }, body });
    const ping = '{"jsonrpc":"2.0","id":1,"method":"ping"}';
    // Ten searches in one batch: an answer of some 19 MB, which a paused socket leaves unsent.
    const search = (id: number) => ({
      jsonrpc: "2.0",
      id,
      method: "tools/call",
      params: { name: "search_answers", arguments: { q: "a", match: "all" } },
    });
    const batch = JSON.stringify(Array.from({ length: 10 }, (_, at) => search(at + 1)));
    const { port } = new URL(busy.origin);
    const stalled = connect(Number(port), "127.0.0.1");
    stalled.pause();
    stalled.write(
      `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(batch)}\r\n\r\n${batch}`,
    );
    // A ping answered with `status`, or none yet (its body let go).
    const answeredWith = (status: number) => async () => {
      const response = await ask(ping);
      if (response.status === status) return response;
      await response.body?.cancel();
      return undefined;
    };
    const refused = await until("a request refused while the batch's answer waits", answeredWith(503));
    expect(refused.headers.get("retry-after")).toBe("1");
    expect(((await refused.json()) as { id: null; error: { code: number } }).error.code).toBe(-32603);
    // The API itself answers all the while.
    expect((await fetch(`${busy.origin}/api/v1/health`)).status).toBe(200);
    stalled.destroy();
    const answered = await until("the place freed", answeredWith(200));
    expect(await answered.json()).toEqual({ jsonrpc: "2.0", id: 1, result: {} });
  });

  it("answers the CORS preflight with the MCP request headers allowed", async () => {
    const response = await fetch(`${running.origin}/mcp`, {
      method: "OPTIONS",
      headers: { Origin: "https://example.org", "Access-Control-Request-Method": "POST" },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get("access-control-allow-methods")).toBe("POST, OPTIONS");
    for (const header of ["MCP-Protocol-Version", "Mcp-Method", "Mcp-Name", "Mcp-Session-Id"])
      expect(response.headers.get("access-control-allow-headers")).toContain(header);
  });
});

describe("no OAuth, and the cards that name the endpoint", () => {
  it("gives a JSON 404 at every OAuth discovery path, path-suffixed forms included, never the HTML page", async () => {
    for (const path of [
      "/.well-known/oauth-protected-resource",
      "/.well-known/oauth-protected-resource/mcp",
      "/.well-known/oauth-authorization-server",
      "/.well-known/oauth-authorization-server/mcp",
      "/.well-known/openid-configuration",
    ]) {
      const response = await fetch(`${running.origin}${path}`);
      expect(response.status, path).toBe(404);
      expect(response.headers.get("content-type"), path).toBe("application/problem+json");
      expect(((await response.json()) as { detail: string }).detail, path).toContain("no OAuth");
    }
  });

  it("serves the Server Card at /mcp/server-card with the endpoint and revisions, and lists it in the AI catalog", async () => {
    const response = await fetch(`${running.origin}/mcp/server-card`);
    expect(response.headers.get("content-type")).toBe("application/mcp-server-card+json");
    const card = (await response.json()) as {
      remotes: Array<{ type: string; url: string; supportedProtocolVersions: string[] }>;
    };
    expect(card.remotes).toEqual([
      {
        type: "streamable-http",
        url: `${new URL("/mcp", card.remotes[0]!.url.replace(/\/mcp$/, "/")).href}`,
        supportedProtocolVersions: [...MCP_PROTOCOL_VERSIONS],
      },
    ]);
    expect(await (await fetch(`${running.origin}/.well-known/mcp/server-card.json`)).json()).toEqual(card);
    const served = await fetch(`${running.origin}/.well-known/ai-catalog.json`);
    expect(served.headers.get("content-type")).toBe("application/ai-catalog+json");
    const catalog = (await served.json()) as { entries: Array<{ type: string; url: string }> };
    expect(catalog.entries).toEqual([expect.objectContaining({ type: "application/mcp-server-card+json" })]);
    expect(new URL(catalog.entries[0]!.url).pathname).toBe("/mcp/server-card");
  });
});

describe("npm run mcp: the same server over stdio on a local copy, with no network", () => {
  // What `npm run --silent mcp` runs, started by the clients' own stdio transports.
  const server = () => ({
    command: process.execPath,
    args: nodeScript("mcp"),
    env: { ...process.env, DIST: dist, MCP_ORIGIN: running.origin } as Record<string, string>,
    cwd: ROOT,
    stderr: "ignore" as const,
  });

  it("answers the 1.x SDK's stdio client with the tools and data the API serves", async () => {
    const client = new Client({ name: "av-buyer-data-tests", version: "1.0.0" });
    await client.connect(new StdioClientTransport(server()));
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(TOOL_NAMES);
    const search = (await client.callTool({ name: "search_answers", arguments: { q: "ceiling micro" } })) as {
      structuredContent: unknown;
    };
    expect(search.structuredContent).toEqual(await api("/api/v1/answers?q=ceiling+micro"));
    const { contents } = await client.readResource({ uri: `${running.origin}/api/v1/suppliers` });
    expect(JSON.parse((contents[0] as { text: string }).text)).toEqual(await api("/api/v1/suppliers"));
    await client.close();
  });

  /** The server run on `input`, with `env` added to its environment: its exit, its lines parsed, and stderr. */
  const runOn = (input: string, env: Record<string, string> = {}) => {
    const run = spawnSync(server().command, server().args, {
      input,
      env: { ...server().env, ...env },
      cwd: ROOT,
      encoding: "utf8",
    });
    const lines =
      run.stdout === ""
        ? []
        : run.stdout
            .trim()
            .split("\n")
            .map((line) => JSON.parse(line) as unknown);
    return { status: run.status, lines, stderr: run.stderr };
  };

  it("reads a line as JSON-RPC after a byte order mark, as a Windows shell may pipe it, and says which line is not JSON", () => {
    const ping = (id: number) => JSON.stringify({ jsonrpc: "2.0", id, method: "ping" });
    expect(runOn(`\ufeff${ping(1)}\nnot json\n${ping(2)}\n`).lines).toEqual([
      { jsonrpc: "2.0", id: 1, result: {} },
      { jsonrpc: "2.0", id: null, error: { code: -32700, message: "The line is not JSON." } },
      { jsonrpc: "2.0", id: 2, result: {} },
    ]);
  });

  it("answers a batch line with a line holding the array of answers", () => {
    const batch = [
      { jsonrpc: "2.0", id: 1, method: "ping" },
      { jsonrpc: "2.0", method: "notifications/initialized" },
      { jsonrpc: "2.0", id: 2, method: "ping" },
    ];
    expect(runOn(`${JSON.stringify(batch)}\n`).lines).toEqual([
      [
        { jsonrpc: "2.0", id: 1, result: {} },
        { jsonrpc: "2.0", id: 2, result: {} },
      ],
    ]);
  });

  it("names resources under MCP_ORIGIN as an origin, a trailing slash taken off, and refuses one with a path", () => {
    const list = `${JSON.stringify({ jsonrpc: "2.0", id: 1, method: "resources/list" })}\n`;
    const [named] = runOn(list, { MCP_ORIGIN: "https://example.org/" }).lines as Array<{
      result: { resources: Array<{ uri: string }> };
    }>;
    expect(named!.result.resources.map((resource) => resource.uri)).toContain("https://example.org/api/v1/suppliers");
    for (const wrong of ["not a url", "https://example.org/api", "ftp://example.org"]) {
      const refused = runOn(list, { MCP_ORIGIN: wrong });
      expect([refused.status, refused.lines], wrong).toEqual([2, []]);
      expect(refused.stderr, wrong).toContain(
        `MCP_ORIGIN must be an origin such as https://example.org, with no path (got "${wrong}")`,
      );
    }
  });

  it("answers the 2.x client, which probes with server/discover and stays on 2026-07-28", async () => {
    const client = new ModernClient(
      { name: "av-buyer-data-tests", version: "1.0.0" },
      { versionNegotiation: { mode: "auto" } },
    );
    await client.connect(new ModernStdioTransport(server()));
    expect(client.getNegotiatedProtocolVersion()).toBe("2026-07-28");
    const answer = (await client.callTool({ name: "get_answer", arguments: { slug: "room-sizing" } })) as {
      structuredContent: unknown;
    };
    expect(answer.structuredContent).toEqual(await api("/api/v1/answers/room-sizing.json"));
    await client.close();
  });
});
