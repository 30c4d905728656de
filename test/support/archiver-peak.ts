/**
 * One archiver run in a process of its own, for test/full/archive-memory.test.ts: `package` or `archive`, on the
 * built output `dist` into `artifacts`. Prints, as JSON on stdout, the files it wrote, the resident memory before
 * it ran (the modules loaded) and the peak after (kibibytes, as Linux counts maxRSS).
 */
import path from "node:path";
import { archiveWarc } from "../../build/tools/archive/archive.ts";
import { packageBag } from "../../build/tools/archive/package.ts";

const [which, dist, artifacts] = process.argv.slice(2);
if (!dist || !artifacts || (which !== "package" && which !== "archive"))
  throw new Error("usage: archiver-peak.ts package|archive DIST ARTIFACTS");
const env = { SOURCE_DATE_EPOCH: "1750000000" };
const beforeKiB = Math.round(process.memoryUsage().rss / 1024);
const written =
  which === "package"
    ? [await packageBag(dist, artifacts, env)]
    : Object.values(
        await archiveWarc(dist, artifacts, path.resolve(import.meta.dirname, "../../netlify.toml"), env),
      ).filter((value) => typeof value === "string");
process.stdout.write(`${JSON.stringify({ beforeKiB, peakKiB: process.resourceUsage().maxRSS, written })}\n`);
