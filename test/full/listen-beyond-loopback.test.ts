/**
 * The local server listening beyond loopback (HOST=0.0.0.0), as `npm run serve` starts it: inside a network namespace
 * that has only loopback, with a second address on it (10.28.0.1) standing for a LAN interface, so nothing outside
 * can reach it. Without ALLOWED_HOSTS it refuses to start; with it, it answers those hosts and the address a
 * connection arrived at, and refuses any other Host, and on /mcp any other Origin.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { ALLOWED_HOSTS_VARIABLE } from "../../build/contract/local-hosts.ts";
import { ROOT } from "../support/build-helpers.ts";
import { sharedBuild } from "../support/shared-build.ts";
import { isolationProblem } from "../../build/tools/toolchain/netlify-toolchain.ts";

const isolation = isolationProblem();
const HINT = "Listening beyond loopback is tried in a loopback-only network namespace (unshare -n, as root).";
if (isolation) {
  if (process.env.CI) throw new Error(`${HINT} ${isolation}. CI must not skip it.`);
  process.stderr.write(`\nSkipping the test of listening beyond loopback: ${isolation}. ${HINT}\n`);
}

let dist: string;
beforeAll(async () => {
  ({ dist } = await sharedBuild());
}, 120_000);

describe.skipIf(isolation !== undefined)("listening beyond loopback (in a loopback-only network namespace)", () => {
  it("refuses to start without ALLOWED_HOSTS; with it, answers those hosts and its own address, and no other", async () => {
    const driver = path.join(ROOT, "test", "support", "listen-beyond-loopback.ts");
    const script = `ip link set lo up && ip addr add 10.28.0.1/32 dev lo && exec "$@"`;
    const child = spawn(
      "unshare",
      ["-n", "sh", "-c", script, "namespace", process.execPath, "--import", "tsx", driver, dist, "8080"],
      { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] },
    );
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise((resolve) => child.on("close", resolve));
    expect(code, output).toBe(0);
    const report = JSON.parse(output.trim().split("\n").at(-1)!);
    expect(report.refused.code).toBe(2);
    expect(report.refused.message).toContain(`${ALLOWED_HOSTS_VARIABLE}=`);
    expect(report.health).toMatchObject({ allowedHost: 200, allowedHostWithPort: 200, ownAddress: 200 });
    expect(report.health.otherHost.status).toBe(403);
    expect(report.mcp).toEqual({ ownAddress: true, allowedHost: true, allowedOrigin: true, otherOrigin: 403 });
  });
});
