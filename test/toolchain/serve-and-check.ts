/**
 * Runs inside the loopback-only namespace (see netlify-toolchain.ts): one `netlify serve --offline` in a copy of the
 * project (it builds the site, bundles the edge functions and runs them in Deno behind Netlify's routing, as the CLI
 * emulates production) and the local server on the same build, then everything test/full/netlify-deploy.test.ts
 * asks of them, in this order:
 *
 * 1. the search index removed from the origin and put back, before any q request warms the edge;
 * 2. the smoke check against netlify serve;
 * 3. the three MCP clients against each server's /mcp;
 * 4. the official MCP conformance suite against each server's /mcp.
 *
 * One serve for all four: each `netlify serve` builds the site again, which cost a quarter of the file's time.
 * The report is JSON on the last line of stdout.
 */
import { renameSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { createLocalServer } from "../../build/serve/server/local-server.ts";
import { runSmoke } from "../../build/tools/smoke/smoke.ts";
import { clientsAgainst } from "./mcp-clients.ts";
import { conformance, listedScenarios } from "./mcp-conformance.ts";
import { startNetlifyServe } from "../../build/tools/toolchain/netlify-serve.ts";

const [site, portText, logFile, results] = process.argv.slice(2);
if (!site || !portText || !logFile || !results)
  throw new Error("usage: serve-and-check.ts <site folder> <port> <log file> <conformance results folder>");
const netlify = await startNetlifyServe(site, portText, logFile);

const index = path.join(site, "dist", "api", "v1", "search", "answers.json");
const ask = async () => {
  const response = await fetch(`${netlify.origin}/api/v1/answers?q=room`);
  return {
    status: response.status,
    type: response.headers.get("content-type"),
    retryAfter: response.headers.get("retry-after"),
    body: await response.text(),
  };
};
renameSync(index, `${index}.away`);
const missing = await ask();
renameSync(`${index}.away`, index);
const repaired = await ask();
const smoke = await runSmoke(netlify.origin, path.join(site, "content"));

const local: Server = await createLocalServer({
  dist: path.join(site, "dist"),
  netlifyConfigPath: path.join(site, "netlify.toml"),
  log: () => {},
});
await new Promise<void>((resolve) => local.listen(0, "127.0.0.1", resolve));
const localOrigin = `http://127.0.0.1:${(local.address() as AddressInfo).port}`;
const clients = {
  netlifyServe: await clientsAgainst(netlify.origin),
  localServer: await clientsAgainst(localOrigin),
};

const listed = await listedScenarios();
const timed = async (url: string, output: string) => {
  const startedAt = performance.now();
  return { ...(await conformance(url, output)), ms: Math.round(performance.now() - startedAt) };
};
const suite = {
  listed,
  localServer: await timed(`${localOrigin}/mcp`, path.join(results, "local-server")),
  netlifyServe: await timed(`${netlify.origin}/mcp`, path.join(results, "netlify-serve")),
};

process.stdout.write(
  `${JSON.stringify({ smoke: { ...smoke, fault: { missing, repaired: { status: repaired.status } } }, clients, conformance: suite })}\n`,
);
netlify.stop();
local.closeAllConnections();
local.close();
process.exit(0);
