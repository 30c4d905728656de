/** Reading a build's files by their published paths, as the handler does, counting the reads and the bytes. */
import path from "node:path";
import { distReader } from "../../serve/server/mcp-stdio.ts";

/** The file under `dist` that a published path (`/api/v1/…`) names. */
export const fileOf = (dist: string, file: string) => path.join(dist, ...file.split("/").filter(Boolean));

/** A reader of a build's files that counts what it reads (a missing file is a read too, as a fetch would be). */
export function countingReader(dist: string) {
  const tally = { reads: 0, bytes: 0 };
  const readFrom = distReader(dist);
  const read = async (file: string) => {
    const bytes = await readFrom(file).catch(() => undefined);
    tally.reads++;
    tally.bytes += bytes?.byteLength ?? 0;
    return bytes;
  };
  return { read, tally };
}
