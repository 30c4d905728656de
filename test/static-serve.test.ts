import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build, ROOT, SHIPPED_CONTENT, temporaryFolder } from "./support/build-helpers.ts";

/** `npm start` serves dist/ with `serve`; this runs that server over a fresh build and talks HTTP to it. */
let server: ChildProcess;
let origin: string;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

beforeAll(async () => {
  const dist = path.join(await temporaryFolder("serve"), "dist");
  const result = await build(SHIPPED_CONTENT, dist);
  if (!result.ok) throw new Error("shipped content does not build");
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  server = spawn(path.join(ROOT, "node_modules", ".bin", "serve"), ["--no-clipboard", "--listen", `tcp://127.0.0.1:${port}`, dist], { stdio: "ignore" });
  for (let attempt = 0; attempt < 100; attempt++) {
    if (await fetch(`${origin}/api/v1/index.json`).then((response) => response.ok, () => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("serve did not start");
});

afterAll(() => {
  server?.kill("SIGTERM");
});

describe("the static serve of dist/ (npm start until the contract server replaces it)", () => {
  it.each([
    ["/api/v1/index.json", "AV Buyer Data"],
    ["/api/v1/answers/index.json", "room-sizing"],
    ["/api/v1/answers/room-sizing.json", "room-sizing"],
    ["/api/v1/suppliers/index.json", "disclosure"],
    ["/api/v1/evidence/index.json", "microsoft-teams-rooms"],
    ["/api/v1/health/index.json", "\"status\": \"ok\""],
  ])("GET %s answers 200 JSON", async (urlPath, expected) => {
    const response = await fetch(origin + urlPath);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await response.text()).toContain(expected);
  });
});
