/**
 * The data changelog's Atom feed as a browser's XML parser reads it (Chromium's DOMParser): well-formed, in the
 * Atom namespace, with the elements RFC 4287 requires, its dates the content's.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { readJson, shippedContentDates } from "../support/build-helpers.ts";
import { HAVE_CHROMIUM, launchChromium } from "../support/chromium.ts";
import { sharedBuild } from "../support/shared-build.ts";

const ATOM = "http://www.w3.org/2005/Atom";
let dist: string;
beforeAll(async () => {
  ({ dist } = await sharedBuild());
});

describe.skipIf(!HAVE_CHROMIUM)("the data changelog's Atom feed", () => {
  it("parses as XML, with the required elements, its dates the content's", async () => {
    const feed = await readFile(path.join(dist, "changelog.atom"), "utf8");
    const json = await readJson<{ entries: Array<{ id: string; date: string }> }>(path.join(dist, "changelog.json"));
    const contentDates = await shippedContentDates();
    let parsed: {
      error: string | null;
      rootName: string;
      rootNamespace: string | null;
      feed: Record<string, string | null>;
      entries: Array<Record<string, string | null>>;
    };
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      parsed = await page.evaluate(
        ({ text, ns }) => {
          const document = new DOMParser().parseFromString(text, "application/xml");
          const error = document.getElementsByTagName("parsererror")[0]?.textContent ?? null;
          const root = document.documentElement;
          const child = (parent: Element, name: string) =>
            Array.from(parent.children).find((element) => element.namespaceURI === ns && element.localName === name) ??
            null;
          const fields = (parent: Element) => ({
            id: child(parent, "id")?.textContent ?? null,
            title: child(parent, "title")?.textContent ?? null,
            updated: child(parent, "updated")?.textContent ?? null,
            author: (child(parent, "author") && child(child(parent, "author")!, "name")?.textContent) ?? null,
            self:
              Array.from(parent.children)
                .find((element) => element.localName === "link" && element.getAttribute("rel") === "self")
                ?.getAttribute("href") ?? null,
          });
          return {
            error,
            rootName: root.localName,
            rootNamespace: root.namespaceURI,
            feed: fields(root),
            entries: Array.from(root.children)
              .filter((element) => element.localName === "entry")
              .map(fields),
          };
        },
        { text: feed, ns: ATOM },
      );
    } finally {
      await browser.close();
    }
    expect(parsed.error).toBeNull();
    expect(parsed.rootName).toBe("feed");
    expect(parsed.rootNamespace).toBe(ATOM);
    // RFC 4287 4.1.1: a feed has an id, a title, an updated date, an author (its entries have none) and should link itself.
    for (const field of ["id", "title", "updated", "author", "self"]) expect(parsed.feed[field], field).toBeTruthy();
    expect(parsed.entries.length).toBe(json.entries.length);
    for (const entry of parsed.entries) {
      for (const field of ["id", "title", "updated"]) expect(entry[field], field).toBeTruthy();
      expect(contentDates.has(entry.updated!.replace("T00:00:00Z", "")), entry.updated!).toBe(true);
    }
    expect(new Set(parsed.entries.map((entry) => entry.id)).size).toBe(parsed.entries.length);
    expect(parsed.feed.updated).toBe([...parsed.entries.map((entry) => entry.updated!)].sort().at(-1));
  });
});
