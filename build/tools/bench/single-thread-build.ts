/**
 * `tsx build/tools/bench/single-thread-build.ts <content> <out>`: the build with no worker threads, for the bench's
 * profile (build-profile.ts): in one thread every sample names the file its code comes from (the worker threads
 * run a bundle, whose samples would all say "[worker eval]").
 */
import { runBuild } from "../../engine/run/pipeline.ts";

const [contentDir, outDir] = process.argv.slice(2);
if (!contentDir || !outDir) throw new Error("usage: single-thread-build.ts <content> <out>");
const result = await runBuild({ contentDir, outDir, sourceDateEpoch: 1_763_683_200, workers: 0 });
if (!result.ok) throw new Error(`the build failed with ${result.diagnostics.length} problems`);
