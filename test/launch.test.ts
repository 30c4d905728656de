/**
 * build/tools/launch.mjs, which `npm run build` starts the CLI with: in a project of its own (the launcher copied beside
 * a small build/ of TypeScript, this repository's esbuild linked into its node_modules), it runs the entry from a kept
 * bundle (with V8's code cache of it), makes a new one when any source changes, and gives each module its own file's
 * import.meta, by which a command knows it is the main module, whatever its folder's name holds.
 */
import { spawnSync } from "node:child_process";
import { copyFile, cp, mkdir, readdir, readFile, stat, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { ROOT, temporaryFolder } from "./support/build-helpers.ts";

describe("the launcher", () => {
  it("runs an entry from a bundle kept by its sources' digest, made again when a source changes", async () => {
    // A space and a letter beyond ASCII in its path, which a module's URL encodes and its path does not.
    const project = path.join(await temporaryFolder("launch"), "my projects é");
    await mkdir(path.join(project, "build", "tools"), { recursive: true });
    // The commands' own check that their module is the main one.
    await copyFile(
      path.join(ROOT, "build", "content", "load", "command-line.ts"),
      path.join(project, "build", "tools", "command-line.ts"),
    );
    await mkdir(path.join(project, "schemas"));
    await copyFile(path.join(ROOT, "build", "tools", "launch.mjs"), path.join(project, "build", "tools", "launch.mjs"));
    await copyFile(path.join(ROOT, "tsconfig.json"), path.join(project, "tsconfig.json"));
    await writeFile(path.join(project, "package-lock.json"), "{}\n");
    await mkdir(path.join(project, "node_modules"));
    await symlink(path.join(ROOT, "node_modules", "esbuild"), path.join(project, "node_modules", "esbuild"));
    // Its own node_modules: the bundles it keeps are its own.
    const bundles = path.join(project, "node_modules", ".cache", "av-buyer-data", "bundles");
    const word = (text: string) =>
      writeFile(path.join(project, "build", "tools", "word.ts"), `export const word: string = "${text}";\n`);
    await word("first");
    await writeFile(
      path.join(project, "build", "tools", "entry.ts"),
      [
        'import { word } from "./word.ts";',
        'import { isMainModule } from "./command-line.ts";',
        "const main = isMainModule(import.meta.url);",
        "process.stdout.write(JSON.stringify({ word, main, dirname: import.meta.dirname, args: process.argv.slice(2) }));",
        "",
      ].join("\n"),
    );
    const launch = (folder = project) => {
      const run = spawnSync(process.execPath, ["build/tools/launch.mjs", "build/tools/entry.ts", "--flag", "value"], {
        cwd: folder,
        encoding: "utf8",
      });
      expect(run.stderr).toBe("");
      return JSON.parse(run.stdout) as { word: string; main: boolean; dirname: string; args: string[] };
    };
    const launches = async () => (await readdir(bundles)).filter((name) => name.endsWith(".cjs")).sort();

    const first = launch();
    expect(first).toEqual({
      word: "first",
      main: true,
      dirname: path.join(project, "build", "tools"),
      args: ["--flag", "value"],
    });
    // The same sources: the kept bundle (the same files in the folder), the same result; the first run left V8's
    // code cache for it, which the next runs compile from.
    const kept = await launches();
    expect(kept).toHaveLength(1);
    expect(await readdir(bundles)).toContain(`${kept[0]}.${process.version}.v8-cache`);
    expect(launch()).toEqual(first);
    expect(await launches()).toEqual(kept);
    // The bench's figures, written under build/ and never bundled, are not sources: the same bundle.
    await mkdir(path.join(project, "build", "tools", "bench", "figures"), { recursive: true });
    await writeFile(path.join(project, "build", "tools", "bench", "figures", "tests.json"), "{}\n");
    expect(launch()).toEqual(first);
    expect(await launches()).toEqual(kept);
    // A source changed: a bundle made again, which runs the new code.
    await word("second");
    expect(launch().word).toBe("second");
    expect(await launches()).toHaveLength(2);
    // An error: its stack names the TypeScript file and line, through the bundle's map.
    await writeFile(
      path.join(project, "build", "tools", "boom.ts"),
      'function inner(): never {\n  throw new Error("boom");\n}\ninner();\n',
    );
    const failed = spawnSync(process.execPath, ["build/tools/launch.mjs", "build/tools/boom.ts"], {
      cwd: project,
      encoding: "utf8",
    });
    expect(failed.status).toBe(1);
    expect(failed.stderr).toContain(
      `Error: boom\n    at inner (${path.join(project, "build", "tools", "boom.ts")}:2:9)`,
    );
    // A copy of the project elsewhere sharing its node_modules (as the Netlify tests copy this one): the same
    // sources, but a bundle of its own, whose modules are its own files.
    const copy = await temporaryFolder("launch-copy");
    await cp(project, copy, { recursive: true, filter: (file) => !file.includes("node_modules") });
    await symlink(path.join(project, "node_modules"), path.join(copy, "node_modules"));
    expect(launch(copy).dirname).toBe(path.join(copy, "build", "tools"));
    expect(await launches()).toHaveLength(4);
  });

  it("keeps the build's bundle ASCII, a package's regular expressions escaped, so that V8 reads it as one byte a character", async () => {
    const run = spawnSync(process.execPath, ["build/tools/launch.mjs", "build/tools/cli.ts", "--help"], {
      cwd: ROOT,
      encoding: "utf8",
    });
    expect(run.status).toBe(0);
    const folder = path.join(ROOT, "node_modules", ".cache", "av-buyer-data", "bundles");
    // This checkout's bundle of the CLI, the newest: the one that names the entry's own URL (its main-module check).
    const entry = JSON.stringify(pathToFileURL(path.join(ROOT, "build", "tools", "cli.ts")).href);
    const found: Array<{ bundle: Buffer; at: number }> = [];
    for (const name of await readdir(folder)) {
      if (!/^launch-[0-9a-f]{64}\.cjs$/.test(name)) continue;
      // Another process may be putting away an old bundle meanwhile: one that is going is passed over.
      const read = await Promise.all([readFile(path.join(folder, name)), stat(path.join(folder, name))]).catch(
        () => undefined,
      );
      if (read?.[0].includes(entry)) found.push({ bundle: read[0], at: read[1].mtimeMs });
    }
    const { bundle } = found.sort((a, b) => b.at - a.at)[0]!;
    // The first character beyond ASCII found, with what is around it, if there is one.
    const at = bundle.findIndex((byte) => byte > 0x7f);
    expect(at === -1 ? "" : bundle.subarray(Math.max(0, at - 60), at + 20).toString("utf8")).toBe("");
    // markdown-it's typographer's `/([?!])…/g`, which esbuild leaves as it is.
    expect(bundle.toString("latin1")).toContain("/([?!])\\u2026/g");
  });
});
