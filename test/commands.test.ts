/**
 * Our commands' arguments, read as npm passes them (build/content/load/command-line.ts): `--help` prints the usage
 * and does nothing else, an option or argument a command does not take is refused with its usage and exit 2, never
 * ignored nor a stack trace. Here the quick cases; test/full/commands.test.ts runs every command of package.json.
 */
import { spawn } from "node:child_process";
import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { freePort } from "../build/serve/server/free-port.ts";
import { ROOT, temporaryFolder } from "./support/build-helpers.ts";
import { sharedBuild } from "./support/shared-build.ts";
import { cleanEnv, NODE, nodeScript, refusedOption, runScript } from "./support/cli.ts";
import { untilPrinted } from "./support/wait.ts";

describe("a command's arguments", () => {
  it("an option it does not take is refused with its usage, exit 2 and no stack", async () => {
    // test:all too, though tsx runs it: ignored, --bogus would start the whole suite and its 1.1 GB of tools.
    for (const name of ["build", "stale", "package", "archive", "test:all"]) {
      const { status, stdout, stderr } = await runScript(name, ["--bogus"]);
      expect({ name, status, stdout }).toEqual({ name, status: 2, stdout: "" });
      expect(stderr).toMatch(refusedOption(name, "--bogus"));
      expect(stderr).not.toMatch(/\n\s+at /);
    }
  });

  it("npm run test:all -- --help prints its usage and runs nothing", async () => {
    const { status, stdout, stderr } = await runScript("test:all", ["--help"]);
    expect({ status, stderr }).toEqual({ status: 0, stderr: "" });
    expect(stdout).toMatch(/^usage: npm run test:all\n/);
    expect(stdout).not.toContain("==");
  });

  it("an argument it does not take is refused, as are an option without its value, a content folder that is not there and an output folder in it", async () => {
    const positional = await runScript("build", ["content"]);
    expect(positional.status).toBe(2);
    expect(positional.stderr).toMatch(/^build: takes no argument "content"\.\nusage: npm run build /);
    const missing = await runScript("build", ["--out"]);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toMatch(/^build: Option '--out <value>' argument missing\.\nusage: npm run build /);
    const noContent = await runScript("build", ["--content", "no-such-folder"]);
    expect({ status: noContent.status, stderr: noContent.stderr }).toEqual({
      status: 2,
      stderr: `build: the content folder ${ROOT}/no-such-folder does not exist (--content DIR names it; content/ by default).\n`,
    });
    const inContent = await runScript("build", ["--out", "content/dist"]);
    expect({ status: inContent.status, stderr: inContent.stderr }).toEqual({
      status: 2,
      stderr: `build: the output folder ${ROOT}/content/dist is in the content folder ${ROOT}/content: the next build would read it as content. Give --out a folder outside it.\n`,
    });
    // Else the cache, made first, made the output folder look like someone else's, and the build refused that instead.
    const cacheInOut = await runScript("build", [
      "--out",
      "artifacts/out-with-cache",
      "--cache",
      "artifacts/out-with-cache/cache",
    ]);
    expect({ status: cacheInOut.status, stderr: cacheInOut.stderr }).toEqual({
      status: 2,
      stderr: `build: the cache folder ${ROOT}/artifacts/out-with-cache/cache is in the output folder ${ROOT}/artifacts/out-with-cache, which each build replaces whole. Give --cache a folder outside it.\n`,
    });
  });

  it("a malformed SOURCE_DATE_EPOCH is told in one line by the archivers, as by the build, before they read dist/", async () => {
    for (const name of ["package", "archive"]) {
      const { status, stdout, stderr } = await runScript(name, [], { SOURCE_DATE_EPOCH: "abc" });
      expect({ name, status, stdout, stderr }).toEqual({
        name,
        status: 1,
        stdout: "",
        stderr: `${name}: SOURCE_DATE_EPOCH must be whole seconds since 1970, up to the end of 9999 (got "abc").\n`,
      });
    }
  });

  it("the archivers read the output --dist names and write where --out names, relative to where they run", async () => {
    const { dist } = await sharedBuild();
    const out = await temporaryFolder("package-out");
    const packaged = await runScript("package", ["--dist", path.relative(ROOT, dist), "--out", out], {
      SOURCE_DATE_EPOCH: "1750000000",
    });
    expect({ status: packaged.status, stderr: packaged.stderr }).toEqual({ status: 0, stderr: "" });
    expect(await readdir(out)).toEqual(["av-buyer-data-1.0.0.bag.tar"]);
    const missing = await runScript("archive", ["--dist", "no-such-dist", "--out", out]);
    expect({ status: missing.status, stderr: missing.stderr }).toEqual({
      status: 1,
      stderr: `archive: there is no ${ROOT}/no-such-dist: run npm run build first.\n`,
    });
  });

  it("npm start's build tells a PORT the server cannot take before it builds anything", async () => {
    const out = path.join(await temporaryFolder("start-port"), "dist");
    const { status, stdout, stderr } = await runScript("build", ["--out", out], {
      PORT: "abc",
      npm_lifecycle_event: "start",
    });
    expect({ status, stdout, stderr }).toEqual({
      status: 2,
      stdout: "",
      stderr: 'start: PORT must be a port number from 0 to 65535 (got "abc").\n',
    });
    await expect(stat(out)).rejects.toThrow();
  });

  it("npm start builds for the origin it will serve at, and the server says so when an output was built for another", async () => {
    const port = await freePort();
    const out = path.join(await temporaryFolder("start-origin"), "dist");
    const built = await runScript("build", ["--out", out], { PORT: String(port), npm_lifecycle_event: "start" });
    expect(built.status, built.stderr).toBe(0);
    const catalog = JSON.parse(await readFile(path.join(out, ".well-known", "api-catalog"), "utf8"));
    expect(catalog.linkset[0].anchor).toBe(`http://localhost:${port}/api/v1`);
    // What the server prints besides its requests, served on the port it was built for and on others.
    const told = async (listen: string, host = "127.0.0.1") => {
      const child = spawn(NODE, nodeScript("serve"), {
        cwd: ROOT,
        env: { ...cleanEnv, DIST: out, PORT: listen, HOST: host },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let stderr = "";
      child.stderr.on("data", (piece) => (stderr += piece));
      const exited = new Promise((resolve) => child.once("close", resolve));
      await untilPrinted(child, "Serving");
      child.kill("SIGTERM");
      await exited;
      return stderr;
    };
    expect(await told(String(port))).toBe("");
    // The same origin written otherwise (a host name in capitals) is the same origin.
    expect(await told(String(port), "LOCALHOST")).toBe("");
    const other = await freePort();
    expect(await told(String(other))).toBe(
      `serve: this output was built for http://localhost:${port}, so the absolute URLs of its discovery documents (the API catalog, the MCP server card, llms.txt) lead there, not here: build it with BASE_URL=http://localhost:${other} (npm start builds for where it serves).\n`,
    );
    expect(await told("0")).toMatch(/: with PORT=0 the port is known only once the server listens, so give a PORT /);
    // Built for 127.0.0.1 and served there: localhost, as the server names its origin, is the same loopback origin.
    const numeric = await runScript("build", ["--out", out], { BASE_URL: `http://127.0.0.1:${port}` });
    expect(numeric.status, numeric.stderr).toBe(0);
    expect(await told(String(port))).toBe("");
  });

  it("--help and -h print the usage and do nothing else: the server does not start", async () => {
    for (const help of ["--help", "-h"]) {
      const { status, stdout, stderr } = await runScript("serve", [help]);
      expect({ status, stderr }, help).toEqual({ status: 0, stderr: "" });
      expect(stdout, help).toMatch(/^usage: npm run serve\b.*\bPORT \(8080\)/s);
    }
  });

  it("the server refuses to start on a folder that holds no built API, and says what to run", async () => {
    const { status, stdout, stderr } = await runScript("serve", [], { DIST: await temporaryFolder("no-build") });
    expect({ status, stdout }).toEqual({ status: 1, stdout: "" });
    expect(stderr).toMatch(
      /^serve: .*\/avb-no-build-\w+ holds no built API \(no api\/v1\/index\.json\): run npm run build first/,
    );
  });
});
