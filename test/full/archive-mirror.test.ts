/**
 * What an archivist's own tools make of the build: a wget mirror from urls.txt and a crawl from /, a static
 * server over the mirror, two clean clones built byte for byte alike on the two supported Node lines, and the
 * offline page opened from disk in Chromium. Needs Debian's wget and Chromium (npm run test:all).
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, readFile, symlink } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DOWNLOADS, QUERY_EXAMPLES } from "../../build/engine/describe/service-facts.ts";
import { AnswersData } from "../../build/serve/request/answers-data.ts";
import { distReader } from "../../build/serve/server/mcp-stdio.ts";
import { answersQuery } from "../../build/serve/request/answers-query.ts";
import { routesFor } from "../../build/contract/routes.ts";
import { mirrorCheck } from "../../build/contract/unlisted-files.ts";
import { freePort } from "../../build/serve/server/free-port.ts";
import { readTree, readTreeDigests, ROOT, temporaryFolder } from "../support/build-helpers.ts";
import { HAVE_CHROMIUM, launchChromium } from "../support/chromium.ts";
import { cleanEnv } from "../support/cli.ts";
import { startLocalServer, type RunningServer } from "../support/local-server.ts";
import { sharedBuild } from "../support/shared-build.ts";
import { untilAnswered } from "../support/wait.ts";
import { installToolchain, otherNode } from "../../build/tools/toolchain/netlify-toolchain.ts";

const EPOCH = "1700000000";
/** Where this file writes: the shared build is read only. */
let folder: string;
let dist: string;
let running: RunningServer;
let canonicalUrls: string[];

beforeAll(async () => {
  const shipped = await sharedBuild();
  dist = shipped.dist;
  folder = await temporaryFolder("archive-mirror");
  canonicalUrls = routesFor(shipped.site.paths)
    .filter((route) => route.canonical)
    .map((route) => route.url);
  running = await startLocalServer(dist);
}, 60_000);

/** A child process run without blocking this process's event loop. */
function run(
  command: string,
  args: string[],
  options: { cwd?: string },
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...options, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (status) => resolve({ status, stdout, stderr }));
  });
}

describe("a mirror made with wget from urls.txt", () => {
  let mirror: string;
  let staticServer: ChildProcess | undefined;
  afterAll(() => staticServer?.kill("SIGTERM"));

  it("holds every listed URL with the same bytes, and a plain static server answers every canonical URL from it", async () => {
    mirror = path.join(folder, "mirror");
    // Asynchronously: the local server this mirrors runs in this very process.
    const wget = await run(
      "wget",
      [
        "--quiet",
        "--force-directories",
        "--no-host-directories",
        "--input-file",
        path.join(dist, "urls.txt"),
        "--base",
        running.origin,
        "--directory-prefix",
        mirror,
      ],
      {},
    );
    expect(wget.status, wget.stderr).toBe(0);
    const tree = await readTree(dist);
    for (const url of canonicalUrls) {
      expect(
        (await readFile(path.join(mirror, ...url.split("/").filter(Boolean)))).equals(tree.get(url.slice(1))!),
        url,
      ).toBe(true);
    }
    // The mirror proves itself complete and unaltered, by the check the README gives.
    const check = await run("sh", ["-c", mirrorCheck().replace("--quiet", "")], { cwd: mirror });
    expect(check.status, check.stdout + check.stderr).toBe(0);
    expect(check.stdout.split("\n").filter((line) => line.endsWith(": OK")).length).toBe(canonicalUrls.length - 1);
    const port = await freePort();
    staticServer = spawn(
      path.join(ROOT, "node_modules/.bin/serve"),
      ["--no-clipboard", "--listen", `tcp://127.0.0.1:${port}`, mirror],
      { stdio: "ignore", env: { ...process.env, NO_UPDATE_CHECK: "1" } },
    );
    await untilAnswered(`http://127.0.0.1:${port}/urls.txt`);
    for (const url of canonicalUrls) {
      const response = await fetch(`http://127.0.0.1:${port}${url}`);
      expect(response.status, url).toBe(200);
      expect(Buffer.from(await response.arrayBuffer()).equals(tree.get(url.slice(1))!), url).toBe(true);
    }
  }, 60_000);
});

