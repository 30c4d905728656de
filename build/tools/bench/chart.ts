/**
 * The chart of BENCHMARKS.md: the clean build's wall time and peak memory against the number of answers (20,
 * 1,000, 10,000 and 100,000, on log scales), as Vega-Lite, rendered to SVG by Vega with no browser. Both come with the
 * bench's own tools (installed on demand, never into the project's node_modules).
 */
import { createRequire } from "node:module";
import path from "node:path";
import type { BuildFigures } from "./measure-build.ts";
import { type GeneratorComparison, installBenchTools } from "./static-generators.ts";

/** Where the chart is written, relative to the repository (BENCHMARKS.md links it). */
export const CHART_FILE = "build/tools/bench/figures/build-growth.svg";

interface Vega {
  parse(spec: unknown): unknown;
  View: new (runtime: unknown, options: { renderer: "none" }) => { toSVG(): Promise<string> };
}
interface VegaLite {
  compile(spec: unknown): { spec: unknown };
}

/** What is drawn beside our builds: Hugo's and Eleventy's time at 20 and 10,000 answers, and the memory targets. */
export interface ChartMarks {
  generators?: GeneratorComparison;
  /** The comparison at 20 answers, ours included (the bench's builds start at 1,000). */
  small?: GeneratorComparison;
}

export async function growthChartSvg(builds: readonly BuildFigures[], marks: ChartMarks = {}): Promise<string> {
  const modules = installBenchTools();
  const load = createRequire(path.join(modules, "package.json"));
  const vega = load("vega") as Vega;
  const vegaLite = load("vega-lite") as VegaLite;
  const TIME = "clean build, wall time (s)";
  const MEMORY = "clean build, peak memory (MiB)";
  const values = [
    ...builds
      .filter((build) => build.label !== "shipped")
      .flatMap((build) => [
        { answers: build.answers, measure: TIME, series: "ours", value: build.seconds },
        { answers: build.answers, measure: MEMORY, series: "ours", value: build.peakMiB },
      ]),
    ...[marks.small, marks.generators].flatMap((comparison) =>
      (comparison?.generators ?? [])
        .filter((generator) => generator.name !== "ours" || comparison === marks.small)
        .map((generator) => ({
          answers: comparison!.answers,
          measure: TIME,
          series: generator.name,
          value: generator.median,
        })),
    ),
    // 400 MB and 800 MB, the targets, in MiB.
    { answers: 10_000, measure: MEMORY, series: "target", value: 400 / 1.048576 },
    { answers: 100_000, measure: MEMORY, series: "target", value: 800 / 1.048576 },
  ];
  const spec = {
    $schema: "https://vega.github.io/schema/vega-lite/v5.json",
    description: "The clean build's wall time and peak memory against the number of answers.",
    data: { values },
    facet: { column: { field: "measure", type: "nominal", title: null } },
    spec: {
      width: 280,
      height: 200,
      mark: { type: "line", point: { size: 60 } },
      encoding: {
        x: { field: "answers", type: "quantitative", scale: { type: "log" }, title: "answers" },
        y: { field: "value", type: "quantitative", scale: { type: "log" }, title: null },
        color: { field: "series", type: "nominal", title: null, sort: ["ours", "Hugo", "Eleventy", "target"] },
        shape: { field: "series", type: "nominal", legend: null, sort: ["ours", "Hugo", "Eleventy", "target"] },
      },
    },
    resolve: { scale: { y: "independent" } },
    config: { font: "sans-serif", background: "white" },
  };
  const view = new vega.View(vega.parse(vegaLite.compile(spec).spec), { renderer: "none" });
  return view.toSVG();
}
