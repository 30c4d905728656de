/**
 * DNS-rebinding protection of the local server, over real sockets: a request whose Host is not a loopback name (or
 * one of ALLOWED_HOSTS) gets a 403 problem naming the header and the setting; on /mcp so does a foreign Origin; the
 * data API keeps CORS open to every origin. Listening beyond loopback needs a network namespace (root): that is
 * test/full/listen-beyond-loopback.test.ts.
 */
import { request } from "node:http";
import { connect } from "node:net";
import { beforeAll, describe, expect, it } from "vitest";
import { ALLOWED_HOSTS_VARIABLE } from "../build/contract/local-hosts.ts";
import { allowedHostsFor, isLoopbackAddress, parseAllowedHosts } from "../build/serve/server/host-guard.ts";
import { startLocalServer, type RunningServer } from "./support/local-server.ts";
import { sharedBuild } from "./support/shared-build.ts";

let running: RunningServer;
let allowing: RunningServer;

beforeAll(async () => {
  const { dist } = await sharedBuild();
  running = await startLocalServer(dist);
  allowing = await startLocalServer(dist, { allowedHosts: parseAllowedHosts("av.test, other.test:9999") });
}, 60_000);

interface Reply {
  status: number;
  type: string;
  body: string;
  allowOrigin: string | undefined;
}

/** One request to `server` on 127.0.0.1 with exactly these headers (Host included: fetch would not send ours). */
function exchange(
  server: RunningServer,
  method: string,
  target: string,
  headers: Record<string, string>,
  body?: string,
): Promise<Reply> {
  const { port } = new URL(server.origin);
  return new Promise((resolve, reject) => {
    const outgoing = request({ host: "127.0.0.1", port, path: target, method, headers }, (response) => {
      let text = "";
      response.on("data", (chunk: Buffer) => (text += chunk.toString()));
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          type: response.headers["content-type"] ?? "",
          body: text,
          allowOrigin: response.headers["access-control-allow-origin"] as string | undefined,
        }),
      );
    });
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}

/** Bytes straight to the socket, for requests no client library sends (no Host, an absolute target). */
function rawExchange(server: RunningServer, text: string): Promise<string> {
  const { port } = new URL(server.origin);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), "127.0.0.1", () => socket.write(text));
    const chunks: Buffer[] = [];
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("close", () => resolve(Buffer.concat(chunks).toString("utf8")));
    socket.on("error", reject);
  });
}

const PING = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" });
const mcp = (server: RunningServer, headers: Record<string, string>) =>
  exchange(
    server,
    "POST",
    "/mcp",
    { "Content-Type": "application/json", Accept: "application/json, text/event-stream", ...headers },
    PING,
  );

