/**
 * The security headers of every kind of response the local server gives (it applies netlify.toml and the
 * build's _headers as Netlify does): every published file, every alias, and each error, preflight, HEAD and
 * 304 it can answer. The kinds are counted, so that a response type dropped from the site cannot silently
 * drop out of the check.
 */
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { API_NOT_FOUND_FILE } from "../build/contract/layout.ts";
import { ALIASES, FOLDER_INDEXES } from "../build/contract/routes.ts";
import { sharedBuild } from "./support/shared-build.ts";
import { startLocalServer, type RunningServer } from "./support/local-server.ts";

let running: RunningServer;
let dist: string;

beforeAll(async () => {
  ({ dist } = await sharedBuild());
  running = await startLocalServer(dist);
}, 60_000);

interface Exchange {
  label: string;
  target: string;
  response: Response;
  body: string;
}

async function exchange(label: string, target: string, init: RequestInit = {}): Promise<Exchange> {
  const response = await fetch(running.origin + target, { redirect: "manual", ...init });
  return { label, target, response, body: await response.text() };
}

/** Every request the check makes: all published URLs and aliases, then one of each other kind of response. */
async function everyKindOfResponse(): Promise<Exchange[]> {
  const published = (await readFile(path.join(dist, "urls.txt"), "utf8"))
    .trim()
    .split("\n")
    .map((url) => new URL(url, running.origin).pathname);
  const exchanges: Exchange[] = [];
  for (const target of [...published, ...ALIASES.map(([alias]) => alias), ...FOLDER_INDEXES.map(([folder]) => folder)])
    exchanges.push(await exchange(`GET ${target}`, target));
  const file = "/api/v1/answers/room-sizing.json";
  const etag = (await fetch(running.origin + file)).headers.get("etag")!;
  exchanges.push(
    await exchange("HEAD of a file", file, { method: "HEAD" }),
    await exchange("304", file, { headers: { "if-none-match": etag } }),
    await exchange("gzip", file, { headers: { "accept-encoding": "gzip" } }),
    await exchange("206", file, { headers: { range: "bytes=0-9" } }),
    await exchange("416", file, { headers: { range: "bytes=999999999-" } }),
    await exchange("q", "/api/v1/answers?q=ceiling+micro"),
    await exchange("q, HEAD", "/api/v1/answers?q=ceiling", { method: "HEAD" }),
    await exchange("400 (bad q)", "/api/v1/answers?q=%20%20"),
    await exchange("an unknown parameter (ignored)", "/api/v1/answers?colour=red"),
    await exchange("404 under /api/", "/api/v1/nothing-here"),
    await exchange("404 elsewhere", "/nothing-here"),
    await exchange("the 404 rule's own file", API_NOT_FOUND_FILE),
    await exchange("405", "/api/v1/answers", { method: "POST", body: "{}" }),
    await exchange("preflight", "/api/v1/answers", {
      method: "OPTIONS",
      headers: { origin: "https://example.org", "access-control-request-method": "GET" },
    }),
    await exchange("cross-origin with credentials asked for", "/api/v1/health", {
      headers: { origin: "https://example.org", cookie: "session=1" },
    }),
  );
  return exchanges;
}

/** The sources a policy allows for one directive (falling back to default-src, as browsers do). */
function directive(policy: string, name: string): string[] | undefined {
  const entries = new Map(
    policy
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([key, ...values]) => [key!.toLowerCase(), values]),
  );
  return entries.get(name) ?? entries.get("default-src");
}

/** The scripts a browser runs: a data block (type="application/json", or JSON-LD) is never run, so CSP does not apply to it. */
function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)].flatMap((match) => {
    expect(match[1], "no script is loaded from a URL").not.toMatch(/\bsrc\s*=/i);
    if (/^\s+type="application\/(ld\+)?json"( id="[a-z-]+")?$/.test(match[1]!)) return [];
    expect(match[1], "a script is JavaScript or a JSON data block").toBe("");
    return [match[2]!];
  });
}

