import { spawnSync } from "node:child_process";
import { existsSync, statfsSync, watch } from "node:fs";
import { createHash } from "node:crypto";
import { appendFile, cp, lstat, mkdir, readdir, readFile, rename, rm, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT_RESOURCE_FILE } from "../build/contract/layout.ts";
import { repairOutput, workDirFor, writeOutputAtomically } from "../build/engine/output/atomic-output.ts";
import { acquireBuildLock } from "../build/engine/output/build-lock.ts";
import { DiskSink } from "../build/engine/output/output-sink.ts";
import { outputFile } from "../build/engine/output/output-file.ts";
import { writeCompiled } from "../build/engine/run/pipeline.ts";
import { generateContent } from "../build/tools/synthetic/generate.ts";
import { optionsFromCommandLine } from "../build/tools/cli.ts";
import { sourceDateEpoch } from "../build/engine/run/source-date-epoch.ts";
import {
  build,
  copyOfShipped,
  FIXTURES,
  fixtureWithCase,
  readTree,
  readTreeDigests,
  ROOT,
  SHIPPED_CONTENT,
  temporaryFolder,
} from "./support/build-helpers.ts";
import { cleanEnv, cli, NODE } from "./support/cli.ts";
import { SHARED_VARIANTS, sharedBuild } from "./support/shared-build.ts";

const BASE = path.join(FIXTURES, "base");

