/**
 * `npm run dev` as an author uses it: the real command's module in a child process on a free port, over HTTP.
 * A saved change reaches the API (the file, and the edge entry's `?slug=` answer), served from memory (dist/
 * removed, it still answers); a broken file prints its diagnostics while the last good output is still served; the
 * fixed file clears them, and dist/ is written again.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { statSync } from "node:fs";
import { readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { copyOfGenerated, copyOfShipped, ROOT } from "./support/build-helpers.ts";
import { cleanEnv, cli, NODE, nodeScript } from "./support/cli.ts";
import { freePort } from "../build/serve/server/free-port.ts";
import { BuildCache } from "../build/engine/cache/build-cache.ts";
import { DevLoop } from "../build/tools/dev/dev-loop.ts";
import { runBuild } from "../build/engine/run/pipeline.ts";
import { fileBytes } from "../build/serve/server/static-files.ts";

const DEADLINE_MS = 20_000;

let output = "";

async function until<T>(what: string, check: () => Promise<T | undefined> | T | undefined): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (child && child.exitCode !== null)
      throw new Error(`the dev loop exited (${child.exitCode}) while the test waited for ${what}:\n${output}`);
    if (Date.now() - started > DEADLINE_MS)
      throw new Error(`waited ${DEADLINE_MS} ms for ${what}; the dev loop printed:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Saved as most editors save: a new file renamed over the old one. */
async function saveAtomically(file: string, text: string): Promise<void> {
  await writeFile(`${file}.tmp-save`, text);
  await rename(`${file}.tmp-save`, file);
}

let child: ChildProcess | undefined;

/** Answers of the generated content (test/support/build-helpers.ts, copyOfGenerated). */
const [A, B] = ["synthetic-answer-000001", "synthetic-answer-000002"];

/**
 * A dev loop in this process on a copy of 20 generated answers (or of the shipped content), watching nothing (the
 * test says what changed).
 */
async function loopOn(
  label: string,
  from: "generated" | "shipped" = "generated",
): Promise<{ content: string; lines: string[]; loop: DevLoop }> {
  const { folder, content } = await (from === "shipped" ? copyOfShipped : copyOfGenerated)(label);
  const outDir = path.join(folder, "dist");
  const lines: string[] = [];
  const loop = await DevLoop.start({
    build: { contentDir: content, outDir, cache: await BuildCache.open(content, outDir, path.join(folder, "cache")) },
    watch: [],
    print: (text) => void lines.push(text),
  });
  return { content, lines, loop };
}

