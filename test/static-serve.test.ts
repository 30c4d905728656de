import { spawn, type ChildProcess } from "node:child_process";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { routesFor, type Route } from "../build/contract/routes.ts";
import { HTML_PAGES } from "../build/engine/describe/docs-html.ts";
import { freePort } from "../build/serve/server/free-port.ts";
import type { CompiledSite } from "../build/engine/run/engine.ts";
import { ROOT } from "./support/build-helpers.ts";
import { sharedBuild } from "./support/shared-build.ts";
import { untilAnswered } from "./support/wait.ts";

/**
 * Mirror mode: `npm run serve:static` is `serve` with none of the API's rules, the plain view any mirror gives, its
 * own habits turned off (build/serve/server/static-mirror.json): it would answer /docs/index.html with a redirect to
 * /docs, where the page's relative links lead out of its folder.
 */
let server: ChildProcess;
let origin: string;
let routes: Route[];
let dist: string;
let said = "";

beforeAll(async () => {
  let site: CompiledSite;
  ({ dist, site } = await sharedBuild());
  routes = routesFor(site.paths);
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  // The npm script itself, on the shared build (exec: the server is the process stopped after).
  const script = (
    JSON.parse(await readFile(path.join(ROOT, "package.json"), "utf8")) as { scripts: Record<string, string> }
  ).scripts["serve:static"]!;
  expect(script).toMatch(/ dist$/);
  server = spawn("sh", ["-c", `exec env ${script.replace(/ dist$/, ' "$DIST"')}`], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      DIST: dist,
      PATH: `${path.join(ROOT, "node_modules", ".bin")}${path.delimiter}${process.env.PATH}`,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  for (const stream of [server.stdout!, server.stderr!]) stream.on("data", (chunk: Buffer) => (said += chunk));
  await untilAnswered(`${origin}/api/v1/index.json`);
});

afterAll(() => {
  server?.kill("SIGTERM");
});

describe("mirror mode (npm run serve:static)", () => {
  it("starts without asking the registry for a newer serve (which it awaits before listening, offline too)", () => {
    expect(said).toContain("Accepting connections");
    expect(said).not.toMatch(/update/i);
  });

  it("serves every canonical .json file as JSON, byte for byte", async () => {
    const files = routes.filter((route) => route.canonical && route.file.endsWith(".json"));
    expect(files.length).toBeGreaterThan(30);
    for (const route of files) {
      const response = await fetch(origin + route.file);
      expect(response.status, route.file).toBe(200);
      expect(response.headers.get("content-type"), route.file).toMatch(/^application\/(?:[\w.-]+\+)?json\b/);
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(bytes.equals(await readFile(path.join(dist, ...route.file.split("/").filter(Boolean)))), route.file).toBe(
        true,
      );
      expect(JSON.parse(bytes.toString("utf8")), route.file).toBeTypeOf("object");
    }
  });

  it("answers every canonical URL with its file and no redirect, each page at its folder's URL too", async () => {
    const canonical = routes.filter((route) => route.canonical);
    for (const route of canonical) {
      const response = await fetch(origin + route.file, { redirect: "manual" });
      expect(response.status, route.file).toBe(200);
      expect(
        Buffer.from(await response.arrayBuffer()).equals(
          await readFile(path.join(dist, ...route.file.split("/").filter(Boolean))),
        ),
        route.file,
      ).toBe(true);
    }
    const pages = canonical.filter((route) => route.file.endsWith("/index.html"));
    expect(pages.map((route) => route.file.replace(/index\.html$/, ""))).toEqual(
      expect.arrayContaining([...HTML_PAGES]),
    );
    for (const page of HTML_PAGES) {
      const response = await fetch(origin + page, { redirect: "manual" });
      expect(response.status, page).toBe(200);
      expect(await response.text(), page).toBe(
        await readFile(path.join(dist, ...page.split("/").filter(Boolean), "index.html"), "utf8"),
      );
    }
  });

  it("types every canonical file as the API's rules do (build/serve/server/static-mirror.json), where serve would send none or JSON", async () => {
    // serve names no charset: the media type is compared. Without the mirror's rules the API catalog, SHA256SUMS and
    // CITATION.cff went untyped, and the schemas and agents' cards as plain JSON.
    for (const route of routes.filter((candidate) => candidate.canonical)) {
      const response = await fetch(origin + route.file, { method: "HEAD" });
      expect(response.headers.get("content-type")?.split(";")[0], route.file).toBe(route.contentType.split(";")[0]);
    }
  });

  it("serves each page at its folder's URL without the slash too, where every relative link still finds its file", async () => {
    for (const page of HTML_PAGES.filter((page) => page !== "/")) {
      const url = origin + page.slice(0, -1);
      const html = await (await fetch(url, { redirect: "manual" })).text();
      const hrefs = [...html.matchAll(/(?:href|src)="([^"#]*)/g)]
        .map((match) => match[1]!)
        // Another scheme (https:, mailto:) or a fragment of the page itself is not a file of dist/.
        .filter((href) => href !== "" && !/^[a-z][a-z0-9+.-]*:/i.test(href));
      expect(hrefs.length, page).toBeGreaterThan(3);
      for (const href of new Set(hrefs)) {
        const response = await fetch(new URL(href.replaceAll("&#38;", "&"), url), { method: "HEAD" });
        expect(response.status, `${page} without its slash links ${href}`).toBe(200);
      }
    }
  });

  it("serves the Markdown twins (the pages' and every answer's) as Markdown, and llms-full.txt as text", async () => {
    const twins = routes.filter(
      (route) => route.canonical && route.file.endsWith(".md") && !route.file.startsWith("/.well-known/"),
    );
    expect(twins.map((route) => route.file)).toEqual(
      expect.arrayContaining(["/index.md", "/docs/index.md", "/api/v1/answers/room-sizing.md"]),
    );
    expect(twins.length).toBeGreaterThanOrEqual(22);
    for (const route of [...twins, ...routes.filter((candidate) => candidate.file === "/llms-full.txt")]) {
      const response = await fetch(origin + route.file);
      expect(response.status, route.file).toBe(200);
      // serve names no charset; the type is the one the rules give.
      expect(response.headers.get("content-type")?.split(";")[0], route.file).toBe(route.contentType.split(";")[0]);
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(bytes.equals(await readFile(path.join(dist, ...route.file.split("/").filter(Boolean)))), route.file).toBe(
        true,
      );
    }
  });
});