describe("security headers on every kind of response", () => {
  let exchanges: Exchange[];
  beforeAll(async () => {
    exchanges = await everyKindOfResponse();
  }, 60_000);

  it("CORS open to all without credentials, nosniff and no referrer, on every response", () => {
    for (const { label, response } of exchanges) {
      expect(response.headers.get("access-control-allow-origin"), label).toBe("*");
      expect(response.headers.get("access-control-allow-credentials"), label).toBeNull();
      expect(response.headers.get("x-content-type-options"), label).toBe("nosniff");
      expect(response.headers.get("referrer-policy"), label).toBe("no-referrer");
      expect(response.headers.get("set-cookie"), label).toBeNull();
      expect(response.status, label).toBeLessThan(500);
    }
  });

  it("every kind of response was checked", () => {
    const kinds = new Set(
      exchanges.map(
        ({ response }) => `${response.status} ${(response.headers.get("content-type") ?? "none").split(";")[0]}`,
      ),
    );
    expect([...kinds].sort()).toEqual(
      expect.arrayContaining([
        "200 application/json",
        "200 application/linkset+json",
        "200 application/schema+json",
        "200 application/xml",
        "200 image/svg+xml",
        "200 text/css",
        "200 text/csv",
        "200 text/html",
        "200 text/markdown",
        "200 text/plain",
        "204 none",
        "206 application/json",
        "304 application/json",
        "400 application/problem+json",
        "404 application/problem+json",
        "404 text/plain",
        "405 application/problem+json",
        "416 application/problem+json",
      ]),
    );
    // No success is a problem document (the 404's own file, requested itself, is a 404).
    expect(kinds.has("200 application/problem+json")).toBe(false);
    expect(exchanges.length).toBeGreaterThan(90);
  });

  it("errors under /api/ are JSON problems, never HTML", () => {
    const errors = exchanges.filter(({ target, response }) => target.startsWith("/api/") && response.status >= 400);
    expect(errors.map(({ response }) => response.status).sort()).toEqual([400, 404, 405, 416]);
    for (const { label, response, body } of errors) {
      expect(response.headers.get("content-type"), label).toMatch(/^application\/problem\+json/);
      if (body) expect(JSON.parse(body), label).toHaveProperty("status", response.status);
    }
  });

  it("HTML allows no script but its own inline ones, each by its hash, and cannot be framed", () => {
    const pages = exchanges.filter(
      ({ response, body }) => response.headers.get("content-type")?.startsWith("text/html") && body,
    );
    expect(pages.length).toBeGreaterThanOrEqual(3);
    for (const { label, response, body } of pages) {
      const policy = response.headers.get("content-security-policy");
      expect(policy, label).toBeTruthy();
      const scripts = directive(policy!, "script-src") ?? [];
      for (const source of scripts)
        expect(source, `${label}: script-src allows only hashes`).toMatch(/^'(none|sha256-[A-Za-z0-9+/]+=*)'$/);
      for (const forbidden of ["'unsafe-inline'", "'unsafe-eval'", "*", "data:", "'strict-dynamic'"])
        expect(policy, label).not.toContain(` ${forbidden}`);
      for (const script of inlineScripts(body)) {
        const hash = `'sha256-${createHash("sha256").update(script).digest("base64")}'`;
        expect(scripts, `${label}: an inline script is allowed by its hash`).toContain(hash);
        // ASCII, so that it rests on no page encoding and holds no raw noncharacter (the search's U+FFFF).
        expect(script, `${label}: an inline script is ASCII`).not.toMatch(/[^\t\n\r -~]/);
      }
      expect(directive(policy!, "frame-ancestors"), label).toEqual(["'none'"]);
      expect(directive(policy!, "base-uri"), label).toEqual(["'none'"]);
      expect(directive(policy!, "object-src"), label).toEqual(["'none'"]);
      // No handler attributes: they would need 'unsafe-inline' or 'unsafe-hashes', which the policy refuses.
      expect(body, label).not.toMatch(/<[^>]+\son[a-z]+\s*=/i);
      // The same policy in the page itself, for a copy opened from disk or served with no headers (less
      // frame-ancestors, which a meta element cannot carry).
      const meta = /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/
        .exec(body)?.[1]
        ?.replaceAll("&#39;", "'");
      expect(meta, `${label}: its policy in a meta element`).toBe(policy!.replace("; frame-ancestors 'none'", ""));
    }
  });

  it("the SVG icon carries no script", () => {
    const icon = exchanges.find(({ response }) => response.headers.get("content-type")?.startsWith("image/svg+xml"))!;
    expect(icon.body).not.toMatch(/<script|\son[a-z]+\s*=|javascript:/i);
  });
});
