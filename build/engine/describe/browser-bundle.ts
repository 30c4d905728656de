/**
 * The home page's classic script: build/engine/offline/offline-app.ts bundled with the modules it imports (the API's search reader),
 * as one IIFE (file:// pages cannot load modules). esbuild's output is the same for the same sources.
 */
import path from "node:path";
import { bundleText } from "../bundles/bundle-cache.ts";
import { projectRoot } from "../../content/load/project.ts";

let bundled: string | undefined;

export function offlineAppScript(): string {
  // Found when called, not when loaded: the build's worker threads load this module in a bundle of their own,
  // where import.meta has no folder (they never call it).
  const PROJECT_ROOT = projectRoot();
  bundled ??= bundleText({
    entryPoints: [path.join(PROJECT_ROOT, "build/engine/offline/offline-app.ts")],
    bundle: true,
    format: "iife",
    platform: "browser",
    target: "es2020",
    legalComments: "none",
    // esbuild's default charset escapes every non-ASCII character: a raw U+FFFF (search's sentinel) or curly quote
    // in an inline script would rest on the page's encoding, and some readers flag the noncharacter.
    // Paths in the bundle's comments are relative to this, whatever folder the build runs from.
    absWorkingDir: PROJECT_ROOT,
  });
  return bundled;
}
