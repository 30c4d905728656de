/**
 * The build as products (build/engine/products/): the engine orders them by what they read, refuses a list it cannot
 * order, and lets a product write only what it declares; every file of a build belongs to exactly one product.
 */
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import {
  checkMediaTypes,
  productOrder,
  productWriting,
  runProducts,
  writesPattern,
} from "../build/engine/run/engine.ts";
import { PRODUCTS } from "../build/engine/products/index.ts";
import { product, type Product } from "../build/engine/products/product.ts";
import { loadContent } from "../build/engine/run/load.ts";
import { validateContent } from "../build/engine/run/validate.ts";
import { loadSchemaRegistry } from "../build/content/schemas/schema-registry.ts";
import { MemorySink } from "../build/engine/output/output-sink.ts";
import { LazySite, lazyTiming } from "../build/engine/run/lazy-site.ts";
import { FIXTURES } from "./support/build-helpers.ts";
import { sharedBuild } from "./support/shared-build.ts";

const named = (name: string, after: string[] = []): Product =>
  product({ name, purpose: "a test", after, writes: [], run: () => ({}) });

describe("the engine's order", () => {
  it("puts each product after those it reads, keeps the list's order otherwise, and a `*` product last", () => {
    const order = productOrder([named("all", ["*"]), named("c", ["b"]), named("a"), named("b", ["a"])]);
    expect(order.map((made) => made.name)).toEqual(["a", "b", "c", "all"]);
  });

  it("refuses a circle, a name that is no product, and two products of one name", () => {
    expect(() => productOrder([named("a", ["b"]), named("b", ["a"])])).toThrow(
      "products read each other in a circle: a → b → a",
    );
    expect(() => productOrder([named("a", ["nowhere"])])).toThrow('product "a" reads "nowhere", which is no product');
    expect(() => productOrder([named("a"), named("a")])).toThrow("two products have one name");
  });

  it("refuses, at the build's start, a product writing a kind of file the header rules give no media type", () => {
    const writes = (entry: string) =>
      product({ name: "feed", purpose: "a test", after: [], writes: [entry], run: () => ({}) });
    expect(() => checkMediaTypes([writes("/feed.jsonfeed")])).toThrow(
      'product "feed" writes /feed.jsonfeed, whose kind of file has no media type: give it a rule in build/contract/header-rules.ts',
    );
    expect(() => checkMediaTypes([writes("/api/v1/answers/{slug}.json")])).not.toThrow();
    // The build's own products, as every build checks them before it loads the content.
    expect(() => checkMediaTypes()).not.toThrow();
  });

  it("orders the build's own list", () => {
    const order = productOrder(PRODUCTS).map((made) => made.name);
    for (const made of PRODUCTS)
      for (const before of made.after.includes("*") ? [] : made.after)
        expect(order.indexOf(before), `${made.name} after ${before}`).toBeLessThan(order.indexOf(made.name));
    expect(order.at(-1)).toBe("archive-manifests");
  });
});