describe("a crawler that starts at /", () => {
  it("wget --mirror from / fetches every URL of urls.txt, each with the bytes of dist/", async () => {
    const crawl = path.join(folder, "crawl");
    // --execute robots=on: a polite crawler reads robots.txt first (and so fetches it by that route).
    const wget = await run(
      "wget",
      [
        "--mirror",
        "--quiet",
        "--no-host-directories",
        "--execute",
        "robots=on",
        "--directory-prefix",
        crawl,
        `${running.origin}/`,
      ],
      {},
    );
    // 8: some request answered an error; the list of what is missing below says which.
    expect([0, 8], wget.stderr).toContain(wget.status);
    const tree = await readTree(dist);
    const fetched = await readTree(crawl);
    const missing = canonicalUrls.filter((url) => !fetched.has(url.slice(1)));
    expect(missing).toEqual([]);
    for (const url of canonicalUrls) expect(fetched.get(url.slice(1))!.equals(tree.get(url.slice(1))!), url).toBe(true);
  }, 60_000);

  it("the downloads the pages list are files of the build", () => {
    for (const download of DOWNLOADS)
      expect(canonicalUrls, download.path).toContain(
        download.path.endsWith("/") ? `${download.path}index.html` : download.path,
      );
  });
});

describe("reproducible", () => {
  it.skipIf(!existsSync(path.join(ROOT, ".git")))(
    "two builds from clean clones in two folders, one on each supported Node line, are byte-identical",
    async () => {
      // Netlify builds on the current LTS line and these machines on Node 20: an archivist's rebuild (README,
      // "Verifying a copy") compares its bytes with the deploy's whichever Node it runs on.
      installToolchain((line) => process.stderr.write(`${line}\n`));
      const nodes = [process.execPath, otherNode().node];
      const trees = [];
      for (const [index, name] of ["clone-a", "clone-b"].entries()) {
        const clone = path.join(folder, name, "deeper".repeat(name === "clone-b" ? 1 : 0), "repo");
        await mkdir(path.dirname(clone), { recursive: true });
        const cloned = spawnSync("git", ["clone", "--quiet", ROOT, clone], { encoding: "utf8" });
        expect(cloned.status, cloned.stderr).toBe(0);
        await symlink(path.join(ROOT, "node_modules"), path.join(clone, "node_modules"));
        const built = spawnSync(nodes[index]!, ["--import", "tsx", "build/tools/cli.ts"], {
          cwd: clone,
          encoding: "utf8",
          env: { ...cleanEnv, SOURCE_DATE_EPOCH: EPOCH },
        });
        expect(built.status, built.stderr).toBe(0);
        trees.push(await readTreeDigests(path.join(clone, "dist")));
      }
      expect(trees[0]!.size).toBeGreaterThan(60);
      expect(trees[1]).toEqual(trees[0]);
    },
    300_000,
  );
});

