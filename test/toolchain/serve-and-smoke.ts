/**
 * Runs inside the loopback-only namespace (see netlify-toolchain.ts): starts `netlify serve --offline` in a copy
 * of the project, waits until it answers, runs the smoke check against it and prints the report as JSON on the
 * last line of stdout. netlify serve builds the site itself, bundles the edge functions and runs them in Deno
 * with Netlify's routing, as the CLI emulates production.
 */
import { renameSync } from "node:fs";
import path from "node:path";
import { runSmoke } from "../../build/smoke/smoke.ts";
import { startNetlifyServe } from "./netlify-serve.ts";

const [site, portText, logFile] = process.argv.slice(2);
if (!site || !portText || !logFile) throw new Error("usage: serve-and-smoke.ts <site folder> <port> <log file>");
const { origin, stop } = await startNetlifyServe(site, portText, logFile);
// First, before any q request warms the edge: the search index removed from the origin, then put back.
const index = path.join(site, "dist", "api", "v1", "search", "answers.json");
const ask = async () => {
  const response = await fetch(`${origin}/api/v1/answers?q=room`);
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
const report = await runSmoke(origin, path.join(site, "content"));
process.stdout.write(`${JSON.stringify({ ...report, fault: { missing, repaired: { status: repaired.status } } })}\n`);
stop();
process.exit(0);
