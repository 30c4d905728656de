/** The figures as BENCHMARKS.md, and the response sizes it reports. */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { ANSWERS_SEARCH_INDEX_FILE } from "../api/layout.ts";
import type { BuildFigures } from "./measure-build.ts";
import type { NetlifyServeLoad } from "./measure-netlify-serve.ts";
import type { LoadFigures, measureServers } from "./measure-servers.ts";

export async function responseSizes(dist: string) {
  const files = ["/api/v1/index.json", "/api/v1/answers/index.json", "/api/v1/answers/room-sizing.json", "/api/v1/suppliers/index.json", "/api/v1/evidence/index.json", "/api/v1/health/index.json", ANSWERS_SEARCH_INDEX_FILE, "/api/v1/openapi.json", "/index.html", "/docs/index.html"];
  const sizes = [];
  for (const file of files) {
    const bytes = await readFile(path.join(dist, ...file.split("/").filter(Boolean)));
    sizes.push({ file, raw: bytes.byteLength, gzip: gzipSync(bytes, { level: 9 }).byteLength, brotli: brotliCompressSync(bytes).byteLength });
  }
  return sizes;
}

export function markdown(results: {
  date: string;
  machine: Record<string, unknown>;
  builds: BuildFigures[];
  servers: Awaited<ReturnType<typeof measureServers>>;
  load: LoadFigures;
  netlifyServeLoad?: NetlifyServeLoad;
  sizes: Awaited<ReturnType<typeof responseSizes>>;
}): string {
  const n = (value: number, digits = 1) => value.toFixed(digits);
  const target = (met: boolean) => (met ? "met" : "**missed**");
  const byLabel = new Map(results.builds.map((build) => [build.label, build]));
  const tenK = byLabel.get("10000");
  const hundredK = byLabel.get("100000");
  const lines = [
    "# Benchmarks",
    "",
    `Figures of one run of \`npm run bench\` on ${results.date.slice(0, 10)}: Node ${results.machine.node}, ${results.machine.cpus} cores (${results.machine.cpuModel}), ${results.machine.memoryGiB} GiB. Reproduce with \`npm run bench\` (sizes: \`-- --sizes 1000,10000,100000\`); the raw figures are written to \`artifacts/bench/results.json\`. Synthetic content comes from \`npm run gen\`; a build's time includes starting Node.`,
    "",
    "## Build",
    "",
    "| content | answers | files | builds | wall time (s), median | range (s) | ms per answer | peak memory (MiB), highest | index raw (KiB) | index gzip (KiB) | index bytes per answer | terms | index parse (ms) |",
    "|---|---|---|---|---|---|---|---|---|---|---|---|---|",
    ...results.builds.map((build) => `| ${build.label} | ${build.answers} | ${build.files} | ${build.repeats} | ${n(build.seconds, 2)} | ${build.repeats > 1 ? `${n(build.secondsRange[0], 2)}–${n(build.secondsRange[1], 2)}` : "—"} | ${n(build.msPerAnswer, 2)} | ${n(build.peakMiB, 0)} | ${n(build.index.rawBytes / 1024)} | ${n(build.index.gzipBytes / 1024)} | ${n(build.index.bytesPerAnswer, 0)} | ${build.index.terms} | ${n(build.index.parseMs)} |`),
    "",
    "From 2,000 files a build parses and renders on worker threads, one per core (two here), while the main thread checks and writes. Past 1,000 answers most of the time goes to parsing front matter, rendering Markdown and writing about 21 KB per answer in two files. Each build is measured into a folder that never held files, as a first build is: on these machines' ext4 disks (no journal), creating files within minutes of deleting many is slowed by the kernel skipping every recently deleted inode, so a rebuild right after deleting a large output can take seconds longer. Each size up to 10,000 answers is built three times and the median shown, because one build's time moves by about a tenth from run to run.",
    "",
    "The index parse is what an edge isolate pays once, on its first `q`: a few milliseconds at 10,000 answers. At 100,000 it passes Netlify's 50 ms of CPU per request, which is why the docs (Scale and limits) plan a sharded index before a collection of that size is deployed.",
    "",
    "## q in the request handler",
    "",
    "The handler called with a `Request` until it returns its `Response` (whose body then streams from prebuilt bytes), its data read from the built files and kept, as at the edge after the first request; 300 calls per case after 20 to warm up. Cold start: the first query on fresh data, reading and parsing the index and the first page.",
    "",
    "| content | cold start (ms) | case | q | matches | p50 (ms) | p99 (ms) |",
    "|---|---|---|---|---|---|---|",
    ...results.builds.flatMap((build) => (build.query ? build.query.cases.map((testCase) => `| ${build.label} | ${n(build.query!.coldStartMs)} | ${testCase.name} | \`${testCase.q}\` | ${testCase.matches} | ${n(testCase.p50Ms, 3)} | ${n(testCase.p99Ms, 3)} |`) : [])),
    "",
    "Origin reads (subrequests) of a cold request at the edge, the health file included: the handler reads the search index, the collection's first page (page size and count) and the root resource (versioning headers), then the pages that hold the answers it returns, never one file per answer. Before issue 14 a cold `q=room` took about 15.",
    "",
    "| answers | request | status | reads |",
    "|---:|---|---:|---:|",
    ...results.builds.flatMap((build) => (build.query?.subrequests ?? []).map((figure) => `| ${build.label} | \`?${figure.query}\` | ${figure.status} | ${figure.reads} |`)),
    "",
    "## Local server",
    "",
    `autocannon, 10 connections, the same headers (\`Accept: application/json\`, \`Accept-Encoding: identity\`), on the shipped build; the plain server is \`serve-handler\` alone over the same dist/.`,
    "",
    "| server | URL | requests/s | p50 (ms) | p99 (ms) | errors | non-2xx |",
    "|---|---|---|---|---|---|---|",
    `| serve-handler | \`${results.servers.file}\` | ${n(results.servers.plainServeHandler.requestsPerSecond, 0)} | ${results.servers.plainServeHandler.latencyP50Ms} | ${results.servers.plainServeHandler.latencyP99Ms} | ${results.servers.plainServeHandler.errors} | ${results.servers.plainServeHandler.non2xx} |`,
    `| local server | \`${results.servers.file}\` | ${n(results.servers.localServer.requestsPerSecond, 0)} | ${results.servers.localServer.latencyP50Ms} | ${results.servers.localServer.latencyP99Ms} | ${results.servers.localServer.errors} | ${results.servers.localServer.non2xx} |`,
    `| local server | \`/api/v1/answers?q=ceiling+micro\` | ${n(results.servers.localServerQuery.requestsPerSecond, 0)} | ${results.servers.localServerQuery.latencyP50Ms} | ${results.servers.localServerQuery.latencyP99Ms} | ${results.servers.localServerQuery.errors} | ${results.servers.localServerQuery.non2xx} |`,
    "",
    `Ratio, local server to serve-handler, canonical file: ${n(results.servers.ratio, 2)}.`,
    "",
    "## Load",
    "",
    `The local server on the shipped build, held at its peak for ${results.load.seconds} s by ${results.load.connections} clients (fetch, one request at a time each, so every response is matched to its request), cycling through ${results.load.paths.map((p) => `\`${p}\``).join(", ")}. Every response is compared with the status and bytes the same request got at rest; the server's resident memory is sampled every 200 ms against a bound of ${results.load.memoryBoundMiB} MiB fixed before the run.`,
    "",
    `The same load against \`netlify serve --offline\` (netlify-cli on Node 22, the edge entries in Deno behind Netlify's routing, in a network namespace with only loopback), its whole process tree's memory against a bound of ${results.netlifyServeLoad?.ran ? results.netlifyServeLoad.memoryBoundMiB : "—"} MiB. The CLI's own static server sits in front of every request, so its throughput says more about the emulation than about Netlify's CDN; what counts here is no error and every answer as at rest.`,
    "",
    "| server | requests | requests/s | p50 (ms) | p99 (ms) | errors | timeouts | responses not as at rest | memory before / peak / after (MiB) | same bytes after | result |",
    "|---|---|---|---|---|---|---|---|---|---|---|",
    loadRow("local server", results.load),
    results.netlifyServeLoad?.ran ? loadRow("netlify serve (Deno)", results.netlifyServeLoad) : `| netlify serve (Deno) | not run: ${results.netlifyServeLoad?.reason ?? "not measured in this run"} |||||||||| |`,
    "",
    "## Response sizes (shipped content)",
    "",
    "| file | raw (bytes) | gzip -9 | brotli |",
    "|---|---|---|---|",
    ...results.sizes.map((size) => `| \`${size.file}\` | ${size.raw} | ${size.gzip} | ${size.brotli} |`),
    "",
    "## Targets",
    "",
    "| target | figure | status |",
    "|---|---|---|",
    `| shipped content builds in under 1.5 s | ${n(byLabel.get("shipped")!.seconds, 2)} s (median of ${byLabel.get("shipped")!.repeats}) | ${target(byLabel.get("shipped")!.seconds < 1.5)} |`,
    tenK ? `| 10,000 answers build in under 5 s | ${n(tenK.seconds, 2)} s (median of ${tenK.repeats}, ${n(tenK.secondsRange[0], 2)} to ${n(tenK.secondsRange[1], 2)}) | ${target(tenK.seconds < 5)} |` : "| 10,000 answers build in under 5 s | not run | — |",
    tenK ? `| 10,000 answers under 600 MB peak | ${n(tenK.peakMiB, 0)} MiB | ${target(tenK.peakMiB * 1.048576 < 600)} |` : "| 10,000 answers under 600 MB peak | not run | — |",
    hundredK ? `| 100,000 answers under 60 s and 1 GB | ${n(hundredK.seconds, 1)} s, ${n(hundredK.peakMiB, 0)} MiB | ${target(hundredK.seconds < 60 && hundredK.peakMiB * 1.048576 < 1000)} |` : "| 100,000 answers under 60 s and 1 GB | not run (add 100000 to --sizes) | — |",
    hundredK && tenK ? `| time per answer at 100k at most 1.5 times that at 10k | ${n(hundredK.msPerAnswer / tenK.msPerAnswer, 2)}× | ${target(hundredK.msPerAnswer <= 1.5 * tenK.msPerAnswer)} |` : "| linear growth 10k to 100k | not run | — |",
    tenK?.query ? `| q at 10,000: p99 under 2 ms | worst p99 ${n(Math.max(...tenK.query.cases.map((testCase) => testCase.p99Ms)), 2)} ms | ${target(Math.max(...tenK.query.cases.map((testCase) => testCase.p99Ms)) < 2)} |` : "| q at 10,000 | not run | — |",
    tenK?.query ? `| q at 10,000: cold start under 50 ms | ${n(tenK.query.coldStartMs, 1)} ms | ${target(tenK.query.coldStartMs < 50)} |` : "| q cold start | not run | — |",
    `| local server at least 0.8 times serve-handler | ${n(results.servers.ratio, 2)} | ${target(results.servers.ratio >= 0.8)} |`,
    `| ${results.load.seconds} s at peak load: no error, every response as at rest, memory under ${results.load.memoryBoundMiB} MiB | ${results.load.errors} errors, ${results.load.mismatches} differences, ${n(results.load.rssPeakMiB, 0)} MiB peak | ${target(results.load.passed)} |`,
    results.netlifyServeLoad?.ran
      ? `| the same under netlify serve (Deno): no error, every response as at rest, memory under ${results.netlifyServeLoad.memoryBoundMiB} MiB | ${results.netlifyServeLoad.errors} errors, ${results.netlifyServeLoad.mismatches} differences, ${n(results.netlifyServeLoad.rssPeakMiB, 0)} MiB peak | ${target(results.netlifyServeLoad.passed)} |`
      : "| the same under netlify serve (Deno) | not run | — |",
    "",
  ];
  return lines.join("\n");
}

function loadRow(server: string, load: LoadFigures): string {
  const n = (value: number, digits = 1) => value.toFixed(digits);
  return `| ${server} | ${load.requests} | ${n(load.requestsPerSecond, 0)} | ${load.latencyP50Ms} | ${load.latencyP99Ms} | ${load.errors} | ${load.timeouts} | ${load.mismatches} | ${n(load.rssBeforeMiB, 0)} / ${n(load.rssPeakMiB, 0)} / ${n(load.rssAfterMiB, 0)} | ${load.sameBytesAfter ? "yes" : "**no**"} | ${load.passed ? "passed" : "**failed**"} |`;
}
