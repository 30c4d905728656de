/**
 * Runs inside the loopback-only namespace (see netlify-toolchain.ts): starts `netlify serve --offline` in a copy
 * of the project, waits until it answers, runs the smoke check against it and prints the report as JSON on the
 * last line of stdout. netlify serve builds the site itself, bundles the edge functions and runs them in Deno
 * with Netlify's routing, as the CLI emulates production.
 */
import { spawn } from "node:child_process";
import { openSync, renameSync } from "node:fs";
import path from "node:path";
import { runSmoke } from "../../build/smoke/smoke.ts";

const [site, portText, logFile] = process.argv.slice(2);
if (!site || !portText || !logFile) throw new Error("usage: serve-and-smoke.ts <site folder> <port> <log file>");
const origin = `http://localhost:${portText}`;
const log = openSync(logFile, "a");
// Its own process group, so that Deno and the static server it starts end with it.
const netlify = spawn("netlify", ["serve", "--offline", "--port", portText], { cwd: site, detached: true, stdio: ["ignore", log, log] });
const stop = () => {
  try {
    process.kill(-netlify.pid!, "SIGKILL");
  } catch {
    // Already gone.
  }
};
process.on("exit", stop);

let ready = false;
for (let attempt = 0; attempt < 240 && !ready && netlify.exitCode === null; attempt++) {
  ready = await fetch(`${origin}/api/v1/health`).then((response) => response.ok, () => false);
  if (!ready) await new Promise((resolve) => setTimeout(resolve, 500));
}
if (!ready) throw new Error(`netlify serve did not answer on ${origin}; its log: ${logFile}`);
// First, before any q request warms the edge: the search index removed from the origin, then put back.
const index = path.join(site, "dist", "api", "v1", "search", "answers.json");
const ask = async () => {
  const response = await fetch(`${origin}/api/v1/answers?q=room`);
  return { status: response.status, type: response.headers.get("content-type"), retryAfter: response.headers.get("retry-after"), body: await response.text() };
};
renameSync(index, `${index}.away`);
const missing = await ask();
renameSync(`${index}.away`, index);
const repaired = await ask();
const report = await runSmoke(origin, path.join(site, "content"));
process.stdout.write(`${JSON.stringify({ ...report, fault: { missing, repaired: { status: repaired.status } } })}\n`);
stop();
process.exit(0);