function expectRefusal(reply: Reply, header: "Host" | "Origin", label: string): void {
  expect(reply.status, label).toBe(403);
  expect(reply.type, label).toBe("application/problem+json");
  const problem = JSON.parse(reply.body) as { type: string; header: string; detail: string; status: number };
  expect(problem.type, label).toMatch(/\/docs\/errors\/#host-not-allowed$/);
  expect(problem.header, label).toBe(header);
  expect(problem.detail, label).toContain(`${header}:`);
  expect(problem.detail, label).toContain(`${ALLOWED_HOSTS_VARIABLE}=`);
  // A refusal says nothing of the data.
  expect(reply.body, label).not.toContain("content_digest");
}

describe("the Host header, on the default (loopback) server", () => {
  it("answers the loopback names with or without a port, in any case", async () => {
    for (const host of ["localhost", "localhost:1", "127.0.0.1", "127.0.0.1:8080", "[::1]", "[::1]:9", "LocalHost"]) {
      const reply = await exchange(running, "GET", "/api/v1/health", { Host: host });
      expect(reply.status, host).toBe(200);
    }
  });

  it("refuses every other name with a 403 problem naming the header and ALLOWED_HOSTS, on every path and method", async () => {
    const hosts = [
      "evil.example",
      "evil.example:8080",
      "localhost.evil.example",
      "127.0.0.1.evil.example",
      "127.1",
      "localhost.",
    ];
    for (const host of hosts) {
      for (const [method, target] of [
        ["GET", "/api/v1/health"],
        ["GET", "/"],
        ["HEAD", "/api/v1/answers?q=room"],
        ["OPTIONS", "/api/v1/answers"],
        ["POST", "/mcp"],
      ] as const) {
        const reply = await exchange(running, method, target, { Host: host }, method === "POST" ? PING : undefined);
        if (method === "HEAD") expect(reply.status, `${method} ${target} Host: ${host}`).toBe(403);
        else expectRefusal(reply, "Host", `${method} ${target} Host: ${host}`);
      }
    }
    // A Host that is not a host name with an optional port is malformed: a 400 (RFC 9112, 3.2), whatever it names.
    for (const host of ["evil@127.0.0.1", "127.0.0.1@evil.example", "a b", "127.0.0.1:99999", "localhost/x"]) {
      const reply = await exchange(running, "GET", "/api/v1/health", { Host: host });
      expect(reply.status, `Host: ${host}`).toBe(400);
      expect(reply.body, `Host: ${host}`).toMatch(/#bad-request"/);
    }
    // With an empty Host, with none at all (HTTP/1.0), and with an absolute target naming another host.
    const emptyHost = await rawExchange(running, "GET /api/v1/health HTTP/1.1\r\nHost: \r\nConnection: close\r\n\r\n");
    expect(emptyHost).toMatch(/^HTTP\/1\.1 403 /);
    const noHost = await rawExchange(running, "GET /api/v1/health HTTP/1.0\r\n\r\n");
    expect(noHost).toMatch(/^HTTP\/1\.1 403 /);
    const absolute = await rawExchange(
      running,
      "GET http://evil.example/api/v1/answers?q=room HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n",
    );
    expect(absolute).toMatch(/^HTTP\/1\.1 403 /);
    expect(absolute).toContain('"header": "Host"');
    // Told as the target it is, not as a Host header the client never sent.
    expect(absolute).toContain(
      'gives the request target \\"http://evil.example/api/v1/answers?q=room\\" in Host\'s place',
    );
    // An absolute target naming a loopback name is read for its path only: the edge code reads from this server.
    for (const origin of [running.origin, "http://localhost:1"]) {
      const own = await rawExchange(
        running,
        `GET ${origin}/api/v1/answers?q=room HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`,
      );
      expect(own, origin).toMatch(/^HTTP\/1\.1 200 /);
    }
  });

  it("answers the hosts ALLOWED_HOSTS names, with the port it names if any", async () => {
    for (const [host, status] of [
      ["av.test", 200],
      ["av.test:8080", 200],
      ["AV.TEST", 200],
      ["other.test:9999", 200],
      ["other.test", 403],
      ["other.test:1", 403],
      ["evil.example", 403],
      ["localhost:3", 200],
    ] as const)
      expect((await exchange(allowing, "GET", "/api/v1/health", { Host: host })).status, host).toBe(status);
    expect((await mcp(allowing, { Host: "av.test", Origin: "https://av.test" })).status).toBe(200);
    expectRefusal(await mcp(allowing, { Host: "av.test", Origin: "https://evil.example" }), "Origin", "allowing");
  });

  it("refuses an ALLOWED_HOSTS entry that is not a host name with an optional port, saying which", () => {
    for (const entry of ["http://av.test", "av.test/x", "a b", "av.test:99999", "user@av.test"])
      expect(() => parseAllowedHosts(`ok.test,${entry}`), entry).toThrow(`"${entry.trim()}"`);
    expect(parseAllowedHosts(" a.test , b.test:81 ,,")).toEqual([
      { hostname: "a.test", port: undefined },
      { hostname: "b.test", port: 81 },
    ]);
  });

  it("refuses to listen beyond the loopback interface unless ALLOWED_HOSTS names the hosts (the listening itself: test/full)", () => {
    for (const host of ["127.0.0.1", "127.8.9.10", "localhost", "::1", "[::1]", "::ffff:127.0.0.1"])
      expect(isLoopbackAddress(host), host).toBe(true);
    for (const host of ["0.0.0.0", "::", "192.168.1.20", "::ffff:10.0.0.1", "my-laptop.local"])
      expect(isLoopbackAddress(host), host).toBe(false);
    expect(() => allowedHostsFor("0.0.0.0", {})).toThrow(`Name the hosts clients will use: ${ALLOWED_HOSTS_VARIABLE}=`);
    expect(allowedHostsFor("0.0.0.0", { [ALLOWED_HOSTS_VARIABLE]: "av.test" })).toEqual(parseAllowedHosts("av.test"));
    expect(allowedHostsFor("127.0.0.1", {})).toEqual([]);
  });
});

describe("the Origin header", () => {
  it("on /mcp: answers none, or a loopback origin; refuses any other with a 403 problem naming Origin", async () => {
    for (const origin of [undefined, "http://localhost:5173", "http://127.0.0.1", "https://[::1]:8443"]) {
      const reply = await mcp(running, origin ? { Origin: origin } : {});
      expect([reply.status, reply.body], String(origin)).toEqual([200, '{"jsonrpc":"2.0","id":1,"result":{}}']);
    }
    for (const origin of [
      "https://example.org",
      "http://evil.example:8080",
      "null",
      "file://",
      "http://localhost.evil",
    ])
      expectRefusal(await mcp(running, { Origin: origin }), "Origin", origin);
    // A preflight carries no call: it is answered, and the call that follows refused (with a readable reason).
    const preflight = await exchange(running, "OPTIONS", "/mcp", {
      Origin: "https://example.org",
      "Access-Control-Request-Method": "POST",
    });
    expect(preflight.status).toBe(204);
  });

  it("on the data API: every origin may read, with CORS open, as on the CDN", async () => {
    for (const target of ["/api/v1/answers?q=room", "/api/v1/suppliers", "/api/v1/answers/room-sizing.md"]) {
      const reply = await exchange(running, "GET", target, { Origin: "https://example.org" });
      expect([reply.status, reply.allowOrigin], target).toEqual([200, "*"]);
    }
  });
});
