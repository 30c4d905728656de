/**
 * DNS-rebinding protection for the local server. A web page a user of `npm start` visits can point its own name at
 * 127.0.0.1 and then call this server as if it were its own site: the browser sends that name in Host. So the
 * server answers only requests whose Host is a loopback name, one of ALLOWED_HOSTS, or the very address the
 * connection arrived at (an IP literal, which no rebinding can produce); and on /mcp, a request that carries an
 * Origin only when that origin is one of the same (a page of another site driving the MCP endpoint). The data API
 * keeps CORS open to every origin: a web app under development elsewhere may read it, as it may on the CDN.
 *
 * The CDN has no such check: its data is public, nothing there takes credentials, and its host names are its own.
 */
import type { IncomingMessage, Server } from "node:http";
import { type AddressInfo, isIP } from "node:net";
import {
  ALLOWED_HOSTS_VARIABLE,
  type Authority,
  isLoopbackName,
  LOOPBACK_HOST_NAMES,
  parseAuthority,
} from "../../contract/local-hosts.ts";
import { MCP_PATH } from "../../contract/layout.ts";
import { problemResponse } from "../request/problems.ts";

/**
 * The ALLOWED_HOSTS setting read: host names (or IP literals), each optionally with `:port`, comma-separated.
 * Throws with what is wrong in an entry, so that a typo stops the server rather than refusing every request.
 */
export function parseAllowedHosts(text: string | undefined): Authority[] {
  if (text === undefined || text.trim() === "") return [];
  return text
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "")
    .map((entry) => {
      const authority = parseAuthority(entry);
      if (!authority)
        throw new Error(
          `${ALLOWED_HOSTS_VARIABLE}: "${entry}" is not a host name with an optional :port (give names such as my-laptop.local or my-laptop.local:8080, comma-separated; no scheme, path or space)`,
        );
      return authority;
    });
}

/** Whether the server would listen on the loopback interface only, given the address it is told to listen on. */
export function isLoopbackAddress(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, "").toLowerCase();
  if (bare === "localhost" || bare === "::1") return true;
  const v4 = bare.startsWith("::ffff:") ? bare.slice("::ffff:".length) : bare;
  return isIP(v4) === 4 && v4.startsWith("127.");
}

/**
 * The hosts a server started with HOST and ALLOWED_HOSTS may answer besides the loopback names. Listening on another
 * interface without naming the hosts it will be reached by is refused: the message says what to set.
 */
export function allowedHostsFor(listenHost: string, env: NodeJS.ProcessEnv): Authority[] {
  const allowed = parseAllowedHosts(env[ALLOWED_HOSTS_VARIABLE]);
  if (!isLoopbackAddress(listenHost) && allowed.length === 0) {
    throw new Error(
      `HOST=${listenHost} listens beyond the loopback interface, where any web page's name can be pointed at this machine. Name the hosts clients will use: ${ALLOWED_HOSTS_VARIABLE}=my-laptop.local,192.168.1.20 (comma-separated, each optionally with :port). Requests naming any other host get 403.`,
    );
  }
  return allowed;
}

/** What a local server's command says of its environment in its usage (`npm run serve -- --help`). */
export const LISTEN_USAGE = `  PORT (8080), HOST (127.0.0.1), ${ALLOWED_HOSTS_VARIABLE} (other host names to answer: required with a HOST beyond loopback)`;

/**
 * Where a local server's command listens, from PORT, HOST and ALLOWED_HOSTS: a value it cannot take is told, with
 * what to set, and the command exits 2 (a PORT that is not a port was a stack trace from deep in node:net).
 */
export function listenSettings(command: string, env: NodeJS.ProcessEnv) {
  const port = Number(env.PORT ?? 8080);
  const host = env.HOST ?? "127.0.0.1";
  try {
    if (!/^\d{1,5}$/.test(env.PORT ?? "8080") || port > 65535)
      throw new Error(`PORT must be a port number from 0 to 65535 (got "${env.PORT}").`);
    return { port, host, allowedHosts: allowedHostsFor(host, env) };
  } catch (error) {
    process.stderr.write(`${command}: ${(error as Error).message}\n`);
    process.exit(2);
  }
}

/**
 * Starts listening where `listenSettings` said; a port in use or not allowed is told with what to do, and the
 * command exits 1 (it was Node's unhandled 'error' event, with its stack).
 */
export function listenOrExit(
  command: string,
  server: Server,
  { port, host }: { port: number; host: string },
  /** Given the origin to print, with the port listened on (the one asked for, or the one the system chose for PORT=0). */
  listening: (origin: string) => void,
): void {
  server.once("error", (error: NodeJS.ErrnoException) => {
    const where = `${host}:${port}`;
    const told =
      error.code === "EADDRINUSE"
        ? `${where} is in use (another server of this project?): stop it, or set PORT to another port.`
        : error.code === "EACCES"
          ? `this user may not listen on ${where} (ports below 1024 need privileges): set PORT to another port.`
          : `cannot listen on ${where}: ${error.message}`;
    process.stderr.write(`${command}: ${told}\n`);
    process.exit(1);
  });
  server.listen(port, host, () => listening(localOrigin(host, (server.address() as AddressInfo).port)));
}

/**
 * The origin a local server listening on `host` and `port` is reached at, as it prints it and as a URL's origin
 * writes it (HOST=LOCALHOST and PORT=80 are the origin a build writes, in another form).
 */
export function localOrigin(host: string, port: number): string {
  // Loopback's usual address and every interface are reached as localhost; any other address as itself.
  const shown = ["127.0.0.1", "0.0.0.0", "::"].includes(host) ? "localhost" : host.includes(":") ? `[${host}]` : host;
  return new URL(`http://${shown}:${port}`).origin;
}

