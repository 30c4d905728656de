/**
 * The MCP prompts, resource templates, completions and the paged resource list, with real clients (the official
 * SDK's 1.x client on 2025-11-25 and its 2.x client pinned to 2026-07-28, over Streamable HTTP and over stdio)
 * against the real local server on real builds: the shipped content, and 250 synthetic answers (three pages of
 * the collection, more than 100 completions). Hostile arguments get a JSON-RPC error that says what was wrong.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { Client as ModernClient, StreamableHTTPClientTransport as ModernTransport } from "@modelcontextprotocol/client";
import { StdioClientTransport as ModernStdioTransport } from "@modelcontextprotocol/client/stdio";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { beforeAll, describe, expect, it } from "vitest";
import { canonicalJson } from "../build/contract/canonical-json.ts";
import {
  MCP_COMPLETION_MAX_VALUES,
  MCP_LIST_ARGUMENT_MAX_ITEMS,
  MCP_MAX_BODY_BYTES,
  MCP_QUOTE_MAX_CHARACTERS,
} from "../build/contract/mcp.ts";
import { PLATFORM_IDS } from "../build/contract/platforms.ts";
import { PROMPT_ANSWERS, PROMPT_DEFINITIONS } from "../build/contract/mcp-prompts.ts";
import { generateContent } from "../build/tools/synthetic/generate.ts";
import { build, ROOT, temporaryFolder } from "./support/build-helpers.ts";
import { nodeScript } from "./support/cli.ts";
import { startLocalServer, type RunningServer } from "./support/local-server.ts";
import { sharedBuild } from "./support/shared-build.ts";

let shipped: RunningServer;
let shippedDist: string;
let synthetic: RunningServer;
const SYNTHETIC_ANSWERS = 250;

beforeAll(async () => {
  ({ dist: shippedDist } = await sharedBuild());
  shipped = await startLocalServer(shippedDist);
  const folder = await temporaryFolder("mcp-synthetic");
  await generateContent({ answers: SYNTHETIC_ANSWERS, out: path.join(folder, "content") });
  const result = await build(path.join(folder, "content"), path.join(folder, "dist"));
  if (!result.ok) throw new Error("the synthetic content does not build");
  synthetic = await startLocalServer(path.join(folder, "dist"));
}, 120_000);

type AnyClient = Client | ModernClient;

async function legacyClient(server: RunningServer): Promise<Client> {
  const client = new Client({ name: "av-buyer-data-tests", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${server.origin}/mcp`)));
  return client;
}

async function modernClient(server: RunningServer): Promise<ModernClient> {
  const client = new ModernClient(
    { name: "av-buyer-data-tests", version: "1.0.0" },
    { versionNegotiation: { mode: { pin: "2026-07-28" } } },
  );
  await client.connect(new ModernTransport(new URL(`${server.origin}/mcp`)));
  return client;
}

const api = async (server: RunningServer, path: string) => (await fetch(`${server.origin}${path}`)).json();

interface Embedded {
  uri: string;
  mimeType: string;
  text: string;
}
type PromptMessage = { role: string; content: { type: string; text?: string; resource?: Embedded } };

/** The resources a prompt's messages embed, in order. */
const embeddedOf = (messages: PromptMessage[]) =>
  messages.filter((message) => message.content.type === "resource").map((message) => message.content.resource!);

/** What a rejected call says: its JSON-RPC code and message. */
async function refusal(call: Promise<unknown>): Promise<{ code: number; message: string }> {
  try {
    await call;
  } catch (error) {
    return { code: (error as { code: number }).code, message: (error as Error).message };
  }
  throw new Error("the call was answered, not refused");
}

