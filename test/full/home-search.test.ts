/**
 * The home page's offline search (build/engine/offline/offline-app.ts) as a reader meets it in headless Chromium:
 * the order it shows is the API's, a keystroke moves only what it must, and the address, links, keyboard and
 * printing behave.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { chromiumOnProductionBuild, HAVE_CHROMIUM } from "../support/chromium.ts";

/** The slugs of the answers shown, top to bottom. */
const shownSlugs = (page: Page) =>
  page
    .locator("#answer-list > article.answer:not([hidden])")
    .evaluateAll((articles) => articles.map((article) => (article as HTMLElement).dataset.slug));

describe.skipIf(!HAVE_CHROMIUM)("the home page's search in headless Chromium", () => {
  const served = chromiumOnProductionBuild();

  /** The slugs the API's q finds, best first (the page's order). */
  const apiSlugs = async (q: string) => {
    const response = await fetch(`${served.running.origin}/api/v1/answers?q=${encodeURIComponent(q)}`);
    return ((await response.json()) as { data: Array<{ slug: string }> }).data.map((answer) => answer.slug);
  };

  /** The status after a search that finds the answers the API finds for `q`. */
  const found = async (q: string) => new RegExp(`^${(await apiSlugs(q)).length} of \\d+ answers match`);

  it("shows the API's order as the reader types, and moves no answer when the order holds", async () => {
    const page = await served.browser.newPage();
    await page.goto(`${served.running.origin}/`, { waitUntil: "load" });
    const everyAnswer = await shownSlugs(page);
    for (const q of ["ca", "camera", "camera placement", "microphone", "cabling power", "camera"]) {
      await page.fill("#q", q);
      await expect.poll(() => shownSlugs(page), { message: q }).toEqual(await apiSlugs(q));
    }
    // The same search again (a trailing space): the status is written anew, but no answer moves or changes state.
    await page.evaluate(() => {
      const record = ((globalThis as unknown as { changes: string[] }).changes = [] as string[]);
      const list = document.getElementById("answer-list")!;
      new MutationObserver((mutations) => {
        for (const mutation of mutations)
          record.push(mutation.type === "attributes" ? "hidden" : mutation.target === list ? "moved" : "changed");
      }).observe(list, { childList: true, subtree: true, attributeFilter: ["hidden"] });
      new MutationObserver(() => record.push("status")).observe(document.getElementById("search-status")!, {
        childList: true,
      });
    });
    await page.locator("#q").press("End");
    await page.keyboard.type(" ");
    await expect
      .poll(() => page.evaluate(() => (globalThis as unknown as { changes: string[] }).changes))
      .toContain("status");
    expect(await page.evaluate(() => (globalThis as unknown as { changes: string[] }).changes)).toEqual(["status"]);
    await page.fill("#q", "");
    await expect.poll(() => shownSlugs(page)).toEqual(everyAnswer);
    await page.close();
  });

  it("marks the matched words in an answer's own summary, question or title where its snippet would repeat them, as the API's snippet marks them, and unmarks them with the search", async () => {
    const page = await served.browser.newPage();
    await page.goto(`${served.running.origin}/`, { waitUntil: "load" });
    const shown = () =>
      page.locator("#answer-list > article.answer:not([hidden])").evaluateAll((articles) =>
        articles.map((article) => ({
          slug: (article as HTMLElement).dataset.slug,
          snippetIn: article.querySelector<HTMLElement>(".match")?.dataset.snippetIn,
          snippet: article.querySelector(".match .snippet")?.textContent,
          marked: [...article.querySelectorAll(":scope > :is(h3, p.question, p.summary) mark")].map(
            (mark) => mark.textContent,
          ),
        })),
      );
    const inPlace = new Set(["summary", "question", "title"]);
    let markedInPlace = 0;
    for (const q of ["how loud should the speakers be", "camera framing"]) {
      const response = await fetch(`${served.running.origin}/api/v1/answers?q=${encodeURIComponent(q)}`);
      const { meta } = (await response.json()) as {
        meta: { matches: Array<{ slug: string; snippet: { field: string; text: string; matches: number[][] } }> };
      };
      const expected = meta.matches.map(({ slug, snippet }) => {
        const marks = snippet.matches.map(([start, end]) => Array.from(snippet.text).slice(start, end).join(""));
        return inPlace.has(snippet.field)
          ? { slug, snippetIn: snippet.field, snippet: undefined, marked: marks }
          : { slug, snippetIn: undefined, snippet: snippet.text, marked: [] };
      });
      await page.fill("#q", q);
      await expect.poll(shown, { message: q }).toEqual(expected);
      markedInPlace += expected.filter((answer) => answer.snippetIn !== undefined).length;
    }
    // Both kinds were seen: a snippet of the body shown, and one of the summary marked where it stands.
    expect(markedInPlace).toBeGreaterThan(0);
    await page.fill("#q", "");
    await expect.poll(() => page.locator("#answer-list mark").count()).toBe(0);
    await page.close();
  });

  it("shows the status at each keystroke and says it once, when typing pauses, not at each keystroke", async () => {
    const page = await served.browser.newPage();
    await page.goto(`${served.running.origin}/`, { waitUntil: "load" });
    await page.evaluate(() => {
      const said = ((globalThis as unknown as { said: string[] }).said = [] as string[]);
      const announce = document.getElementById("search-announce")!;
      new MutationObserver(() => said.push(announce.textContent ?? "")).observe(announce, {
        childList: true,
        characterData: true,
        subtree: true,
      });
    });
    await page.locator("#q").focus();
    // Typed as a reader types, each keystroke searching: the status shown follows, the region read out waits.
    await page.keyboard.type("camera placement", { delay: 60 });
    await expect.poll(() => page.locator("#search-status").textContent()).toMatch(await found("camera placement"));
    const shown = await page.locator("#search-status").textContent();
    await expect.poll(() => page.locator("#search-announce").textContent()).toBe(shown);
    expect(await page.evaluate(() => (globalThis as unknown as { said: string[] }).said)).toEqual([shown]);
    expect(await page.locator("#search-announce").getAttribute("role")).toBe("status");
    expect(await page.locator("#search-status").getAttribute("aria-live")).toBeNull();
    await page.close();
  });

  it("keeps the focus on the search box when Enter takes a suggestion, which the new results replace", async () => {
    const page = await served.browser.newPage();
    await page.goto(`${served.running.origin}/`, { waitUntil: "load" });
    await page.check("#match-all");
    await page.fill("#q", "cieling");
    const suggestion = page.locator('#search-suggestions button[data-q="ceiling"]');
    await suggestion.focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => page.locator("#search-status").textContent()).toMatch(/^\d+ of \d+ answers match/);
    expect(await page.inputValue("#q")).toBe("ceiling");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("q");
    await page.close();
  });

  it("keeps every-word matching in the address beside the words, so that a reload or a shared link searches the same", async () => {
    const page = await served.browser.newPage();
    await page.goto(`${served.running.origin}/`, { waitUntil: "load" });
    const q = "ceiling micro";
    const all = async () =>
      (
        (await (
          await fetch(`${served.running.origin}/api/v1/answers?q=${encodeURIComponent(q)}&match=all`)
        ).json()) as {
          data: Array<{ slug: string }>;
        }
      ).data.map((answer) => answer.slug);
    await page.fill("#q", q);
    await page.check("#match-all");
    await expect.poll(() => page.evaluate(() => location.hash)).toBe(`#q=${encodeURIComponent(q)}&match=all`);
    expect(await all()).not.toEqual(await apiSlugs(q));
    await expect.poll(() => shownSlugs(page)).toEqual(await all());
    await page.reload({ waitUntil: "load" });
    expect(await page.isChecked("#match-all")).toBe(true);
    await expect.poll(() => shownSlugs(page)).toEqual(await all());
    await page.uncheck("#match-all");
    await expect.poll(() => page.evaluate(() => location.hash)).toBe(`#q=${encodeURIComponent(q)}`);
    await expect.poll(() => shownSlugs(page)).toEqual(await apiSlugs(q));
    await page.close();
  });

  it("reads a malformed #q= calmly, and follows a #q= set after load, also back in history", async () => {
    const page = await served.browser.newPage();
    const problems: string[] = [];
    page.on("pageerror", (error) => problems.push(error.message));
    await page.goto(`${served.running.origin}/#q=%E0%A4%A`, { waitUntil: "load" });
    await expect.poll(() => page.locator("#search-status").textContent()).toMatch(/could not be read/);
    expect(await page.locator("#answer-list > article.answer[hidden]").count()).toBe(0);
    await page.evaluate(() => {
      location.hash = "#q=camera";
    });
    await expect.poll(() => page.locator("#search-status").textContent()).toMatch(await found("camera"));
    expect(await page.inputValue("#q")).toBe("camera");
    await page.evaluate(() => {
      location.hash = `#q=${encodeURIComponent("micro phone")}`;
    });
    await expect.poll(() => page.inputValue("#q")).toBe("micro phone");
    await page.goBack();
    await expect.poll(() => page.inputValue("#q")).toBe("camera");
    await expect.poll(() => page.locator("#search-status").textContent()).toMatch(await found("camera"));
    // Back to the address with no search at all: every answer again.
    await page.goto(`${served.running.origin}/`, { waitUntil: "load" });
    await page.evaluate(() => {
      location.hash = "#q=camera";
    });
    await expect.poll(() => page.inputValue("#q")).toBe("camera");
    await page.goBack();
    await expect.poll(() => page.inputValue("#q")).toBe("");
    await expect.poll(() => page.locator("#search-status").textContent()).toMatch(/^All \d+ answers/);
    expect(await page.locator("#answer-list > article.answer[hidden]").count()).toBe(0);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("clears the search and goes to an answer that a link names but the search hid", async () => {
    const page = await served.browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${served.running.origin}/`, { waitUntil: "load" });
    await page.fill("#q", "camera");
    await expect.poll(() => page.locator("#search-status").textContent()).toMatch(await found("camera"));
    // A link in a shown answer to a hidden one, marked for the click below.
    const target = await page.evaluate(() => {
      for (const link of document.querySelectorAll<HTMLAnchorElement>(
        'article.answer:not([hidden]) a[href^="#answer-"]',
      )) {
        const answer = document.getElementById(link.hash.slice(1));
        if (!answer?.hidden) continue;
        link.closest("article")!.querySelector("details")!.open = true;
        link.dataset.chosen = "";
        return answer.id;
      }
      return undefined;
    });
    expect(target, "a shown answer links a hidden one").toBeDefined();
    await page.click("a[data-chosen]");
    const answer = page.locator(`#${target}`);
    await expect.poll(() => answer.isVisible()).toBe(true);
    expect(page.url()).toMatch(new RegExp(`#${target}$`));
    expect(await page.inputValue("#q")).toBe("");
    expect(await page.locator("#search-status").textContent()).toMatch(/cleared/);
    expect(await page.locator("#answer-list > article.answer[hidden]").count()).toBe(0);
    // Scrolled to: its top at the top of the window (within half a pixel either way: -0.3 rounds to -0).
    await expect
      .poll(() => answer.evaluate((element) => Math.abs(Math.round(element.getBoundingClientRect().top))))
      .toBe(0);
    await page.close();
  });

  it("opens the answer a link leads to, at load and from another answer, and leaves the others as they were", async () => {
    const page = await served.browser.newPage();
    await page.goto(`${served.running.origin}/#answer-display-size`, { waitUntil: "load" });
    const opened = (slug: string) =>
      page.locator(`#answer-${slug} > details`).evaluate((details) => (details as HTMLDetailsElement).open);
    await expect.poll(() => opened("display-size")).toBe(true);
    expect(await page.locator("article.answer > details[open]").count()).toBe(1);
    // A link from the open answer to another: that one opens too, and the first stays open.
    const other = await page.evaluate(
      () => document.querySelector<HTMLAnchorElement>('#answer-display-size a[href^="#answer-"]')!.hash,
    );
    await page.click(`#answer-display-size a[href="${other}"]`);
    await expect.poll(() => opened(other.slice("#answer-".length))).toBe(true);
    expect(await opened("display-size")).toBe(true);
    await page.close();
  });

  it("shows each skip link, focused, on a line of its own, covering none of the header's links, the second leading to the search box", async () => {
    const page = await served.browser.newPage();
    await page.goto(`${served.running.origin}/`, { waitUntil: "load" });
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.className)).toBe("skip");
    const skip = (await page.locator(".skip").first().boundingBox())!;
    const first = (await page.locator("header a").first().boundingBox())!;
    expect(skip.y + skip.height).toBeLessThanOrEqual(first.y);
    // The second goes to the answers: the next stop is the search box.
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Skip to the answers and their search");
    const second = (await page.locator(".skip").nth(1).boundingBox())!;
    expect(second.y + second.height).toBeLessThanOrEqual(first.y);
    await page.keyboard.press("Enter");
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("q");
    await page.close();
  });

  it("describes the search box by its hint, which a screen reader reads on focus", async () => {
    const page = await served.browser.newPage();
    await page.goto(`${served.running.origin}/`, { waitUntil: "load" });
    const described = await page.evaluate(() =>
      (document.getElementById("q")?.getAttribute("aria-describedby") ?? "")
        .split(" ")
        .map((id) => document.getElementById(id)?.textContent ?? "")
        .join(" "),
    );
    expect(described).toMatch(/^Ask as you would ask a colleague/);
    await page.close();
  });

  it("prints every answer open and no search form, and closes again what it opened", async () => {
    const page = await served.browser.newPage();
    await page.goto(`${served.running.origin}/`, { waitUntil: "load" });
    const details = page.locator("details");
    const total = await details.count();
    await details.first().evaluate((element) => ((element as HTMLDetailsElement).open = true));
    // Listened to after the page's own listeners: what the print sees, and what is left after it.
    await page.evaluate(() => {
      const seen = ((globalThis as unknown as { seen: number[] }).seen = [] as number[]);
      const closed = () => seen.push(document.querySelectorAll("details:not([open])").length);
      addEventListener("beforeprint", closed);
      addEventListener("afterprint", closed);
    });
    // Chromium's print to PDF fires beforeprint and afterprint, as a reader's print does.
    await page.pdf();
    expect(await page.evaluate(() => (globalThis as unknown as { seen: number[] }).seen)).toEqual([0, total - 1]);
    await page.emulateMedia({ media: "print" });
    expect(await page.locator("#answer-search").isVisible()).toBe(false);
    // A search under way is printed with the answers it shows: its words and its status, not its hint.
    await page.emulateMedia({ media: "screen" });
    await page.fill("#q", "camera");
    await expect.poll(() => page.locator("#search-status").textContent()).toMatch(await found("camera"));
    await page.emulateMedia({ media: "print" });
    expect(await page.locator("#q").isVisible()).toBe(true);
    expect(await page.locator("#search-status").isVisible()).toBe(true);
    expect(await page.locator("#answer-search .hint").isVisible()).toBe(false);
    expect(
      await page
        .locator("pre, .table-scroll")
        .evaluateAll((boxes) => boxes.map((box) => getComputedStyle(box).overflowX)),
    ).not.toContain("auto");
    await page.close();
  });
});