describe("npm run dev", () => {
  afterAll(async () => {
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child!.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
  });

  it("runs the dev loop's module from its kept bundle, as npm start runs the server", () => {
    expect(nodeScript("dev")).toEqual(["build/tools/launch.mjs", "build/tools/dev/start.ts"]);
    expect(nodeScript("start")).toEqual(["build/tools/launch.mjs", "build/serve/server/start.ts"]);
  });

  it("starts from npm run build's output and cache, serves each saved change within moments, keeps the last good output while the content is broken, and clears the problems when it is fixed", async () => {
    const { folder, content } = await copyOfShipped("dev-loop");
    const port = await freePort();
    const places = ["--content", content, "--out", path.join(folder, "dist"), "--cache", path.join(folder, "cache")];
    // What a writer runs first: the dev loop (another entry of the launcher) then builds nothing again.
    const built = spawnSync(NODE, cli(...places), { cwd: ROOT, env: cleanEnv, encoding: "utf8" });
    expect(built.status, built.stderr).toBe(0);
    child = spawn(process.execPath, [...nodeScript("dev"), ...places], {
      cwd: ROOT,
      // Vitest sets BASE_URL to "/" (Vite's), which the build would refuse as an origin.
      env: {
        ...Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== "BASE_URL")),
        PORT: String(port),
        HOST: "127.0.0.1",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const linesAfter = (mark: number) => output.slice(mark);
    await until("the server", () =>
      /dev: serving .* at http:\/\/localhost:\d+\/api\/v1/.test(output) ? true : undefined,
    );
    expect(output).toMatch(/dev: first build: built in \d+ ms: parsed 0 of 116 files, rendered 0 of 20 answers/);

    const api = `http://127.0.0.1:${port}/api/v1`;
    const titleOf = async (url: string) => {
      const response = await fetch(url);
      expect(response.status, url).toBe(200);
      return ((await response.json()) as { data: Array<{ title: string }> }).data[0]?.title;
    };
    const file = path.join(content, "answers", "room-sizing.md");
    const original = await readFile(file, "utf8");
    expect(await titleOf(`${api}/answers/room-sizing.json`)).toBe("Sizing video conferencing equipment to the room");
    // Built for where it serves: the discovery documents' absolute URLs lead back to this loop.
    const catalog = (await (await fetch(`http://127.0.0.1:${port}/.well-known/api-catalog`)).json()) as {
      linkset: Array<{ anchor: string }>;
    };
    expect(catalog.linkset[0]!.anchor).toBe(`http://localhost:${port}/api/v1`);
    const digestBefore = ((await (await fetch(`${api}/health`)).json()) as { content_digest: string }).content_digest;

    // Two saves in a row, the second replacing the file the first made (where Node 20's recursive watch went blind).
    for (const [index, title] of [
      "Sizing equipment to the room (draft one)",
      "Sizing equipment to the room (draft two)",
    ].entries()) {
      const mark = output.length;
      const saved = performance.now();
      await saveAtomically(file, original.replace(/^title: .*$/m, `title: ${title}`));
      await until(`save ${index + 1} in the answer's file`, async () =>
        (await titleOf(`${api}/answers/room-sizing.json`)) === title ? true : undefined,
      );
      const seenAfterMs = performance.now() - saved;
      await until(`save ${index + 1} through the edge entry`, async () =>
        (await titleOf(`${api}/answers?slug=room-sizing`)) === title ? true : undefined,
      );
      // One line per rebuild: what changed, what was done again, how long it took. (On a busy machine the
      // temporary file of the save can be seen before its rename: a rebuild that reports it, then one more.)
      const line = await until(
        "the rebuild's line",
        () =>
          /dev: [^\n]*room-sizing\.md[^\n]*: (fixed; )?rebuilt in \d+ ms: parsed [01] of 116 files, rendered \d+ of 20 answers[^\n]*\n/.exec(
            linesAfter(mark),
          )?.[0],
      );
      expect(line.split("\n").filter(Boolean)).toHaveLength(1);
      expect(seenAfterMs).toBeGreaterThan(0);
    }
    // Served from memory: with dist/ gone (it is written after each build is served), the API answers as before.
    await rm(path.join(folder, "dist"), { recursive: true, force: true });
    expect(await titleOf(`${api}/answers/room-sizing.json`)).toBe("Sizing equipment to the room (draft two)");
    expect(await titleOf(`${api}/answers?slug=room-sizing`)).toBe("Sizing equipment to the room (draft two)");
    const digestAfter = ((await (await fetch(`${api}/health`)).json()) as { content_digest: string }).content_digest;
    expect(digestAfter).not.toBe(digestBefore);

    // Broken: the diagnostics as `npm run build` prints them, and the last good output still served.
    let mark = output.length;
    await saveAtomically(file, original.replace(/^summary: >-$/m, "summary: [unclosed"));
    await until("the diagnostics", () =>
      /room-sizing\.md:\d+:\d+ error yaml\/syntax[\s\S]*still serving the last good build/.test(linesAfter(mark))
        ? true
        : undefined,
    );
    expect(linesAfter(mark)).toMatch(
      /room-sizing\.md:\d+:\d+ error yaml\/syntax[^\n]*\n[^\n]*\n[^\n]*\n\n1 problem in 1 file\. Nothing was written; the previous output is untouched\./,
    );
    expect(await titleOf(`${api}/answers/room-sizing.json`)).toBe("Sizing equipment to the room (draft two)");
    expect(await titleOf(`${api}/answers?slug=room-sizing`)).toBe("Sizing equipment to the room (draft two)");

    // Fixed, in place this time (a plain write, no rename): the problems are cleared and the fix is served.
    mark = output.length;
    await writeFile(file, original);
    await until("the fixed build", () =>
      /dev: [^\n]*: fixed; rebuilt in \d+ ms/.test(linesAfter(mark)) ? true : undefined,
    );
    await until("the fixed answer", async () =>
      (await titleOf(`${api}/answers/room-sizing.json`)) === "Sizing video conferencing equipment to the room"
        ? true
        : undefined,
    );
    expect(((await (await fetch(`${api}/health`)).json()) as { content_digest: string }).content_digest).toBe(
      digestBefore,
    );
    // And dist/ is written again after the fixed build is served.
    expect((await stat(path.join(folder, "dist", "api", "v1", "answers", "room-sizing.json"))).isFile()).toBe(true);
  });

  it("builds in memory up to its limit of answers, and past it into dist/ as npm run build does, serving from there", async () => {
    const { folder, content } = await copyOfGenerated("dev-loop-limit");
    const lines: string[] = [];
    const served = async (loop: DevLoop) => {
      const key = await loop.served.resolve(`/api/v1/answers/${A}.json`);
      return key === undefined ? undefined : (await loop.served.load(key)).disk;
    };
    for (const [limit, expected] of [
      [20, /served; the rest made and dist\/ written in \d+ ms/],
      [19, /served; written to dist\/ and served from there \(over 19 answers\)/],
    ] as const) {
      const outDir = path.join(folder, `dist-${limit}`);
      const loop = await DevLoop.start({
        build: {
          contentDir: content,
          outDir,
          cache: await BuildCache.open(content, outDir, path.join(folder, "cache")),
        },
        watch: [],
        print: (text) => void lines.push(text),
        inMemoryAnswers: limit,
      });
      await loop.close();
      expect(lines.pop()).toMatch(expected);
      // From memory (no file on disk behind it), or from dist/.
      expect((await served(loop))?.path).toBe(
        limit === 20 ? undefined : path.join(outDir, "api", "v1", "answers", `${A}.json`),
      );
      expect((await stat(path.join(outDir, "api", "v1", "answers", `${A}.json`))).isFile()).toBe(true);
    }
    // Grown past the limit during a session: served from dist/ from then on, not from the last build in memory.
    const outDir = path.join(folder, "dist-grown");
    const options = {
      build: { contentDir: content, outDir, cache: await BuildCache.open(content, outDir, path.join(folder, "cache")) },
      watch: [],
      print: (text: string) => void lines.push(text),
      inMemoryAnswers: 20,
    };
    const grown = await DevLoop.start(options);
    expect((await served(grown))?.path).toBeUndefined();
    options.inMemoryAnswers = 19;
    grown.request([]);
    await grown.close();
    expect((await served(grown))?.path).toBe(path.join(outDir, "api", "v1", "answers", `${A}.json`));
  });

  it("says where the problems are when a save is fine but another file is still broken", async () => {
    const { content, lines, loop } = await loopOn("dev-loop-elsewhere");
    const broken = path.join(content, "answers", `${A}.md`);
    const saved = path.join(content, "answers", `${B}.md`);
    // A file of no kind the layout has is named too (it was left out, or said "a change").
    const stray = path.join(content, "answers", "notes.txt");
    await writeFile(broken, (await readFile(broken, "utf8")).replace(/^title: .*$/m, "title: [unclosed"));
    await writeFile(stray, "notes\n");
    loop.request([broken, stray]);
    await loop.idle();
    expect(lines.at(-1)).toMatch(
      /^dev: \S*synthetic-answer-000001\.md: 2 problems \(\d+ ms\); still serving the last good build\n$/,
    );
    await writeFile(saved, (await readFile(saved, "utf8")).replace(/^title: .*$/m, "title: Accessibility, saved"));
    loop.request([saved]);
    await loop.idle();
    expect(lines.at(-1)).toMatch(
      /^dev: \S*synthetic-answer-000002\.md: 2 problems, in \S*notes\.txt, \S*synthetic-answer-000001\.md, which this save did not change \(\d+ ms\); still serving the last good build\n$/,
    );
    // A save that mends its own file while another stays broken says it fixed it, and what is left where.
    const good = await readFile(saved, "utf8");
    await writeFile(saved, good.replace(/^title: .*$/m, "title: [unclosed"));
    loop.request([saved]);
    await loop.idle();
    await writeFile(saved, good);
    loop.request([saved]);
    await loop.idle();
    await loop.close();
    expect(lines.at(-1)).toMatch(
      /^dev: \S*synthetic-answer-000002\.md: fixed; 2 problems left, in \S*notes\.txt, \S*synthetic-answer-000001\.md, which this save did not change \(\d+ ms\); still serving the last good build\n$/,
    );
  });

  it("says a fix that puts back the last good build's content is that, not a build that wrote nothing", async () => {
    const { content, lines, loop } = await loopOn("dev-loop-put-back");
    const file = path.join(content, "answers", `${A}.md`);
    const good = await readFile(file, "utf8");
    await writeFile(file, good.replace(/^title: .*$/m, "title: [unclosed"));
    loop.request([file]);
    await loop.idle();
    expect(lines.at(-1)).toMatch(/still serving the last good build\n$/);
    await writeFile(file, good);
    loop.request([file]);
    await loop.idle();
    await loop.close();
    expect(lines.at(-1)).toMatch(
      /^dev: \S*synthetic-answer-000001\.md: fixed, back to the last good build, which stayed served \(\d+ ms; dist\/ unchanged\)\n$/,
    );
  });

  it("looks again after a save only at what the watcher named, and finds by a full walk what it missed", async () => {
    const { content, lines, loop } = await loopOn("dev-loop-walk");
    // A build with nothing changed: a file the first build hashed within moments of its copy (racy, so read again
    // each build until then) is settled by it, and is known by its stamp alone from then on.
    loop.request([]);
    await loop.idle();
    // What an editor leaves beside a file it saves (an autosave, a backup) builds nothing.
    lines.length = 0;
    const litter = [`#${A}.md#`, `${A}.md~`].map((name) => path.join(content, "answers", name));
    for (const file of litter) await writeFile(file, "draft");
    loop.request(litter);
    await loop.idle();
    expect(lines).toEqual([]);
    const titles = {
      [A]: "Sizing, as the watcher saw",
      [B]: "Accessibility, unseen by the watcher",
    };
    for (const [slug, title] of Object.entries(titles)) {
      const file = path.join(content, "answers", `${slug}.md`);
      await writeFile(file, (await readFile(file, "utf8")).replace(/^title: .*$/m, `title: ${title}`));
    }
    lines.length = 0;
    // Only one of the two saves is reported, as from a watcher whose queue overflowed.
    loop.request([path.join(content, "answers", `${A}.md`)]);
    await loop.idle();
    await loop.close();
    // The first rebuild read the one file named (a walk afresh would have found both); the full walk after it
    // found the other, and built again.
    expect(lines[0]).toMatch(
      /^dev: .*synthetic-answer-000001\.md: rebuilt in \d+ ms: parsed 1 of 43 files, rendered \d+ of 20/,
    );
    expect(lines[1]).toMatch(/^dev: .*synthetic-answer-000002\.md: changed since the build looked; building again\n$/);
    expect(lines[2]).toMatch(/^dev: .*synthetic-answer-000002\.md: rebuilt in \d+ ms: parsed 1 of 43 files/);
    for (const [slug, title] of Object.entries(titles)) {
      const key = await loop.served.resolve(`/api/v1/answers/${slug}.json`);
      expect(JSON.parse((await fileBytes(await loop.served.load(key!))).toString()).data[0].title).toBe(title);
    }
  });

  it("builds a save made while the last is built at once, giving up the rest of the last, and keeps every parse for the next build all the same", async () => {
    const { content, lines, loop } = await loopOn("dev-loop-queued");
    const file = path.join(content, "answers", `${A}.md`);
    const text = await readFile(file, "utf8");
    lines.length = 0;
    for (const title of ["Sizing, saved first", "Sizing, saved again while the first was built"]) {
      // Renamed into place: the build under way reads one save or the other, never a file half written.
      await saveAtomically(file, text.replace(/^title: .*$/m, `title: ${title}`));
      loop.request([file]);
    }
    // A second file named while the first save is built: the queued build takes both saves, not the last alone.
    loop.request([path.join(content, "answers", `${B}.md`)]);
    await loop.idle();
    await loop.close();
    // (A third line may follow: the full walk after the second build reads the file again when it was saved within
    // moments of its hashing, and builds again.)
    expect(lines.length, lines.join("")).toBeGreaterThanOrEqual(2);
    expect(lines[0]).toMatch(
      /synthetic-answer-000001\.md: rebuilt in \d+ ms: [^\n]*, served; the rest and dist\/ left to the next build\n$/,
    );
    expect(lines[1]).toMatch(
      /synthetic-answer-000001\.md, [^\n]*synthetic-answer-000002\.md: rebuilt in \d+ ms: [^\n]*, served; the rest made and dist\/ written/,
    );
    const key = await loop.served.resolve(`/api/v1/answers/${A}.json`);
    expect(JSON.parse((await fileBytes(await loop.served.load(key!))).toString()).data[0].title).toBe(
      "Sizing, saved again while the first was built",
    );
    // The build given up left its parses to the next, which saved them: a build in a new process parses nothing.
    const outDir = path.join(path.dirname(content), "dist");
    const cache = await BuildCache.open(content, outDir, path.join(path.dirname(content), "cache"));
    expect((await runBuild({ contentDir: content, outDir, cache })).ok).toBe(true);
    expect(cache.stats.parsed.misses).toBe(0);
  });

  it("keeps what the rules found of unchanged files only while the rest of the content is unchanged too", async () => {
    const { content, loop } = await loopOn("dev-loop-findings", "shipped");
    // A source renamed in the register: answers that cite it, unchanged themselves, now cite an unknown source.
    const register = path.join(content, "sources.yaml");
    await writeFile(
      register,
      (await readFile(register, "utf8")).replace("id: msft-teams-rooms-plan\n", "id: msft-teams-rooms-plan-renamed\n"),
    );
    loop.request([register]);
    await loop.idle();
    await loop.close();
    expect(loop.last?.ok).toBe(false);
    const unknown =
      loop.last?.ok === false ? loop.last.diagnostics.filter((found) => found.code === "reference/unknown-source") : [];
    // In an unchanged answer (its checks run again) and in the unchanged claim audit (the checks of the other files too).
    expect(unknown.map((found) => found.file)).toContain("answers/room-sizing.md");
    expect(unknown.map((found) => found.file)).toContain("audit/answer-display-size.yaml");
  });

  it("rehearses a save once its first build is served, saying, serving and writing nothing for it, and builds the saves after", async () => {
    const { folder, content } = await copyOfGenerated("dev-loop-rehearsal");
    const outDir = path.join(folder, "dist");
    const lines: string[] = [];
    const cache = await BuildCache.open(content, outDir, path.join(folder, "cache"));
    let written: number | undefined;
    const file = path.join(content, "answers", `${A}.md`);
    const started = DevLoop.start({
      build: { contentDir: content, outDir, cache },
      watch: [path.join(content, "answers")],
      print: (text) => {
        lines.push(text);
        // The first build, served and written: what the rehearsal must leave as it is.
        written ??= statSync(outDir).ino;
      },
    });
    const loop = await started;
    expect(lines).toHaveLength(1);
    expect(loop.builds).toBe(1);
    expect(statSync(outDir).ino, "dist/ was not written again").toBe(written);
    const key = await loop.served.resolve(`/api/v1/answers/${A}.json`);
    expect((await loop.served.load(key!)).disk, "served from memory").toBeUndefined();

    await saveAtomically(
      file,
      (await readFile(file, "utf8")).replace(/^title: .*$/m, "title: Saved after it rehearsed"),
    );
    await until("the save built", () => (loop.builds === 2 ? true : undefined));
    await loop.close();
    const served = await loop.served.resolve(`/api/v1/answers/${A}.json`);
    expect(JSON.parse((await fileBytes(await loop.served.load(served!))).toString()).data[0].title).toBe(
      "Saved after it rehearsed",
    );
  });

  it("serves a build it cannot write to dist/ from memory all the same, and says why dist/ is behind", async () => {
    const { folder, content } = await copyOfGenerated("dev-loop-unwritable");
    await writeFile(path.join(folder, "a-file"), "not a folder\n");
    const outDir = path.join(folder, "a-file", "dist");
    const lines: string[] = [];
    const loop = await DevLoop.start({
      build: { contentDir: content, outDir, cache: await BuildCache.open(content, outDir, path.join(folder, "cache")) },
      watch: [],
      print: (text) => void lines.push(text),
    });
    await loop.close();
    expect(lines.pop()).toMatch(
      /^dev: first build: built in \d+ ms: .*, served; dist\/ not written: cannot write the output folder .*a-file\/dist: a file stands where a folder is needed/,
    );
    const key = await loop.served.resolve(`/api/v1/answers/${A}.json`);
    expect(JSON.parse((await fileBytes(await loop.served.load(key!))).toString()).data[0].slug).toBe(A);
  });
});