describe("nothing is lost", () => {
  it("a failed build leaves the existing output exactly as it was", async () => {
    const out = path.join(await temporaryFolder("keep"), "dist");
    expect((await build(BASE, out)).ok).toBe(true);
    const before = await readTreeDigests(out);
    const broken = await fixtureWithCase("rank-gap");
    expect((await build(broken, out)).ok).toBe(false);
    expect(await readTreeDigests(out)).toEqual(before);
  });

  it("will not replace a folder that is not an earlier output (the content, someone's files): it is left as it was", async () => {
    const content = await copyOfShipped("foreign-out");
    const before = await readTreeDigests(content.content);
    const mine = path.join(content.folder, "mine");
    await mkdir(mine);
    await writeFile(path.join(mine, "notes.txt"), "not a build");
    for (const out of [content.content, content.folder, mine])
      await expect(build(content.content, out)).rejects.toThrow(
        new RegExp(`^will not replace ${out}: it holds files and is not an earlier build of this API`),
      );
    expect(await readTreeDigests(content.content)).toEqual(before);
    expect(await readFile(path.join(mine, "notes.txt"), "utf8")).toBe("not a build");
    // An empty folder is taken.
    await rm(path.join(mine, "notes.txt"));
    expect((await build(BASE, mine)).ok).toBe(true);
  });

  it("npm run gen will not replace a folder of content it did not write, and replaces its own", async () => {
    const content = await copyOfShipped("gen-over-content");
    const before = await readTreeDigests(content.content);
    await expect(generateContent({ answers: 1, out: content.content })).rejects.toThrow(
      /^will not replace .*: it holds files and is not content this generator wrote/,
    );
    expect(await readTreeDigests(content.content)).toEqual(before);
    // A file given as the folder is left as it was (it was deleted, and a folder written in its place).
    const file = path.join(content.folder, "notes.txt");
    await writeFile(file, "not content");
    await expect(generateContent({ answers: 1, out: file })).rejects.toThrow(
      /^will not replace .*notes\.txt: it is a file, not a folder/,
    );
    expect(await readFile(file, "utf8")).toBe("not content");
    const own = path.join(content.folder, "synthetic");
    await generateContent({ answers: 2, out: own });
    expect((await generateContent({ answers: 1, out: own })).answers).toBe(1);
    expect(await readdir(path.join(own, "answers"))).toHaveLength(1);
  });

  it("leaves a large replaced output that shares no file with the new one to a process that deletes it after the build, and takes up deletions that stopped; removes a small one itself", async () => {
    const out = path.join(await temporaryFolder("discard"), "dist");
    expect((await build(BASE, out, { sourceDateEpoch: 1_700_000_000 })).ok).toBe(true);
    const work = await workDirFor(out);
    // Outside the project, the work folder is the output's hidden sibling: it goes with the output's folder, and
    // goes itself when the build ends with nothing left in it (no empty folder beside every output built).
    expect(work).toBe(path.join(path.dirname(out), ".dist.build"));
    expect(await readdir(path.dirname(out))).toEqual(["dist"]);
    expect(await workDirFor(path.join(ROOT, "artifacts", "dist"))).toMatch(
      /node_modules\/\.cache\/av-buyer-data\/dist-/,
    );
    // The names made in the work folder while a build runs: one renamed for the deleting process is seen, however
    // soon that process takes it.
    const namesMadeDuring = async (epoch: number) => {
      await mkdir(work, { recursive: true });
      const names = new Set<string>();
      const watcher = watch(work, (_event, name) => name && names.add(name)).on("error", () => undefined);
      try {
        expect((await build(BASE, out, { sourceDateEpoch: epoch })).ok).toBe(true);
        // The kernel's events of the build's renames reach the watcher when this thread next looks.
        await new Promise((resolve) => setImmediate(resolve));
        return [...names];
      } finally {
        watcher.close();
      }
    };
    const discarded = new RegExp(`^discard-${process.pid}-`);
    // A small output replaced is removed by the build (a process started to delete it cost more than that).
    expect((await namesMadeDuring(1_750_000_000)).filter((name) => discarded.test(name))).toEqual([]);
    expect(existsSync(work)).toBe(false);
    // One whose checksum list has a line for each of 2,000 files or more is left to a process.
    await appendFile(path.join(out, "SHA256SUMS"), `${"0".repeat(64)}  padding\n`.repeat(2000));
    // Deletions whose process is gone: one never taken by its process, one taken by a process that ended (a
    // process ID above Linux's largest).
    const stopped = ["discard-1-1", "trash-999999999-1"];
    for (const name of stopped) await mkdir(path.join(work, name, "api", "v1"), { recursive: true });
    expect(await namesMadeDuring(1_800_000_000)).toContainEqual(expect.stringMatching(discarded));
    // The new output is in place as the build returns; the old one is no longer the previous output to put back.
    const health = JSON.parse(await readFile(path.join(out, "api", "v1", "health", "index.json"), "utf8"));
    expect(health.generated_at).toBe(new Date(1_800_000_000_000).toISOString().replace(".000Z", "Z"));
    expect(existsSync(path.join(work, "previous"))).toBe(false);
    // Every folder left to delete goes, the stopped ones included, and then the emptied work folder.
    for (let polls = 0; polls < 600 && existsSync(work); polls++)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(existsSync(work)).toBe(false);
  });

  it("repairs an output left between the two renames: the ready folder, else the previous one, comes back", async () => {
    const out = path.join(await temporaryFolder("half-swapped"), "dist");
    expect((await build(BASE, out, { sourceDateEpoch: 1_700_000_000 })).ok).toBe(true);
    const older = await readTreeDigests(out);
    const newer = path.join(await temporaryFolder("half-swapped-newer"), "dist");
    expect((await build(BASE, newer, { sourceDateEpoch: 1_800_000_000 })).ok).toBe(true);
    const newest = await readTreeDigests(newer);
    const work = await workDirFor(out);
    // The state after "rename(out, previous)" and before "rename(ready, out)".
    await mkdir(work, { recursive: true });
    await rename(out, path.join(work, "previous"));
    await rename(newer, path.join(work, "ready"));
    expect(await repairOutput(out)).toBe("restored");
    expect(await readTreeDigests(out)).toEqual(newest);
    // With no ready folder (killed while it was being renamed), the previous output comes back.
    await rm(out, { recursive: true });
    expect(await repairOutput(out)).toBe("restored");
    expect(await readTreeDigests(out)).toEqual(older);
    expect(await repairOutput(out)).toBe("intact");
    // A build repairs it first: the next build's failure then leaves that output, not no output at all.
    await rename(out, path.join(work, "ready"));
    await expect(
      writeOutputAtomically(out, async () => {
        throw new Error("a content problem");
      }),
    ).rejects.toThrow("a content problem");
    expect(await readTreeDigests(out)).toEqual(older);
  });

  it("takes over a lock a killed build left, and waits for a live one's, then says who holds it", async () => {
    const work = path.join(await temporaryFolder("lock"), "work");
    const dead = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], { encoding: "utf8" });
    await mkdir(work);
    await writeFile(path.join(work, "build.lock"), dead.stdout);
    // Released, the lock goes, and the work folder with it.
    await (await acquireBuildLock(work, 2000))();
    expect(existsSync(work)).toBe(false);
    // This process's own pid is alive: waited for, then told.
    await mkdir(work);
    await writeFile(path.join(work, "build.lock"), String(process.pid));
    await expect(acquireBuildLock(work, 100)).rejects.toThrow(`another build (pid ${process.pid}) has held`);
  });

  it("two builds at once into one output wait for each other and leave it whole", async () => {
    const out = path.join(await temporaryFolder("concurrent"), "dist");
    const results = await Promise.all([build(BASE, out), build(BASE, out), build(BASE, out)]);
    expect(results.every((result) => result.ok)).toBe(true);
    const reference = path.join(await temporaryFolder("reference"), "dist");
    await build(BASE, reference);
    expect(await readTreeDigests(out)).toEqual(await readTreeDigests(reference));
  });

  it("a write from memory stopped midway (a dev loop's newer save) leaves the output as it was, and the next is whole", async () => {
    const out = path.join(await temporaryFolder("stopped"), "dist");
    // More files than one turn of writeCompiled (256), so that it looks at `stop` between two of them; and the root
    // resource, which makes a folder an output that a build replaces.
    const files = (tag: string) => [
      { path: ROOT_RESOURCE_FILE, contents: "{}" },
      ...Array.from({ length: 599 }, (_, at) => ({ path: `/files/${tag}-${at}.txt`, contents: `${tag} ${at}\n` })),
    ];
    expect(await writeCompiled(out, files("first"), new Map())).toBe(true);
    const first = await readTreeDigests(out);
    let looks = 0;
    // Not stopped when it starts, stopped at the first look after that.
    expect(await writeCompiled(out, files("second"), new Map(), undefined, () => looks++ > 0)).toBe(false);
    expect(looks).toBe(2);
    expect(await readTreeDigests(out)).toEqual(first);
    // Its partial stage is left for the next write to clear, not removed while the next build waits.
    expect(existsSync(path.join(await workDirFor(out), "stage"))).toBe(true);
    expect(await writeCompiled(out, files("third"), new Map())).toBe(true);
    const third = await readTreeDigests(out);
    expect(third.size).toBe(600);
    expect([...third.keys()].filter((file) => !file.includes("third-"))).toEqual([ROOT_RESOURCE_FILE.slice(1)]);
  });
});

