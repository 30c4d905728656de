import { writeOutputAtomically } from "../output/atomic-output.ts";
import type { BuildContext } from "../context.ts";
import type { CompiledSite } from "./compile.ts";

/** Stage 4: the compiled files replace the output folder in one step (see output/atomic-output.ts). */
export async function emitSite(context: BuildContext, site: CompiledSite): Promise<void> {
  await writeOutputAtomically(context.options.outDir, site.files);
}
