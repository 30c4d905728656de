import { readdirSync } from "node:fs";
import { cp, mkdir, readFile, rename, rm, stat, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { formatDiagnostics } from "../build/content/diagnostics/format-diagnostics.ts";
import { DIAGNOSTIC_CATALOGUE } from "../build/content/diagnostics/catalogue.ts";
import { BUILD_TASK_SET } from "../build/engine/workers/build-tasks.ts";
import { WorkerPool } from "../build/engine/workers/worker-pool.ts";
import { spawnSync } from "node:child_process";
import {
  build,
  contentToEdit,
  copyOfShipped,
  FIXTURES,
  fixtureWithCase,
  readTreeDigests,
  ROOT,
  temporaryFolder,
} from "./support/build-helpers.ts";
import { cleanEnv, cli, NODE } from "./support/cli.ts";
import {
  markedParagraphs,
  markerHits,
  normaliseProse,
  positionInParagraph,
} from "../build/content/load/outward-markers.ts";
import { renderMarkdown } from "../build/content/markdown/render-markdown.ts";
import { parseYamlSource } from "../build/content/load/yaml-document.ts";
import { parseContentFile } from "../build/content/load/content-file.ts";
import { LineIndex } from "../build/content/load/line-index.ts";
import { compareNames } from "../build/content/ranking/ranking-model.ts";
import { seededRandom } from "../build/tools/synthetic/seeded-random.ts";
import { CONTENT_RULES } from "../build/content/rules/index.ts";

const CASES = readdirSync(path.join(FIXTURES, "failures")).sort();

describe("hostile or unusual content", () => {
  it("tells a list written as a key where it stands, and prints no warning of yaml's own", async () => {
    const copy = await contentToEdit("complex-key");
    await copy.edit("suppliers/acme.yaml", [/^summary: /m, "? [a, b]\n: x\nsummary: "]);
    const warnings: Error[] = [];
    const listen = (warning: Error) => warnings.push(warning);
    process.on("warning", listen);
    const told = await copy.diagnostics().finally(() => process.off("warning", listen));
    expect(told.map(({ code, line, column }) => [code, line, column])).toEqual([["yaml/syntax", 5, 3]]);
    expect(told[0]?.message).toMatch(/^this key is a list or a mapping/);
    expect(warnings).toEqual([]);
  });

  it("tells a value nested thousands of brackets deep where it stands, and does not crash", async () => {
    const copy = await contentToEdit("deep-flow");
    // Unclosed, then closed: each ran the parsers' recursion out of stack, and the build stopped with a RangeError.
    await copy.edit("suppliers/zenith.yaml", ["summary: Another fixture supplier.", `summary: ${"[".repeat(5000)}`]);
    await copy.edit("suppliers/acme.yaml", [/^summary: .*$/m, `summary: ${"[".repeat(3000)}${"]".repeat(3000)}`]);
    const told = await copy.diagnostics();
    expect(told.map(({ code, file, line }) => [code, file, line])).toEqual([
      ["yaml/syntax", "suppliers/acme.yaml", 5],
      ["yaml/syntax", "suppliers/zenith.yaml", 4],
    ]);
    for (const { message } of told) expect(message).toMatch(/^the value nests lists or mappings too deeply/);
  });

  it("puts no markup, image or link of other kinds into the pages through the contact's address or the site's words", async () => {
    const copy = await contentToEdit("page-injection");
    // An https address, with characters an attribute must escape, is linked as it is (not made relative).
    await copy.edit("disclosure.yaml", ["url: /docs/#contact", "url: https://example.org/contact?a=1&b='x'"]);
    await copy.edit("site.yaml", [
      "name: Test fixture",
      "name: Test fixture ![t](https://example.org/t.png) [plain](http://example.org/) [data](data:text/plain,x)",
    ]);
    await copy.edit("synonyms.yaml", [
      "why: Mic is the everyday short form.",
      "why: Mic is short. ![p](data:image/png;base64,AA==) <http://example.org/auto>",
    ]);
    expect(await copy.diagnostics()).toEqual([]);
    const dist = path.join(path.dirname(copy.content), "dist");
    const home = await readFile(path.join(dist, "index.html"), "utf8");
    expect(home).toContain(`<a href="https://example.org/contact?a=1&#38;b=&#39;x&#39;">`);
    const docs = await readFile(path.join(dist, "docs", "index.html"), "utf8");
    expect(docs).not.toMatch(/<img|href="(?:http|data):/);
    expect(docs).toContain("Test fixture");
    // A path of the site that would leave its attribute is refused where it stands.
    await copy.edit("disclosure.yaml", ["url: https://example.org/contact?a=1&b='x'", 'url: /x"><b>bold</b>']);
    expect((await copy.diagnostics()).map(({ file, pointer }) => [file, pointer])).toEqual([
      ["disclosure.yaml", "/contact/url"],
    ]);
    // An https address that is not one is told as such, not as a path of the site.
    await copy.edit("disclosure.yaml", ['url: /x"><b>bold</b>', "url: https://example.org/a b"]);
    expect((await copy.diagnostics()).map(({ message }) => message)).toEqual([
      expect.stringMatching(/is "https:\/\/example\.org\/a b", which is not an absolute https URL/),
    ]);
  });

  it("tells a file without a claim audit once the audit covers the disclosure, which says every claim was checked", async () => {
    const copy = await contentToEdit("audit-coverage", "shipped");
    await rm(path.join(copy.content, "audit", "answer-room-sizing.yaml"));
    const uncovered = async () =>
      (await copy.diagnostics())
        .filter(({ code }) => code === "audit/not-covered")
        .map(({ file, line, column, hint }) => [file, line, column, hint]);
    expect(await uncovered()).toEqual([
      ["answers/room-sizing.md", 2, 1, expect.stringContaining("content/audit/answer-room-sizing.yaml")],
    ]);
    // An audit that does not reach the disclosure states no coverage, and is not held to it.
    await rm(path.join(copy.content, "audit", "disclosure.yaml"));
    expect(await uncovered()).toEqual([]);
  });

  it("tells a profile without its audit once, not again at each claim whose outward search it would record", async () => {
    const copy = await contentToEdit("audit-missing-profile", "shipped");
    await rm(path.join(copy.content, "audit", "supplier-neat.yaml"));
    // (The disclosure's audit figures count its entries too: disclosure/audit-summary says what to write.)
    const told = (await copy.diagnostics()).filter(({ file }) => file === "suppliers/neat.yaml");
    expect(told.map(({ code }) => code)).toEqual(["audit/not-covered"]);
  });

  it("refuses a 20 MB file with a size message, without reading it", async () => {
    const content = await fixtureWithCase("malformed-yaml");
    await cp(path.join(FIXTURES, "base", "answers", "alpha-room.md"), path.join(content, "answers", "alpha-room.md"));
    await writeFile(path.join(content, "answers", "huge.md"), Buffer.alloc(20 * 1024 * 1024, 0x61));
    const result = await build(content, path.join(path.dirname(content), "dist"));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.diagnostics).toEqual([
      expect.objectContaining({
        code: "file/too-large",
        file: "answers/huge.md",
        message: "the file has 20971520 bytes; the limit is 1048576 bytes (1 MiB).",
      }),
    ]);
  });

  it("refuses an alias bomb quickly", async () => {
    const started = performance.now();
    const result = await build(await fixtureWithCase("alias-bomb"), path.join(await temporaryFolder("bomb"), "dist"));
    expect(result.ok).toBe(false);
    // Refused at parse time: 9^9 references are never expanded (a generous bound, not a benchmark).
    expect(performance.now() - started).toBeLessThan(5000);
  });

  it("accepts CRLF line ends and a byte order mark, as Windows editors save, with the same output as LF", async () => {
    const lf = await temporaryFolder("lf");
    const crlf = path.join(await temporaryFolder("crlf"), "content");
    await cp(path.join(FIXTURES, "base"), crlf, { recursive: true });
    for (const file of ["answers/alpha-room.md", "suppliers/acme.yaml", "sources.yaml"]) {
      const text = await readFile(path.join(crlf, file), "utf8");
      await writeFile(path.join(crlf, file), `\uFEFF${text.replace(/\n/g, "\r\n")}`);
    }
    expect((await build(path.join(FIXTURES, "base"), path.join(lf, "dist"))).ok).toBe(true);
    expect((await build(crlf, path.join(path.dirname(crlf), "dist"))).ok).toBe(true);
    expect(await readTreeDigests(path.join(path.dirname(crlf), "dist"))).toEqual(
      await readTreeDigests(path.join(lf, "dist")),
    );
  });

  it("reads lone CR line ends (old Mac editors) as LF: the same data, the same body", async () => {
    for (const [kind, file] of [
      ["answer", "answers/alpha-room.md"],
      ["supplier", "suppliers/acme.yaml"],
    ] as const) {
      const text = await readFile(path.join(FIXTURES, "base", file), "utf8");
      const parse = (written: string) => parseContentFile(kind, file, new TextEncoder().encode(written));
      const lf = parse(text);
      expect("data" in lf, file).toBe(true);
      expect(parse(text.replace(/\n/g, "\r")), file).toEqual(lf);
    }
  });

  it("tells each kind of byte that is not UTF-8 where it stands: an overlong form, a surrogate (CESU-8), past U+10FFFF", () => {
    for (const bad of [
      [0xe0, 0x80, 0x80],
      [0xed, 0xa0, 0x80],
      [0xf4, 0x90, 0x80, 0x80],
      [0xc3, 0x28],
    ]) {
      const bytes = new Uint8Array([...new TextEncoder().encode("name: ok\nmore: a…"), ...bad, 0x62, 0x0a]);
      const told = parseContentFile("supplier", "suppliers/x.yaml", bytes);
      expect(told, JSON.stringify(bad)).toEqual({
        diagnostics: [expect.objectContaining({ code: "file/encoding", line: 2, column: 9 })],
      });
    }
  });

  it("takes a word in angle brackets for text, and only an HTML element's tag for HTML", async () => {
    const copy = await contentToEdit("angle-brackets");
    await copy.edit("answers/beta-mics.md", [
      /$/,
      "\nPress <Enter>, then name the file <slug>.json; a <b>bold</b> word.\n",
    ]);
    const told = await copy.diagnostics();
    expect(told.map(({ code, message }) => [code, message])).toEqual([
      ["body/html", "the body holds HTML (<b>, </b>), which an answer cannot carry: it would be published as text."],
    ]);
  });

  it("renders raw HTML, scripts, javascript: and data: links and images in Markdown inert", async () => {
    const content = await fixtureWithCase("malformed-yaml");
    const links = "[click](javascript:alert(3)) [data](data:text/html;base64,PHNjcmlwdD4=)";
    const hostile = (await readFile(path.join(FIXTURES, "base", "answers", "alpha-room.md"), "utf8")).replace(
      "The room fits a widget [@fixture-list].",
      `The room fits a widget [@fixture-list]. <script>alert(1)</script> <img src=x onerror=alert(2)> ${links} ![pic](https://example.org/x.png) <iframe src="https://example.org"></iframe> [ok](/api/v1/answers/beta-mics.json) [web](https://example.org/page)`,
    );
    await writeFile(path.join(content, "answers", "alpha-room.md"), hostile);
    const out = path.join(path.dirname(content), "dist");
    // The links the renderer would not make are refused first (body-marks), where they stand.
    const refused = await build(content, out);
    expect(refused.ok ? [] : refused.diagnostics).toEqual([
      // The destination whole, its parentheses included.
      expect.objectContaining({
        code: "link/unsafe",
        line: 12,
        column: 104,
        message: expect.stringContaining('"javascript:alert(3)"'),
      }),
      expect.objectContaining({ code: "link/unsafe", line: 12, column: 132 }),
      // HTML is published as text: told at the line's first tag, naming the first three.
      expect.objectContaining({
        code: "body/html",
        line: 12,
        column: 41,
        message: expect.stringContaining("(<script>, </script>, <img src=x onerror=alert(2)>, …)"),
      }),
      // An image, which the renderer does not make, would be published as "!" and a link.
      expect.objectContaining({
        code: "link/image",
        line: 12,
        column: 168,
        message: expect.stringContaining("![pic]"),
      }),
    ]);
    // Past that check, the renderer still makes them inert.
    expect(renderMarkdown(links, []).html).not.toMatch(/href=/);
    expect(renderMarkdown("<script>alert(1)</script> <img src=x onerror=alert(2)>", []).html).not.toMatch(
      /<(script|img)/,
    );
    expect(renderMarkdown("![pic](https://example.org/x.png)", []).html).not.toMatch(/<img/);
    await writeFile(
      path.join(content, "answers", "alpha-room.md"),
      // The tags escaped, as the hint says for text that is meant: published as text.
      hostile
        .replace(links, "")
        .replace(" ![pic](https://example.org/x.png)", "")
        .replace(/<(?=\/?(?:script|img|iframe))/g, "\\<"),
    );
    const result = await build(content, out);
    expect(result.ok ? [] : result.diagnostics).toEqual([]);
    const html = JSON.parse(await readFile(path.join(out, "api", "v1", "answers", "alpha-room.json"), "utf8")).data[0]
      .body.html as string;
    expect(html).not.toMatch(/<(script|img|iframe)\b/i);
    expect(html).not.toMatch(/href="(javascript|data):/i);
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).toContain('<a href="/api/v1/answers/beta-mics.json">ok</a>');
    expect(html).toContain('<a href="https://example.org/page">web</a>');
    const page = await readFile(path.join(out, "index.html"), "utf8");
    expect(page).not.toMatch(/<script>alert|<img src=x|href="javascript:/i);
  });
});

describe("a content file saved under another extension", () => {
  it("is told once, and the rest of its kind waits for it: its absence is not told again in every file", async () => {
    const copy = await contentToEdit("misnamed");
    await rename(
      path.join(copy.content, "suppliers", "zenith.yaml"),
      path.join(copy.content, "suppliers", "zenith.yml"),
    );
    await rename(
      path.join(copy.content, "answers", "beta-mics.md"),
      path.join(copy.content, "answers", "beta-mics.markdown"),
    );
    expect((await copy.diagnostics()).map(({ code, file, hint }) => ({ code, file, hint }))).toEqual([
      {
        code: "file/unexpected",
        file: "answers/beta-mics.markdown",
        hint: "If it is content, rename it to answers/beta-mics.md; else move it out of the content folder, or delete it.",
      },
      {
        code: "file/unexpected",
        file: "suppliers/zenith.yml",
        hint: "If it is content, rename it to suppliers/zenith.yaml; else move it out of the content folder, or delete it.",
      },
    ]);
  });
});

describe("a content file moved into a folder under its kind's", () => {
  it("is told once, with where to move it, and the rest of its kind waits for it", async () => {
    const copy = await contentToEdit("moved-down");
    await mkdir(path.join(copy.content, "suppliers", "archive"));
    await rename(
      path.join(copy.content, "suppliers", "zenith.yaml"),
      path.join(copy.content, "suppliers", "archive", "zenith.yaml"),
    );
    // Not content of a kind: no name is offered.
    await writeFile(path.join(copy.content, "suppliers", "archive", "notes.txt"), "notes\n");
    expect((await copy.diagnostics()).map(({ code, file, hint }) => ({ code, file, hint }))).toEqual([
      {
        code: "file/unexpected",
        file: "suppliers/archive/notes.txt",
        hint: "Move it to where the layout expects it (see the README, 'Adding content'), or delete it.",
      },
      {
        code: "file/unexpected",
        file: "suppliers/archive/zenith.yaml",
        hint: "If it is content, move it to suppliers/zenith.yaml; else move it out of the content folder, or delete it.",
      },
    ]);
  });
});

describe("one supplier's profile that fails its schema", () => {
  it("does not hold up the check of its own products, nor the other profiles', against the evidence register", async () => {
    const copy = await contentToEdit("one-broken-profile");
    await copy.edit(
      "suppliers/acme.yaml",
      ["rank: 1", "rank: ten"],
      ["products: [Widget One]", "products: [Widget One, Widget Four]"],
    );
    await copy.edit("suppliers/zenith.yaml", ["products: [Widget Two]", "products: [Widget Two, Widget Three]"]);
    expect((await copy.diagnostics()).map(({ code, file }) => ({ code, file }))).toEqual([
      { code: "schema/type", file: "suppliers/acme.yaml" },
      { code: "evidence/missing-record", file: "suppliers/zenith.yaml" },
      { code: "evidence/missing-record", file: "suppliers/acme.yaml" },
    ]);
  });
});

describe("a citation written without its brackets", () => {
  it("is told where it stands, and its source is not also told unused", async () => {
    const copy = await contentToEdit("bare-at");
    await copy.edit("answers/beta-mics.md", ["[@fixture-list; @fixture-terms]", "[@fixture-list] @fixture-terms"]);
    expect((await copy.diagnostics()).map(({ code, message }) => [code, message])).toEqual([
      ["citation/malformed", '"@fixture-terms" would be published as it is: a citation is written [@fixture-terms].'],
    ]);
  });
});

describe("an edit inside a citation mark or a link's address", () => {
  it("is told once where it stands: a mistyped id's listed source is not also unused, and the audit says only the mark differs", async () => {
    const copy = await contentToEdit("mark-edits", "shipped");
    await copy.edit("answers/room-sizing.md", ["[@yamaha-cissca]", "[@yamaha-cisca]"]);
    await copy.edit("answers/camera-and-display-placement.md", [
      "[how big a display](/api/v1/answers/display-size.json). If",
      "[how big a display](/api/v1/answers/room-sizing.json). If",
    ]);
    const told = await copy.diagnostics();
    expect(told.map(({ code, file }) => `${code} ${file}`).sort()).toEqual([
      "audit/quote-missing audit/answer-camera-and-display-placement.yaml",
      "audit/quote-missing audit/answer-room-sizing.yaml",
      "citation/not-listed answers/room-sizing.md",
    ]);
    const hints = told.filter(({ code }) => code === "audit/quote-missing").map(({ hint }) => hint);
    expect(hints).toContain(
      'Only a citation differs (the file has "[@yamaha-cisca]" where the quote has "[@yamaha-cissca]"): if the file\'s id is mistyped, correct it there and this entry matches again; if the citation was changed on purpose, check the claim against the source it now cites and update the entry.',
    );
    expect(hints).toContain(
      'Only a link\'s address differs (the file has "(/api/v1/answers/room-sizing.json)" where the quote has "(/api/v1/answers/display-size.json)"): if the answer it leads to was renamed, write the new address in the entry\'s claim too; the claim\'s words are as they were checked.',
    );
  });
});

describe("a score its sources refuse", () => {
  it("is told alone: evidence-depth, which follows from it, and the ranks, which it would move, wait for it", async () => {
    const copy = await contentToEdit("score-refused", "shipped");
    await copy.edit("suppliers/huddly.yaml", [/(support-transparency:\n {4}score: )2/, "$13"]);
    const told = await copy.diagnostics();
    expect(told.map(({ code, file, pointer }) => [code, file, pointer])).toEqual([
      ["score/secondary-only", "suppliers/huddly.yaml", "/scores/support-transparency/score"],
    ]);
  });

  it("holds a product range to its own sources too, not only to those of the products it counts", async () => {
    const copy = await contentToEdit("range-secondary", "shipped");
    // Crestron's products are named by Microsoft's lists (primary); its score of 5 cites a trade interview alone.
    await copy.edit("suppliers/crestron.yaml", [
      /(portfolio-breadth:\n(?: {4}.*\n)*? {4}sources:\n) {6}- msft-teams-rooms-certified-hardware\n {6}- msft-teams-rooms-certified-hardware-2024-09\n/,
      "$1      - avtechnology-bose-professional-interview-2023\n",
    ]);
    const told = await copy.diagnostics();
    expect(told.map(({ code, pointer, message }) => [code, pointer, message])).toEqual([
      [
        "score/secondary-only",
        "/scores/portfolio-breadth/score",
        expect.stringContaining(
          "none of the sources it cites (avtechnology-bose-professional-interview-2023) is primary",
        ),
      ],
    ]);
  });
});

describe("a supplier's slug changed in its profile only", () => {
  it("is told as one change in each place, naming the other, and its scores wait for its records", async () => {
    const copy = await contentToEdit("slug-changed", "shipped");
    await copy.edit("suppliers/audiocodes.yaml", ["slug: audiocodes\n", "slug: audiocodes-ltd\n"]);
    const told = await copy.diagnostics();
    expect(new Set(told.map(({ code }) => code))).toEqual(
      new Set(["slug/file-name", "reference/unknown-supplier", "evidence/missing-record"]),
    );
    for (const { code, message } of told.filter(({ code }) => code === "reference/unknown-supplier"))
      expect(message, code).toBe(
        'no supplier has the slug "audiocodes": suppliers/audiocodes.yaml, named after it, has the slug "audiocodes-ltd".',
      );
    for (const { message } of told.filter(({ code }) => code === "evidence/missing-record"))
      expect(message).toMatch(/has no record under the slug "audiocodes-ltd": its record is under "audiocodes"/);
  });

  it("as an answer's, is told so wherever the old slug is related or linked to", async () => {
    const copy = await contentToEdit("answer-slug-changed", "shipped");
    await copy.edit("answers/room-sizing.md", ["slug: room-sizing\n", "slug: room-size\n"]);
    const told = await copy.diagnostics();
    const references = told.filter(({ code }) => code === "reference/unknown-answer" || code === "link/unknown-answer");
    expect(references.length).toBeGreaterThan(2);
    for (const { message, hint } of references) {
      expect(message).toMatch(/: answers\/room-sizing\.md, named after it, has the slug "room-size"\.$/);
      expect(hint).toMatch(/^Give the answer one slug: if "room-size" is the new one/);
    }
  });

  it("to another's slug, is told to change it back, not to take the other's slug as its new one", async () => {
    const copy = await contentToEdit("slug-taken", "shipped");
    await copy.edit("answers/room-sizing.md", ["slug: room-sizing\n", "slug: security\n"]);
    await copy.edit("suppliers/audiocodes.yaml", ["slug: audiocodes\n", "slug: aver\n"]);
    const told = await copy.diagnostics();
    const answers = told.filter(({ code }) => code === "reference/unknown-answer" || code === "link/unknown-answer");
    const suppliers = told.filter(({ code }) => code === "reference/unknown-supplier");
    expect(answers.length).toBeGreaterThan(2);
    expect(suppliers.length).toBeGreaterThan(0);
    for (const { hint } of answers)
      expect(hint).toBe(
        'Change the slug of answers/room-sizing.md back to "room-sizing": "security" is answers/security.md\'s.',
      );
    for (const { hint } of suppliers)
      expect(hint).toBe(
        'Change the slug of suppliers/audiocodes.yaml back to "audiocodes": "aver" is suppliers/aver.yaml\'s.',
      );
  });

  it("kept in a file renamed, is told that the old name's audit is its own, not to check its claims again or drop that audit", async () => {
    const copy = await contentToEdit("file-renamed", "shipped");
    await rename(
      path.join(copy.content, "answers", "display-size.md"),
      path.join(copy.content, "answers", "screen-size.md"),
    );
    const told = await copy.diagnostics();
    expect(told.map(({ code, file, hint }) => [code, file, hint]).sort()).toEqual([
      [
        "audit/not-covered",
        "answers/screen-size.md",
        "content/audit/answer-display-size.yaml audits answers/display-size.md, which no file is now, and this file has that one's slug: if it is that file renamed, set `file: answers/screen-size.md` there and name it content/audit/answer-screen-size.yaml (its claims stay checked); else rename this file back to answers/display-size.md.",
      ],
      [
        "audit/unknown-file",
        "audit/answer-display-size.yaml",
        "answers/screen-size.md has the slug of answers/display-size.md: if it is that file renamed, set `file: answers/screen-size.md` here and name this file content/audit/answer-screen-size.yaml (its claims stay checked); else rename it back to answers/display-size.md.",
      ],
      [
        "slug/file-name",
        "answers/screen-size.md",
        'Change the slug to "screen-size", or rename the file to display-size.md.',
      ],
    ]);
  });

  it("in a copy named as no slug may be, is told by its name alone: the audit it lacks waits for the name it will have", async () => {
    const copy = await contentToEdit("copy-named-badly", "shipped");
    await cp(
      path.join(copy.content, "answers", "room-sizing.md"),
      path.join(copy.content, "answers", "room-sizing copy.md"),
    );
    expect((await copy.diagnostics()).map(({ code, file }) => [code, file])).toEqual([
      ["slug/duplicate", "answers/room-sizing copy.md"],
      ["slug/file-name", "answers/room-sizing copy.md"],
    ]);
  });

  it("leaves its audit named as it was: that is told, with the name to give it", async () => {
    const copy = await contentToEdit("audit-misnamed", "shipped");
    await rename(
      path.join(copy.content, "audit", "answer-display-size.yaml"),
      path.join(copy.content, "audit", "answer-screen-size.yaml"),
    );
    expect((await copy.diagnostics()).map(({ code, file, hint }) => [code, file, hint])).toEqual([
      ["audit/file-name", "audit/answer-screen-size.yaml", "Rename it audit/answer-display-size.yaml."],
    ]);
  });

  it("to one no answer may have, is told in its file alone: what refers to it waits for the fix", async () => {
    const copy = await contentToEdit("answer-slug-invalid", "shipped");
    await copy.edit("answers/room-sizing.md", ["slug: room-sizing\n", "slug: room_sizing\n"]);
    expect(new Set((await copy.diagnostics()).map(({ file }) => file))).toEqual(new Set(["answers/room-sizing.md"]));
  });

  it("an answer's, mistyped in related answers, is offered the nearest slug", async () => {
    const copy = await contentToEdit("related-typo");
    await copy.edit("answers/alpha-room.md", [/^related: \[([^\]]*)\]$/m, "related: [gama-display]"]);
    const told = (await copy.diagnostics()).filter(({ code }) => code === "reference/unknown-answer");
    expect(told.map(({ hint }) => hint)).toEqual([expect.stringMatching(/^Did you mean "gamma-display"\?/)]);
  });

  it("or mistyped in a record, is offered the nearest slug", async () => {
    const copy = await contentToEdit("supplier-typo", "shipped");
    await copy.edit("evidence/cameras.yaml", ["supplier: audiocodes\n", "supplier: audiocode\n"]);
    const told = (await copy.diagnostics()).filter(({ code }) => code === "reference/unknown-supplier");
    expect(told.map(({ hint }) => hint)).toEqual([expect.stringMatching(/^Did you mean "audiocodes"\?/)]);
  });
});

describe("a source dated after the day it was read", () => {
  it("is told once, in the register, not at every claim citing it", async () => {
    const copy = await contentToEdit("source-dates", "shipped");
    await copy.edit("sources.yaml", [
      "    published: 2016-05\n    accessed: 2026-12-03\n",
      "    published: 2026-12-10\n    accessed: 2026-12-03\n",
    ]);
    expect((await copy.diagnostics()).map(({ code, file, message }) => [code, file, message])).toEqual([
      [
        "source/dates",
        "sources.yaml",
        '"avixa-discas" is dated 2026-12-10, after the day it was read (2026-12-03): one of the two dates is wrong.',
      ],
    ]);
  });
});

describe("a claim's date moved before the day its sources were read", () => {
  it("is told once, at the date, naming the first sources, not once per citation", async () => {
    const copy = await contentToEdit("dates-moved", "shipped");
    await copy.edit("answers/accessibility.md", [/^reviewed: .*$/m, "reviewed: 2025-01-01"]);
    await copy.edit("disclosure.yaml", [/^methodology_date: .*$/m, "methodology_date: 2025-06-01"]);
    const told = (await copy.diagnostics()).toSorted((a, b) => (a.file < b.file ? -1 : 1));
    expect(told.map(({ code, file, pointer }) => [code, file, pointer])).toEqual([
      ["citation/after-claim-date", "answers/accessibility.md", "/reviewed"],
      ["citation/after-claim-date", "disclosure.yaml", "/methodology_date"],
    ]);
    expect(told[0]!.message).toMatch(
      /^\d+ cited sources were read or dated after this answer was reviewed \(2025-01-01\): "/,
    );
    expect(told[1]!.message).toMatch(/^\d+ citations, of \d+ sources, were read or dated after the methodology date/);
    // The first three sources are named, the rest counted.
    for (const { message } of told) expect(message).toMatch(/: (?:"[^;]+; ){3}and \d+ more\.$/);
  });
});

describe("an evidence record that contradicts itself", () => {
  it("is told: an end date before the date of the list that gives it, and an unknown term with a value", async () => {
    const dates = await contentToEdit("evidence-end-before-start");
    await dates.edit("evidence/widgets.yaml", [
      "            valid_until: 2027-09-03\n",
      "            valid_until: 2025-09-03\n",
    ]);
    expect((await dates.diagnostics()).map(({ pointer, message }) => [pointer, message])).toEqual([
      [
        "/records/1/certification/microsoft-teams-rooms/listings/0/valid_until",
        "`valid_until` 2025-09-03 is before `as_of` 2026-01-02, the date of the list that shows it.",
      ],
    ]);
    const term = await contentToEdit("evidence-unknown-term");
    await term.edit("evidence/widgets.yaml", [
      "standard_term: {status: documented, value: Two years., term_months: 24, sources: [fixture-own-terms]}",
      "standard_term: {status: unknown, value: Two years., term_months: 24}",
    ]);
    expect((await term.diagnostics()).map(({ pointer, message }) => [pointer, message])).toEqual([
      ["/records/1/warranty/standard_term/value", '`value` is not allowed when `status` is "unknown".'],
      ["/records/1/warranty/standard_term/term_months", '`term_months` is not allowed when `status` is "unknown".'],
    ]);
  });
});

describe("a product spelt otherwise in its evidence record than in its profile", () => {
  it("is told, though the two match regardless of case: each file is published as it spells it", async () => {
    const copy = await contentToEdit("product-case");
    await copy.edit("evidence/widgets.yaml", ["product: Widget One", "product: Widget one"]);
    expect((await copy.diagnostics()).map(({ code, message }) => [code, message])).toEqual([
      ["evidence/not-in-profile", 'acme "Widget one" is spelt "Widget One" in the supplier\'s profile.'],
    ]);
  });

  it("is told where the spelling the rest of the content uses less stands: there, most likely, it was mistyped", async () => {
    const copy = await contentToEdit("product-case-in-profile", "shipped");
    await copy.edit("suppliers/jabra.yaml", ["products: [PanaCast 50]", "products: [Panacast 50]"]);
    expect((await copy.diagnostics()).map(({ code, file, pointer, hint }) => [code, file, pointer, hint])).toEqual([
      [
        "evidence/not-in-profile",
        "suppliers/jabra.yaml",
        "/makes/0/products/0",
        'Spell it "PanaCast 50" here, as the rest of the content does, or change it there too.',
      ],
    ]);
  });
});

describe("a criterion renamed or removed in the disclosure only", () => {
  it("is told once, at the disclosure, not in every profile that still scores it", async () => {
    const renamed = await contentToEdit("criterion-renamed", "shipped");
    await renamed.edit("disclosure.yaml", ["- id: ownership-transparency\n", "- id: ownership-transparancy\n"]);
    expect((await renamed.diagnostics()).map(({ code, file, message }) => [code, file, message])).toEqual([
      [
        "disclosure/criteria",
        "disclosure.yaml",
        "no supplier scores the criterion `ownership-transparancy`; every supplier scores `ownership-transparency`, which the disclosure does not list.",
      ],
    ]);
  });
});

describe("the methodology's changelog", () => {
  it("is told when a version is repeated or out of order, when the newest is not the version published, and when the corrections are out of order", async () => {
    const copy = await contentToEdit("changelog", "shipped");
    await copy.edit(
      "disclosure.yaml",
      ["methodology_version: 3.3.4\n", "methodology_version: 3.4.0\n"],
      ["  - version: 3.3.3\n", "  - version: 3.3.2\n"],
      // A correction put first, dated before the newest.
      [
        /data_corrections:\n/,
        'data_corrections:\n  - date: 2026-12-02\n    summary: "Put first."\n    items:\n      - "Put first."\n',
      ],
    );
    expect((await copy.diagnostics()).map(({ code, pointer, message }) => [code, pointer, message])).toEqual([
      [
        "disclosure/changelog",
        "/changelog/10/version",
        expect.stringMatching(/^version 3\.3\.2 has an entry already \(line \d+\)\.$/),
      ],
      [
        "disclosure/changelog",
        "/methodology_version",
        "the methodology is published as 3.4.0, but the changelog's newest version is 3.3.4.",
      ],
      [
        "disclosure/changelog",
        "/data_corrections/1/date",
        expect.stringMatching(
          /^the correction of 2026-12-\d{2} follows one of 2026-12-02: the data corrections run newest first\.$/,
        ),
      ],
    ]);
  });
});

describe("a cited claim added to an audited answer", () => {
  it("is told where it stands until its audit quotes it: the disclosure says every claim was checked", async () => {
    const copy = await contentToEdit("claim-not-quoted", "shipped");
    await copy.edit("answers/room-sizing.md", [/\n$/, "\nA new claim about rooms [@yamaha-cissca].\n"]);
    expect((await copy.diagnostics()).map(({ code, file, message }) => [code, file, message])).toEqual([
      [
        "audit/claim-not-quoted",
        "answers/room-sizing.md",
        "the claim that [@yamaha-cissca] cites is quoted by no entry of content/audit/answer-room-sizing.yaml, yet the disclosure says every claim was checked.",
      ],
    ]);
  });
});

describe("a claim field too long for its schema", () => {
  it("is told as too long, and its audit's quote waits for that fix", async () => {
    const copy = await contentToEdit("field-too-long", "shipped");
    await copy.edit("suppliers/neat.yaml", [
      /^( {2}- text: )(Neat Frame is not named)/m,
      `$1${"Very long. ".repeat(2000)}$2`,
    ]);
    const told = (await copy.diagnostics()).filter(({ file }) => file === "suppliers/neat.yaml");
    expect(told.map(({ code, pointer }) => [code, pointer])).toEqual([["schema/size", "/caveats/1/text"]]);
  });
});

describe("a record moved to another family's file, its audit entries left behind", () => {
  it("is told that each claim stands word for word in the other file, to move its entry there, still checked, or to remove it where that file's audit quotes it too", async () => {
    const copy = await contentToEdit("record-moved", "shipped");
    const from = path.join(copy.content, "evidence", "room-controllers.yaml");
    const text = await readFile(from, "utf8");
    const starts = [...text.matchAll(/^ {2}- supplier: /gm)].map((match) => match.index);
    const record = text.slice(starts[3], starts[4]);
    await writeFile(from, text.slice(0, starts[3]) + text.slice(starts[4]));
    const to = path.join(copy.content, "evidence", "video-bars.yaml");
    await writeFile(to, `${(await readFile(to, "utf8")).trimEnd()}\n${record}`);
    const told = await copy.diagnostics();
    // Its claims are not also asked for new entries where they now stand: the entries told to move cover them.
    expect(told.filter(({ code }) => code === "audit/claim-not-quoted")).toEqual([]);
    const missing = told.filter(({ code }) => code === "audit/quote-missing");
    expect(new Set(missing.map(({ file }) => file))).toEqual(new Set(["audit/evidence-room-controllers.yaml"]));
    // A claim of its own is moved with its entry; a boilerplate note the other file's audit quotes already is not
    // checked twice: its entry here goes.
    const [moved, quotedThere] = [
      missing.filter(({ message }) => message.includes(", but stands word for word in")),
      missing.filter(({ message }) => message.includes("whose audit quotes them too")),
    ];
    expect(moved.length).toBeGreaterThan(0);
    expect(quotedThere.length).toBeGreaterThan(0);
    expect(moved.length + quotedThere.length).toBe(missing.length);
    for (const { message, hint } of moved) {
      expect(message).toMatch(/ in evidence\/video-bars\.yaml, as checked on \d{4}-\d\d-\d\d\.$/);
      expect(hint).toBe(
        "Move the entry to content/audit/evidence-video-bars.yaml, with `line` where the claim now stands: it stays checked.",
      );
    }
    for (const { message, hint } of quotedThere) {
      expect(message).toMatch(/; its words stand in evidence\/video-bars\.yaml, whose audit quotes them too\.$/);
      expect(hint).toMatch(/^Remove this entry if the claim was taken out of evidence\/room-controllers\.yaml/);
    }
  });
});

describe("a profile's claim edited whose words another profile has too", () => {
  it("is told that the other's audit quotes them, not to move the entry there", async () => {
    const copy = await contentToEdit("shared-words-edited", "shipped");
    await copy.edit("suppliers/neat.yaml", [
      /All three areas at 3 or more: platform-certification 5, support-transparency 3,\n\s+ownership-transparency 3\./,
      "All three areas at 3 or more.",
    ]);
    expect((await copy.diagnostics()).map(({ code, file, message }) => [code, file, message])).toEqual([
      [
        "audit/quote-missing",
        "audit/supplier-neat.yaml",
        expect.stringMatching(
          /^the claim quoted from line \d+ is no longer in suppliers\/neat\.yaml; its words stand in suppliers\/\w+\.yaml, whose audit quotes them too\.$/,
        ),
      ],
    ]);
  });
});

describe("a data correction dated after the claim audit's last check", () => {
  it("is told at its date, offering the day of the audit's mends that has no entry, not asked for again", async () => {
    const copy = await contentToEdit("correction-future-date", "shipped");
    const text = await readFile(path.join(copy.content, "disclosure.yaml"), "utf8");
    const day = /^data_corrections:\n {2}- date: (\d{4}-\d\d-\d\d)$/m.exec(text)![1]!;
    await copy.edit("disclosure.yaml", [
      `data_corrections:\n  - date: ${day}\n`,
      `data_corrections:\n  - date: 2062${day.slice(4)}\n`,
    ]);
    const told = await copy.diagnostics();
    expect(told.map(({ code, pointer, message }) => [code, pointer, message])).toEqual([
      [
        "disclosure/audit-summary",
        "/data_corrections/0/date",
        `the correction is dated 2062${day.slice(4)}, after the claim audit's last check (${day}).`,
      ],
    ]);
    expect(told[0]?.hint).toMatch(new RegExp(`^If it is the entry of ${day}, .* date it ${day};`));
  });
});

describe("words added to a claim of an audited profile, evidence family, the register or the disclosure", () => {
  it("are told at their field until the file's audit quotes them, whole or in parts", async () => {
    const copy = await contentToEdit("field-not-quoted", "shipped");
    await copy.edit("suppliers/neat.yaml", [
      /^( {2}- text: Neat Frame is not named)/m,
      "  - text: Its bars are blue. Neat Frame is not named",
    ]);
    // A register's record of where a source was read is a claim too (the claim_audit says each was checked).
    await copy.edit("sources.yaml", [
      "(end of support for RoomOS devices).",
      "(end of support for RoomOS devices). It was read twice.",
    ]);
    // And a statement of the disclosure, which its summary says was checked.
    await copy.edit("disclosure.yaml", [
      "  same place as the content concerned.\n",
      "  same place as the content concerned. We have a sponsor.\n",
    ]);
    const told = await copy.diagnostics();
    // The line to record is given: the field's own.
    expect(told[0]?.hint).toContain(`\`line: ${told[0]?.line}\``);
    expect(told.map(({ code, file, pointer, message }) => [code, file, pointer, message])).toEqual([
      [
        "audit/claim-not-quoted",
        "disclosure.yaml",
        "/conflicts",
        'the words "We have a sponsor." are quoted by no entry of content/audit/disclosure.yaml, yet the disclosure says every claim was checked.',
      ],
      [
        "audit/claim-not-quoted",
        "sources.yaml",
        expect.stringMatching(/^\/sources\/\d+\/completed\/where$/),
        'the words "It was read twice." are quoted by no entry of content/audit/sources.yaml, yet the disclosure says every claim was checked.',
      ],
      [
        "audit/claim-not-quoted",
        "suppliers/neat.yaml",
        "/caveats/1/text",
        'the words "Its bars are blue." are quoted by no entry of content/audit/supplier-neat.yaml, yet the disclosure says every claim was checked.',
      ],
    ]);
  });
});

describe("a claim of absence added to an audited profile", () => {
  it("is told once, its entry asked for with its outward search, not twice at one place", async () => {
    const copy = await contentToEdit("absence-not-quoted", "shipped");
    await copy.edit("suppliers/neat.yaml", [
      "caveats:\n",
      "caveats:\n  - text: No FCC grant naming the Neat Frame was found in the sources searched.\n    sources: [neat-openssl-statement-2022-11]\n",
    ]);
    const told = (await copy.diagnostics()).filter(({ file }) => file === "suppliers/neat.yaml");
    expect(told.map(({ code, pointer }) => [code, pointer])).toEqual([["audit/claim-not-quoted", "/caveats/0/text"]]);
    expect(told[0]?.hint).toContain(", and `outward`: it is a claim of absence or of a pending event");
  });
});

describe("a claim of absence beside an unquoted citation in one paragraph of an answer", () => {
  it("is still told: another sentence is another place, which the citation's entry would not cover", async () => {
    const copy = await contentToEdit("absence-beside-citation", "shipped");
    await copy.edit("answers/room-sizing.md", [
      /\n$/,
      "\nA new claim about rooms [@yamaha-cissca]. No price list for rooms was found in the sources searched.\n",
    ]);
    expect((await copy.diagnostics()).map(({ code }) => code).sort()).toEqual([
      "audit/claim-not-quoted",
      "audit/outward-missing",
    ]);
  });
});

describe("a claim copied from another file, whose audit quotes it", () => {
  it("is told to copy that entry, the check it records", async () => {
    const copy = await contentToEdit("claim-copied", "shipped");
    const neat = await readFile(path.join(copy.content, "suppliers", "neat.yaml"), "utf8");
    const caveat = /^ {2}- text: (Neat Frame is not named[^\n]*(?:\n {6}[^\n]*)*)/m.exec(neat)![1]!;
    await copy.edit("suppliers/jabra.yaml", [
      "caveats:\n",
      `caveats:\n  - text: ${caveat}\n    sources: [neat-openssl-statement-2022-11]\n`,
    ]);
    const told = (await copy.diagnostics()).filter(({ code }) => code === "audit/claim-not-quoted");
    expect(told.map(({ file, hint }) => [file, hint])).toEqual([
      [
        "suppliers/jabra.yaml",
        expect.stringMatching(
          /^content\/audit\/supplier-neat\.yaml quotes this text already \(its entry at line \d+\): if it holds here too, copy that entry into content\/audit\/supplier-jabra\.yaml with `line: 25`; else /,
        ),
      ],
    ]);
  });
});

describe("the disclosure's claim_audit figures while a claim is still to be audited", () => {
  it("wait for it, so that they are asked for once, as the audit then gives them", async () => {
    const copy = await contentToEdit("audit-figures-wait", "shipped");
    await copy.edit("suppliers/neat.yaml", [
      /^( {2}- text: Neat Frame is not named)/m,
      "  - text: Its bars are blue. Neat Frame is not named",
    ]);
    // An entry added for it that quotes only part of the new words: the figures moved, and the claim is still told.
    const entry = (claim: string) =>
      `\n- line: 28\n  claim: ${claim}\n  sources: [neat-openssl-statement-2022-11]\n  source_says: Blue.\n  verdict: supported\n  checked: 2026-12-03\n`;
    await copy.edit("audit/supplier-neat.yaml", [/\n$/, entry("Its bars")]);
    const codes = async () => (await copy.diagnostics()).map(({ code, pointer }) => [code, pointer]);
    expect(await codes()).toEqual([["audit/claim-not-quoted", "/caveats/1/text"]]);
    // Once it quotes them all, the figures are told, with what the audit now adds up to.
    await copy.edit("audit/supplier-neat.yaml", ["claim: Its bars\n", "claim: Its bars are blue.\n"]);
    expect(await codes()).toEqual([["disclosure/audit-summary", "/claim_audit/claims_checked"]]);
  });
});

describe("the disclosure's claim_audit figures", () => {
  it("are told each at its line with the value to write, and past four as one problem with the whole block", async () => {
    const copy = await contentToEdit("audit-figures", "shipped");
    const checked = /^ {2}claims_checked: (\d+)$/m.exec(
      await readFile(path.join(copy.content, "disclosure.yaml"), "utf8"),
    )![1]!;
    await copy.edit("disclosure.yaml", [/^( {2}claims_checked: )\d+$/m, "$1 1"]);
    expect((await copy.diagnostics()).map(({ code, pointer, hint }) => [code, pointer, hint])).toEqual([
      ["disclosure/audit-summary", "/claim_audit/claims_checked", `Write ${checked}.`],
    ]);
    await copy.edit("disclosure.yaml", [
      /^( {2})defects_found: \d+\n {2}defects_mended: \d+$/m,
      "$1defects_found: 1\n$1defects_mended: 1",
    ]);
    // Four figures are still told each at its line; a fifth makes them one problem.
    await copy.edit("disclosure.yaml", [/^( {6}found: )\d+$/m, "$11"]);
    expect((await copy.diagnostics()).map(({ pointer }) => pointer)).toEqual([
      "/claim_audit/claims_checked",
      "/claim_audit/defects_found",
      "/claim_audit/defects_mended",
      "/claim_audit/by_kind/0/found",
    ]);
    await copy.edit("disclosure.yaml", [/^( {6}mended: )\d+$/m, "$11"]);
    const told = await copy.diagnostics();
    expect(told.map(({ code, pointer }) => [code, pointer])).toEqual([["disclosure/audit-summary", "/claim_audit"]]);
    expect(told[0]!.hint).toMatch(
      new RegExp(`^Write them as the audit gives them: date \\d{4}-\\d{2}-\\d{2}, claims_checked ${checked}, `),
    );
  });
});

describe("the data corrections", () => {
  it("have an entry for each day the claim audit mended a defect, as the disclosure says they are listed", async () => {
    const copy = await contentToEdit("corrections-by-day", "shipped");
    await copy.edit("disclosure.yaml", [/ {2}- date: 2026-12-01\n[\s\S]*?(?= {2}- date: 2026-11-30\n)/, ""]);
    expect((await copy.diagnostics()).map(({ code, pointer, message }) => [code, pointer, message])).toEqual([
      [
        "disclosure/audit-summary",
        "/data_corrections",
        "the claim audit mended 2 defects on 2026-12-01, but `data_corrections` has no entry of that day.",
      ],
    ]);
  });
});

describe("rules at their edges, and their second branches", () => {
  it("takes an expired status read on its end date, and tells one read the day before", async () => {
    const copy = await contentToEdit("expired-on-end-date");
    const certified =
      "google-meet: {status: certified, as_of: 2026-01-02, valid_until: 2027-09-03, sources: [fixture-list]}";
    await copy.edit("evidence/widgets.yaml", [
      certified,
      "google-meet: {status: expired, as_of: 2026-01-02, valid_until: 2026-01-02, sources: [fixture-list]}",
    ]);
    expect(await copy.diagnostics()).toEqual([]);
    await copy.edit("evidence/widgets.yaml", ["valid_until: 2026-01-02,", "valid_until: 2026-01-03,"]);
    expect((await copy.diagnostics()).map(({ code, pointer }) => [code, pointer])).toEqual([
      ["evidence/status-beyond-source", "/records/0/certification/google-meet"],
    ]);
  });

  it("takes a list version dated the first day of the window before the methodology date, and tells one a day older", async () => {
    const copy = await contentToEdit("status-window-edge");
    // The list version is of 2026-01-02: the methodology dated 2027-01-02 opens its window on that day.
    await copy.edit("disclosure.yaml", ["methodology_date: 2026-11-01", "methodology_date: 2027-01-02"]);
    const told = () =>
      copy.diagnostics().then((all) => all.filter(({ code }) => code === "evidence/status-beyond-source"));
    expect(await told()).toEqual([]);
    await copy.edit("disclosure.yaml", ["methodology_date: 2027-01-02", "methodology_date: 2027-01-03"]);
    expect((await told()).map(({ pointer }) => pointer)).toContain("/records/0/certification/google-meet");
  });

  it("tells a changelog version dated before the version it follows", async () => {
    const copy = await contentToEdit("changelog-date-order");
    await copy.edit(
      "disclosure.yaml",
      ["methodology_version: 1.0.0", "methodology_version: 1.0.1"],
      [
        "    change: First version.\n",
        "    change: First version.\n  - version: 1.0.1\n    date: 2026-10-01\n    change: Second.\n",
      ],
    );
    expect((await copy.diagnostics()).map(({ code, pointer, message }) => [code, pointer, message])).toEqual([
      ["disclosure/changelog", "/changelog/1/date", "1.0.1 is dated 2026-10-01, before 1.0.0 (2026-11-01)."],
    ]);
  });

  it("tells a stop word listed under a group's stop_words that is not a word of the group", async () => {
    const copy = await contentToEdit("synonym-stop-word-elsewhere");
    await copy.edit("synonyms.yaml", [
      "    why: Mic is the everyday short form.\n",
      "    why: Mic is the everyday short form.\n    stop_words: [the]\n",
    ]);
    expect((await copy.diagnostics()).map(({ code, pointer, message }) => [code, pointer, message])).toEqual([
      [
        "synonyms/stop-word",
        "/groups/1/stop_words/0",
        '"the" is listed under `stop_words` but is not a word of the group.',
      ],
    ]);
  });

  it("reads a count the disclosure gives in a capitalised word", async () => {
    const copy = await contentToEdit("count-capitalised");
    await copy.edit("disclosure.yaml", [
      "selection: Fixture suppliers.",
      "selection: The fixture covers Two suppliers.",
    ]);
    expect(await copy.diagnostics()).toEqual([]);
    await copy.edit("disclosure.yaml", ["covers Two suppliers", "covers Three suppliers"]);
    expect((await copy.diagnostics()).map(({ code }) => code)).toEqual(["disclosure/stated-count"]);
  });

  it("judges a source a supplier's search found by the search's own date, not by the methodology date", async () => {
    const copy = await contentToEdit("search-found-after-methodology");
    // Read after the methodology date (2026-11-01), before the search (2026-11-20).
    await copy.edit("sources.yaml", [
      /$/,
      "  - id: fixture-later\n    title: Fixture later page\n    publisher: Fixture publisher\n    url: https://example.org/later\n    accessed: 2026-11-10\n    kind: vendor-warranty-terms\n    confidence: documented\n    primary: true\n",
    ]);
    await copy.edit("suppliers/acme.yaml", [
      "    searched: 2026-11-20\n    found: []\n    result: The search came back empty of the supplier's own publications.",
      "    searched: 2026-11-20\n    found: [fixture-later]\n    result: The supplier's own terms page.",
    ]);
    expect((await copy.diagnostics()).filter(({ code }) => code === "citation/after-claim-date")).toEqual([]);
    // Dated before the source was read, the search is told.
    await copy.edit("suppliers/acme.yaml", [
      "    searched: 2026-11-20\n    found: [fixture-later]",
      "    searched: 2026-11-05\n    found: [fixture-later]",
    ]);
    expect(
      (await copy.diagnostics())
        .filter(({ code }) => code === "citation/after-claim-date")
        .map(({ pointer }) => pointer),
    ).toEqual(["/searches/support-transparency/found/0"]);
  });
});

describe("a deprecation of the API", () => {
  it("is refused a sunset sooner than the six months the versioning policy promises, and takes one after them", async () => {
    const copy = await contentToEdit("sunset-soon");
    await copy.edit("site.yaml", [/$/, "deprecation:\n  deprecated_at: 2026-12-01\n  sunset_at: 2026-12-15\n"]);
    expect((await copy.diagnostics()).map(({ code, message }) => [code, message])).toEqual([
      [
        "site/sunset",
        "the sunset 2026-12-15 is less than 6 months after the deprecation (2026-12-01): clients are promised until 2027-06-01 at least.",
      ],
    ]);
    await copy.edit("site.yaml", ["  sunset_at: 2026-12-15\n", "  sunset_at: 2027-06-01\n"]);
    expect(await copy.diagnostics()).toEqual([]);
  });
});

describe("a score its facts refuse", () => {
  it("is told alone: the ranks, which it would reorder, wait for it", async () => {
    const copy = await contentToEdit("score-refused", "shipped");
    await copy.edit("suppliers/neat.yaml", [
      "  support-transparency:\n    score: 3\n",
      "  support-transparency:\n    score: 4\n",
    ]);
    expect((await copy.diagnostics()).map(({ code, file }) => [code, file])).toEqual([
      ["score/beyond-facts", "suppliers/neat.yaml"],
    ]);
  });
});

describe("a score below the range its facts allow", () => {
  it("is told the range, and that the rubric's levels choose within it", async () => {
    const copy = await contentToEdit("score-range", "shipped");
    await copy.edit("suppliers/neat.yaml", [
      "  ownership-transparency:\n    score: 3\n",
      "  ownership-transparency:\n    score: 1\n",
    ]);
    const told = (await copy.diagnostics()).filter(({ code }) => code === "score/beyond-facts");
    expect(told.map(({ message, hint }) => [message, hint])).toEqual([
      [
        "the score of `ownership-transparency` is 1, but its ownership status is documented, which gives 3 to 5 on the rubric.",
        expect.stringMatching(
          /^Set a score from 3 to 5, the level of the disclosure's rubric for `ownership-transparency` that the basis's facts reach, or correct/,
        ),
      ],
    ]);
  });
});

describe("a supplier ranked below where its score places it, the others moved up to make room", () => {
  it("is told in every file that moves, with one plan: its rank, and the others one down", async () => {
    const copy = await contentToEdit("rank-shifted", "shipped");
    for (const name of readdirSync(path.join(copy.content, "suppliers"))) {
      const file = path.join(copy.content, "suppliers", name);
      const text = await readFile(file, "utf8");
      const rank = Number(/^rank: (\d+)$/m.exec(text)![1]);
      const now = name === "neat.yaml" ? 20 : rank >= 12 && rank <= 20 ? rank - 1 : rank;
      if (now !== rank) await writeFile(file, text.replace(/^rank: \d+$/m, `rank: ${now}`));
    }
    const told = await copy.diagnostics();
    expect(told).toHaveLength(10);
    for (const { code, hint } of told) {
      expect(code).toBe("rank/score-order");
      expect(hint).toBe(
        "Neat's score places it at 11: give it that rank, and move each of the 9 suppliers it passes one down (10 files, each told here).",
      );
    }
  });
});

describe("a rank given twice", () => {
  it("is told in both files, each naming the other's file and the rank given to none: the one edited may sort first or last", async () => {
    const copy = await contentToEdit("rank-tie");
    await copy.edit("suppliers/acme.yaml", ["rank: 1", "rank: 2"]);
    const ties = (await copy.diagnostics()).filter(({ code }) => code === "rank/sequence");
    expect(ties.map(({ file, message }) => [file, message])).toEqual([
      [
        "suppliers/acme.yaml",
        "rank 2 is also given to zenith (suppliers/zenith.yaml); each rank is used once, and rank 1 is given to none.",
      ],
      [
        "suppliers/zenith.yaml",
        "rank 2 is also given to acme (suppliers/acme.yaml); each rank is used once, and rank 1 is given to none.",
      ],
    ]);
  });
});

describe("a supplier profile or evidence family that fails its schema in one field", () => {
  it("still has its other fields checked for citations, references, control characters, claims of absence and its name, at once; the field in error waits", async () => {
    const copy = await contentToEdit("partly-valid");
    const { content, edit } = copy;
    await edit(
      "suppliers/acme.yaml",
      ["rank: 1", "rank: first"],
      ["summary: A fixture supplier.", 'summary: "A fixture\\a supplier."'],
      ["  - text: Terms are reported only.", "  - text: Terms are reported only; a price list was not found."],
      ["  - text: Listed.\n    sources: [fixture-list]", "  - text: Listed.\n    sources: [fixture-lst]"],
      ["  - family: widgets", "  - family: widgts"],
      // In the field in error: its citations are not walked (nor is a wrong shape beside them met).
      [
        "{score: 1, basis: One family., sources: [fixture-list]}",
        "{score: one, basis: One family., sources: [nowhere]}",
      ],
    );
    await edit(
      "evidence/widgets.yaml",
      ["description: Fixture family.", "description: [Fixture family.]"],
      ["  - supplier: zenith", "  - supplier: zenit"],
      [
        "google-meet: {status: certified, as_of: 2026-01-02, valid_until: 2027-09-03, sources: [fixture-list]}",
        "google-meet: {status: certified, as_of: 2026-01-02, valid_until: 2027-09-03, sources: [fixture-lsit]}",
      ],
    );
    // Named other than its family, whose field passed.
    await rename(path.join(content, "evidence", "widgets.yaml"), path.join(content, "evidence", "widget.yaml"));
    const told = await copy.diagnostics();
    expect(told.map(({ code, file, pointer }) => ({ code, file, pointer }))).toEqual([
      { code: "schema/type", file: "suppliers/acme.yaml", pointer: "/rank" },
      { code: "schema/type", file: "suppliers/acme.yaml", pointer: "/scores/portfolio-breadth/score" },
      { code: "schema/type", file: "evidence/widget.yaml", pointer: "/description" },
      { code: "slug/file-name", file: "evidence/widget.yaml", pointer: "/family" },
      { code: "reference/unknown-source", file: "suppliers/acme.yaml", pointer: "/strengths/0/sources/0" },
      {
        code: "reference/unknown-source",
        file: "evidence/widget.yaml",
        pointer: "/records/0/certification/google-meet/sources/0",
      },
      { code: "reference/unknown-supplier", file: "evidence/widget.yaml", pointer: "/records/0/supplier" },
      { code: "reference/unknown-family", file: "suppliers/acme.yaml", pointer: "/makes/0/family" },
      { code: "text/control-character", file: "suppliers/acme.yaml", pointer: "/summary" },
      { code: "audit/outward-missing", file: "suppliers/acme.yaml", pointer: "/caveats/0/text" },
    ]);
    const hints = new Map(told.map(({ code, hint }) => [code, hint]));
    expect(hints.get("reference/unknown-family")).toMatch(/^Did you mean "widgets"\?/);
    expect(hints.get("reference/unknown-supplier")).toMatch(/^Did you mean "zenith"\?/);
  });
});

describe("an evidence family whose schema errors lie inside one record", () => {
  it("has the citations and suppliers of its other records checked; the record in error waits", async () => {
    const copy = await contentToEdit("one-record-broken");
    await copy.edit(
      "evidence/widgets.yaml",
      // The first record's (zenith's) zoom-rooms, and a citation in it; a citation in the second (acme's).
      ["zoom-rooms: {status: unknown}", "zoom-rooms: {status: pending}"],
      ["valid_until: 2027-09-03, sources: [fixture-list]}", "valid_until: 2027-09-03, sources: [nowhere]}"],
      [
        "google-meet: {status: announced, sources: [fixture-list]}",
        "google-meet: {status: announced, sources: [fixture-lst]}",
      ],
    );
    expect((await copy.diagnostics()).map(({ code, pointer }) => [code, pointer])).toEqual([
      ["schema/enum", "/records/0/certification/zoom-rooms/status"],
      ["reference/unknown-source", "/records/1/certification/google-meet/sources/0"],
    ]);
  });
});

describe("an audit file with a mistake", () => {
  const withAudit = async (label: string, edit: (text: string) => string) => {
    const content = await fixtureWithCase("outward", "variants");
    // The first entry's claim made a claim of absence, in the answer and in its audit, which then covers it.
    const absent = "No newer widget was found [@fixture-list].";
    for (const file of ["answers/alpha-room.md", "audit/answer-alpha-room.yaml"]) {
      const text = await readFile(path.join(content, file), "utf8");
      expect(text).toContain("The room fits a widget [@fixture-list].");
      await writeFile(path.join(content, file), text.replace("The room fits a widget [@fixture-list].", absent));
    }
    const audit = path.join(content, "audit", "answer-alpha-room.yaml");
    await writeFile(audit, edit(await readFile(audit, "utf8")));
    const result = await build(content, path.join(path.dirname(content), label));
    return (result.ok ? [] : result.diagnostics).map(({ code, line }) => [code, line]);
  };

  it("in one entry, still covers the claims of every entry that records its search", async () => {
    expect(await withAudit("audit-field", (text) => text.replace("    source_says:", "    source_say:"))).toEqual([
      ["schema/additional-property", 6],
    ]);
  });

  it("that cannot be read, leaves the claims it audits waiting rather than told uncovered, and its keys read after the error are not told twice", async () => {
    expect(
      await withAudit("audit-tab", (text) => text.replace("    verdict: supported", "\t  verdict: supported")),
    ).toEqual([["yaml/syntax", 7]]);
  });
});

describe("a file failing its schema in one place", () => {
  it("still has the rest of it checked by every rule that checks a file by itself: its dates, searches, quotes, records and changelog", async () => {
    const copy = await contentToEdit("one-place", "variants/outward");
    const { edit } = copy;
    await edit(
      "audit/answer-alpha-room.yaml",
      [
        "    verdict: supported\n    checked: 2026-11-01\n    outward:\n      kind: pending",
        "    verdict: supportd\n    checked: 2026-11-01\n    outward:\n      kind: pending",
      ],
      ["claim: Keep the widget within 3 m", "claim: Keep the widget within 4 m"],
      [
        "    checked: 2026-11-01\n    outward:\n      kind: absence",
        "    checked: 2026-01-01\n    outward:\n      kind: absence",
      ],
      ["expires: 2027-11-01", "expires: 2028-11-01"],
    );
    await edit(
      "suppliers/acme.yaml",
      ["rank: 1", "rank: first"],
      ["    searched: 2026-11-20\n    found: [fixture-list]", "    searched: 2026-01-20\n    found: [fixture-list]"],
    );
    await edit(
      "evidence/widgets.yaml",
      ["description: Fixture family.", "description: [Fixture family.]"],
      ["valid_until: 2027-09-03", "valid_until: 2025-09-03"],
    );
    await edit(
      "disclosure.yaml",
      ["funding: None.", "funding: [None.]"],
      [
        "    change: First version.",
        "    change: First version.\n  - version: 0.9.0\n    date: 2026-11-01\n    change: Second.",
      ],
    );
    expect((await copy.diagnostics()).map(({ code, file, pointer }) => `${code} ${file}${pointer}`)).toEqual([
      "schema/type disclosure.yaml/funding",
      "schema/type suppliers/acme.yaml/rank",
      "schema/type evidence/widgets.yaml/description",
      "schema/enum audit/answer-alpha-room.yaml/entries/0/verdict",
      "disclosure/changelog disclosure.yaml/changelog/1/version",
      "disclosure/changelog disclosure.yaml/methodology_version",
      "evidence/status-bounds evidence/widgets.yaml/records/0/certification/google-meet/valid_until",
      "evidence/status-beyond-source evidence/widgets.yaml/records/0/certification/google-meet",
      "citation/after-claim-date audit/answer-alpha-room.yaml/entries/1/sources/0",
      "citation/after-claim-date suppliers/acme.yaml/searches/platform-certification/found/0",
      "audit/quote-missing audit/answer-alpha-room.yaml/entries/1/claim",
      "audit/outward-expiry audit/answer-alpha-room.yaml/entries/1/outward/expires",
    ]);
  });
});

describe("the site's contact address", () => {
  it("is a path of this site: one that names another host (//host, /\\host) is refused", async () => {
    for (const url of ["//evil.example/x", "/\\evil.example/x"]) {
      const copy = await contentToEdit("contact-url");
      await copy.edit("site.yaml", ["  url: /docs/#contact", `  url: "${url.replace("\\", "\\\\")}"`]);
      expect(
        (await copy.diagnostics()).map(({ code, pointer }) => [code, pointer]),
        url,
      ).toEqual([["schema/pattern", "/contact/url"]]);
    }
  });
});

describe("a copy of an answer whose slug was not changed", () => {
  it("is not told to take the name of the file it copies", async () => {
    const copy = await contentToEdit("copy-not-renamed");
    const answers = path.join(copy.content, "answers");
    await cp(path.join(answers, "alpha-room.md"), path.join(answers, "Alpha_Room_v2.md"));
    const told = (await copy.diagnostics()).find((diagnostic) => diagnostic.code === "slug/file-name");
    expect(told).toMatchObject({
      file: "answers/Alpha_Room_v2.md",
      message: 'the slug is "alpha-room" but the file is named "Alpha_Room_v2".',
      hint: "Give this file a slug of its own, in lower-case letters and digits with single hyphens between words, and name the file after it: alpha-room.md is another file's name.",
    });
  });
});

describe("a character that looks like its ASCII twin", () => {
  it("is named by its code point: in an id, a citation mark, and a quoted claim the file now differs from", async () => {
    const copy = await contentToEdit("look-alikes", "shipped");
    await copy.edit("suppliers/neat.yaml", ["all 6 of Neat's Android rows", "all 6 of Neat\u2019s Android rows"]);
    await copy.edit("sources.yaml", ["  - id: neat-eol-policy\n", "  - id: neat-eol\u2011policy\n"]);
    await copy.edit("answers/room-sizing.md", [/\[@([a-z0-9-]+)\]/, "[@$1\u043e]"]);
    const told = await copy.diagnostics();
    const of = (code: string) => told.filter((diagnostic) => diagnostic.code === code).map(({ message }) => message);
    expect(of("audit/quote-missing")).toEqual([
      expect.stringMatching(/then has "\u043e" \(U\+043E\) where the quote has "\]" \(U\+005D\)\.$/),
      expect.stringMatching(/then has "\u2019" \(U\+2019\) where the quote has "'" \(U\+0027\)\.$/),
    ]);
    expect(of("schema/pattern")).toEqual([
      expect.stringMatching(/\(character 9 is "\u2011" \(U\+2011\), not an ASCII character\)\.$/),
    ]);
    expect(of("citation/malformed")).toEqual([
      expect.stringMatching(/"\u043e" \(U\+043E\), not an ASCII character\)\.$/),
    ]);
  });
});

describe("a copy of an answer whose slug alone was changed", () => {
  it("is told in both files, which ask the same question under the same title", async () => {
    const copy = await contentToEdit("copy-slug-changed");
    const answers = path.join(copy.content, "answers");
    await cp(path.join(answers, "alpha-room.md"), path.join(answers, "alpha-room-two.md"));
    await copy.edit("answers/alpha-room-two.md", ["slug: alpha-room\n", "slug: alpha-room-two\n"]);
    expect((await copy.diagnostics()).map(({ code, file, message }) => [code, file, message])).toEqual([
      [
        "answer/same-question",
        "answers/alpha-room-two.md",
        "the title and the question are also answers/alpha-room.md's.",
      ],
      [
        "answer/same-question",
        "answers/alpha-room.md",
        "the title and the question are also answers/alpha-room-two.md's.",
      ],
    ]);
  });
});

describe("a source entry pasted twice", () => {
  it("is told once, as an id used twice, not also as one document under two ids", async () => {
    const copy = await contentToEdit("source-pasted-twice");
    const entry = "  - id: fixture-terms\n    title: Fixture warranty terms\n";
    await copy.edit("sources.yaml", [
      entry,
      `${entry}    publisher: Fixture publisher\n    url: https://example.org/terms\n    accessed: 2026-10-20\n    kind: vendor-warranty-terms\n    confidence: reported\n    primary: false\n${entry}`,
    ]);
    expect((await copy.diagnostics()).map(({ code }) => code)).toEqual(["slug/duplicate"]);
  });
});

describe("a source entered twice under two ids, its address written another way", () => {
  it("is told as one document under two ids, with or without www. or a final slash", async () => {
    const copy = await contentToEdit("same-document-address");
    const second = (url: string) =>
      `  - id: fixture-terms-again\n    title: Fixture warranty terms, again\n    publisher: Fixture publisher\n    url: ${url}\n    accessed: 2026-10-20\n    kind: vendor-warranty-terms\n    confidence: reported\n    primary: false\n`;
    for (const url of ["https://www.example.org/terms/", "https://EXAMPLE.org/terms#section-2"]) {
      await writeFile(
        path.join(copy.content, "sources.yaml"),
        `${await readFile(path.join(FIXTURES, "base", "sources.yaml"), "utf8")}${second(url)}`,
      );
      const told = (await copy.diagnostics()).filter(({ code }) => code === "source/same-document");
      expect(
        told.map(({ pointer, message }) => [pointer, message]),
        url,
      ).toEqual([
        [
          "/sources/3/url",
          expect.stringMatching(
            /^"fixture-terms-again" has the address .* of "fixture-terms" \(line \d+\): one document under two ids\.$/,
          ),
        ],
      ]);
    }
  });
});

describe("an undated source entered twice under two ids", () => {
  it("is told as one document by its title and publisher, an address or none", async () => {
    const copy = await contentToEdit("same-document-undated");
    const base = await readFile(path.join(FIXTURES, "base", "sources.yaml"), "utf8");
    await writeFile(
      path.join(copy.content, "sources.yaml"),
      `${base}  - id: fixture-terms-again\n    title: Fixture warranty terms\n    publisher: Fixture publisher\n    accessed: 2026-10-20\n    kind: vendor-warranty-terms\n    confidence: reported\n    primary: false\n`,
    );
    expect(
      (await copy.diagnostics()).filter(({ code }) => code === "source/same-document").map(({ pointer }) => pointer),
    ).toEqual(["/sources/3/title"]);
  });
});

describe("a source id mistyped in the register", () => {
  it("is told where it is cited, with the id it most likely meant, every problem reaching a pipe whole", async () => {
    const { folder, content } = await copyOfShipped("mistyped-source-id");
    const register = path.join(content, "sources.yaml");
    const meant = "msft-teams-rooms-certified-hardware-2024-09";
    await writeFile(
      register,
      (await readFile(register, "utf8")).replace(`id: ${meant}\n`, "id: msft-teams-rooms-certified-hardware-2024-9\n"),
    );
    // The CLI, its output read through pipes: over 128 KiB of problems, which an exit made before the pipes took them
    // cut off mid-line.
    const run = spawnSync(NODE, cli("--content", content, "--out", path.join(folder, "dist")), {
      cwd: ROOT,
      env: cleanEnv,
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
    });
    expect(run.status).toBe(1);
    const told = [...run.stderr.matchAll(/^\S+:\d+:\d+ error (\S+) /gm)].map((match) => match[1]);
    expect(run.stderr.length).toBeGreaterThan(128 * 1024);
    expect(run.stderr).toMatch(
      new RegExp(
        `\\n${told.length} problems in \\d+ files\\. Nothing was written; the previous output is untouched\\.\\n$`,
      ),
    );
    // Only the unknown id is told: the records citing it are not also told that they rest on secondary sources.
    expect(new Set(told)).toEqual(new Set(["reference/unknown-source"]));
    expect(run.stderr).toContain(
      `the source "${meant}" is not in sources.yaml.\n  hint: Did you mean "msft-teams-rooms-certified-hardware-2024-9"? If sources.yaml's "msft-teams-rooms-certified-hardware-2024-9" is the one mistyped, correct it there instead (one edit for every citation of "${meant}"); if this is a new source, add it there.`,
    );
  });
});

describe("a source removed from the register while still cited", () => {
  it("is not offered a neighbour whose id differs by a word (neat-eol-policy is not cisco-eol-policy)", async () => {
    const copy = await contentToEdit("source-removed", "shipped");
    await copy.edit("sources.yaml", [/^ {2}- id: neat-eol-policy\n(?: {4}.*\n| {6}.*\n)*/m, ""]);
    const told = (await copy.diagnostics()).filter(({ code }) => code === "reference/unknown-source");
    expect(told.length).toBeGreaterThan(1);
    for (const { hint } of told) expect(hint).toMatch(/^Add the source to content\/sources.yaml .*put back its entry/);
  });
});

describe("a register that fails its schema", () => {
  it("still has its ids known, so that a mistyped citation elsewhere is told as one, at once", async () => {
    const copy = await contentToEdit("register-invalid");
    await copy.edit("sources.yaml", ["    accessed: 2026-10-20\n", ""]);
    await copy.edit("answers/beta-mics.md", [/$/, "\nOne more claim [@fixture-lst].\n"]);
    expect((await copy.diagnostics()).map(({ code, file, hint }) => ({ code, file, hint }))).toEqual([
      {
        code: "schema/required",
        file: "sources.yaml",
        hint: "Add `accessed:` with a value. It is when the source was read, to the precision known.",
      },
      {
        code: "citation/not-listed",
        file: "answers/beta-mics.md",
        hint: "Did you mean [@fixture-list]? Cite an id of content/sources.yaml, and list it in `sources`.",
      },
    ]);
  });
});

describe("a product a profile names under two families", () => {
  it("is told once, as named twice, with the one to remove", async () => {
    const copy = await contentToEdit("makes-twice");
    await copy.edit("suppliers/acme.yaml", [
      "    products: [Widget One]\n    sources: [fixture-list]\n",
      "    products: [Widget One]\n    sources: [fixture-list]\n  - family: gadgets\n    products: [Widget One]\n    sources: [fixture-list]\n",
    ]);
    const told = await copy.diagnostics();
    expect(told.map(({ code, pointer, message, hint }) => ({ code, pointer, message, hint }))).toEqual([
      {
        code: "evidence/family-mismatch",
        pointer: "/makes/1/products/0",
        message:
          '"Widget One" is named twice in `makes`: under widgets, where its evidence record is, and here under gadgets.',
        hint: "Name it once: remove it here, or move its record to gadgets and remove it under widgets.",
      },
    ]);
  });
});

describe("a register note that says how we read a source rather than where anyone can", () => {
  it("is told at the note, with the words to leave out", async () => {
    const copy = await contentToEdit("register-how-read");
    await copy.edit("sources.yaml", [
      "    url: https://example.org/terms\n",
      "    url: https://example.org/terms\n    note: The terms, read in a stored copy of the page on 2026-11-28.\n",
    ]);
    const told = await copy.diagnostics();
    expect(told.map(({ code, pointer }) => [code, pointer])).toEqual([["schema/pattern", "/sources/1/note"]]);
    expect(told[0]?.hint).toMatch(/leave out how it was read: the words "stored copy"/);
  });
});

describe("a source's URL copied with the punctuation after it", () => {
  it("is told, with what to take off", async () => {
    const copy = await contentToEdit("url-punctuation");
    await copy.edit("sources.yaml", ["    url: https://example.org/terms\n", "    url: https://example.org/terms).\n"]);
    const told = await copy.diagnostics();
    expect(told.map(({ code, pointer }) => [code, pointer])).toEqual([["schema/pattern", "/sources/1/url"]]);
    expect(told[0]?.hint).toMatch(/without the punctuation that followed it/);
  });
});

describe("a source without `primary`", () => {
  it("is told that alone: its confidence is held to neither kind until it says which it is", async () => {
    const copy = await contentToEdit("register-no-primary");
    await copy.edit("sources.yaml", [
      "    confidence: documented\n    primary: true\n",
      "    confidence: documented\n",
    ]);
    expect((await copy.diagnostics()).map(({ code, pointer }) => [code, pointer])).toEqual([
      ["schema/required", "/sources/0"],
    ]);
  });
});

describe("a supplier's slug mistyped in one of its records", () => {
  it("is told at the record, offering the slug, and the profile's product waits for that fix", async () => {
    // Barco has other records, under its slug: the profile is not one renamed.
    const copy = await contentToEdit("record-supplier-typo", "shipped");
    await copy.edit("evidence/wireless-presentation.yaml", [/^ {2}- supplier: barco$/m, "  - supplier: barcoo"]);
    expect((await copy.diagnostics()).map(({ code, file, hint }) => [code, file, hint])).toEqual([
      [
        "reference/unknown-supplier",
        "evidence/wireless-presentation.yaml",
        `Did you mean "barco"? ${DIAGNOSTIC_CATALOGUE["reference/unknown-supplier"].hint}`,
      ],
    ]);
  });
});

describe("a supplier renamed in its profile and its file, not in its records", () => {
  it("is told at each record, naming the profile that now names its product, once a product (a slug near the old one is offered as a typo)", async () => {
    const copy = await contentToEdit("supplier-renamed");
    const old = path.join(copy.content, "suppliers", "zenith.yaml");
    await writeFile(
      path.join(copy.content, "suppliers", "apex.yaml"),
      (await readFile(old, "utf8")).replace(/^slug: zenith$/m, "slug: apex"),
    );
    await rm(old);
    const told = await copy.diagnostics();
    expect(told.map(({ code, file, message, hint }) => [code, file, message, hint])).toEqual([
      [
        "reference/unknown-supplier",
        "evidence/widgets.yaml",
        'no supplier has the slug "zenith": suppliers/apex.yaml, which names "Widget Two", has the slug "apex", which no record carries.',
        'If the supplier was renamed, write "apex" here and in its other records; else give suppliers/apex.yaml the slug "zenith" and name the file after it.',
      ],
    ]);
  });
});

describe("a listing pasted twice", () => {
  it("is told at the copy, which would be published twice; a row of the same version that differs is not", async () => {
    const copy = await contentToEdit("listing-twice");
    const widgets = await readFile(path.join(copy.content, "evidence", "widgets.yaml"), "utf8");
    const listing = /^ {10}- status: listed\n(?: {12}.*\n)+/m.exec(widgets)![0];
    await copy.edit("evidence/widgets.yaml", [
      listing,
      `${listing}${listing}${listing.replace(/firmware: "[^"]*"/, 'firmware: "9.9.9"')}`,
    ]);
    expect((await copy.diagnostics()).map(({ code, pointer, message }) => [code, pointer, message])).toEqual([
      [
        "evidence/duplicate-listing",
        "/records/1/certification/microsoft-teams-rooms/listings/1",
        "the listing of 2026-01-02 is the same as listing 1 of this status.",
      ],
    ]);
  });
});

describe("a record of a product the register already records", () => {
  it("is told at the one read second (files in name order), naming the file and line of the other", async () => {
    const copy = await contentToEdit("duplicate-record");
    const widgets = await readFile(path.join(copy.content, "evidence", "widgets.yaml"), "utf8");
    const first = widgets.slice(widgets.indexOf("  - supplier: zenith"), widgets.indexOf("  - supplier: acme"));
    await copy.edit("evidence/gadgets.yaml", ["records: []", `records:\n${first}`]);
    const told = (await copy.diagnostics()).filter(({ code }) => code === "evidence/duplicate-product");
    expect(told.map(({ file, message }) => [file, message])).toEqual([
      ["evidence/widgets.yaml", 'zenith "Widget Two" already has a record in evidence/gadgets.yaml (line 7).'],
    ]);
  });
});

describe("a supplier removed from the directory", () => {
  it("has its records told to go too, the ranks after its own told to move up and the disclosure's count told", async () => {
    const copy = await contentToEdit("supplier-removed", "shipped");
    await rm(path.join(copy.content, "suppliers", "dten.yaml"));
    const told = await copy.diagnostics();
    expect(told.filter(({ code }) => code === "reference/unknown-supplier").map(({ hint }) => hint)).toEqual(
      Array(5).fill(DIAGNOSTIC_CATALOGUE["reference/unknown-supplier"].hint),
    );
    expect(DIAGNOSTIC_CATALOGUE["reference/unknown-supplier"].hint).toMatch(
      /if the supplier was removed .*, remove this record/,
    );
    // The disclosure's count of suppliers, where it says what the directory covers now.
    expect(
      told.filter(({ code }) => code === "disclosure/stated-count").map(({ pointer, message }) => [pointer, message]),
    ).toEqual([
      ["/selection", 'it says "covers 28 suppliers", but there are 27 profiles in content/suppliers/.'],
      [
        "/claim_audit/summary",
        'it says "of the 28 supplier profiles", but there are 27 profiles in content/suppliers/.',
      ],
    ]);
    expect(
      told.filter(({ code }) => code === "rank/sequence").map(({ file, message, hint }) => [file, message, hint]),
    ).toEqual([
      [
        "suppliers/extron.yaml",
        "rank 28 is beyond the 27 items, so rank 7 is missing.",
        "If what held rank 7 was removed, move ranks 8 to 28 up by one, each to the rank before it (21 files); else give this one rank 7.",
      ],
    ]);
  });
});

describe("a supplier given a new slug, its file renamed after it", () => {
  it("has its audit told to follow it, its claims still checked, not to be deleted and done again", async () => {
    const copy = await contentToEdit("supplier-slug-renamed", "shipped");
    const text = await readFile(path.join(copy.content, "suppliers", "dten.yaml"), "utf8");
    await rm(path.join(copy.content, "suppliers", "dten.yaml"));
    await writeFile(
      path.join(copy.content, "suppliers", "dten-ltd.yaml"),
      text.replace(/^slug: dten$/m, "slug: dten-ltd"),
    );
    const told = (await copy.diagnostics()).filter(({ code }) => code.startsWith("audit/"));
    expect(told.map(({ code, file, hint }) => [code, file, hint])).toEqual([
      [
        "audit/unknown-file",
        "audit/supplier-dten.yaml",
        "Most of the claims quoted here stand in suppliers/dten-ltd.yaml, which no audit names: if it is suppliers/dten.yaml renamed, set `file: suppliers/dten-ltd.yaml` here and name this file content/audit/supplier-dten-ltd.yaml (its claims stay checked).",
      ],
      [
        "audit/not-covered",
        "suppliers/dten-ltd.yaml",
        "content/audit/supplier-dten.yaml audits suppliers/dten.yaml, which no file is now, and most of the claims it quotes stand in this file: if this is that file renamed, set `file: suppliers/dten-ltd.yaml` there and name it content/audit/supplier-dten-ltd.yaml (its claims stay checked).",
      ],
    ]);
  });
});

describe("an answer taken out with its audit", () => {
  it("has the disclosure's count of the answers audited told", async () => {
    const copy = await contentToEdit("answer-removed", "shipped");
    await rm(path.join(copy.content, "answers", "security.md"));
    await rm(path.join(copy.content, "audit", "answer-security.yaml"));
    const told = (await copy.diagnostics()).filter(({ code }) => code === "disclosure/stated-count");
    expect(told.map(({ pointer, message }) => [pointer, message])).toEqual([
      ["/claim_audit/summary", 'it says "of the 20 answers", but there are 19 answers in content/answers/.'],
    ]);
  });
});

describe("a register entry without its kind", () => {
  it("is told the kinds it may have", async () => {
    const copy = await contentToEdit("source-without-kind", "shipped");
    await copy.edit("sources.yaml", [/^ {4}kind: vendor-documentation\n/m, ""]);
    const told = await copy.diagnostics();
    expect(told.map(({ code, pointer }) => [code, pointer])).toEqual([
      ["schema/required", expect.stringMatching(/^\/sources\/\d+$/)],
    ]);
    expect(told[0]?.hint).toBe(
      "Add `kind:` with a value. One of: research-notes, platform-certification-list, vendor-documentation, vendor-warranty-terms, reseller-listing, news-report, regulation, standard, guidance, editorial-policy.",
    );
  });
});

describe("an evidence record without its compliance", () => {
  it("is told the mapping's six rules and what each holds, not only that a value is missing", async () => {
    const copy = await contentToEdit("record-without-compliance", "shipped");
    await copy.edit("evidence/cameras.yaml", [/^ {4}compliance:\n(?: {6}.*\n)+?(?= {4}warranty:)/m, ""]);
    const told = await copy.diagnostics();
    expect(told.map(({ code, pointer }) => [code, pointer])).toEqual([["schema/required", "/records/0"]]);
    expect(told[0]?.hint).toBe(
      "Add `compliance:` with a value. A mapping of the six rules, fcc, ce-ukca, rohs, taa, ndaa-889 and en-301-549, each with `status` (`unknown` where nothing is known) and `note`: copy another record's.",
    );
  });
});

describe("a profile's scores left empty", () => {
  it("is told what to score, by the disclosure's criteria", async () => {
    const copy = await contentToEdit("scores-empty", "shipped");
    await copy.edit("suppliers/neat.yaml", [/\nscores:\n[\s\S]*?\nsearches:\n/, "\nscores: {}\nsearches:\n"]);
    const told = (await copy.diagnostics()).filter(({ code }) => code === "schema/size");
    expect(told.map(({ pointer, hint }) => [pointer, hint])).toEqual([
      [
        "/scores",
        "Score each criterion of the disclosure's `criteria`, by its id, with `score`, `basis` and `sources`.",
      ],
    ]);
  });
});

describe("a product family's slug mistyped in a profile's makes", () => {
  it("is told once, where it is named, not again at each of its products as in another family", async () => {
    const copy = await contentToEdit("family-mistyped-in-makes", "shipped");
    await copy.edit("suppliers/neat.yaml", ["  - family: video-bars\n", "  - family: video-bar\n"]);
    expect((await copy.diagnostics()).map(({ code, file, pointer }) => [code, file, pointer])).toEqual([
      ["reference/unknown-family", "suppliers/neat.yaml", "/makes/0/family"],
    ]);
  });
});

describe("a product family's slug changed in its own file only", () => {
  it("is told where it is referred to as that file's new slug, with the choice to make, and no record is told to move", async () => {
    const copy = await contentToEdit("family-renamed-in-file");
    await copy.edit("evidence/widgets.yaml", [/^family: widgets$/m, "family: widgetz"]);
    const told = await copy.diagnostics();
    expect([...new Set(told.map(({ code }) => code))].sort()).toEqual(["reference/unknown-family", "slug/file-name"]);
    for (const { code, message, hint } of told.filter(({ code }) => code === "reference/unknown-family")) {
      expect(message, code).toBe(
        'no product family has the slug "widgets": evidence/widgets.yaml, named after it, has the slug "widgetz".',
      );
      expect(hint, code).toBe(
        'Give the product family one slug: if "widgetz" is the new one, refer to it here too and rename evidence/widgets.yaml after it; else change its slug back to "widgets".',
      );
    }
  });
});

describe("the scores and the ranks, while their facts cannot be read", () => {
  it("wait for a listing dated beyond its sources, which moves the newest list version read", async () => {
    const copy = await contentToEdit("listing-date-typo", "shipped");
    await copy.edit("evidence/room-controllers.yaml", [
      /(listings:\n\s+- status: listed\n\s+as_of: )2023-04-28/,
      "$12027-04-28",
    ]);
    const told = await copy.diagnostics();
    // One problem, at the date: the end date's order against it waits too (evidence/status-bounds).
    expect(told.map(({ code, file, pointer }) => [code, file, pointer.split("/").at(-1)])).toEqual([
      ["evidence/status-beyond-source", "evidence/room-controllers.yaml", "as_of"],
    ]);
  });

  it("wait for a listing citing a list version the register does not hold yet, which would be the newest read", async () => {
    const copy = await contentToEdit("listing-unknown-source", "shipped");
    await copy.edit("evidence/video-bars.yaml", [
      /(as_of: )2024-09-17(\n\s+firmware: "278\.15\.0\.6"\n\s+valid_until: 2025-09-03\n\s+sources: \[msft-teams-rooms-certified-hardware-)2024-09\]/,
      "$12025-06-02$22025-06]",
    ]);
    expect((await copy.diagnostics()).map(({ code, file }) => [code, file])).toEqual([
      ["reference/unknown-source", "evidence/video-bars.yaml"],
    ]);
  });

  it("wait for a profile copied with products the register does not record, whose scores are not yet checked", async () => {
    const copy = await contentToEdit("profile-copied", "shipped");
    const neat = await readFile(path.join(copy.content, "suppliers", "neat.yaml"), "utf8");
    await writeFile(
      path.join(copy.content, "suppliers", "owl-labs.yaml"),
      neat
        .replace(/^slug: neat$/m, "slug: owl-labs")
        .replace(/^name: Neat$/m, "name: Owl Labs")
        .replace(/^rank: \d+$/m, "rank: 29"),
    );
    const codes = new Set((await copy.diagnostics()).map(({ code }) => code));
    // (And the disclosure's count: the directory now covers 29 suppliers.)
    expect([...codes].sort()).toEqual(["audit/not-covered", "disclosure/stated-count", "evidence/missing-record"]);
  });
});

describe("a criterion misspelt in a supplier's scores", () => {
  it("is one problem at the key, offering the criterion the scores lack", async () => {
    const copy = await contentToEdit("criterion-misspelt");
    await copy.edit("suppliers/zenith.yaml", ["  portfolio-breadth: {", "  portfolio-bredth: {"]);
    const told = await copy.diagnostics();
    expect(told.map(({ code, pointer, message, hint }) => [code, pointer, message, hint])).toEqual([
      [
        "disclosure/criteria",
        "/scores/portfolio-bredth",
        "`portfolio-bredth` is not a criterion of the disclosure, and the scores lack `portfolio-breadth`.",
        "Did you mean `portfolio-breadth`? Name the criterion as content/disclosure.yaml does.",
      ],
    ]);
  });
});

describe("a YAML file cut down to its document marker and comments", () => {
  it("is told empty, as a file of nothing is, and nothing else is told of it", async () => {
    const copy = await contentToEdit("yaml-only-markers");
    await copy.edit("suppliers/zenith.yaml", [/^[\s\S]*$/, "---\n# to be written\n...\n"]);
    const told = await copy.diagnostics();
    expect(told.map(({ code, file, message }) => [code, file, message])).toEqual([
      ["file/empty", "suppliers/zenith.yaml", "the file holds only comments and document markers (---)."],
    ]);
  });
});

describe("a rubric level given a score another level has", () => {
  // The published rubric would read 5, 5, 3, 2, 1, 0 with no level for 4.
  it("is told at the score out of its place", async () => {
    const copy = await contentToEdit("rubric-repeated-score");
    await copy.edit("disclosure.yaml", [
      "      - {score: 4, meaning: Level 4.}",
      "      - {score: 5, meaning: Level 4.}",
    ]);
    const told = await copy.diagnostics();
    expect(told.map(({ code, pointer, message }) => [code, pointer, message])).toEqual([
      [
        "disclosure/rubric-levels",
        "/criteria/0/levels/1/score",
        "level 2 of evidence-depth gives the score 5, where the rubric's levels give 5 down to 0: it is for 4.",
      ],
    ]);
  });
});

describe("a register id with a space kept by its quotes", () => {
  // Every citation of it would be told unknown, each offered the id with its space: they wait for the entry's fix.
  it("is told once, at the id, saying where the space is", async () => {
    const copy = await contentToEdit("register-id-space");
    await copy.edit("sources.yaml", ["  - id: fixture-terms\n", '  - id: "fixture-terms "\n']);
    const told = await copy.diagnostics();
    expect(told.map(({ code, file, pointer }) => [code, file, pointer])).toEqual([
      ["schema/pattern", "sources.yaml", "/sources/1/id"],
    ]);
    expect(told[0]?.message).toMatch(/ \(it ends with a space\)\.$/);
  });
});

describe("a value YAML read as text where true, false or a number was meant", () => {
  it("is told what to write: yes and no as true and false, a number without its quotes", async () => {
    const copy = await contentToEdit("yes-no-quoted-number");
    await copy.edit("disclosure.yaml", [/^paid_ranking: false$/m, "paid_ranking: no"]);
    await copy.edit("suppliers/zenith.yaml", ["evidence-depth: {score: 2,", 'evidence-depth: {score: "2",']);
    expect((await copy.diagnostics()).map(({ pointer, hint }) => [pointer, hint])).toEqual([
      ["/paid_ranking", "Write false, without quotes: YAML reads yes, no, on and off as text."],
      ["/scores/evidence-depth/score", "Write the number without quotes: 2."],
    ]);
  });
});

describe("a field of an entry indented back to the entries' own level", () => {
  it("is told at its key as the entry's field out of place, not only as a value of the wrong type", async () => {
    const copy = await contentToEdit("field-dedented");
    await copy.edit("suppliers/zenith.yaml", [
      "  evidence-depth: {score: 2, basis: Listed and its terms reported., sources: [fixture-list]}",
      "  evidence-depth:\n    score: 2\n    basis: Listed and its terms reported.\n  sources: [fixture-list]",
    ]);
    const told = (await copy.diagnostics()).filter(({ pointer }) => pointer === "/scores/sources");
    expect(told.map(({ code, line, column, hint }) => [code, line, column, hint])).toEqual([
      [
        "schema/type",
        23,
        3,
        "`sources` is a field of each entry here, yet stands at the entries' own indent, so it is read as an entry: if it belongs to the entry above it, indent it as that entry's other fields.",
      ],
    ]);
  });
});

describe("a kind of source that is never primary", () => {
  // Primary sources lift a supplier's score ceilings: a report of a document must not pass as the document.
  it("is told at `primary` when marked so, whatever its confidence says", async () => {
    const copy = await contentToEdit("secondary-kind-primary");
    await copy.edit("sources.yaml", [
      "    kind: platform-certification-list\n    confidence: documented\n    primary: true\n",
      "    kind: news-report\n    confidence: documented\n    primary: true\n",
    ]);
    const told = await copy.diagnostics();
    expect(told.map(({ code, pointer, message }) => [code, pointer, message])).toEqual([
      ["schema/const", "/sources/0/primary", "`primary` is true; it must be false."],
    ]);
    expect(told[0]?.hint).toMatch(/^Our research notes, a news or trade report and a reseller's listing are secondary/);
  });
});

describe("a register whose ids cannot be read", () => {
  // Every citation of the content would be told "not in sources.yaml" (thousands, in the shipped content), burying the
  // register's own problem: they wait, and the register says so once.
  it.each([
    ["its list's key misspelt", ["sources:\n", "source:\n"], "/sources", 1],
    ["an entry's id misspelt", ["  - id: fixture-terms\n", "  - di: fixture-terms\n"], "/sources/1", 10],
    ["a line it cannot parse", ["  - id: fixture-terms\n", "  - id: fixture-terms\n\t"], "", 1],
  ] as const)(
    "(%s) tells its own problems and holds back every citation's check against it",
    async (label, edit, pointer, line) => {
      const copy = await contentToEdit(`register-unread-${label.split(" ")[1]}`);
      await copy.edit("sources.yaml", [...edit]);
      await copy.edit("answers/beta-mics.md", [/$/, "\nOne more claim [@fixture-lst].\n"]);
      const told = await copy.diagnostics();
      expect(
        told.filter(({ file }) => file !== "sources.yaml").map(({ code, message, hint }) => [code, message, hint]),
      ).toEqual([
        [
          "citation/not-listed",
          'the body cites [@fixture-lst] but `sources` does not list "fixture-lst".',
          // The answer's own list still offers the id it most likely meant.
          "Did you mean [@fixture-list], which `sources` lists? Else add the id to `sources`.",
        ],
      ]);
      expect(told.filter(({ code }) => code === "reference/register-unread")).toEqual([
        expect.objectContaining({ file: "sources.yaml", pointer, line, column: expect.any(Number) }),
      ]);
      expect(told.filter(({ file }) => file === "sources.yaml").length).toBeGreaterThan(1);
    },
  );
});

describe("an answer that fails its schema", () => {
  const withAnswer = async (label: string, edit: (text: string) => string) => {
    const copy = await contentToEdit(label);
    const answer = path.join(copy.content, "answers", "beta-mics.md");
    await writeFile(answer, edit(await readFile(answer, "utf8")));
    return copy.diagnostics();
  };

  it("still has its other problems told at once, by the checks that do not rely on the field in error", async () => {
    const told = await withAnswer("answer-invalid", (text) =>
      text
        .replace("summary:", "sumary:")
        .replace("Test a call.", "Test a call [@fixture-lst]. See [gone](/api/v1/answers/no-such-answer.json)."),
    );
    expect(told.map(({ code, file, line }) => ({ code, file, line }))).toEqual([
      { code: "schema/additional-property", file: "answers/beta-mics.md", line: 5 },
      { code: "citation/not-listed", file: "answers/beta-mics.md", line: 17 },
      { code: "link/unknown-answer", file: "answers/beta-mics.md", line: 17 },
    ]);
  });

  it("in one list, still has the references of its other lists checked", async () => {
    const told = await withAnswer("answer-one-list", (text) =>
      text
        .replace(/^related: \[(.*)\]$/m, "related: [$1, $1]")
        .replace("product_families: []", "product_families: [widgts]"),
    );
    expect(told.map(({ code, pointer }) => [code, pointer])).toEqual([
      ["schema/unique-items", "/related"],
      ["reference/unknown-family", "/product_families/0"],
    ]);
  });

  it("with a list written as text, is shown the list it meant", async () => {
    const told = await withAnswer("answer-list-as-text", (text) => text.replace(/^tags: \[(.*)\]$/m, "tags: $1"));
    expect(told.map(({ code, hint }) => [code, hint])).toEqual([
      ["schema/type", expect.stringMatching(/^Write a list in brackets, \[[a-z-]+(, [a-z-]+)*\], or one item a line/)],
    ]);
  });

  // Each check's `reads` is what it relies on: with every other field of the wrong type, it runs and fails nothing.
  it.each(
    [...new Set(CONTENT_RULES.filter((rule) => rule.answer).map((rule) => JSON.stringify(rule.reads ?? null)))].map(
      (reads) => [reads],
    ),
  )("with every field but %s of the wrong type, is told so, whichever checks still run", async (reads) => {
    const kept = new Set<string>(JSON.parse(reads) ?? []);
    const diagnostics = await withAnswer(`answer-fields-${kept.size}`, (text) =>
      text.replace(/^---\n([\s\S]*?)\n---\n/, (_, front: string) => {
        const lines = front.split("\n").map((line) => {
          const key = line.slice(0, line.indexOf(":"));
          return kept.has(key) ? line : `${key}: {wrong: [1, {type: 7}]}`;
        });
        return `---\n${lines.join("\n")}\n---\n`;
      }),
    );
    expect(new Set(diagnostics.map(({ code }) => code))).toContain("schema/type");
  });
});

describe("a key written twice", () => {
  it("is pointed to in its mapping, however deep, with the line of the first", () => {
    const told = (text: string) => {
      const parsed = parseYamlSource(text, "f.yaml", 0, new LineIndex(text));
      return parsed.ok ? [] : parsed.diagnostics.map((d) => [d.line, d.pointer, d.message]);
    };
    expect(told("x:\n  - p: 1\n  - p: 1\n    k/s: 2\n    k/s: 3\n")).toEqual([
      [5, "/x/1/k~1s", 'the key "k/s" appears twice in the same mapping (first on line 4).'],
    ]);
    expect(told("a: {b: 1, b: 2}\n")).toEqual([
      [1, "/a/b", 'the key "b" appears twice in the same mapping (first on line 1).'],
    ]);
  });

  it("is not told after a syntax error, which made it so (a tab's line read into the next entry)", () => {
    const text =
      "entries:\n- line: 5\n  claim: a\n\tverdict: supported\n  checked: x\n- line: 16\n  claim: b\n- line: 20\n  claim: c\n";
    const parsed = parseYamlSource(text, "f.yaml", 0, new LineIndex(text));
    expect(parsed.ok ? [] : parsed.diagnostics.map(({ code, line }) => [code, line])).toEqual([["yaml/syntax", 4]]);
  });
});

describe("a schema's refusal, in an editor's words", () => {
  it("says a field a condition rules out, the calendar's days, a number YAML made of a version, and keeps an acronym's capitals", async () => {
    const content = await fixtureWithCase("outward", "variants");
    const edit = async (file: string, from: string, to: string) => {
      const text = await readFile(path.join(content, file), "utf8");
      expect(text).toContain(from);
      await writeFile(path.join(content, file), text.replace(from, to));
    };
    await edit(
      "audit/answer-alpha-room.yaml",
      "    verdict: supported\n",
      "    verdict: supported\n    defect: wording\n",
    );
    await edit("answers/alpha-room.md", "reviewed: 2026-11-01", "reviewed: 2026-02-29");
    await edit("evidence/widgets.yaml", 'firmware: "1.2.3"', "firmware: 1.20");
    await edit("site.yaml", "  id: CC-BY-4.0", "  id: CC BY 4.0");
    const result = await build(content, path.join(path.dirname(content), "dist"));
    const told = (result.ok ? [] : result.diagnostics).map(({ file, message, hint }) => [file, message, hint]);
    expect(told).toEqual(
      expect.arrayContaining([
        [
          "audit/answer-alpha-room.yaml",
          expect.stringMatching(/`defect` is not allowed when `verdict` is "supported"\.$/),
          "Remove the field, or change the value that rules it out.",
        ],
        [
          "answers/alpha-room.md",
          expect.stringMatching(
            /is "2026-02-29", which is written as a date but is no day of the calendar \(February 2026 has 28 days\)\.$/,
          ),
          expect.any(String),
        ],
        [
          "evidence/widgets.yaml",
          expect.stringMatching(/is a number 1\.2; it must be a string\.$/),
          expect.stringMatching(/^Put the value in quotes/),
        ],
        ["site.yaml", expect.stringMatching(/which is not SPDX/), expect.any(String)],
      ]),
    );
  });
});

describe("a value out of its form or size", () => {
  it("is told what to write: a date with its day and month as both readings, a text too long by how much, an allowed value in another case or a letter off", async () => {
    const copy = await contentToEdit("form-and-size");
    await copy.edit("answers/alpha-room.md", [/^reviewed: .*$/m, "reviewed: 07/12/2026"]);
    await copy.edit("answers/beta-mics.md", [/^summary: .*$/m, `summary: ${"x".repeat(450)}`]);
    await copy.edit("evidence/widgets.yaml", ["google-meet: {status: certified,", "google-meet: {status: Certifed,"]);
    const hints = Object.fromEntries((await copy.diagnostics()).map(({ code, hint }) => [code, hint]));
    expect(hints["schema/enum"]).toMatch(/^Did you mean "certified"\? /);
    expect(hints["schema/format"]).toBe(
      "Write the date as YYYY-MM-DD: 2026-12-07 if it is 7 December, or 2026-07-12 if it is 12 July.",
    );
    expect(hints["schema/size"]).toBe("Shorten it by 50 characters.");
  });
});

describe("a slip inside a YAML value", () => {
  const told = (text: string) => {
    const parsed = parseYamlSource(text, "f.yaml", 0, new LineIndex(text));
    return parsed.ok ? [] : parsed.diagnostics.map((d) => [d.line, d.column, d.message.slice(0, 40)]);
  };

  it("is told where it is: a ': ' in an unquoted value, on a line it runs on over too", () => {
    expect(
      told("items:\n  - text: The bar and\n      the board (for example: Bar) are listed.\n    sources: [a]\n"),
    ).toEqual([[3, 29, 'this ": " inside an unquoted value makes']]);
    expect(told("a: x\nb: one: two\n")).toEqual([[2, 7, 'this ": " inside an unquoted value makes']]);
  });

  it("is told where it is: a quote that closes a quoted value early", () => {
    expect(told("items:\n  - text: 'Neat's policy: six months'\n")).toEqual([
      [2, 16, "this ' closes the quoted value, and YAML"],
    ]);
    expect(told('a: "say "hi" now"\n')).toEqual([[1, 9, 'this " closes the quoted value, and YAML']]);
    // A quote written twice inside single quotes is one quote, and a quoted value may end in a comment.
    expect(told("a: 'Neat''s policy' # ok\nb: '' \n")).toEqual([]);
  });

  it("leaves a key indented more than its neighbours told as that", () => {
    expect(told("a:\n  b: x\n    c: y\n")).toEqual([[3, 5, "this line is indented 4 spaces, more tha"]]);
  });

  it("is told at the key out of line with the keys beside it, not at the next line, and never as a quoting slip", () => {
    // Under an item's first key (column 4) by one space too few, then one too many.
    expect(told("makes:\n  - family: w\n   products: [x]\n    sources: [y]\n")).toEqual([
      [3, 4, '"products" is indented 3 spaces, but the'],
    ]);
    expect(told("strengths:\n   - text: Listed.\n    sources: [a]\n")).toEqual([
      [3, 5, '"sources" is indented 4 spaces, but the '],
    ]);
    // A key after a list, one space in: not told as in line with the list's items.
    expect(told("title: x\nrelated:\n  - a\n summary: y\n")).toEqual([
      [4, 2, '"summary" is indented 1 space, out of li'],
    ]);
    // A key of the file's own indented under the list above it.
    expect(told("makes:\n  - family: w\n    products: [x]\n  strengths:\n  - text: L\n")).toEqual([
      [4, 3, '"strengths" is indented 2 spaces, out of'],
    ]);
  });

  it("is told at a mapping's first key when that is the one out of line, every key after it in line with each other", () => {
    expect(told("scores:\n  depth:\n      score: 4\n    basis: b\n    sources: [a]\n")).toEqual([
      [3, 7, '"score" is indented 6 spaces, but the ke'],
    ]);
    // Two keys at the first one's column: the line YAML stopped at is told, as before.
    expect(told("scores:\n  depth:\n      score: 4\n      note: n\n    basis: b\n    sources: [a]\n")).toEqual([
      [5, 5, '"basis" is indented 4 spaces, but the ke'],
    ]);
  });
});

describe("links to the site in an answer's body", () => {
  it("are told when the site would answer them 404, and taken when it serves them", async () => {
    const copy = await contentToEdit("api-links");
    const served = [
      "/api/v1",
      "/api/v1/suppliers",
      "/api/v1/evidence/index.json",
      "/api/v1/answers?slug=alpha-room",
      "/api/v1/answers?q=room",
      "/api/v1/answers/alpha-room.md",
      "/api/v1/answers/pages/2.json",
      "/api/v1/openapi.json",
      "/api/v1/schemas/answers.schema.json",
      "/docs/#errors",
      "/docs",
      "/",
      "/changelog/",
      "/data/answers.csv",
      "/llms.txt",
      "/.well-known/api-catalog",
    ];
    const unserved = [
      "/api/v1/supplier/jabra.json",
      "/api/v1/answers/alpha-room",
      "/api/v1/answers?slug=alpha-rom",
      "/api/v1/answers?slug=%E0%A4%A",
      "/api/v1/answers/pages/9.json",
      "/api/v2",
      "/answers/alpha-room",
      "/docs/missing/",
      "/data/answers.json",
    ];
    const links = (paths: string[]) => paths.map((path, at) => `[link ${at}](${path})`).join(", ");
    await copy.edit("answers/beta-mics.md", [
      "## Decision checklist",
      `Served: ${links(served)}.\n\nNot served: ${links(unserved)}.\n\n## Decision checklist`,
    ]);
    const told = await copy.diagnostics();
    expect(told.map(({ code, message }) => [code, /"([^"]+)"/.exec(message)?.[1]])).toEqual(
      unserved.map((path) => ["link/unknown-path", path]),
    );
    // A site path naming an answer is pointed at the answer's file.
    expect(told.find(({ message }) => message.includes('"/answers/alpha-room"'))?.hint).toBe(
      "Link to the answer's file, /api/v1/answers/alpha-room.json.",
    );
  });
});

describe("headings in an answer's body", () => {
  it("are told when one is top-level, which the title is, or skips a level", async () => {
    const copy = await contentToEdit("body-headings");
    await copy.edit("answers/beta-mics.md", [
      "## Decision checklist",
      "# Microphones\n\nText.\n\n## Placement\n\n#### Ceiling\n\nText.\n\n### Table\n\nText.\n\n## Decision checklist",
    ]);
    expect((await copy.diagnostics()).map(({ code, message }) => [code, message])).toEqual([
      ["body/heading", `"# Microphones" is a top-level heading, which the answer's title already is.`],
      ["body/heading", `"#### Ceiling" is a level-4 heading under a level-2 one: a level is skipped.`],
    ]);
    // Before any section, under the title.
    await copy.edit("answers/beta-mics.md", [
      "# Microphones\n\nText.\n\n## Placement\n\n#### Ceiling",
      "### Placement",
    ]);
    expect((await copy.diagnostics()).map(({ message }) => message)).toEqual([
      `"### Placement" is a level-3 heading under the answer's title, whose sections are level 2: a level is skipped.`,
    ]);
  });
});

describe("code in an answer's body", () => {
  it("is shown as it is: a citation mark or a claim of absence in it is neither", async () => {
    const copy = await contentToEdit("code-in-body");
    await copy.edit("answers/beta-mics.md", [
      "## Decision checklist",
      "Cite a source as `[@source-id]` or ``[@a; @b]``.\n\n```\n[@example] was not found\n```\n\n## Decision checklist",
    ]);
    expect(await copy.diagnostics()).toEqual([]);
  });

  it("ends with the list item its fence opened in, as the renderer reads it: what follows is text, its citations too", async () => {
    const copy = await contentToEdit("fence-in-list-item");
    await copy.edit("answers/beta-mics.md", [
      "## Decision checklist",
      "- Read the settings:\n  ```\n  show config\n- Then restart.\n\n## Decision checklist",
    ]);
    expect(await copy.diagnostics()).toEqual([]);
  });
});

describe("a second YAML document in one file", () => {
  it("is told at its marker line, in words of our own ('---' starts one, '...' ends the first)", () => {
    const told = (text: string) => {
      const parsed = parseYamlSource(text, "f.yaml", 0, new LineIndex(text));
      return parsed.ok ? [] : parsed.diagnostics.map((d) => [d.line, d.column, d.message]);
    };
    const remove = "and a content file holds one document: remove the line.";
    expect(told("---\na: 1\n---\nb: 2\n")).toEqual([[3, 1, `"---" starts a second YAML document, ${remove}`]]);
    expect(told("a: 1\n...\nb: 2\n")).toEqual([[2, 1, `"..." ends the YAML document there, ${remove}`]]);
  });
});

describe("content that leads outside the content folder", () => {
  it("refuses a named pipe where a file would be, rather than waiting for ever to read it", async () => {
    const copy = await contentToEdit("named-pipe");
    const made = spawnSync("mkfifo", [path.join(copy.content, "answers", "fifo.md")]);
    expect(made.status).toBe(0);
    expect((await copy.diagnostics()).map(({ code, file, message }) => [code, file, message])).toEqual([
      ["file/unexpected", "answers/fifo.md", "the file is a named pipe, not a file: it cannot be read as content."],
    ]);
  });

  it("refuses a symbolic link to a file outside content/, and reads one that stays inside", async () => {
    const content = await fixtureWithCase("malformed-yaml");
    await cp(path.join(FIXTURES, "base", "answers", "alpha-room.md"), path.join(content, "answers", "alpha-room.md"));
    await writeFile(path.join(path.dirname(content), "outside.md"), "---\nslug: outside\n---\nsecret\n");
    await symlink(path.join(path.dirname(content), "outside.md"), path.join(content, "answers", "outside.md"));
    await symlink(path.join(content, "answers", "gamma-display.md"), path.join(content, "answers", "gamma-copy.md"));
    // A link to itself, and one to nothing: each said as what it is.
    await symlink(path.join(content, "answers", "loop.md"), path.join(content, "answers", "loop.md"));
    await symlink(path.join(content, "answers", "gone.md"), path.join(content, "answers", "dangling.md"));
    const result = await build(content, path.join(path.dirname(content), "dist"));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    const said = (file: string) => result.diagnostics.find((diagnostic) => diagnostic.file === file)?.message;
    expect([said("answers/loop.md"), said("answers/dangling.md")]).toEqual([
      "the file is a symbolic link that leads back to itself.",
      "the file is a symbolic link to nothing (its target does not exist).",
    ]);
    expect(result.diagnostics.find((diagnostic) => diagnostic.file === "answers/outside.md")).toMatchObject({
      code: "file/outside-content",
      line: 1,
      column: 1,
    });
    // The link inside the folder is read like any file: its slug then disagrees with its name.
    expect(
      result.diagnostics.filter((diagnostic) => diagnostic.file === "answers/gamma-copy.md").map(({ code }) => code),
    ).toContain("slug/file-name");
    expect(result.diagnostics.map((diagnostic) => diagnostic.code)).not.toContain("yaml/syntax");
  });
});

describe("content problems are reported with file, line, column, pointer and hint, all at once", () => {
  it("has a fixture folder for every failure case the issue names", () => {
    for (const name of [
      "malformed-yaml",
      "duplicate-key",
      "wrong-type",
      "missing-field",
      "duplicate-slug",
      "bad-slug",
      "reserved-slug",
      "rank-gap",
      "unknown-supplier",
      "unknown-source",
      "broken-related",
      "bad-url",
      "bad-date",
      "empty-file",
      "score-beyond-facts",
      "evidence-family-mismatch",
      "answer-shape",
      "source-without-primary",
      "score-secondary-only",
      "searches-missing-area",
      "searches-missing-compliance-kind",
      "citation-after-claim-date",
      "audit-quote-missing",
      "audit-summary-mismatch",
      "audit-entry-shape",
      "audit-outward-expiry",
    ]) {
      expect(CASES).toContain(name);
    }
  });

  it("prints the README's example of a problem as the README shows it (its case, rank-gap, pinned)", async () => {
    const readme = await readFile(path.join(ROOT, "README.md"), "utf8");
    const example = /```\n(content\/suppliers\/zenith\.yaml:[^`]*?)```/.exec(readme)?.[1];
    expect(example, "the README's example block").toBeDefined();
    // A hint made more specific in the code had left the README showing the catalogue's older one.
    const pinned = await readFile(path.join(FIXTURES, "failures", "rank-gap", "expected.txt"), "utf8");
    expect(pinned.slice(0, example!.length)).toBe(example);
  });

  it("builds the base fixture without problems", async () => {
    const out = path.join(await temporaryFolder("base"), "dist");
    const result = await build(path.join(FIXTURES, "base"), out);
    expect(result.ok ? [] : result.diagnostics).toEqual([]);
  });

  // What each case printed here, for its twin on worker threads below (a new case's expected.txt is written only
  // when the file's run ends).
  const printed = new Map<string, string>();
  it.each(CASES)("%s: prints the pinned diagnostics and writes nothing", async (caseName) => {
    const content = await fixtureWithCase(caseName);
    const out = path.join(path.dirname(content), "dist");
    const result = await build(content, out);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    for (const diagnostic of result.diagnostics) {
      expect(DIAGNOSTIC_CATALOGUE).toHaveProperty([diagnostic.code]);
      expect(diagnostic.line).toBeGreaterThanOrEqual(1);
      expect(diagnostic.column).toBeGreaterThanOrEqual(1);
    }
    printed.set(caseName, formatDiagnostics(result.diagnostics, "content"));
    await expect(printed.get(caseName)).toMatchFileSnapshot(path.join(FIXTURES, "failures", caseName, "expected.txt"));
    await expect(stat(out)).rejects.toThrow();
  });

  // A large build parses on worker threads and finds positions by reading files again: the same output. The
  // threads are started once for all the cases, as the dev loop keeps them.
  const threads = new WorkerPool(BUILD_TASK_SET, 2, 0);
  afterAll(() => threads.close());
  it.each(CASES)("%s: the same diagnostics when parsed on worker threads", async (caseName) => {
    const content = await fixtureWithCase(caseName);
    const result = await build(content, path.join(path.dirname(content), "dist"), { threads });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(formatDiagnostics(result.diagnostics, "content")).toBe(
      printed.get(caseName) ?? (await readFile(path.join(FIXTURES, "failures", caseName, "expected.txt"), "utf8")),
    );
  });
});

describe("prose compared as a reader sees it (the claim audit's quotes, the outward markers)", () => {
  it("takes for a claim of absence a source read that names nothing, whatever words name its kind", () => {
    for (const text of [
      "No Google Meet hardware page read on 2026-11-26 names this product.",
      "No Google Meet page we read names a Cisco product.",
      "no source read says so",
    ])
      expect(
        markerHits(text).map((hit) => hit.marker.phrase),
        text,
      ).toEqual(["no source (document) read"]);
    expect(markerHits("Read the page the maker publishes; no two rooms are alike.")).toEqual([]);
  });

  it("takes a step toward an outcome not yet given for a pending event", () => {
    for (const text of ["Acme has applied for Teams certification.", "The listing is awaiting Zoom's review."])
      expect(
        markerHits(text).map((hit) => hit.marker.phrase),
        text,
      ).toEqual(["applied for, awaiting, awaits"]);
  });

  it("takes a claim that gives the day it was searched for one resting on that search", () => {
    for (const text of [
      "We read no primary text on its prices (searched 2026-11-28).",
      "No list was found on the maker's pages searched on 2026-11-26.",
    ])
      expect(
        markerHits(text).map((hit) => hit.marker.phrase),
        text,
      ).toContain("searched (on) a day: (searched 2026-11-28)");
    expect(markerHits("The maker's pages were searched for a list.")).toEqual([]);
  });

  it("takes no domain or address ending in .no for the word no", () => {
    for (const text of [
      "The support page (support.neat.no) was found again on 2026-11-30.",
      "Mail to help@neat.no was read on 2026-11-30.",
      "The maker's site https://www.neat.no/ is in our sources.",
    ])
      expect(markerHits(text), text).toEqual([]);
    expect(
      markerHits("No. The warranty page was read; no term of it was found.").map((hit) => hit.marker.phrase),
    ).toEqual(["no … was (were) found, seen, read, recorded or established"]);
  });

  it("takes for claims of absence what an editor writes for one in other words", () => {
    const cases: Array<[string, string]> = [
      ["We could not find a price list.", "did not (could not, cannot) find, see or locate"],
      ["We couldn’t locate a warranty page.", "did not (could not, cannot) find, see or locate"],
      ["Neat hasn't said when the bar ships.", "has not (hasn't) said, published, stated, confirmed or disclosed"],
      [
        "The maker has not yet published its terms.",
        "has not (hasn't) said, published, stated, confirmed or disclosed",
      ],
    ];
    for (const [text, phrase] of cases)
      expect(
        markerHits(text).map((hit) => hit.marker.phrase),
        text,
      ).toEqual([phrase]);
  });

  it("finds where a sentence of a marked paragraph was written, across its lines and runs of spaces", () => {
    const body = "Intro.\n\n- A list item   that runs\n  on. The  maker's terms\n  were not found.\n";
    const [paragraph] = markedParagraphs(body, 10);
    const from = paragraph!.text.indexOf("The maker's");
    expect(positionInParagraph(paragraph!, from)).toEqual({ line: 13, column: 7 });
    expect(positionInParagraph(paragraph!, paragraph!.text.indexOf("were"))).toEqual({ line: 14, column: 3 });
    // Composing changed the text: its offsets are not the file's, and the paragraph's start is given.
    const [composed] = markedParagraphs("Cafe\u0301 terms. They were not found.\n", 1);
    expect(positionInParagraph(composed!, composed!.text.indexOf("They"))).toEqual(composed!.position);
  });

  it("makes every run of white space one space, as a replace of each run would, and composes to NFC", () => {
    const pieces = ["a", "b", " ", "  ", "\t", "\n", "\r\n", "\u00a0", "\u2028", "\u3000", "e\u0301", "\u00e9", "."];
    const random = seededRandom(47);
    for (let round = 0; round < 2000; round++) {
      let text = "";
      for (let at = Math.floor(random() * 12); at > 0; at--) text += pieces[Math.floor(random() * pieces.length)];
      expect(normaliseProse(text), JSON.stringify(text)).toBe(text.normalize("NFC").replace(/\s+/g, " ").trim());
    }
  });
});

describe("the directory's ties, broken by name from A to Z", () => {
  it("orders names as localeCompare in English does, capitals and lower case, digits, spaces and punctuation", () => {
    const pieces = ["a", "A", "b", "B", "u", "V", "z", "Z", "0", "9", " ", "-", "(", "é", "É"];
    const random = seededRandom(49);
    const name = () => {
      let text = "";
      for (let at = Math.floor(random() * 6); at > 0; at--) text += pieces[Math.floor(random() * pieces.length)];
      return text;
    };
    for (let round = 0; round < 20_000; round++) {
      const [a, b] = [name(), name()];
      expect(Math.sign(compareNames(a, b)), JSON.stringify([a, b])).toBe(Math.sign(a.localeCompare(b, "en")));
    }
    expect(["AVer", "AudioCodes", "aver", "Q-SYS", "Poly"].sort(compareNames)).toEqual([
      "AudioCodes",
      "aver",
      "AVer",
      "Poly",
      "Q-SYS",
    ]);
  });
});
