import type { BuildContext, BuildOptions } from "./context.ts";
import type { Diagnostic } from "./diagnostics/diagnostic.ts";
import { loadSchemaRegistry } from "./schemas/schema-registry.ts";
import { compileSite, type CompiledSite } from "./stages/compile.ts";
import { emitSite } from "./stages/emit.ts";
import { loadContent } from "./stages/load.ts";
import { validateContent } from "./stages/validate.ts";

export type BuildResult = { ok: true; site: CompiledSite } | { ok: false; diagnostics: Diagnostic[] };
export type CompileResult = { ok: true; site: CompiledSite; context: BuildContext } | { ok: false; diagnostics: Diagnostic[] };

/** load → validate → compile, in memory. The smoke check and the tests use it to know a build's files. */
export async function compileContent(options: BuildOptions): Promise<CompileResult> {
  const context: BuildContext = { options, schemas: await loadSchemaRegistry() };
  const loaded = await loadContent({ contentDir: options.contentDir });
  const validated = validateContent(loaded, context.schemas);
  if (!validated.ok) return { ok: false, diagnostics: validated.diagnostics };
  return { ok: true, site: compileSite(context, validated.content), context };
}

/** The build, stage by stage: load → validate → compile → emit. Nothing is written unless all content is valid. */
export async function runBuild(options: BuildOptions): Promise<BuildResult> {
  const compiled = await compileContent(options);
  if (!compiled.ok) return compiled;
  await emitSite(compiled.context, compiled.site);
  return { ok: true, site: compiled.site };
}
