/**
 * Every command of package.json that runs our code refuses an option it does not take, with its usage, exit 2 and
 * no stack, and a local server's PORT that is not a port, or is in use, is told plainly (test/commands.test.ts has the quick
 * cases). Here because it starts eleven commands, most from the launcher's bundles, each bundled at its first start in a
 * fresh clone: some 12 s of CPU.
 */
import { createServer } from "node:net";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { refusedOption, runScript, SCRIPTS } from "../support/cli.ts";
import { sharedBuild } from "../support/shared-build.ts";

/** One command of build/ each (`npm start` is the build's and the server's, each here on its own). */
const OURS = Object.keys(SCRIPTS).filter(
  (name) => / build\/\S+\.ts$/.test(SCRIPTS[name]!) && !SCRIPTS[name]!.includes("&&"),
);

describe("every command of package.json that runs our code", () => {
  it("refuses an option it does not take, with its usage, exit 2 and no stack", async () => {
    expect(OURS.sort()).toEqual(
      ["archive", "bench", "build", "dev", "gen", "mcp", "package", "serve", "smoke", "stale", "types"].sort(),
    );
    const runs = await Promise.all(OURS.map((name) => runScript(name, ["--bogus"])));
    for (const [index, name] of OURS.entries()) {
      const { status, stdout, stderr } = runs[index]!;
      expect({ name, status, stdout }).toEqual({ name, status: 2, stdout: "" });
      expect(stderr).toMatch(refusedOption(name, "--bogus"));
      expect(stderr).not.toMatch(/\n\s+at /);
    }
  });

  it("a local server's PORT that is not a port is refused, exit 2 and no stack", async () => {
    const { status, stderr } = await runScript("serve", [], { PORT: "80800" });
    expect({ status, stderr }).toEqual({
      status: 2,
      stderr: 'serve: PORT must be a port number from 0 to 65535 (got "80800").\n',
    });
  });

  it("a local server whose port is in use says so and what to do, exit 1 and no stack", async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", resolve));
    try {
      const port = String((taken.address() as AddressInfo).port);
      const { status, stderr } = await runScript("serve", [], { PORT: port, DIST: (await sharedBuild()).dist });
      expect({ status, stderr }).toEqual({
        status: 1,
        stderr: `serve: 127.0.0.1:${port} is in use (another server of this project?): stop it, or set PORT to another port.\n`,
      });
    } finally {
      taken.close();
    }
  });
});
