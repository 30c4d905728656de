/**
 * `npm run bench [-- --sizes 1000,10000,100000 --seconds 10]`: measures, on this machine, how the build and
 * the request path grow with the content, and writes BENCHMARKS.md and artifacts/bench/results.json
 * (`-- --render-only` rewrites BENCHMARKS.md from that file).
 * Speed is measured here, never asserted in the tests.
 */
import { existsSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { cpus, totalmem } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { generateContent } from "../synthetic/generate.ts";
import { measureBuild, measureQueries, type BuildFigures } from "./measure-build.ts";
import { LOAD, measureLoad, measureServers } from "./measure-servers.ts";
import { measureNetlifyServeLoad } from "./measure-netlify-serve.ts";
import { markdown, responseSizes } from "./report.ts";
import { deleteEarlierOutputs, ROOT, setAsideEarlierOutputs, WORK } from "./workspace.ts";

async function main(): Promise<void> {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: { sizes: { type: "string", default: "1000,10000,100000" }, seconds: { type: "string", default: "10" }, "render-only": { type: "boolean", default: false } },
    strict: true,
  });
  if (values["render-only"]) {
    // Rewrites BENCHMARKS.md from the last run's figures (after a change to this page's wording), measuring nothing.
    await writeFile(path.join(ROOT, "BENCHMARKS.md"), markdown(JSON.parse(await readFile(path.join(WORK, "results.json"), "utf8"))));
    return;
  }
  const sizes = values.sizes!.split(",").map(Number);
  await mkdir(WORK, { recursive: true });
  const aside = await setAsideEarlierOutputs();
  const builds: BuildFigures[] = [];
  const shipped = await measureBuild("shipped", path.join(ROOT, "content"), 20, 3);
  shipped.query = await measureQueries(path.join(WORK, "dist-shipped"));
  builds.push(shipped);
  for (const size of sizes) {
    const content = path.join(WORK, `content-${size}`);
    if (!existsSync(path.join(content, "site.yaml"))) await generateContent({ answers: size, out: content });
    process.stderr.write(`bench: building ${size} answers…\n`);
    // Three builds each up to 10,000 answers; one of 100,000 (40 s and 2 GB of files).
    const figures = await measureBuild(String(size), content, size, size <= 10_000 ? 3 : 1);
    if (size <= 10_000) figures.query = await measureQueries(path.join(WORK, `dist-${size}`));
    builds.push(figures);
  }
  process.stderr.write("bench: servers…\n");
  const servers = await measureServers(path.join(WORK, "dist-shipped"), Number(values.seconds));
  process.stderr.write(`bench: load, ${LOAD.seconds} s…\n`);
  const load = await measureLoad(path.join(WORK, "dist-shipped"));
  process.stderr.write(`bench: load on netlify serve, ${LOAD.seconds} s…\n`);
  const netlifyServeLoad = await measureNetlifyServeLoad();
  await deleteEarlierOutputs(aside);
  const results = {
    date: new Date().toISOString(),
    machine: { node: process.version, cpus: cpus().length, cpuModel: cpus()[0]?.model ?? "unknown", memoryGiB: Math.round(totalmem() / 2 ** 30) },
    builds,
    servers,
    load,
    netlifyServeLoad,
    sizes: await responseSizes(path.join(WORK, "dist-shipped")),
  };
  await writeFile(path.join(WORK, "results.json"), JSON.stringify(results, null, 2) + "\n");
  await writeFile(path.join(ROOT, "BENCHMARKS.md"), markdown(results));
  process.stdout.write(markdown(results));
}

await main();