describe("reproducible", () => {
  // Both are compared with the run's shared build of the shipped content, which every other test file reads too.
  it("two builds of the same content in different folders are byte-identical", async () => {
    const shared = await sharedBuild("epoch");
    const two = await temporaryFolder("two");
    // The content itself is copied too, so that no absolute path can leak into the output.
    await cp(SHIPPED_CONTENT, path.join(two, "content"), { recursive: true });
    await build(path.join(two, "content"), path.join(two, "dist"), { ...SHARED_VARIANTS.epoch, workers: 0 });
    const first = await readTreeDigests(shared.dist);
    expect(first.size).toBeGreaterThan(30);
    expect(await readTreeDigests(path.join(two, "dist"))).toEqual(first);
  });

  it("the same bytes whether files are parsed and answers rendered on worker threads or not", async () => {
    // On this thread alone in the test above, on two worker threads here.
    const shared = await sharedBuild("epoch");
    const threaded = path.join(await temporaryFolder("threaded"), "dist");
    expect((await build(SHIPPED_CONTENT, threaded, { ...SHARED_VARIANTS.epoch, workers: 2 })).ok).toBe(true);
    expect(await readTreeDigests(threaded)).toEqual(await readTreeDigests(shared.dist));
  }, 90_000);

  it("without SOURCE_DATE_EPOCH, generation time comes from the content, not the clock: the newest entry of its changelog", async () => {
    const folder = await temporaryFolder("no-epoch");
    const content = path.join(folder, "content");
    await cp(BASE, content, { recursive: true });
    const out = path.join(folder, "dist");
    const generated = async () => {
      expect((await build(content, out)).ok).toBe(true);
      return JSON.parse(await readFile(path.join(out, "api/v1/health/index.json"), "utf8")).generated_at;
    };
    expect(await generated()).toBe("2026-11-02T00:00:00Z");
    // A change to the files' form, dated after every review and methodology version, is the changelog's newest.
    await appendFile(
      path.join(content, "site.yaml"),
      "format_changes:\n  - date: 2026-11-05\n    change: A change to the form of the files, for this test.\n",
    );
    expect(await generated()).toBe("2026-11-05T00:00:00Z");
    // As is a data correction dated later, which the sitemap's dates follow too.
    await appendFile(
      path.join(content, "disclosure.yaml"),
      'data_corrections:\n  - date: 2026-11-09\n    summary: "A correction, for this test."\n    items:\n      - "A correction."\n',
    );
    expect(await generated()).toBe("2026-11-09T00:00:00Z");
    const lastmods = (await readFile(path.join(out, "sitemap.xml"), "utf8")).match(/<lastmod>[^<]*<\/lastmod>/g)!;
    expect(new Set(lastmods)).toEqual(new Set(["<lastmod>2026-11-09</lastmod>"]));
  });

  it("gives another content digest when only the synonyms change: what q answers changes with them", async () => {
    const folder = await temporaryFolder("synonyms-digest");
    const content = path.join(folder, "content");
    await cp(BASE, content, { recursive: true });
    const digest = async (label: string) => {
      const out = path.join(folder, label);
      expect((await build(content, out, { sourceDateEpoch: 1_700_000_000 })).ok).toBe(true);
      return JSON.parse(await readFile(path.join(out, "api/v1/health/index.json"), "utf8")).content_digest;
    };
    const before = await digest("before");
    await appendFile(path.join(content, "synonyms.yaml"), "  - words: [lectern, podium]\n    why: For this test.\n");
    expect(await digest("after")).not.toBe(before);
  });
});