describe.each([
  ["the 1.x SDK client (2025-11-25)", legacyClient],
  ["the 2.x client pinned to 2026-07-28", modernClient],
] as const)("prompts, templates and completions with %s", (_name, connect) => {
  it("offers prompts and completions, and no logging (there is nothing to log to a client)", async () => {
    const client = await connect(shipped);
    const capabilities = client.getServerCapabilities();
    expect(capabilities?.prompts).toBeDefined();
    expect(capabilities?.completions).toBeDefined();
    expect(capabilities?.logging).toBeUndefined();
    expect(capabilities?.resources).toEqual({ listChanged: false });
    await client.close();
  });

  it("lists the prompts in a fixed order, each with a title, a description and described arguments", async () => {
    const client = await connect(shipped);
    const { prompts } = await client.listPrompts();
    expect(prompts.map((prompt) => prompt.name)).toEqual(PROMPT_DEFINITIONS.map((prompt) => prompt.name));
    for (const prompt of prompts) {
      expect(prompt.title, prompt.name).toBeTruthy();
      expect(prompt.description, prompt.name).toBeTruthy();
      expect(prompt.arguments?.length, prompt.name).toBeGreaterThan(0);
      for (const argument of prompt.arguments ?? []) expect(argument.description, argument.name).toBeTruthy();
    }
    await client.close();
  });

  it("returns each prompt with messages that embed the resources it rests on, the very bytes resources/read gives", async () => {
    const client = await connect(shipped);
    const get = async (name: string, args: Record<string, string>) =>
      (await client.getPrompt({ name, arguments: args })) as { description?: string; messages: PromptMessage[] };
    const readText = async (uri: string) => ((await client.readResource({ uri })).contents[0] as { text: string }).text;
    const twin = (slug: string) => `${shipped.origin}/api/v1/answers/${slug}.md`;

    const plan = await get("plan_room", { people: "8", platform: "zoom-rooms" });
    expect(plan.description).toBe("Plan a meeting room for 8 people on Zoom Rooms.");
    expect(plan.messages[0]!.content.text).toContain("8 seats");
    expect(embeddedOf(plan.messages).map((resource) => resource.uri)).toEqual(PROMPT_ANSWERS.plan_room.map(twin));

    const suppliers = (await api(shipped, "/api/v1/suppliers")) as {
      data: Array<{ slug: string; makes: Array<{ family: string }> }>;
    };
    const makers = suppliers.data
      .filter((supplier) => supplier.makes.some((made) => made.family === "microphones"))
      .map((supplier) => supplier.slug);
    const compare = await get("compare_suppliers", { family: "microphones" });
    expect(embeddedOf(compare.messages).map((resource) => resource.uri)).toEqual([
      ...makers.map((slug) => `${shipped.origin}/api/v1/suppliers#${slug}`),
      `${shipped.origin}/api/v1/evidence#microphones`,
    ]);
    const two = await get("compare_suppliers", { family: "microphones", suppliers: " shure,biamp ,shure" });
    expect(embeddedOf(two.messages).map((resource) => resource.uri)).toEqual([
      `${shipped.origin}/api/v1/suppliers#shure`,
      `${shipped.origin}/api/v1/suppliers#biamp`,
      `${shipped.origin}/api/v1/evidence#microphones`,
    ]);
    expect(two.description).toBe("Compare 2 suppliers of microphones.");
    expect((await get("compare_suppliers", { family: "microphones", suppliers: "shure" })).description).toBe(
      "Compare 1 supplier of microphones.",
    );

    const quote = "Two video bars, 3 years' warranty, 25 Teams Rooms Pro licences.";
    const check = await get("check_quote", { quote });
    expect(embeddedOf(check.messages).map((resource) => resource.uri)).toEqual(PROMPT_ANSWERS.check_quote.map(twin));
    expect(check.messages.at(-1)!.content.text).toContain(quote);
    const narrowed = await get("check_quote", { quote, answers: "warranty-and-support, security" });
    expect(embeddedOf(narrowed.messages).map((resource) => resource.uri)).toEqual(
      ["warranty-and-support", "security"].map(twin),
    );

    const certified = await get("check_certification", { platform: "google-meet", family: "cameras" });
    expect(embeddedOf(certified.messages).map((resource) => resource.uri)).toEqual([
      `${shipped.origin}/api/v1/evidence#cameras`,
      twin("platform-certification"),
    ]);

    // Every embedded resource is what resources/read gives for its URI, with its type.
    const all = [plan, compare, two, check, narrowed, certified].flatMap((prompt) => embeddedOf(prompt.messages));
    for (const resource of new Map(all.map((item) => [item.uri, item])).values()) {
      expect(resource.text, resource.uri).toBe(await readText(resource.uri));
      expect(resource.mimeType, resource.uri).toBe(resource.uri.endsWith(".md") ? "text/markdown" : "application/json");
    }
    await client.close();
  });

  it("lists the resource templates, and reads an answer, its Markdown twin, a supplier and a family through them", async () => {
    const client = await connect(shipped);
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates.map((template) => template.uriTemplate)).toEqual([
      `${shipped.origin}/api/v1/answers/{slug}.json`,
      `${shipped.origin}/api/v1/answers/{slug}.md`,
      `${shipped.origin}/api/v1/suppliers#{slug}`,
      `${shipped.origin}/api/v1/evidence#{family}`,
    ]);
    for (const template of resourceTemplates) expect(template.description, template.name).toBeTruthy();
    const read = async (uri: string) => (await client.readResource({ uri })).contents[0] as Embedded;

    const answer = await read(`${shipped.origin}/api/v1/answers/room-sizing.json`);
    expect(JSON.parse(answer.text)).toEqual(await api(shipped, "/api/v1/answers/room-sizing.json"));
    // A URI of the Server Card's own templates (the origin the deploy was built for) reads the same through this one.
    const card = (await api(shipped, "/mcp/server-card.json")) as { remotes: Array<{ url: string }> };
    const built = new URL(card.remotes[0]!.url).origin;
    expect(built).not.toBe(shipped.origin);
    const viaCard = await read(`${built}/api/v1/answers/room-sizing.json`);
    expect([viaCard.uri, viaCard.text]).toEqual([`${built}/api/v1/answers/room-sizing.json`, answer.text]);
    await expect(
      client.readResource({ uri: "https://elsewhere.example/api/v1/answers/room-sizing.json" }),
    ).rejects.toThrow(/No resource has the URI/);
    const markdown = await read(`${shipped.origin}/api/v1/answers/room-sizing.md`);
    expect([markdown.mimeType, markdown.text]).toEqual([
      "text/markdown",
      await (await fetch(`${shipped.origin}/api/v1/answers/room-sizing.md`)).text(),
    ]);
    const directory = (await api(shipped, "/api/v1/suppliers")) as { data: Array<{ slug: string }> };
    const supplier = await read(`${shipped.origin}/api/v1/suppliers#neat`);
    expect(JSON.parse(supplier.text)).toEqual(directory.data.find((entry) => entry.slug === "neat"));
    // In the API's one JSON form, as every file is.
    expect(supplier.text).toBe(canonicalJson(JSON.parse(supplier.text)));
    const register = (await api(shipped, "/api/v1/evidence")) as { data: Array<{ family: string }> };
    const family = await read(`${shipped.origin}/api/v1/evidence#cameras`);
    expect(JSON.parse(family.text)).toEqual(register.data.find((entry) => entry.family === "cameras"));
    expect(family.text).toBe(canonicalJson(JSON.parse(family.text)));

    for (const [uri, says] of [
      [`${shipped.origin}/api/v1/suppliers#nobody`, 'No supplier has the slug "nobody"'],
      [`${shipped.origin}/api/v1/evidence#toasters`, 'No product family is named "toasters"'],
      [
        `${shipped.origin}/api/v1/answers/no-such-answer.md`,
        'No answer has the slug "no-such-answer". Searched as q, its words find first: ',
      ],
      [
        `${shipped.origin}/api/v1/answers/room-size.json`,
        // One sentence: the slugs like it, then where to look (not "….; resources/list").
        'No answer has the slug "room-size". Slugs starting "room": room-acoustics, room-sizing; resources/list and resources/templates/list give what there is.',
      ],
      [`${shipped.origin}/api/v1/suppliers#neat#x`, 'No supplier has the slug "neat#x"'],
      // The answers' collection is not a resource (each answer is): no megabyte page for an agent that guessed it.
      [`${shipped.origin}/api/v1/answers/index.json`, "No resource has the URI"],
      [`${shipped.origin}/api/v1/answers`, "No resource has the URI"],
    ] as const)
      expect((await refusal(client.readResource({ uri }))).message, uri).toContain(says);
    await client.close();
  });

  it("completes every prompt's and template's arguments with the values that start with what has been typed", async () => {
    const client = await connect(shipped);
    const answers = ((await api(shipped, "/api/v1/answers")) as { data: Array<{ slug: string }> }).data.map(
      (answer) => answer.slug,
    );
    const suppliers = ((await api(shipped, "/api/v1/suppliers")) as { data: Array<{ slug: string }> }).data.map(
      (supplier) => supplier.slug,
    );
    const families = ((await api(shipped, "/api/v1/evidence")) as { data: Array<{ family: string }> }).data.map(
      (family) => family.family,
    );
    const expected: Record<string, readonly string[]> = {
      answers,
      suppliers,
      families,
      platforms: PLATFORM_IDS,
    };
    const complete = async (ref: Record<string, string>, name: string, value: string, context?: object) =>
      (
        await client.complete({
          ref: ref as never,
          argument: { name, value },
          ...(context ? { context: { arguments: context as Record<string, string> } } : {}),
        })
      ).completion;

    // Every argument of every prompt: the whole list for nothing typed, those starting with a prefix after.
    for (const prompt of PROMPT_DEFINITIONS) {
      for (const argument of prompt.arguments) {
        const ref = { type: "ref/prompt", name: prompt.name };
        const all = await complete(ref, argument.name, "");
        const label = `${prompt.name}.${argument.name}`;
        if (!argument.completes) {
          expect(all, label).toEqual({ values: [], total: 0, hasMore: false });
          continue;
        }
        const values = expected[argument.completes]!;
        expect(all, label).toEqual({ values: [...values], total: values.length, hasMore: false });
        const prefix = values[1]!.slice(0, 3);
        const some = await complete(ref, argument.name, prefix.toUpperCase());
        expect(some.values, label).toEqual(values.filter((value) => value.startsWith(prefix)));
        expect(some.values.length, label).toBeGreaterThan(0);
      }
    }
    // Every template's variable.
    const { resourceTemplates } = await client.listResourceTemplates();
    const variables: Record<string, [string, readonly string[]]> = {
      answer: ["slug", answers],
      "answer-markdown": ["slug", answers],
      supplier: ["slug", suppliers],
      "family-evidence": ["family", families],
    };
    for (const template of resourceTemplates) {
      const [variable, values] = variables[template.name]!;
      const ref = { type: "ref/resource", uri: template.uriTemplate };
      expect(await complete(ref, variable, ""), template.name).toEqual({
        values: [...values],
        total: values.length,
        hasMore: false,
      });
      expect((await complete(ref, variable, "zzz")).values, template.name).toEqual([]);
      // As the Server Card names it, under the origin the deploy was built for, as resources/read takes it.
      const built = (await api(shipped, "/mcp/server-card.json")) as { remotes: Array<{ url: string }> };
      const viaCard = template.uriTemplate.replace(shipped.origin, new URL(built.remotes[0]!.url).origin);
      expect(viaCard, template.name).not.toBe(template.uriTemplate);
      expect(await complete({ type: "ref/resource", uri: viaCard }, variable, ""), template.name).toEqual({
        values: [...values],
        total: values.length,
        hasMore: false,
      });
    }
    // A list argument completes its last item, keeps what came before, and offers no item twice; the family given
    // narrows the suppliers to its makers.
    const suppliersRef = { type: "ref/prompt", name: "compare_suppliers" };
    expect((await complete(suppliersRef, "suppliers", "shure, b", { family: "microphones" })).values).toEqual([
      "shure, biamp",
    ]);
    // The other makers of microphones, in rank order, as the directory has them.
    const directory = JSON.parse(await readFile(path.join(shippedDist, "api/v1/suppliers/index.json"), "utf8")) as {
      data: Array<{ slug: string; makes: Array<{ family: string }> }>;
    };
    const microphoneMakers = directory.data
      .filter((supplier) => supplier.slug !== "biamp" && supplier.makes.some((made) => made.family === "microphones"))
      .map((supplier) => `biamp,${supplier.slug}`);
    expect(microphoneMakers.length).toBeGreaterThan(2);
    expect((await complete(suppliersRef, "suppliers", "biamp,", { family: "microphones" })).values).toEqual(
      microphoneMakers,
    );
    expect((await complete({ type: "ref/prompt", name: "check_quote" }, "answers", "security, micro")).values).toEqual([
      "security, microphone-coverage",
      "security, microphone-placement",
    ]);
    // Only values prompts/get takes: none for a list already full, or naming an item that is not a value (slugs are
    // case-sensitive, so "BIAMP" is not biamp), and none where an answer's slug is not one.
    const none = { values: [], total: 0, hasMore: false };
    const full = suppliers.slice(0, MCP_LIST_ARGUMENT_MAX_ITEMS).join(",");
    expect(await complete(suppliersRef, "suppliers", `${full},`)).toEqual(none);
    expect(
      await complete(suppliersRef, "suppliers", `${suppliers.slice(1, MCP_LIST_ARGUMENT_MAX_ITEMS).join(",")},`),
    ).not.toEqual(none);
    expect(await complete(suppliersRef, "suppliers", "BIAMP, s")).toEqual(none);
    expect(await complete({ type: "ref/prompt", name: "check_quote" }, "answers", "securit, micro")).toEqual(none);
    await expect(
      client.getPrompt({
        name: "compare_suppliers",
        arguments: { family: "cameras", suppliers: `${full},${suppliers[MCP_LIST_ARGUMENT_MAX_ITEMS]}` },
      }),
    ).rejects.toThrow(/at most/);
    await client.close();
  });

  it("refuses hostile prompt and completion requests with an invalid-params error that says what was wrong", async () => {
    const client = await connect(shipped);
    const cases: Array<[string, () => Promise<unknown>, string]> = [
      ["an unknown prompt", () => client.getPrompt({ name: "drop_tables" }), 'Unknown prompt "drop_tables"'],
      [
        "a prompt name that is an object's own key",
        () => client.getPrompt({ name: "constructor" }),
        'Unknown prompt "constructor"',
      ],
      [
        "a missing argument",
        () => client.getPrompt({ name: "plan_room", arguments: { people: "8" } }),
        "needs platform",
      ],
      [
        "an empty required argument",
        () => client.getPrompt({ name: "plan_room", arguments: { people: " ", platform: "zoom-rooms" } }),
        "needs people",
      ],
      [
        "a number that is not one",
        () => client.getPrompt({ name: "plan_room", arguments: { people: "eight", platform: "zoom-rooms" } }),
        "whole number from 1 to 200",
      ],
      [
        "too many people",
        () => client.getPrompt({ name: "plan_room", arguments: { people: "5000", platform: "zoom-rooms" } }),
        "whole number from 1 to 200",
      ],
      [
        "an unknown platform",
        () => client.getPrompt({ name: "plan_room", arguments: { people: "8", platform: "skype" } }),
        "must be one of microsoft-teams-rooms, zoom-rooms, google-meet",
      ],
      [
        "an argument the prompt does not take",
        () => client.getPrompt({ name: "plan_room", arguments: { people: "8", platform: "zoom-rooms", budget: "1" } }),
        'not "budget"',
      ],
      [
        "an unknown family",
        () => client.getPrompt({ name: "compare_suppliers", arguments: { family: "toasters" } }),
        'No product family is named "toasters"',
      ],
      [
        "a supplier of another family",
        () => client.getPrompt({ name: "compare_suppliers", arguments: { family: "microphones", suppliers: "jabra" } }),
        "jabra makes no product of microphones",
      ],
      [
        "an unknown supplier",
        () => client.getPrompt({ name: "compare_suppliers", arguments: { family: "microphones", suppliers: "acme" } }),
        'No supplier has the slug "acme"',
      ],
      [
        "too many suppliers",
        () =>
          client.getPrompt({
            name: "compare_suppliers",
            arguments: { family: "video-bars", suppliers: "a,b,c,d,e,f,g,h,i" },
          }),
        "names 9 items; at most 8",
      ],
      [
        "an unknown answer",
        () => client.getPrompt({ name: "check_quote", arguments: { quote: "x", answers: "no-such-answer" } }),
        'No answer has the slug "no-such-answer"',
      ],
      [
        "an oversized quote",
        () => client.getPrompt({ name: "check_quote", arguments: { quote: "x".repeat(MCP_QUOTE_MAX_CHARACTERS + 1) } }),
        "quote is 20,001 characters long; check_quote takes at most 20,000",
      ],
      [
        "an oversized argument",
        () => client.getPrompt({ name: "compare_suppliers", arguments: { family: "f".repeat(5000) } }),
        "family is 5,000 characters long",
      ],
      [
        "completion for an unknown prompt",
        () => client.complete({ ref: { type: "ref/prompt", name: "nope" }, argument: { name: "x", value: "" } }),
        'Unknown prompt "nope"',
      ],
      [
        "completion for an argument the prompt does not have",
        () =>
          client.complete({ ref: { type: "ref/prompt", name: "plan_room" }, argument: { name: "budget", value: "" } }),
        'plan_room has no argument "budget"',
      ],
      [
        "completion for an unknown template",
        () =>
          client.complete({
            ref: { type: "ref/resource", uri: "file:///etc/{passwd}" },
            argument: { name: "passwd", value: "" },
          }),
        'No resource template has the URI "file:///etc/{passwd}"',
      ],
      [
        "completion for a template's unknown variable",
        () =>
          client.complete({
            ref: { type: "ref/resource", uri: `${shipped.origin}/api/v1/suppliers#{slug}` },
            argument: { name: "family", value: "" },
          }),
        'has one variable, slug; not "family"',
      ],
      [
        "an oversized completion value",
        () =>
          client.complete({
            ref: { type: "ref/prompt", name: "plan_room" },
            argument: { name: "platform", value: "z".repeat(10_000) },
          }),
        "argument.value is 10,000 characters long",
      ],
    ];
    for (const [name, call, says] of cases) {
      const { code, message } = await refusal(call());
      expect(code, name).toBe(-32602);
      expect(message, name).toContain(says);
    }
    await client.close();
  });
});