describe.skipIf(!HAVE_CHROMIUM)("the offline page, opened from disk", () => {
  it("every link inside an answer goes to an element of the page or to a file of the copy, and its headings sit below the answer's own", async () => {
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      const home = pathToFileURL(path.join(dist, "index.html")).href;
      await page.goto(home);
      // Resolved by the browser, as a click would resolve them.
      const links = await page
        .locator("article.answer details a[href]")
        .evaluateAll((anchors) => anchors.map((anchor) => (anchor as HTMLAnchorElement).href));
      expect(links.length).toBeGreaterThan(100);
      // A link to another answer goes to its article; the only answer file an article links is its own ("As JSON").
      const linkedFiles = await page
        .locator("article.answer")
        .evaluateAll((articles) =>
          articles.flatMap((article) =>
            [...article.querySelectorAll<HTMLAnchorElement>("details a[href]")]
              .filter(
                (anchor) =>
                  /\/api\/v1\/answers\/[a-z0-9-]+\.(json|md)$/.test(anchor.href) &&
                  !anchor.href.endsWith(`/${(article as HTMLElement).dataset.slug}.json`),
              )
              .map((anchor) => anchor.href),
          ),
        );
      expect(linkedFiles).toEqual([]);
      // The body's headings sit below the article's h3; the API's body.html keeps its own levels and links.
      expect(await page.locator("article.answer details :is(h1, h2, h3)").count()).toBe(0);
      expect(await page.locator("article.answer details h4").count()).toBeGreaterThan(20);
      const api = JSON.parse(await readFile(path.join(dist, "api/v1/answers/room-sizing.json"), "utf8")).data[0].body
        .html as string;
      expect(api).toContain("<h2>");
      expect(api).toMatch(/href="\/api\/v1\/answers\/[a-z0-9-]+\.json"/);
      for (const link of new Set(links)) {
        const url = new URL(link);
        expect(url.protocol, link).toBe("file:");
        if (url.href.split("#")[0] === home) {
          expect(await page.locator(`[id="${decodeURIComponent(url.hash.slice(1))}"]`).count(), link).toBe(1);
        } else {
          expect(existsSync(fileURLToPath(url)), link).toBe(true);
        }
      }
    } finally {
      await browser.close();
    }
  }, 60_000);

  it("finds what the API finds for every published q example, and requests nothing from any server", async () => {
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      const requests: string[] = [];
      const problems: string[] = [];
      page.on("request", (request) => requests.push(request.url()));
      page.on("console", (message) => {
        if (message.type() === "error" || message.type() === "warning") problems.push(message.text());
      });
      await page.goto(pathToFileURL(path.join(dist, "index.html")).href);
      expect(await page.locator("article.answer").count()).toBe(20);
      expect(await page.locator("#answer-search").isVisible()).toBe(true);
      const data = new AnswersData(distReader(dist));
      type Match = {
        slug: string;
        all_words: boolean;
        score: number;
        fields: string[];
        snippet: { field: string; text: string; matches: Array<[number, number]> };
      };
      type Found = {
        data: Array<{ slug: string }>;
        meta: {
          total: number;
          matches: Match[];
          ignored: string[];
          suggestions?: Array<{ q: string; total: number }>;
        };
      };
      const queries = [
        ...QUERY_EXAMPLES.map((example) => example.q),
        "microphone",
        "warranty",
        "teams rooms certification",
        "Straße micro",
        "microphne",
        "warranty lenght",
      ];
      for (const q of queries) {
        const api = (await (await answersQuery(
          new Request(`http://localhost/api/v1/answers?q=${encodeURIComponent(q)}`),
          data,
        ))!.json()) as Found;
        const expected = api.data.map((answer) => answer.slug);
        // The status says how many hold every word (they come first) and the common words left out, as the API does.
        const complete = api.meta.matches.filter((match) => match.all_words).length;
        const left = api.meta.ignored.length > 0 ? ` Left out as common words: ${api.meta.ignored.join(", ")}.` : "";
        const whole =
          complete < expected.length
            ? complete === 0
              ? " None holds every word; each holds some of them."
              : ` The first ${complete} ${complete === 1 ? "holds" : "hold"} every word; the others, some of them.`
            : "";
        // Its suggestions are said too, as the API gives them.
        const offer = api.meta.suggestions?.length
          ? ` Did you mean ${api.meta.suggestions.map(({ q, total }) => `\u201c${q}\u201d (${total} ${total === 1 ? "answer" : "answers"})`).join(" or ")}?`
          : "";
        await page.fill("#q", q);
        // The page searches asynchronously: wait for its status, then read what it shows.
        await expect
          .poll(() => page.locator("#search-status").textContent(), { timeout: 5000 })
          .toBe(
            expected.length === 0
              ? `No answer matches.${left}${offer}`
              : `${expected.length} of 20 answers match, best match first.${whole}${left}`,
          );
        const shown = await page.locator("article.answer:visible").evaluateAll((articles) =>
          articles.map((article) => {
            const match = article.querySelector<HTMLElement>(".match")!;
            // A snippet of the answer's own title, question or summary is marked where that text stands.
            const inPlace = match.dataset.snippetIn;
            const snippet = inPlace
              ? article.querySelector<HTMLElement>(
                  `:scope > ${{ title: "h3", question: "p.question", summary: "p.summary" }[inPlace]}`,
                )!
              : match.querySelector<HTMLElement>(".snippet")!;
            return {
              slug: (article as HTMLElement).dataset.slug,
              score: Number(match.dataset.score),
              fields: match.dataset.fields!.split(" "),
              field: inPlace ?? snippet.dataset.field,
              text: snippet.textContent,
              marked: [...snippet.querySelectorAll("mark")].map((mark) => mark.textContent),
            };
          }),
        );
        // Best match first, each explained exactly as the API explains it: a snippet marked in place, in the text
        // it was cut from.
        const inPlace = new Set(["title", "question", "summary"]);
        expect(
          shown.map((one, at) => {
            const core = api.meta.matches[at]?.snippet.text.replace(/^\u2026|\u2026$/g, "");
            return inPlace.has(one.field!) && core !== undefined && one.text?.includes(core)
              ? { ...one, text: api.meta.matches[at]!.snippet.text }
              : one;
          }),
          `q=${q}`,
        ).toEqual(
          api.meta.matches.map((match) => ({
            slug: match.slug,
            score: match.score,
            fields: match.fields,
            field: match.snippet.field,
            text: match.snippet.text,
            marked: match.snippet.matches.map(([start, end]) =>
              Array.from(match.snippet.text).slice(start, end).join(""),
            ),
          })),
        );
        const offered = await page
          .locator("#search-suggestions button")
          .evaluateAll((buttons) => buttons.map((button) => (button as HTMLElement).dataset.q));
        expect(offered, `suggestions for q=${q}`).toEqual(
          (api.meta.suggestions ?? []).map((suggestion) => suggestion.q),
        );
      }
      // A misspelt word matches as a typo; with every word required it matches nothing, and the page suggests the
      // word, as the API does with match=all. A suggestion is a query: clicking it searches for it.
      await page.fill("#q", "microphne");
      await expect.poll(() => page.locator("article.answer:visible").count()).toBeGreaterThan(0);
      await page.check("#match-all");
      await expect.poll(() => page.locator("article.answer:visible").count()).toBe(0);
      // The status says the suggestions too: a screen reader hears the live region, not the buttons below it.
      expect(await page.locator("#search-status").textContent()).toMatch(
        /^No answer matches\. Did you mean \u201cmicrophone\u201d \(\d+ answers?\)/,
      );
      await page.locator("#search-suggestions button").first().click();
      expect(await page.inputValue("#q")).toBe("microphone");
      await expect.poll(() => page.locator("article.answer:visible").count()).toBeGreaterThan(0);
      await page.uncheck("#match-all");
      expect(await page.locator("li[id^=supplier-]").count()).toBe(28);
      const records = JSON.parse(await readFile(path.join(dist, "api/v1/health/index.json"), "utf8")).counts
        .evidence_records as number;
      expect(await page.locator("details[id^=evidence-]").count()).toBe(records);
      expect(problems).toEqual([]);
      for (const url of requests) expect(url.startsWith(pathToFileURL(dist).href), url).toBe(true);
    } finally {
      await browser.close();
    }
  }, 60_000);
});
