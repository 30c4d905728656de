/**
 * Runs inside a network namespace that has only loopback, with a second address on it (10.28.0.1) standing for a
 * LAN interface: starts `npm run serve` (build/serve/server/start.ts) listening on every interface, first without
 * ALLOWED_HOSTS (it must refuse to start), then with ALLOWED_HOSTS=av.test, and asks it over that address. The
 * report (the last line of stdout, as JSON) says what each request got.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { request } from "node:http";
import path from "node:path";

export const LAN_ADDRESS = "10.28.0.1";
const ROOT = path.resolve(import.meta.dirname, "../..");
// As npm run serve starts it: the server from its kept bundle.
const SERVE = [
  path.join(ROOT, "build", "tools", "launch.mjs"),
  path.join(ROOT, "build", "serve", "server", "start.ts"),
];

const [dist, portText] = process.argv.slice(2);
if (!dist || !portText) throw new Error("usage: listen-beyond-loopback.ts <dist> <port>");
const port = Number(portText);

function start(env: Record<string, string>): ChildProcess {
  const { BASE_URL: _vitest, ALLOWED_HOSTS: _inherited, ...rest } = process.env;
  return spawn(process.execPath, SERVE, {
    cwd: ROOT,
    env: { ...rest, DIST: dist!, PORT: String(port), HOST: "0.0.0.0", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
}

function exchange(
  method: string,
  target: string,
  headers: Record<string, string>,
  body?: string,
): Promise<{ status: number; type: string; body: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = request({ host: LAN_ADDRESS, port, path: target, method, headers }, (response) => {
      let text = "";
      response.on("data", (chunk: Buffer) => (text += chunk.toString()));
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, type: response.headers["content-type"] ?? "", body: text }),
      );
    });
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}

const mcpSearch = (headers: Record<string, string>) =>
  exchange(
    "POST",
    "/mcp",
    { "Content-Type": "application/json", Accept: "application/json, text/event-stream", ...headers },
    JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: { name: "search_answers", arguments: { q: "room" } },
    }),
  );

// 1. Every interface and no ALLOWED_HOSTS: refused before listening.
const refused = start({});
let refusedError = "";
refused.stderr!.on("data", (chunk: Buffer) => (refusedError += chunk.toString()));
const refusedCode = await new Promise<number | null>((resolve) => refused.on("close", resolve));

// 2. Every interface, ALLOWED_HOSTS naming one host.
const server = start({ ALLOWED_HOSTS: "av.test" });
let output = "";
server.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
server.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
await new Promise<void>((resolve, reject) => {
  const check = () => (output.includes("Serving ") ? resolve() : undefined);
  server.stdout!.on("data", check);
  server.on("close", (code) => reject(new Error(`the server stopped (exit ${code}): ${output}`)));
});
const own = `${LAN_ADDRESS}:${port}`;
const searchOk = (reply: { status: number; body: string }) =>
  reply.status === 200 &&
  (JSON.parse(reply.body) as { result?: { structuredContent?: unknown } }).result?.structuredContent !== undefined;
const report = {
  refused: { code: refusedCode, message: refusedError.trim() },
  health: {
    allowedHost: (await exchange("GET", "/api/v1/health", { Host: "av.test" })).status,
    allowedHostWithPort: (await exchange("GET", "/api/v1/health", { Host: `av.test:${port}` })).status,
    ownAddress: (await exchange("GET", "/api/v1/health", { Host: own })).status,
    otherHost: await exchange("GET", "/api/v1/health", { Host: "evil.example" }),
  },
  // The MCP tools read their data from the request's origin: over the LAN address that is the server's own.
  mcp: {
    ownAddress: searchOk(await mcpSearch({ Host: own })),
    allowedHost: searchOk(await mcpSearch({ Host: "av.test" })),
    allowedOrigin: searchOk(await mcpSearch({ Host: own, Origin: "http://av.test" })),
    otherOrigin: (await mcpSearch({ Host: own, Origin: "http://evil.example" })).status,
  },
};
server.kill("SIGTERM");
await new Promise((resolve) => server.on("close", resolve));
process.stdout.write(`${JSON.stringify(report)}\n`);
