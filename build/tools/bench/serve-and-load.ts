/**
 * Runs inside the loopback-only namespace, for `npm run bench`: `netlify serve --offline` (the edge entries in
 * Deno behind Netlify's routing) held at its peak by the same load test as the local server, and the figures
 * as JSON on the last line of stdout.
 */
import { LOAD, loadTest } from "./measure-servers.ts";
import { groupResidentMiB, startNetlifyServe } from "../toolchain/netlify-serve.ts";

const [site, portText, logFile] = process.argv.slice(2);
if (!site || !portText || !logFile) throw new Error("usage: serve-and-load.ts <site folder> <port> <log file>");
// A shorter run, to look into a failure: LOAD_SECONDS=5.
if (process.env.LOAD_SECONDS) LOAD.seconds = Number(process.env.LOAD_SECONDS);
const { origin, group, stop } = await startNetlifyServe(site, portText, logFile);
const figures = await loadTest(origin, async () => groupResidentMiB(group), LOAD.netlifyServeMemoryBoundMiB);
process.stdout.write(`${JSON.stringify(figures)}\n`);
stop();
process.exit(0);