describe("the command line", () => {
  it("prints every problem once and exits 1 on bad content", async () => {
    const content = await fixtureWithCase("bad-date");
    const run = spawnSync(NODE, cli("--content", content, "--out", path.join(path.dirname(content), "dist")), {
      encoding: "utf8",
      cwd: ROOT,
      env: cleanEnv,
    });
    expect(run.status).toBe(1);
    expect(run.stdout).toBe("");
    expect(run.stderr).toMatch(/^.*content\/answers\/beta-mics\.md:10:11 error schema\/format /m);
    expect(run.stderr).toMatch(/3 problems in 2 files\. Nothing was written/);
  });

  it("builds an --out that is a symbolic link where it points, leaving the link, and sees a link into the content for what it is", async () => {
    const folder = await temporaryFolder("linked-out");
    const target = path.join(folder, "served");
    const link = path.join(folder, "dist");
    // A link to a folder not made yet, as to a web server's folder: made there, the link kept.
    await symlink(target, link);
    const run = spawnSync(NODE, cli("--content", BASE, "--out", link), { encoding: "utf8", cwd: ROOT, env: cleanEnv });
    expect(run.status, run.stderr).toBe(0);
    expect((await lstat(link)).isSymbolicLink()).toBe(true);
    expect(existsSync(path.join(target, ROOT_RESOURCE_FILE))).toBe(true);
    // Again, into the earlier output it points at: replaced there, the link still a link.
    const again = spawnSync(NODE, cli("--content", BASE, "--out", link), {
      encoding: "utf8",
      cwd: ROOT,
      env: cleanEnv,
    });
    expect(again.status, again.stderr).toBe(0);
    expect((await lstat(link)).isSymbolicLink()).toBe(true);
    const content = path.join(folder, "content");
    await cp(BASE, content, { recursive: true });
    await symlink(path.join(content, "answers"), path.join(folder, "into-content"));
    expect(() =>
      optionsFromCommandLine(["--content", content, "--out", path.join(folder, "into-content", "dist")], {}),
    ).toThrow(/^the output folder .*\/content\/answers\/dist is in the content folder .*\/content: /);
    // The other way round: each build replaces its output whole, the content in it too.
    expect(() => optionsFromCommandLine(["--content", content, "--out", folder], {})).toThrow(
      /^the content folder .*\/content is in the output folder .*: it would be deleted\. /,
    );
  });

  it("says plainly when the output cannot be written, and exits 1", async () => {
    const folder = await temporaryFolder("unwritable");
    await writeFile(path.join(folder, "a-file"), "not a folder");
    const out = path.join(folder, "a-file", "dist");
    const run = spawnSync(NODE, cli("--content", BASE, "--out", out), { encoding: "utf8", cwd: ROOT, env: cleanEnv });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(
      /^build failed: cannot write the output folder .*a-file\/dist: a file stands where a folder is needed \((EEXIST|ENOTDIR) on .*\)\. The previous output, if any, is unchanged\.\n$/,
    );
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });

  it("says plainly when the disk is full, and leaves the previous output and the free space as they were", async (context) => {
    // A real file system with room for one output of the base fixture, not two: one and a half times the pages
    // an output takes, measured, so that the test holds as the output grows.
    const probe = path.join(await temporaryFolder("full-disk-probe"), "dist");
    expect((await build(BASE, probe, { sourceDateEpoch: 1_700_000_000 })).ok).toBe(true);
    const pages = [...(await readTree(probe)).values()].reduce((sum, bytes) => sum + Math.ceil(bytes.length / 4096), 0);
    const disk = path.join(await temporaryFolder("full-disk"), "disk");
    await mkdir(disk);
    const mounted = spawnSync("mount", ["-t", "tmpfs", "-o", `size=${Math.ceil(pages * 1.5) * 4}k`, "tmpfs", disk], {
      encoding: "utf8",
    });
    if (mounted.status !== 0) {
      context.skip(`mounting a small file system needs root (mount said: ${mounted.stderr.trim()})`);
      return;
    }
    try {
      const out = path.join(disk, "dist");
      expect((await build(BASE, out, { sourceDateEpoch: 1_700_000_000 })).ok).toBe(true);
      const before = await readTreeDigests(out);
      const free = statfsSync(disk).bfree;
      // A second build needs a second copy beside the first before it can swap: the disk fills while it writes.
      const run = spawnSync(NODE, cli("--content", BASE, "--out", out), {
        encoding: "utf8",
        cwd: ROOT,
        env: { ...cleanEnv, SOURCE_DATE_EPOCH: "1700000001" },
      });
      expect(run.status).toBe(1);
      expect(run.stderr).toMatch(
        /^build failed: cannot write the output folder .*\/disk\/dist: the disk is full \(ENOSPC on .*\)\. The previous output, if any, is unchanged\.\n$/,
      );
      expect(await readTreeDigests(out)).toEqual(before);
      expect(statfsSync(disk).bfree).toBe(free);
    } finally {
      spawnSync("umount", [disk]);
    }
  });

  it("reports a write error on a streamed file as a failed write, whenever it comes, never as an uncaught error", async () => {
    // /dev/full accepts the open and fails every write with ENOSPC, after write() has already returned.
    const root = path.join(await temporaryFolder("streamed-enospc"), "out");
    await mkdir(path.join(root, "data"), { recursive: true });
    await symlink("/dev/full", path.join(root, "data", "full.csv"));
    const sink = new DiskSink(root);
    const stream = await sink.stream("/data/full.csv");
    await stream.write("a,b\n").catch(() => undefined);
    await expect(stream.close()).rejects.toMatchObject({ code: "ENOSPC" });
    await expect(stream.write("more\n")).rejects.toMatchObject({ code: "ENOSPC" });
    await expect(sink.finish()).rejects.toMatchObject({ code: "ENOSPC" });
  });

  it("reports a write error on a whole file as a failed write too, and refuses a path that leaves the output folder", async () => {
    const root = path.join(await temporaryFolder("whole-enospc"), "out");
    await mkdir(path.join(root, "data"), { recursive: true });
    await symlink("/dev/full", path.join(root, "data", "full.json"));
    const sink = new DiskSink(root);
    await sink.file("/data/full.json", "{}");
    await expect(sink.finish()).rejects.toMatchObject({ code: "ENOSPC" });
    const escaping = new DiskSink(root);
    await expect(escaping.file("/../escaped.json", "{}")).rejects.toThrow(
      "output path /../escaped.json leaves the output folder",
    );
    expect(existsSync(path.join(path.dirname(root), "escaped.json"))).toBe(false);
  });

  it("writes a file given in pieces byte for byte, past the 1,024 buffers one writev takes, its digest that of the whole", async () => {
    const root = path.join(await temporaryFolder("pieces"), "out");
    const sink = new DiskSink(root);
    // 3,000 pieces of 0 to 4,999 bytes, as a build held in memory keeps a streamed file.
    const pieces = Array.from({ length: 3000 }, (_, at) => Buffer.alloc((at * 7919) % 5000, at % 251));
    const whole = Buffer.concat(pieces);
    await sink.file("/data/pieces.ndjson", pieces);
    await sink.finish();
    expect((await readFile(path.join(root, "data", "pieces.ndjson"))).equals(whole)).toBe(true);
    expect(sink.digests.get("/data/pieces.ndjson")).toBe(createHash("sha256").update(whole).digest("hex"));
  });

  it("refuses a BASE_URL that is not an origin", async () => {
    const run = spawnSync(NODE, cli("--content", BASE, "--out", path.join(await temporaryFolder("bad-base"), "dist")), {
      encoding: "utf8",
      cwd: ROOT,
      env: { ...cleanEnv, BASE_URL: "/" },
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('BASE_URL must be an origin such as https://example.org, with no path (got "/")');
    // Ones the URL parser refuses, told so rather than as a TypeError's stack at the build's end.
    const out = path.join(await temporaryFolder("bad-base-parse"), "dist");
    for (const value of ["http://a:99999", "http://a%22%3E"])
      expect(() => optionsFromCommandLine(["--content", BASE, "--out", out], { BASE_URL: value }), value).toThrow(
        `BASE_URL must be an origin such as https://example.org, with no path (got "${value}").`,
      );
  });

  it("refuses a malformed SOURCE_DATE_EPOCH", async () => {
    const out = path.join(await temporaryFolder("bad-epoch"), "dist");
    await mkdir(out);
    const run = spawnSync(NODE, cli("--content", BASE, "--out", out), {
      encoding: "utf8",
      cwd: ROOT,
      env: { ...cleanEnv, SOURCE_DATE_EPOCH: "yesterday" },
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain("SOURCE_DATE_EPOCH must be whole seconds");
    // Milliseconds, the usual slip: a date in the year 55,840, which no ZIP file and no RFC 3339 time can hold.
    expect(() => sourceDateEpoch({ SOURCE_DATE_EPOCH: "1700000000000" })).toThrow(
      'SOURCE_DATE_EPOCH must be whole seconds since 1970, up to the end of 9999 (got "1700000000000": milliseconds?).',
    );
    expect(sourceDateEpoch({ SOURCE_DATE_EPOCH: "253402300799" })).toBe(253_402_300_799);
  });

  it("refuses a cache folder inside the content: the next build would read its files as content", async () => {
    const out = path.join(await temporaryFolder("cache-in-content"), "dist");
    expect(() =>
      optionsFromCommandLine(["--content", BASE, "--out", out, "--cache", path.join(BASE, "cache")], {}),
    ).toThrow(/^the cache folder .*\/cache is in the content folder .*: the next build would read it as content\. /);
  });

  it("refuses a number of threads that is not a whole number", async () => {
    const out = path.join(await temporaryFolder("bad-threads"), "dist");
    const run = spawnSync(NODE, cli("--content", BASE, "--out", out, "--threads", "2.5"), {
      encoding: "utf8",
      cwd: ROOT,
      env: cleanEnv,
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('--threads takes a whole number of worker threads from 0 to 64 (got "2.5")');
    // Up to 64 exactly.
    const threads = (value: string) =>
      optionsFromCommandLine(["--content", BASE, "--out", out, "--threads", value], {});
    expect([threads("0").workers, threads("64").workers]).toEqual([0, 64]);
    expect(() => threads("65")).toThrow('--threads takes a whole number of worker threads from 0 to 64 (got "65").');
  });

  it("refuses --cache and --no-cache together, which ask for two different builds", async () => {
    const folder = await temporaryFolder("cache-twice");
    const run = spawnSync(
      NODE,
      cli("--content", BASE, "--out", path.join(folder, "dist"), "--cache", path.join(folder, "cache"), "--no-cache"),
      { encoding: "utf8", cwd: ROOT, env: cleanEnv },
    );
    expect(run.status).toBe(2);
    expect(run.stderr).toContain("--cache and --no-cache were both given");
  });
});

describe("a URL path's file under an output folder", () => {
  it("is exactly the path path.join makes of it, a path that would leave the folder included", () => {
    const paths = [
      "/api/v1/index.json",
      "/a",
      "/",
      "",
      "//x",
      "/a//b",
      "/./x",
      "/a/../b",
      "/..",
      "/a/.",
      "/.well-known/x",
    ];
    for (const root of ["/tmp/out", "out", "/tmp/out/", "/"])
      for (const urlPath of paths)
        expect(outputFile(root, urlPath), JSON.stringify([root, urlPath])).toBe(
          path.join(root, ...urlPath.split("/").filter(Boolean)),
        );
  });
});