describe("the longest quote", () => {
  it("is taken whatever its characters, each written as a \\uXXXX escape (as Python's json.dumps writes them)", async () => {
    const quote = "見積".repeat(MCP_QUOTE_MAX_CHARACTERS / 2);
    const body = JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "prompts/get",
      params: { name: "check_quote", arguments: { quote } },
    }).replace(/[\u0080-\uffff]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`);
    expect(body.length).toBeGreaterThan(6 * MCP_QUOTE_MAX_CHARACTERS);
    expect(body.length).toBeLessThanOrEqual(MCP_MAX_BODY_BYTES);
    const response = await fetch(`${shipped.origin}/mcp`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream" },
      body,
    });
    expect(response.status).toBe(200);
    const answer = (await response.json()) as { result?: { messages: PromptMessage[] } };
    expect(answer.result?.messages.some((message) => message.content.text?.includes(quote))).toBe(true);
  });
});

describe("the answers, listed and completed at any size (250 synthetic answers: three pages)", () => {
  it("pages resources/list with cursors over every answer, once each, in collection order", async () => {
    const slugs: string[] = [];
    for (let page = 1; page <= 3; page++) {
      const { data } = (await api(
        synthetic,
        page === 1 ? "/api/v1/answers" : `/api/v1/answers/pages/${page}.json`,
      )) as { data: Array<{ slug: string }> };
      slugs.push(...data.map((answer) => answer.slug));
    }
    expect(slugs).toHaveLength(SYNTHETIC_ANSWERS);
    const answerUris = slugs.map((slug) => `${synthetic.origin}/api/v1/answers/${slug}.json`);
    const collections = [`${synthetic.origin}/api/v1/suppliers`, `${synthetic.origin}/api/v1/evidence`];

    // The 1.x client walks the cursors itself.
    const legacy = await legacyClient(synthetic);
    const walked: string[] = [];
    const cursors: Array<string | undefined> = [];
    let cursor: string | undefined;
    do {
      const page = await legacy.listResources(cursor ? { cursor } : {});
      walked.push(...page.resources.map((resource) => resource.uri));
      cursor = page.nextCursor;
      cursors.push(cursor);
    } while (cursor);
    expect(cursors).toHaveLength(3);
    expect(walked).toEqual([...collections, ...answerUris]);
    const refused = await refusal(legacy.listResources({ cursor: "answers-page-9" }));
    expect([refused.code, refused.message]).toEqual([-32602, expect.stringContaining("which now have 3")]);
    const forged = await refusal(legacy.listResources({ cursor: "../../etc/passwd" }));
    expect([forged.code, forged.message]).toEqual([-32602, expect.stringContaining("is not one this server gives")]);
    await legacy.close();

    // The 2.x client, asked without a cursor, follows them all.
    const modern = await modernClient(synthetic);
    expect((await modern.listResources()).resources.map((resource) => resource.uri)).toEqual([
      ...collections,
      ...answerUris,
    ]);
    await modern.close();
  });

  it("completes answer slugs with at most 100 values, the total and hasMore", async () => {
    const client = await legacyClient(synthetic);
    const ref = { type: "ref/resource" as const, uri: `${synthetic.origin}/api/v1/answers/{slug}.json` };
    const all = (await client.complete({ ref, argument: { name: "slug", value: "" } })).completion;
    expect(all.values).toHaveLength(MCP_COMPLETION_MAX_VALUES);
    expect([all.total, all.hasMore]).toEqual([SYNTHETIC_ANSWERS, true]);
    expect(all.values[0]).toBe("synthetic-answer-000001");
    const hundred = (await client.complete({ ref, argument: { name: "slug", value: "synthetic-answer-0001" } }))
      .completion;
    expect([hundred.values.length, hundred.total, hundred.hasMore]).toEqual([100, 100, false]);
    expect([hundred.values[0], hundred.values.at(-1)]).toEqual(["synthetic-answer-000100", "synthetic-answer-000199"]);
    const few = (await client.complete({ ref, argument: { name: "slug", value: "synthetic-answer-00024" } }))
      .completion;
    expect(few).toEqual({
      values: Array.from({ length: 10 }, (_, at) => `synthetic-answer-00024${at}`),
      total: 10,
      hasMore: false,
    });
    await client.close();
  });
});

describe("npm run mcp: prompts and completions over stdio", () => {
  const server = () => ({
    command: process.execPath,
    args: nodeScript("mcp"),
    env: { ...process.env, DIST: shippedDist, MCP_ORIGIN: shipped.origin } as Record<string, string>,
    cwd: ROOT,
    stderr: "ignore" as const,
  });

  it.each([
    [
      "the 1.x SDK's stdio client",
      () => new Client({ name: "t", version: "1" }),
      () => new StdioClientTransport(server()),
    ],
    [
      "the 2.x client",
      () => new ModernClient({ name: "t", version: "1" }, { versionNegotiation: { mode: "auto" } }),
      () => new ModernStdioTransport(server()),
    ],
  ] as const)("answers %s as the endpoint does", async (_name, makeClient, makeTransport) => {
    const client: AnyClient = makeClient();
    await client.connect(makeTransport() as never);
    const viaHttp = await legacyClient(shipped);
    expect((await client.listPrompts()).prompts).toEqual((await viaHttp.listPrompts()).prompts);
    expect((await client.listResourceTemplates()).resourceTemplates).toEqual(
      (await viaHttp.listResourceTemplates()).resourceTemplates,
    );
    const args = { name: "check_certification", arguments: { platform: "zoom-rooms", family: "room-compute" } };
    expect((await client.getPrompt(args)).messages).toEqual((await viaHttp.getPrompt(args)).messages);
    const completion = {
      ref: { type: "ref/prompt" as const, name: "plan_room" },
      argument: { name: "platform", value: "g" },
    };
    expect((await client.complete(completion)).completion.values).toEqual(["google-meet"]);
    const { code } = await refusal(client.getPrompt({ name: "nope" }));
    expect(code).toBe(-32602);
    await viaHttp.close();
    await client.close();
  });
});

describe("the Server Card and the docs", () => {
  it("list the prompts, the resource templates and the completions the endpoint serves, and say why there is no logging", async () => {
    const client = await legacyClient(shipped);
    const { prompts } = await client.listPrompts();
    const { resourceTemplates } = await client.listResourceTemplates();
    await client.close();
    const card = (await api(shipped, "/mcp/server-card")) as {
      remotes: Array<{ url: string }>;
      _meta: Record<string, Record<string, any>>;
    };
    // Under a key of the card's own namespace (its name's reverse-DNS part).
    const origin = new URL(card.remotes[0]!.url).origin;
    const features = card._meta[`${new URL(origin).hostname.split(".").reverse().join(".")}/features`]!;
    expect(features.prompts.map((prompt: { name: string }) => prompt.name)).toEqual(
      prompts.map((prompt) => prompt.name),
    );
    for (const [at, prompt] of prompts.entries())
      expect(features.prompts[at].arguments.map((argument: { name: string }) => argument.name)).toEqual(
        prompt.arguments?.map((argument) => argument.name),
      );
    // The card names the deployed origin; the endpoint names the one it was asked at.
    expect(features.resourceTemplates.map((template: { uriTemplate: string }) => template.uriTemplate)).toEqual(
      resourceTemplates.map((template) => template.uriTemplate.replace(shipped.origin, origin)),
    );
    expect(features.completions).toEqual({ maxValues: MCP_COMPLETION_MAX_VALUES, match: "prefix" });
    expect(features.logging).toBe(false);

    const html = await (await fetch(`${shipped.origin}/docs/`)).text();
    const markdown = await (await fetch(`${shipped.origin}/docs/index.md`)).text();
    for (const docs of [html, markdown]) {
      for (const prompt of prompts) expect(docs, prompt.name).toContain(prompt.name);
      for (const template of resourceTemplates)
        expect(docs, template.name).toContain(template.uriTemplate.slice(shipped.origin.length));
      expect(docs).toContain("completion/complete");
      expect(docs).toContain("No logging capability is offered");
      expect(docs).toContain("ALLOWED_HOSTS");
    }
  });
});
