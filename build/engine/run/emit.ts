import { writeOutputAtomically } from "../output/atomic-output.ts";
import type { OutputSink } from "../output/output-sink.ts";
import type { BuildContext } from "./context.ts";
import type { CompiledSite } from "./engine.ts";

/**
 * Stage 4: the products write into a fresh stage folder through a sink, and the complete folder replaces
 * the output in one step (see output/atomic-output.ts).
 */
export async function emitSite(
  context: BuildContext,
  compile: (sink: OutputSink) => Promise<CompiledSite>,
): Promise<CompiledSite> {
  return writeOutputAtomically(context.options.outDir, compile, context.options.cache, context.options.serving);
}
