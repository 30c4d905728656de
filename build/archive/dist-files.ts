/** A built output read back from disk, for the archivers: every file, sorted, and the facts they name. */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";

export interface BuiltOutput {
  files: Array<{ path: string; bytes: Buffer }>;
  version: string;
  publisher: string;
  description: string;
  /** The build's own generation time, from its health resource. */
  generatedAt: string;
}

export async function readBuiltOutput(folder: string): Promise<BuiltOutput> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  const files: BuiltOutput["files"] = [];
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    files.push({ path: path.relative(folder, full).split(path.sep).join("/"), bytes: await readFile(full) });
  }
  files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const json = (name: string) => JSON.parse(files.find((file) => file.path === name)?.bytes.toString("utf8") ?? "null");
  const root = json("api/v1/index.json");
  const health = json("api/v1/health/index.json");
  if (!root || !health) throw new Error(`${folder} is not a built output: run npm run build first`);
  return {
    files,
    version: root.version,
    publisher: root.publisher,
    description: root.description,
    generatedAt: health.generated_at,
  };
}

/** Seconds for archive timestamps: SOURCE_DATE_EPOCH when set, else the build's own generation time. */
export function archiveEpoch(env: NodeJS.ProcessEnv, output: BuiltOutput): number {
  const epoch = env.SOURCE_DATE_EPOCH;
  if (epoch !== undefined && epoch !== "") {
    if (!/^\d+$/.test(epoch)) throw new Error(`SOURCE_DATE_EPOCH must be whole seconds since 1970 (got "${epoch}").`);
    return Number(epoch);
  }
  return Math.floor(Date.parse(output.generatedAt) / 1000);
}
