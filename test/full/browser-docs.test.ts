import path from "node:path";
import type { Page, Response } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readFile, writeFile } from "node:fs/promises";
import { pathToFileURL } from "node:url";
import { build, FIXTURES, fixtureWithCase, ROOT } from "../support/build-helpers.ts";
import { chromiumOnProductionBuild, HAVE_CHROMIUM } from "../support/chromium.ts";
import { startLocalServer } from "../support/local-server.ts";
import { HTML_PAGES } from "../../build/engine/describe/docs-html.ts";

describe.skipIf(!HAVE_CHROMIUM)("the docs and home pages in headless Chromium", () => {
  const served = chromiumOnProductionBuild();

  // Each page is loaded once, and every check below reads that load: a page load costs Chromium some 2 s of CPU, and
  // thirty of them (a fresh load for each check, width and colour scheme) were a tenth of what \`npm run test:all\`
  // spent. Widths and colour schemes are changed in place: the pages' layout and colours are CSS alone, which the
  // browser applies again when either changes.
  describe.each(HTML_PAGES)("%s", (pagePath) => {
    let page: Page;
    const problems: string[] = [];
    const requested: string[] = [];
    let response: Response | null;
    beforeAll(async () => {
      page = await served.browser.newPage({ viewport: { width: 1280, height: 800 } });
      page.on("console", (message) => {
        if (message.type() === "error" || message.type() === "warning")
          problems.push(`${message.type()}: ${message.text()}`);
      });
      page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
      await page.route("**/*", async (route) => {
        const url = new URL(route.request().url());
        requested.push(url.href);
        if (url.hostname === "127.0.0.1" || url.hostname === "localhost") await route.continue();
        else await route.abort();
      });
      response = await page.goto(served.running.origin + pagePath, { waitUntil: "networkidle" });
    });
    afterAll(async () => {
      await page?.close();
    });

    it("renders with no console error and every request stays on localhost", async () => {
      expect(response?.status()).toBe(200);
      expect(response?.headers()["content-security-policy"]).toContain("default-src 'none'");
      expect(await page.locator("h1").count()).toBe(1);
      expect(await page.locator("main#main").count()).toBe(1);
      // The stylesheet loaded under the CSP: the skip link is moved off-screen by it.
      expect(
        await page
          .locator("a.skip")
          .first()
          .evaluate(
            (element) =>
              (globalThis as unknown as { getComputedStyle(node: unknown): { position: string } }).getComputedStyle(
                element,
              ).position,
          ),
      ).toBe("absolute");
      expect(problems).toEqual([]);
      expect(requested.length).toBeGreaterThanOrEqual(2);
      for (const url of requested) expect(new URL(url).hostname, url).toBe("127.0.0.1");
    });

    it("lets the keyboard reach every box that scrolls, each with a role and a name", async () => {
      // Safari gives a scrolling box no focus of its own (axe's scrollable-region-focusable): each must take it.
      const boxes = await page.locator("main *").evaluateAll((elements) =>
        elements
          .filter((element) => /auto|scroll/.test(getComputedStyle(element).overflowX))
          .map((element) => ({
            box: `${element.tagName.toLowerCase()}.${element.className}`,
            tabIndex: (element as HTMLElement).tabIndex,
            role: element.getAttribute("role"),
            name: element.getAttribute("aria-label") ?? "",
          })),
      );
      if (pagePath !== "/changelog/" && pagePath !== "/docs/files/") expect(boxes.length, pagePath).toBeGreaterThan(0);
      for (const box of boxes)
        expect(box, pagePath).toMatchObject({ tabIndex: 0, role: "group", name: expect.stringMatching(/\S/) });
    });

    it("paints its own background, dark in dark mode, behind its text", async () => {
      for (const colorScheme of ["dark", "light"] as const) {
        await page.emulateMedia({ colorScheme });
        // Not transparent: a tool (or a reader's setting) would otherwise assume white behind the light-blue links.
        const [background, text] = await page.evaluate(() =>
          [getComputedStyle(document.documentElement).backgroundColor, getComputedStyle(document.body).color].map(
            (color) => color.match(/[\d.]+/g)!.map(Number),
          ),
        );
        expect(background, `${pagePath} ${colorScheme}: ${background}`).toHaveLength(3);
        const lightness = (rgb: number[]) => rgb.slice(0, 3).reduce((sum, value) => sum + value, 0) / 3;
        expect(lightness(background!) > 128, `${pagePath} ${colorScheme}`).toBe(colorScheme === "light");
        expect(lightness(text!) > 128, `${pagePath} ${colorScheme}`).toBe(colorScheme === "dark");
      }
    });

    it("never scrolls sideways at 390 and 1280 px, with every details element open", async () => {
      await page.locator("details").evaluateAll((elements) => {
        for (const element of elements) (element as HTMLDetailsElement).open = true;
      });
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 800 });
        await page.evaluate(() => window.scrollTo(0, 0));
        const { scrollWidth, clientWidth } = await page.evaluate(() => ({
          scrollWidth: document.documentElement.scrollWidth,
          clientWidth: document.documentElement.clientWidth,
        }));
        expect(scrollWidth, `${pagePath} at ${width} px`).toBeLessThanOrEqual(clientWidth);
        // A path in a table cell is never broken inside a word: the table scrolls in its own box instead.
        const broken = await page
          .locator("td code, th code")
          .evaluateAll((codes) =>
            codes
              .filter(
                (code) =>
                  code.getClientRects().length > 1 ||
                  code.getBoundingClientRect().height > 2 * parseFloat(getComputedStyle(code).lineHeight || "20"),
              )
              .map((code) => code.textContent),
          );
        expect(broken, `${pagePath} at ${width} px`).toEqual([]);
        // The header's name and links, wrapped on a phone, stand in lines no more than 1rem apart (the offline audit:
        // each wrapped item kept its paragraph's margins, a gap of 3rem under the name).
        const gaps = await page.locator("header :is(.brand, li)").evaluateAll((items) => {
          const rows = [
            ...new Set(
              items.map((item) =>
                JSON.stringify([item.getBoundingClientRect().top, item.getBoundingClientRect().bottom]),
              ),
            ),
          ]
            .map((row) => JSON.parse(row) as [number, number])
            .sort((a, b) => a[0] - b[0]);
          return rows.slice(1).map(([top], at) => Math.round(top - rows[at]![1]));
        });
        if (width === 390) expect(gaps.length, pagePath).toBeGreaterThan(0);
        for (const gap of gaps) expect(gap, `${pagePath} at ${width} px: ${gaps.join(", ")}`).toBeLessThanOrEqual(16);
        // A table of many columns scrolls in its box at a readable width rather than a word a line.
        const narrow = await page
          .locator("table:has(th:nth-child(5)) :is(th, td)")
          .evaluateAll((cells) =>
            cells.map((cell) => cell.getBoundingClientRect().width).filter((cellWidth) => cellWidth < 144),
          );
        if (width === 390) expect(narrow, `${pagePath} at ${width} px`).toEqual([]);
        // Kept for looking at (artifacts/ is git-ignored): the first screen of each page at each width.
        await page.screenshot({
          path: path.join(ROOT, "artifacts", "screens", `${pagePath.replace(/\//g, "_")}${width}.png`),
        });
      }
    });
  });

  it("runs no script that content smuggles in: hostile Markdown and front matter stay text on the home page", async () => {
    const content = await fixtureWithCase("malformed-yaml");
    const hostile = (await readFile(path.join(FIXTURES, "base", "answers", "alpha-room.md"), "utf8"))
      .replace("title: Ærø meeting rooms", 'title: "<img src=x onerror=alert(1)><script>alert(2)</script>"')
      .replace(
        "The room fits a widget [@fixture-list].",
        // A javascript: link and raw HTML are refused by the build (body-marks; content-diagnostics.test.ts renders
        // them inert): escaped, the tags are the body's text, which reaches the page and its search snippets.
        "The room fits a widget [@fixture-list]. \\<script>alert(3)\\</script> \\<img src=x onerror=alert(4)> \\<svg onload=alert(6)> `</script><script>alert(7)</script>`",
      );
    await writeFile(path.join(content, "answers", "alpha-room.md"), hostile);
    // One page, so that the home page carries every answer and its search script.
    const site = await readFile(path.join(content, "site.yaml"), "utf8");
    await writeFile(path.join(content, "site.yaml"), site.replace("page_size: 2", "page_size: 100"));
    const out = path.join(path.dirname(content), "dist");
    const built = await build(content, out);
    expect(built.ok ? [] : built.diagnostics).toEqual([]);
    const server = await startLocalServer(out);
    const page = await served.browser.newPage();
    const dialogs: string[] = [];
    const problems: string[] = [];
    page.on("dialog", async (dialog) => {
      dialogs.push(dialog.message());
      await dialog.dismiss();
    });
    page.on("console", (message) => {
      if (message.type() === "error") problems.push(message.text());
    });
    for (const url of [`${server.origin}/`, pathToFileURL(path.join(out, "index.html")).href]) {
      await page.goto(url, { waitUntil: "load" });
      await page
        .locator("details")
        .first()
        .evaluate((element) => ((element as HTMLDetailsElement).open = true));
      await page.fill("#q", "room");
      await expect.poll(() => page.locator('article[data-slug="alpha-room"] .match').count()).toBe(1);
      expect(await page.locator('article[data-slug="alpha-room"] h3').textContent()).toBe(
        "<img src=x onerror=alert(1)><script>alert(2)</script>",
      );
      // The snippet is text with <mark>s, whatever the answer holds.
      expect(await page.locator("article.answer .match *:not(span):not(mark)").count()).toBe(0);
      expect(await page.locator("main script, main img, main svg").count()).toBe(0);
    }
    expect(dialogs).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("the docs cover every endpoint with a curl example, the q examples, paging, errors, licence and no rate limits", async () => {
    const page = await served.browser.newPage();
    await page.goto(`${served.running.origin}/docs/`);
    const text = await page.locator("main").innerText();
    for (const endpoint of ["/api/v1/answers", "/api/v1/suppliers", "/api/v1/evidence", "/api/v1/health"])
      expect(text).toContain(`curl https://av-buyer-data.example${endpoint}`);
    for (const heading of [
      "Searching answers: the q rule",
      "Filters and paging",
      "Errors",
      "Licence and citation",
      "Discovery documents",
    ])
      expect(text).toContain(heading);
    expect(text).toContain("There are no rate limits");
    expect(
      await page
        .locator(
          ".table-scroll:has(caption:text-is('Published examples, with what each finds in this version of the data, best match first.')) tbody tr",
        )
        .count(),
    ).toBe(5);
    await page.close();
  });
});
