/**
 * What an edge entry keeps of a deploy (build/serve/request/deploy-snapshot.ts), against a real origin over HTTP: requests
 * that come together while the deploy is looked at wait for one look, and a new deploy is read once, not once per
 * request (a burst after a deploy, or a client polling a dev loop, read urls.txt once each before).
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { HEALTH_FILE } from "../build/contract/layout.ts";
import { deploySnapshots, snapshotTiming, textOf } from "../build/serve/request/deploy-snapshot.ts";

describe("a deploy's snapshot", () => {
  let digest = "sha256:one";
  const reads: string[] = [];
  const server = createServer((request, response) => {
    reads.push(request.url ?? "");
    // Slow enough that the requests below all come while the first look is under way.
    setTimeout(() => {
      if (request.url === HEALTH_FILE) response.end(JSON.stringify({ content_digest: digest }));
      else response.end("the list\n");
    }, 20);
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it("is made once for requests that come together, and once again for a new deploy", async () => {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const clock = { now: 0 };
    const { now, recheckMs } = snapshotTiming;
    snapshotTiming.now = () => clock.now;
    try {
      let made = 0;
      const snapshot = deploySnapshots(async (read) => {
        made++;
        return `${textOf(await read("/urls.txt"))}${digest}`;
      });
      const together = () => Promise.all(Array.from({ length: 20 }, () => snapshot(origin)));
      expect(new Set(await together())).toEqual(new Set(["the list\nsha256:one"]));
      expect([made, reads.filter((url) => url === HEALTH_FILE).length]).toEqual([1, 1]);
      // A new deploy, seen once the time to look again has passed: read once.
      digest = "sha256:two";
      clock.now += recheckMs;
      expect(new Set(await together())).toEqual(new Set(["the list\nsha256:two"]));
      expect([made, reads.filter((url) => url === HEALTH_FILE).length, reads.length]).toEqual([2, 2, 4]);
    } finally {
      snapshotTiming.now = now;
    }
  });

  it("given `meanwhile`, answers with it while a new deploy's value is made, and waits only for the first deploy's", async () => {
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const clock = { now: 0 };
    const { now, recheckMs } = snapshotTiming;
    snapshotTiming.now = () => clock.now;
    try {
      digest = "sha256:first";
      let making: Promise<string> | undefined;
      const snapshot = deploySnapshots<Promise<string>>(
        (read) => (making = read("/urls.txt").then((list) => `${textOf(list)}${digest}`)),
        { meanwhile: () => "meanwhile" },
      );
      expect(await snapshot(origin)).toBe("the list\nsha256:first");
      digest = "sha256:second";
      clock.now += recheckMs;
      // The new deploy's list is read (20 ms): the requests meanwhile are not kept waiting for it.
      expect(await Promise.all([snapshot(origin), snapshot(origin)])).toEqual(["meanwhile", "meanwhile"]);
      await making;
      expect(await snapshot(origin)).toBe("the list\nsha256:second");
    } finally {
      snapshotTiming.now = now;
    }
  });
});
