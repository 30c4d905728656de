import type { BuildContext, BuildOptions } from "./context.ts";
import type { Diagnostic } from "./diagnostics/diagnostic.ts";
import { MemorySink, type OutputFile } from "./output/output-sink.ts";
import { loadSchemaRegistry } from "./schemas/schema-registry.ts";
import { compileSite, type CompiledSite } from "./stages/compile.ts";
import { emitSite } from "./stages/emit.ts";
import { loadContent } from "./stages/load.ts";
import { validateContent, type ValidContent } from "./stages/validate.ts";

export type BuildResult = { ok: true; site: CompiledSite } | { ok: false; diagnostics: Diagnostic[] };
export type CompileResult = { ok: true; site: CompiledSite; files: OutputFile[] } | { ok: false; diagnostics: Diagnostic[] };

async function loadAndValidate(options: BuildOptions): Promise<{ ok: true; context: BuildContext; content: ValidContent } | { ok: false; diagnostics: Diagnostic[] }> {
  const context: BuildContext = { options, schemas: await loadSchemaRegistry() };
  const validated = validateContent(await loadContent({ contentDir: options.contentDir }), context.schemas);
  return validated.ok ? { ok: true, context, content: validated.content } : validated;
}

/** load → validate → compile, into memory. The smoke check and the tests use it to know a build's files. */
export async function compileContent(options: BuildOptions): Promise<CompileResult> {
  const loaded = await loadAndValidate(options);
  if (!loaded.ok) return loaded;
  const sink = new MemorySink();
  const site = await compileSite(loaded.context, loaded.content, sink);
  return { ok: true, site, files: sink.files };
}

/** The build, stage by stage: load → validate → compile → emit. Nothing is written unless all content is valid. */
export async function runBuild(options: BuildOptions): Promise<BuildResult> {
  const loaded = await loadAndValidate(options);
  if (!loaded.ok) return loaded;
  const site = await emitSite(loaded.context, (sink) => compileSite(loaded.context, loaded.content, sink));
  return { ok: true, site };
}