/**
 * The origin a build to be served by this command is for, when BASE_URL and URL name none: where the server will
 * listen, so that the discovery documents' absolute URLs reach it (PORT=9000 npm start wrote localhost:8080 in
 * them). None for PORT=0, whose port is known only once it listens.
 */
export function servedOrigin(env: NodeJS.ProcessEnv, { port, host }: { port: number; host: string }) {
  return env.BASE_URL || env.URL || port === 0 ? undefined : localOrigin(host, port);
}

/**
 * Calls `stop` once: on SIGINT or SIGTERM, or when the shell an npm script started this in has gone. npm passes a
 * SIGTERM on to that shell, which (dash) stops without passing it on, and the server would go on holding its port.
 */
export function onStop(stop: (why: string) => void): void {
  let stopping = false;
  const once = (why: string) => {
    if (stopping) return;
    stopping = true;
    stop(why);
  };
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => once(signal));
  if (process.env.npm_lifecycle_event === undefined) return;
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) once("the npm script's shell stopped");
  }, 500).unref();
}

/** The authority in a URL's form (`new URL(...).hostname` brackets IPv6), for comparing with an Authority. */
function authorityOfUrl(url: URL): Authority {
  const defaultPort = url.protocol === "https:" ? 443 : 80;
  return { hostname: url.hostname.toLowerCase(), port: url.port === "" ? defaultPort : Number(url.port) };
}

/** The address a connection arrived at, as a URL would write its host (IPv4-mapped IPv6 as IPv4). */
function ownHostname(incoming: IncomingMessage): string | undefined {
  const address = incoming.socket.localAddress;
  if (!address) return undefined;
  const bare = address.startsWith("::ffff:") && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
  try {
    return new URL(`http://${bare.includes(":") ? `[${bare}]` : bare}`).hostname;
  } catch {
    return undefined;
  }
}

/** Whether an authority (from Host, an absolute request target or an Origin) names a host this server answers. */
function answers(authority: Authority, allowed: readonly Authority[], incoming: IncomingMessage): boolean {
  if (isLoopbackName(authority.hostname)) return true;
  const port = authority.port ?? 80;
  if (authority.hostname === ownHostname(incoming) && port === incoming.socket.localPort) return true;
  return allowed.some((entry) => entry.hostname === authority.hostname && (entry.port ?? port) === port);
}

/** What a refusal says: the header, the value given, and how to allow it. */
function refusal(
  incoming: IncomingMessage,
  url: URL,
  header: "Host" | "Origin",
  value: string,
  why: string,
  /** The value came as an absolute request target, which names the host in Host's place. */
  asTarget = false,
): Response {
  const quotedValue = JSON.stringify(value.slice(0, 200));
  const named = asTarget
    ? `the request target ${quotedValue} in Host's place`
    : value === ""
      ? `no ${header}`
      : `${header}: ${quotedValue}`;
  const suggestion = (() => {
    try {
      const hostname =
        header === "Origin" ? new URL(value).hostname : (parseAuthority(value)?.hostname ?? "my-laptop.local");
      return hostname && hostname !== "null" ? hostname : "my-laptop.local";
    } catch {
      return "my-laptop.local";
    }
  })();
  return problemResponse(
    { url: url.href, method: incoming.method ?? "GET" },
    "host-not-allowed",
    `The request gives ${named}. ${why} This local server answers only its loopback names (${LOOPBACK_HOST_NAMES.join(", ")}, with any port) and the hosts named in ${ALLOWED_HOSTS_VARIABLE}, so that a web page cannot point its own name at this machine and use the server (DNS rebinding). To allow another host, start the server with ${ALLOWED_HOSTS_VARIABLE}=${suggestion} (comma-separated names, each optionally with :port).`,
    { extensions: { header } },
  );
}

/**
 * The 403 for a request this server must not answer, or undefined. `url` is the request's URL as the server reads
 * it (its origin is this server's own, never one a client named), for the problem's `type`.
 */
export function hostGuard(incoming: IncomingMessage, url: URL, allowed: readonly Authority[]): Response | undefined {
  const host = incoming.headers.host ?? "";
  const hostAuthority = parseAuthority(host);
  if (!hostAuthority || !answers(hostAuthority, allowed, incoming))
    return refusal(
      incoming,
      url,
      "Host",
      host,
      // A Host that is not a host name never gets here (the local server answers it 400): only an empty or absent one.
      hostAuthority ? "That is not a name this server answers." : "It names no host.",
    );
  // An absolute request target names the host instead of Host (RFC 9112, 3.2.2): it must be one too.
  const target = incoming.url ?? "/";
  if (/^[a-z][a-z0-9+.-]*:/i.test(target)) {
    let named: Authority | undefined;
    try {
      named = authorityOfUrl(new URL(target));
    } catch {
      named = undefined;
    }
    if (!named || !answers(named, allowed, incoming))
      return refusal(incoming, url, "Host", target, "That is not a host this server answers.", true);
  }
  // On /mcp a page of another site must not drive the server; a preflight carries no call, and is answered.
  const origin = incoming.headers.origin;
  if (origin !== undefined && url.pathname === MCP_PATH && incoming.method !== "OPTIONS") {
    let named: Authority | undefined;
    try {
      const parsed = new URL(origin);
      named = parsed.protocol === "http:" || parsed.protocol === "https:" ? authorityOfUrl(parsed) : undefined;
    } catch {
      named = undefined;
    }
    if (!named || !answers(named, allowed, incoming))
      return refusal(
        incoming,
        url,
        "Origin",
        origin,
        `A page of that origin may read the data API, but not call ${MCP_PATH} here.`,
      );
  }
  return undefined;
}
