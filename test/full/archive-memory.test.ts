/**
 * The archivers stream: `npm run package` and `npm run archive` read dist/ in pieces and write their archives as
 * they go, so their memory does not grow with dist/. Each runs in a process of its own on a copy of the shipped
 * build with 384 MiB added: 128 files of 1 MiB listed in urls.txt (so that the WARC records them too) and one
 * file of 256 MiB that only the bag holds (a file read whole would show). What an archiver's run adds to the
 * memory its modules take must stay under half of what was added to dist/: an archiver that held dist/, its
 * archive or the large file needs more than that. It writes about a gigabyte, so it runs in npm run test:all.
 */
import { spawnSync } from "node:child_process";
import { appendFile, cp, mkdir, open, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { ROOT, temporaryFolder } from "../support/build-helpers.ts";
import { sharedBuild } from "../support/shared-build.ts";

const MIB = 1024 * 1024;
const LISTED_FILES = 128;
const LARGE_MIB = 256;
const ADDED_MIB = LISTED_FILES + LARGE_MIB;
const BOUND_MIB = ADDED_MIB / 2;

let folder: string;
let dist: string;

beforeAll(async () => {
  folder = await temporaryFolder("archive-memory");
  dist = path.join(folder, "dist");
  await cp((await sharedBuild()).dist, dist, { recursive: true });
  await mkdir(path.join(dist, "bulk"));
  const urls: string[] = [];
  for (let index = 0; index < LISTED_FILES; index++) {
    const name = `bulk/part-${String(index).padStart(4, "0")}.bin`;
    // Each file different, so that no two records share a digest.
    const bytes = Buffer.alloc(MIB, index % 256);
    bytes.write(name);
    await writeFile(path.join(dist, name), bytes);
    urls.push(`/${name}\n`);
  }
  await appendFile(path.join(dist, "urls.txt"), urls.join(""));
  // Written a piece at a time: this process need not hold it either.
  const large = await open(path.join(dist, "bulk", "large.bin"), "w");
  for (let index = 0; index < LARGE_MIB; index++) await large.write(Buffer.alloc(MIB, index % 256));
  await large.close();
}, 120_000);

/** Runs one archiver in a child process: what its run added to its resident memory, in MiB, and what it wrote. */
function runArchiver(which: "package" | "archive"): { addedMiB: number; written: string[] } {
  const run = spawnSync(
    process.execPath,
    ["--import", "tsx", "test/support/archiver-peak.ts", which, dist, path.join(folder, `artifacts-${which}`)],
    { cwd: ROOT, encoding: "utf8" },
  );
  expect(run.status, run.stderr).toBe(0);
  const { beforeKiB, peakKiB, written } = JSON.parse(run.stdout) as {
    beforeKiB: number;
    peakKiB: number;
    written: string[];
  };
  return { addedMiB: (peakKiB - beforeKiB) / 1024, written };
}

describe("the archivers' memory does not grow with dist/", () => {
  it(`npm run package bags ${ADDED_MIB} MiB more in under ${BOUND_MIB} MiB more memory`, async () => {
    const { addedMiB, written } = runArchiver("package");
    // The bag holds what was added: the archiver did read it.
    expect((await stat(written[0]!)).size).toBeGreaterThan(ADDED_MIB * MIB);
    expect(addedMiB, `package: ${addedMiB.toFixed(0)} MiB more`).toBeLessThan(BOUND_MIB);
  }, 120_000);

  it(`npm run archive records ${LISTED_FILES} MiB more in under ${BOUND_MIB} MiB more memory`, async () => {
    const { addedMiB, written } = runArchiver("archive");
    const warc = written.find((file) => file.endsWith(".warc"))!;
    expect((await stat(warc)).size).toBeGreaterThan(LISTED_FILES * MIB);
    expect(addedMiB, `archive: ${addedMiB.toFixed(0)} MiB more`).toBeLessThan(BOUND_MIB);
  }, 120_000);
});
