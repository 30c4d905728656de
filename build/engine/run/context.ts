import type { BuildCache } from "../cache/build-cache.ts";
import type { SchemaRegistry } from "../../content/schemas/schema-registry.ts";
import type { ContentWalk } from "../../content/load/content-walk.ts";
import type { BuildWorkers } from "../workers/build-tasks.ts";

/** What one build is asked to do. Everything the stages need comes from here: no globals, no process.env. */
export interface BuildOptions {
  contentDir: string;
  outDir: string;
  /** The origin for absolute URLs where a standard needs them; overrides the content's base_url. */
  baseUrl?: string;
  /** Seconds since the epoch for every generated time (reproducible builds); else the content's latest date. */
  sourceDateEpoch?: number;
  /** Worker threads for parsing and rendering; by default one per core from 2,000 files, else none. A number uses that many at any size (0: none). */
  workers?: number;
  /** Threads kept by the caller across builds (a test file, a dev loop): used instead of `workers`, and not stopped when the build ends. */
  threads?: BuildWorkers;
  /** The incremental build's cache: per-file work done before is taken from it, and unchanged output files are linked. None: everything is done afresh. */
  cache?: BuildCache;
  /** The content folder's walk, kept by the caller between builds and told what changed (a dev loop's); else walked afresh. */
  walk?: ContentWalk;
  /** The schemas, when the caller holds them loaded (a dev server, between changes to schemas/); else loaded for this build. */
  schemas?: SchemaRegistry;
  /** A server in this process answers while the build runs (a dev loop's): the replaced output is removed on a thread. */
  serving?: boolean;
}

export interface BuildContext {
  options: BuildOptions;
  schemas: SchemaRegistry;
  /** Threads for the per-file and per-answer work; the pipeline closes it when the build ends. */
  workers?: BuildWorkers;
}
