/**
 * `npm run bench`: measures, on this machine, how the build and the request path grow with the content, and writes
 * BENCHMARKS.md and artifacts/bench/results.json; a full run measures the test commands from fresh clones last.
 * Its options, and the parts it can measure alone, are in its usage (`npm run bench -- --help`).
 * Speed is measured here, never asserted in the tests.
 */
import { existsSync } from "node:fs";
import { createHash } from "node:crypto";
import { mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { cpus, totalmem } from "node:os";
import path from "node:path";
import { generateContent } from "../synthetic/generate.ts";
import { measureBuild, runBuild, threadsShare, type BuildFigures } from "./measure-build.ts";
import { measureIncremental } from "./measure-incremental.ts";
import { measureQueries, type QueryFigures } from "./measure-search.ts";
import { compareOnJudgedQueries, judgedSummary } from "./judged-queries.ts";
import { compareWithStaticGenerators, hugoMissing } from "./static-generators.ts";
import { outputShares, profileBuild } from "./build-profile.ts";
import { LOAD, measureLoad, measureServers } from "./measure-servers.ts";
import { measureNetlifyServeLoad } from "./measure-netlify-serve.ts";
import { measureTests, type TestsFigures, testsSection, testsSectionOf, withTestsSection } from "./measure-tests.ts";
import { CHART_FILE, growthChartSvg } from "./chart.ts";
import { headlineRow, markdown, responseSizes, testsHeadlineRows } from "./report.ts";
import { commandArguments } from "../../content/load/command-line.ts";
import { deleteEarlierOutputs, headCommit, REPORT_FILE, ROOT, setAsideEarlierOutputs, WORK } from "./workspace.ts";

/** The shipped content built with --no-cache, beside the 20-answer builds. */
const SHIPPED_NO_CACHE = "shipped-nocache";

/** The last full run's results.json with `figures` in place of its own, written back; undefined without one. */
async function updateResults(
  figures: Partial<Parameters<typeof markdown>[0]>,
): Promise<Parameters<typeof markdown>[0] | undefined> {
  const file = path.join(WORK, "results.json");
  const results = await readFile(file, "utf8").catch(() => undefined);
  if (results === undefined) return undefined;
  const updated = { ...JSON.parse(results), ...figures };
  await writeFile(file, `${JSON.stringify(updated, null, 2)}\n`);
  return updated;
}

/**
 * The test commands' figures last measured, kept beside the chart and committed with the page: a run with
 * --no-tests in a fresh clone, which has no artifacts/, puts them in the headline too, not "not run".
 */
const TESTS_FILE = path.join(path.dirname(REPORT_FILE), path.dirname(CHART_FILE), "tests.json");

async function lastTests(): Promise<TestsFigures | undefined> {
  const text = await readFile(TESTS_FILE, "utf8").catch(() => undefined);
  return text === undefined ? undefined : (JSON.parse(text) as TestsFigures);
}

/** Kept for the next run that does not measure them (--no-tests), by a full run or --tests-only alike. */
async function keepTests(figures: TestsFigures): Promise<void> {
  await mkdir(path.dirname(TESTS_FILE), { recursive: true });
  await writeFile(TESTS_FILE, `${JSON.stringify(figures, null, 2)}\n`);
}

/**
 * Writes the page and its chart, keeping the section of the test commands' figures, which only `--tests-only`
 * measures.
 */
async function writeReport(results: Parameters<typeof markdown>[0]): Promise<void> {
  const chart = path.join(path.dirname(REPORT_FILE), CHART_FILE);
  await mkdir(path.dirname(chart), { recursive: true });
  await writeFile(
    chart,
    await growthChartSvg(results.builds, { generators: results.generators, small: results.small }),
  );
  const page = markdown(results);
  const tests = results.tests
    ? testsSection(results.tests)
    : testsSectionOf(await readFile(REPORT_FILE, "utf8").catch(() => ""));
  await writeFile(REPORT_FILE, tests ? withTestsSection(page, tests) : page);
}

async function main(): Promise<void> {
  const { values } = commandArguments(
    "bench",
    [
      "usage: npm run bench [-- --sizes 1000,10000,100000] [--seconds 10] [--no-tests]",
      "Measures the build, the search and the servers on this machine beside Hugo and Eleventy, and writes",
      "BENCHMARKS.md and artifacts/bench/results.json (BENCH_WORK=<folder>: there instead).",
      "  --sizes             the numbers of generated answers built and queried",
      "  --seconds           how long each server is measured under load",
      "  --no-tests          leaves out npm test and .ci/run from fresh clones (some 25 minutes): their last figures stay",
      "Parts alone:",
      "  --render-only       rewrites BENCHMARKS.md from the last run's figures, measuring nothing",
      "  --search-only       builds and search only, no servers or load, printed",
      "  --generators-only   the clean builds at 20 and 10,000 answers beside Hugo's and Eleventy's, printed",
      "  --judged-only       the judged queries on a fresh build of the shipped content, put into the page",
      "  --queries-only      the queries, on the builds the last run left, printed and put into the page",
      "  --incremental-only  one changed answer at 10,000 answers (build and dev), printed as JSON",
      "  --tests-only        npm test and .ci/run from fresh clones, put into the page (--cold: and with no tool cache)",
    ].join("\n"),
    {
      sizes: { type: "string", default: "1000,10000,100000" },
      seconds: { type: "string", default: "10" },
      "render-only": { type: "boolean", default: false },
      "search-only": { type: "boolean", default: false },
      "generators-only": { type: "boolean", default: false },
      "judged-only": { type: "boolean", default: false },
      "queries-only": { type: "boolean", default: false },
      "incremental-only": { type: "boolean", default: false },
      "tests-only": { type: "boolean", default: false },
      cold: { type: "boolean", default: false },
      "no-tests": { type: "boolean", default: false },
    },
  );
  if (values["render-only"]) {
    // Rewrites BENCHMARKS.md from the last run's figures (after a change to this page's wording), measuring nothing.
    await writeReport(JSON.parse(await readFile(path.join(WORK, "results.json"), "utf8")));
    return;
  }
  if (values["tests-only"]) {
    const figures = measureTests({ cold: values.cold });
    if (!figures.ciCold) {
      // The cold run downloads a gigabyte and changes only with the tools: the last one measured is kept, named by
      // its own commit and date.
      const last = await lastTests();
      if (last?.ciCold)
        figures.ciCold = {
          ...last.ciCold,
          commit: last.ciCold.commit ?? last.commit,
          date: last.ciCold.date ?? last.date,
        };
    }
    await keepTests(figures);
    // The last full run's figures take these, or a later --render-only or --judged-only would put back its own.
    // The page again from them, its headline's rows of these commands included; without a full run, their section.
    const updated = await updateResults({ tests: figures });
    if (updated) await writeReport(updated);
    else {
      const page = await readFile(REPORT_FILE, "utf8").catch(() => "# Benchmarks\n");
      // Their rows of the headline too (its other rows stay the last full run's): left, they named an older commit.
      const rows = new Map(testsHeadlineRows(figures).map((row) => [`| ${row[0]} |`, headlineRow(row)]));
      const lines = withTestsSection(page, testsSection(figures)).split("\n");
      const headed = lines.map((line) => [...rows].find(([start]) => line.startsWith(start))?.[1] ?? line);
      await writeFile(REPORT_FILE, headed.join("\n"));
    }
    return;
  }
  if (values["judged-only"]) {
    const out = path.join(WORK, "dist-judged");
    await rm(out, { recursive: true, force: true });
    await rm(`${out}-cache`, { recursive: true, force: true });
    runBuild("shipped", path.join(ROOT, "content"), out);
    const judged = await compareOnJudgedQueries(out);
    process.stdout.write(`${judgedSummary(judged)}\n`);
    // The judged figures follow the content and the ranking, not the machine: the last full run's page gets them,
    // named by the commit that made them, its other figures kept.
    const updated = await updateResults({
      judged: { ...judged, commit: headCommit(), date: new Date().toISOString().slice(0, 10) },
    });
    if (updated) await writeReport(updated);
    else {
      const results = path.join(WORK, "results.json");
      const shown = path.relative(ROOT, results).startsWith("..") ? results : path.relative(ROOT, results);
      process.stderr.write(
        `bench: no full run's figures in ${shown} (a fresh clone has none), so BENCHMARKS.md is left as it is: npm run bench -- --no-tests makes them, with these.\n`,
      );
    }
    return;
  }
  const sizes = values.sizes!.split(",").map(Number);
  if (values["queries-only"]) {
    const figures: Record<string, QueryFigures> = {};
    const measured = { commit: headCommit(), date: new Date().toISOString().slice(0, 10) };
    for (const name of ["shipped", ...sizes.map(String)])
      figures[name] = { measured, ...(await measureQueries(path.join(WORK, `dist-${name}`))) };
    process.stdout.write(`${JSON.stringify(figures, null, 2)}\n`);
    // The queries follow the request code: the last full run's page gets them on the builds it made, its other
    // figures kept.
    const last = await readFile(path.join(WORK, "results.json"), "utf8").catch(() => undefined);
    if (last !== undefined) {
      const { builds } = JSON.parse(last) as { builds: BuildFigures[] };
      const updated = await updateResults({
        builds: builds.map((build) => (figures[build.label] ? { ...build, query: figures[build.label] } : build)),
      });
      if (updated) await writeReport(updated);
    }
    return;
  }
  // The rest compares with Hugo side by side: a run without it would put "not run" in the page's rows after its
  // quarter of an hour, where the last run's figures were.
  const missing = hugoMissing();
  if (missing) {
    process.stderr.write(`bench: ${missing}. Nothing was measured.\n`);
    process.exitCode = 2;
    return;
  }
  const contentFingerprint = await syntheticContentFingerprint();
  await mkdir(WORK, { recursive: true });
  // Named by what decides whether it still builds (the generator, the content rules and schemas): content
  // generated before a rule was added is made again, into a new folder, never deleted just before a build.
  const contentOf = async (answers: number) => {
    const content = path.join(WORK, `content-${answers}-${contentFingerprint}`);
    if (!existsSync(path.join(content, "site.yaml"))) await generateContent({ answers, out: content });
    return content;
  };
  // The shipped content with no cache is judged against Eleventy's 20 answers, so it is built in the same turns: the
  // machine's drift over a run touches both alike (timed on its own after the large builds, it was once a third
  // slower than by hand, Eleventy's turns a seventh).
  const smallComparison = async () =>
    compareWithStaticGenerators(await contentOf(20), 20, 5, [
      { name: SHIPPED_NO_CACHE, contentDir: path.join(ROOT, "content"), options: ["--no-cache"] },
    ]);
  if (values["generators-only"]) {
    process.stdout.write(
      `${JSON.stringify(
        {
          small: await smallComparison(),
          large: await compareWithStaticGenerators(await contentOf(10_000), 10_000),
        },
        null,
        2,
      )}\n`,
    );
    return;
  }
  const incrementalAt = async () => {
    const content = await contentOf(10_000);
    process.stderr.write("bench: one changed answer at 10,000 answers, incrementally…\n");
    return measureIncremental(content, 10_000);
  };
  if (values["incremental-only"]) {
    process.stdout.write(`${JSON.stringify(await incrementalAt(), null, 2)}\n`);
    return;
  }
  const aside = await setAsideEarlierOutputs(contentFingerprint);
  const builds: BuildFigures[] = [];
  const shipped = await measureBuild("shipped", path.join(ROOT, "content"), 20, 3);
  shipped.query = await measureQueries(path.join(WORK, "dist-shipped"));
  builds.push(shipped);
  for (const size of sizes) {
    const content = await contentOf(size);
    process.stderr.write(`bench: building ${size} answers…\n`);
    // Three builds each up to 10,000 answers; one of 100,000 (about 90 s and 4 GB of files).
    const figures = await measureBuild(String(size), content, size, size <= 10_000 ? 3 : 1);
    figures.query = await measureQueries(path.join(WORK, `dist-${size}`));
    builds.push(figures);
  }
  const incremental = sizes.includes(10_000) ? await incrementalAt() : undefined;
  process.stderr.write("bench: judged queries…\n");
  const judged = await compareOnJudgedQueries(path.join(WORK, "dist-shipped"));
  process.stderr.write("bench: beside Hugo and Eleventy…\n");
  const generators = await compareWithStaticGenerators(await contentOf(10_000), 10_000);
  const small = await smallComparison();
  const shippedNoCache = small.generators.find((generator) => generator.name === SHIPPED_NO_CACHE);
  process.stderr.write("bench: 10,000 answers on one worker thread and on two…\n");
  const threads = threadsShare(await contentOf(10_000));
  process.stderr.write("bench: where the build's time goes (a profiled build in one thread)…\n");
  const buildProfile = {
    ...profileBuild(await contentOf(10_000), 10_000),
    output: existsSync(path.join(WORK, "dist-10000")) ? outputShares(path.join(WORK, "dist-10000")) : [],
  };
  if (values["search-only"]) {
    await deleteEarlierOutputs(aside);
    process.stdout.write(`${JSON.stringify({ builds, judged, generators, buildProfile }, null, 2)}\n`);
    return;
  }
  process.stderr.write("bench: servers…\n");
  const servers = await measureServers(path.join(WORK, "dist-shipped"), Number(values.seconds));
  process.stderr.write(`bench: load, ${LOAD.seconds} s…\n`);
  const load = await measureLoad(path.join(WORK, "dist-shipped"));
  process.stderr.write(`bench: load on netlify serve, ${LOAD.seconds} s…\n`);
  const netlifyServeLoad = await measureNetlifyServeLoad();
  await deleteEarlierOutputs(aside);
  // Last, in fresh clones of this commit: npm test and .ci/run, whose tests would otherwise share the cores.
  // --no-tests keeps the last measured figures (their own commit and date, which the page names), not "not run".
  const tests = values["no-tests"] ? await lastTests() : measureTests();
  if (!values["no-tests"] && tests) await keepTests(tests);
  const results = {
    date: new Date().toISOString(),
    machine: {
      node: process.version,
      cpus: cpus().length,
      cpuModel: cpus()[0]?.model ?? "unknown",
      memoryGiB: Math.round(totalmem() / 2 ** 30),
    },
    builds,
    servers,
    load,
    netlifyServeLoad,
    sizes: await responseSizes(path.join(WORK, "dist-shipped")),
    judged,
    generators,
    small,
    shippedNoCache,
    threads,
    buildProfile,
    incremental,
    tests,
  };
  await writeFile(path.join(WORK, "results.json"), `${JSON.stringify(results, null, 2)}\n`);
  await writeReport(results);
  process.stdout.write(markdown(results));
}

/** A digest of the generator, the content rules and the content schemas. */
async function syntheticContentFingerprint(): Promise<string> {
  const hash = createHash("sha256");
  const folders = ["build/tools/synthetic", "build/content/rules", "schemas"];
  for (const folder of folders) {
    for (const name of (await readdir(path.join(ROOT, folder))).sort()) {
      if (folder === "schemas" && !name.startsWith("content-")) continue;
      hash.update(name).update(await readFile(path.join(ROOT, folder, name)));
    }
  }
  return hash.digest("hex").slice(0, 8);
}

await main();