describe("what a product writes", () => {
  it("is a pattern: {name} is one path segment, an entry ending in / a folder", () => {
    expect(writesPattern("/api/v1/answers/{slug}.json").test("/api/v1/answers/room-sizing.json")).toBe(true);
    expect(writesPattern("/api/v1/answers/{slug}.json").test("/api/v1/answers/pages/2.json")).toBe(false);
    expect(writesPattern("/api/v1/answers/{slug}.json").exec("/api/v1/answers/room-sizing.json")?.groups?.slug).toBe(
      "room-sizing",
    );
    expect(writesPattern("/.well-known/").test("/.well-known/mcp/server-card.json")).toBe(true);
    expect(writesPattern("/llms.txt").test("/llms-full.txt")).toBe(false);
  });

  it("is declared: every file of the shipped build belongs to exactly one product (a path named whole before a pattern)", async () => {
    const { site } = await sharedBuild();
    for (const file of site.paths) expect(productWriting(file), file).toBeDefined();
    // Two products naming one path whole, or two patterns matching it, leave it to neither.
    const twice = [named("one"), named("two")].map((made) => ({ ...made, writes: ["/shared.json"] }));
    expect(productWriting("/shared.json", twice)).toBeUndefined();
    expect(productWriting("/api/v1/answers/index.json")?.name).toBe("answer-pages");
  });

  it("fails the build, naming the product and the path, when a product writes what it did not declare", async () => {
    const schemas = await loadSchemaRegistry();
    const loaded = await loadContent({ contentDir: path.join(FIXTURES, "base"), workers: undefined });
    const validated = validateContent(loaded, schemas);
    if (!validated.ok) throw new Error("the base fixture does not validate");
    const stray = product({
      name: "stray",
      purpose: "a product that writes what it did not declare",
      after: [],
      writes: ["/stray/allowed.txt"],
      run: (_, output) => ({
        finish: async () => {
          await output.file("/stray/allowed.txt", "yes\n");
          await output.file("/stray/other.txt", "no\n");
          return undefined;
        },
      }),
    });
    await expect(
      runProducts({ options: { contentDir: "", outDir: "" }, schemas }, validated.content, new MemorySink(), [stray]),
    ).rejects.toThrow('product "stray" wrote /stray/other.txt, which its writes (/stray/allowed.txt) do not name');
  });

  /** The base fixture held in memory with `others` and a product that takes a turn at every answer it is handed. */
  async function withLongProduct(others: Product[] = []) {
    const schemas = await loadSchemaRegistry();
    const loaded = await loadContent({ contentDir: path.join(FIXTURES, "base"), workers: undefined });
    const validated = validateContent(loaded, schemas);
    if (!validated.ok) throw new Error("the base fixture does not validate");
    const long = { handed: 0 };
    const made = product<number>({
      name: "long",
      purpose: "a product that takes a turn at every answer",
      after: [],
      writes: ["/long.txt"],
      part: (answer) => answer.position,
      run: (_, output) => ({
        answer: async () => void long.handed++,
        finish: async () => void (await output.file("/long.txt", `${long.handed}\n`)),
      }),
    });
    const context = { options: { contentDir: "", outDir: "" }, schemas };
    const site = await LazySite.prepare(context, validated.content, [made, ...others]);
    return { site, long, answers: validated.content.answers.length };
  }

  const turns = async (count: number) => {
    for (let turn = 0; turn < count; turn++) await new Promise((resolve) => setImmediate(resolve));
  };

  it("held in memory (a dev loop's), a product that reads no other runs beside a long one, not after it", async () => {
    const small = product({
      name: "small",
      purpose: "a product of one small file",
      after: [],
      writes: ["/small.txt"],
      run: (_, output) => ({ finish: async () => void (await output.file("/small.txt", "small\n")) }),
    });
    const { site, long, answers } = await withLongProduct([small]);
    const { turnMs } = lazyTiming;
    lazyTiming.turnMs = 0;
    try {
      const completing = site.complete();
      // The long product is under way (it has had its first answer) when the small one's file is asked for.
      while (long.handed === 0) await turns(1);
      expect(await site.file("/small.txt")).toBeDefined();
      expect(answers).toBeGreaterThan(2);
      expect(long.handed).toBeLessThan(answers);
      await completing;
      expect(long.handed).toBe(answers);
    } finally {
      lazyTiming.turnMs = turnMs;
    }
  });

  it("held in memory, superseded by a newer build, stops completing at once, within a product's run, and holds the runs under way until resumed", async () => {
    const { site, long, answers } = await withLongProduct();
    const { turnMs } = lazyTiming;
    lazyTiming.turnMs = 0;
    try {
      const completing = site.complete();
      while (long.handed === 0) await turns(1);
      site.supersede();
      expect(await completing).toBeUndefined();
      // A request for the product under way waits while the newer build is made: the run takes no turn meanwhile.
      const stopped = long.handed;
      let answered = false;
      const asked = site.file("/long.txt").then((file) => {
        answered = true;
        return file;
      });
      await turns(50);
      expect([long.handed, answered]).toEqual([stopped, false]);
      site.resume();
      expect(String((await asked)?.contents)).toBe(`${answers}\n`);
    } finally {
      lazyTiming.turnMs = turnMs;
    }
  });

  it("held in memory, leaves the moments after it is made to the requests waiting for it: the work over the whole site (complete, a product over every other) starts lazyTiming.settleMs later", async () => {
    const all = product({
      name: "all",
      purpose: "a file over every other product's, as urls.txt",
      after: ["*"],
      writes: ["/all.txt"],
      run: (_, output) => ({ finish: async () => void (await output.file("/all.txt", "all\n")) }),
    });
    const { site, long, answers } = await withLongProduct([all]);
    const { settleMs } = lazyTiming;
    lazyTiming.settleMs = 60_000;
    vi.useFakeTimers({ toFake: ["setTimeout"] });
    try {
      let answered = false;
      const asked = site.file("/all.txt").then((file) => {
        answered = true;
        return file;
      });
      const completing = site.complete();
      await turns(50);
      expect([long.handed, answered]).toEqual([0, false]);
      // A request for one product's file is answered meanwhile.
      expect(String((await site.file("/long.txt"))?.contents)).toBe(`${answers}\n`);
      await vi.advanceTimersByTimeAsync(60_000);
      expect(String((await asked)?.contents)).toBe("all\n");
      expect(await completing).toBeDefined();
    } finally {
      vi.useRealTimers();
      lazyTiming.settleMs = settleMs;
    }
  });

  it("held in memory, makes one answer's file of a per-answer product without running it over every answer", async () => {
    const schemas = await loadSchemaRegistry();
    const loaded = await loadContent({ contentDir: path.join(FIXTURES, "base"), workers: undefined });
    const validated = validateContent(loaded, schemas);
    if (!validated.ok) throw new Error("the base fixture does not validate");
    const slugs = validated.content.answers.map((answer) => answer.data.slug).sort();
    let handed = 0;
    const own = product({
      name: "own",
      purpose: "a file per answer, from that answer alone",
      after: [],
      writes: ["/own/{slug}.txt"],
      perAnswer: true,
      run: (_, output) => ({
        answer: async (_part, answer) => {
          handed++;
          await output.file(`/own/${answer.slug}.txt`, `${answer.slug} at ${answer.position}\n`);
        },
      }),
    });
    const context = { options: { contentDir: "", outDir: "" }, schemas };
    const site = await LazySite.prepare(context, validated.content, [own]);
    const last = slugs[slugs.length - 1]!;
    const alone = await site.file(`/own/${last}.txt`);
    expect(alone?.contents).toBe(`${last} at ${slugs.length - 1}\n`);
    expect(handed).toBe(1);
    expect(await site.file("/own/no-such-answer.txt")).toBeUndefined();
    // The run over every answer makes the same file.
    const completed = await site.complete();
    expect(handed).toBe(1 + slugs.length);
    expect(completed?.files.find((file) => file.path === `/own/${last}.txt`)?.contents).toBe(alone?.contents);
    expect(() => product({ ...own, name: "not-own", writes: ["/own/all.txt"] })).toThrow(
      /not every file it writes names \{slug\}/,
    );
  });
});
