/**
 * ReplayWeb.page for the replay test, fetched on demand from the npm registry into the tool cache beside the test
 * toolchain (netlify-toolchain.ts: TOOL_CACHE), and pinned here by version and integrity, as a lockfile would pin it.
 *
 * Not a dependency in package.json (here or at the root): the published package ships its viewer as two
 * self-contained bundles, ui.js (the <replay-web-page> element) and sw.js (the service worker, wabac.js inside),
 * which need nothing else at run time. Its declared dependencies build those bundles and the Electron app, and
 * npm cannot even resolve them from the registry (@webrecorder/wabac 2.27.3 wants warcio ^2.4.12, which is not
 * published there). So only the tarball is fetched, by npm itself, checked against the integrity below, and
 * the two bundles and the licence are unpacked from it.
 *
 * `tsx test/toolchain/replaywebpage.ts` fetches it and prints its folder (.ci/run).
 */
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ensureRegistryReachable, TOOL_CACHE } from "../../build/tools/toolchain/netlify-toolchain.ts";

export const REPLAYWEBPAGE = {
  version: "2.5.3",
  /** The registry's dist.integrity of replaywebpage-2.5.3.tgz. */
  integrity: "sha512-nCj2PSON3BxeSJKE8AsYPyULv0XPZKJWfy4l9PyQre9SqwLZ+WKZVs/sfLqPOQ4GrH+0YkjbwOhr8cSTH08gsQ==",
};
export const REPLAYWEBPAGE_DIR = path.join(TOOL_CACHE, `replaywebpage-${REPLAYWEBPAGE.version}`);
/** The files the viewer needs, served side by side (sw.js's scope is its folder). */
export const REPLAYWEBPAGE_FILES = ["ui.js", "sw.js"] as const;

/** Fetches and unpacks the pinned package unless it is already there. Returns its folder. */
export function installReplayWebPage(log: (line: string) => void = () => {}): string {
  const stamp = path.join(REPLAYWEBPAGE_DIR, ".installed");
  if (existsSync(stamp) && readFileSync(stamp, "utf8") === REPLAYWEBPAGE.integrity) return REPLAYWEBPAGE_DIR;
  ensureRegistryReachable(`ReplayWeb.page ${REPLAYWEBPAGE.version}`);
  log(`fetching replaywebpage@${REPLAYWEBPAGE.version} from npm into ${REPLAYWEBPAGE_DIR}/ …`);
  // Unpacked beside the final folder and renamed into place, so an interrupted fetch is never taken for one.
  const staging = `${REPLAYWEBPAGE_DIR}.partial-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  try {
    const packed = spawnSync("npm", ["pack", `replaywebpage@${REPLAYWEBPAGE.version}`, "--json", "--loglevel=error"], {
      cwd: staging,
      encoding: "utf8",
    });
    if (packed.status !== 0)
      throw new Error(
        `npm pack replaywebpage@${REPLAYWEBPAGE.version} failed (exit ${packed.status}): ${packed.stderr}`,
      );
    const tarball = path.join(staging, (JSON.parse(packed.stdout) as Array<{ filename: string }>)[0]!.filename);
    const integrity = `sha512-${createHash("sha512").update(readFileSync(tarball)).digest("base64")}`;
    if (integrity !== REPLAYWEBPAGE.integrity)
      throw new Error(
        `replaywebpage@${REPLAYWEBPAGE.version} from npm has integrity ${integrity}, not the pinned ${REPLAYWEBPAGE.integrity}`,
      );
    const members = [...REPLAYWEBPAGE_FILES, "LICENSE"].map((file) => `package/${file}`);
    const unpacked = spawnSync("tar", ["-xzf", tarball, "-C", staging, "--strip-components=1", ...members], {
      encoding: "utf8",
    });
    if (unpacked.status !== 0) throw new Error(`unpacking ${tarball} failed: ${unpacked.stderr}`);
    rmSync(tarball);
    writeFileSync(path.join(staging, ".installed"), REPLAYWEBPAGE.integrity);
    rmSync(REPLAYWEBPAGE_DIR, { recursive: true, force: true });
    renameSync(staging, REPLAYWEBPAGE_DIR);
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  return REPLAYWEBPAGE_DIR;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.stdout.write(`${installReplayWebPage((line) => process.stderr.write(`${line}\n`))}\n`);
}
