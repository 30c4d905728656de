/**
 * The walk a dev loop keeps between builds (build/content/load/content-walk.ts): after changes it is told of, it equals a
 * walk afresh, keeping the very entries of what did not change; a change it was not told of is found by `missed`.
 */
import { mkdir, rm, utimes, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ContentWalk, type WalkedEntry, walkContent } from "../build/content/load/content-walk.ts";
import { temporaryFolder } from "./support/build-helpers.ts";

/** Backups (Emacs, Vim, gedit), Emacs's autosave, JetBrains' safe writes: never content, as a build would read them. */
const LITTER = ["b.md~", "#b.md#", "b.md___jb_tmp___", "b.md___jb_old___"];

const shape = (entries: readonly WalkedEntry[]) =>
  entries.map((entry) => `${entry.path}${entry.stats.isDirectory() ? "/" : ` ${entry.stats.size}`}`);

describe("the content walk a dev loop keeps", () => {
  it("equals a walk afresh after each change it is told of, and keeps the entries of what did not change", async () => {
    const root = await temporaryFolder("content-walk");
    await mkdir(path.join(root, "answers"));
    for (const name of ["a.md", "b.md", "c.md"]) await writeFile(path.join(root, "answers", name), name);
    await writeFile(path.join(root, "site.yaml"), "x");
    const walk = new ContentWalk(root);
    const first = await walk.entries();
    expect(shape(first)).toEqual(shape(walkContent(root)));

    const changes: Array<[string, () => Promise<unknown>, string[]]> = [
      ["a changed file", () => writeFile(path.join(root, "answers", "b.md"), "longer"), ["answers/b.md"]],
      ["a removed file", () => rm(path.join(root, "answers", "c.md")), ["answers/c.md"]],
      [
        "a file in a new folder, reported alone",
        async () => {
          await mkdir(path.join(root, "evidence", "deep"), { recursive: true });
          await writeFile(path.join(root, "evidence", "deep", "d.yaml"), "d");
        },
        ["evidence/deep/d.yaml"],
      ],
      [
        "a new folder with files, reported as the folder",
        async () => {
          await mkdir(path.join(root, "suppliers"));
          for (const name of ["e.yaml", "f.yaml"]) await writeFile(path.join(root, "suppliers", name), name);
        },
        ["suppliers"],
      ],
      ["a removed folder", () => rm(path.join(root, "evidence"), { recursive: true }), ["evidence"]],
      [
        "a hidden file (not part of the walk)",
        () => writeFile(path.join(root, "answers", ".b.md.swp"), "s"),
        ["answers/.b.md.swp"],
      ],
      [
        "what editors leave beside a file they save (not part of the walk)",
        async () => {
          for (const name of LITTER) await writeFile(path.join(root, "answers", name), "l");
          await writeFile(path.join(root, "4913"), "");
          await mkdir(path.join(root, "old~"));
          await writeFile(path.join(root, "old~", "b.md"), "b");
        },
        [...LITTER.map((name) => `answers/${name}`), "4913", "old~"],
      ],
    ];
    let before = first;
    for (const [what, change, changed] of changes) {
      await change();
      walk.changed(changed.map((relative) => path.join(root, relative)));
      const entries = await walk.entries();
      expect(walk.unverified, what).toBe(true);
      expect(shape(entries), what).toEqual(shape(walkContent(root)));
      const kept = new Map(before.map((entry) => [entry.path, entry]));
      for (const entry of entries)
        if (!changed.some((relative) => entry.path === relative || entry.path.startsWith(`${relative}/`)))
          if (kept.has(entry.path)) expect(entry, `${what}: ${entry.path}`).toBe(kept.get(entry.path));
      expect(await walk.missed(), what).toEqual([]);
      expect(walk.unverified, what).toBe(false);
      before = entries;
    }

    expect(shape(walkContent(root))).toEqual([
      "answers/",
      "answers/a.md 4",
      "answers/b.md 6",
      "site.yaml 1",
      "suppliers/",
      "suppliers/e.yaml 6",
      "suppliers/f.yaml 6",
    ]);

    // A change no one reported: kept as it was, until a full walk finds it.
    await writeFile(path.join(root, "answers", "a.md"), "changed unseen");
    walk.changed([]);
    expect(shape(await walk.entries())).not.toEqual(shape(walkContent(root)));
    expect(await walk.missed()).toEqual([path.join(root, "answers", "a.md")]);

    // Nor one of the same size (a typo mended): the file's times tell it. Its time set a second on, as a save later
    // would be: the kernel's clock for file times moves in ticks, and two writes in one tick share a time.
    walk.changed([path.join(root, "answers", "a.md")]);
    const kept = (await walk.entries()).find((entry) => entry.path === "answers/a.md")!;
    await writeFile(path.join(root, "answers", "a.md"), "chanGed unseen");
    await utimes(path.join(root, "answers", "a.md"), kept.stats.atime, new Date(kept.stats.mtimeMs + 1000));
    expect(await walk.missed()).toEqual([path.join(root, "answers", "a.md")]);
  });
});
