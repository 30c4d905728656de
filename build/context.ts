import type { SchemaRegistry } from "./schemas/schema-registry.ts";

/** What one build is asked to do. Everything the stages need comes from here: no globals, no process.env. */
export interface BuildOptions {
  contentDir: string;
  outDir: string;
  /** The origin for absolute URLs where a standard needs them; overrides the content's base_url. */
  baseUrl?: string;
  /** Seconds since the epoch for every generated time (reproducible builds); else the content's latest date. */
  sourceDateEpoch?: number;
}

export interface BuildContext {
  options: BuildOptions;
  schemas: SchemaRegistry;
}
