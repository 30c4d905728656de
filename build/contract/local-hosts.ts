/**
 * DNS-rebinding protection of the local server (`npm start`, `npm run dev`): the host names it answers without
 * being told, and the setting that names more. The CDN has no such check (public data, no credentials, and the
 * CDN's own host names); the docs, the README and the local server all take these facts from here.
 */

/** The loopback names a request may give in its Host header (with or without a port), and in an Origin. */
export const LOOPBACK_HOST_NAMES = ["localhost", "127.0.0.1", "[::1]"] as const;

/** The environment variable that names more hosts (comma-separated, each optionally with :port). */
export const ALLOWED_HOSTS_VARIABLE = "ALLOWED_HOSTS";

/** A host name and port as a Host header or an ALLOWED_HOSTS entry gives them (`name`, `name:port`, `[v6]:port`). */
export interface Authority {
  /** Lower case; an IPv6 address in brackets, as URLs write it. */
  hostname: string;
  port: number | undefined;
}

const AUTHORITY = /^(\[[0-9A-Fa-f:.]+\]|[^\s:@/?#[\]\\%]+)(?::([0-9]{1,5}))?$/;

/**
 * A Host header's value or an ALLOWED_HOSTS entry read strictly: one host name or IP literal and an optional port,
 * nothing else (no user info, path, space or percent-escape, which URL parsers would quietly resolve). Undefined
 * when it is not one.
 */
export function parseAuthority(text: string): Authority | undefined {
  const match = AUTHORITY.exec(text.trim());
  if (!match) return undefined;
  const port = match[2] === undefined ? undefined : Number(match[2]);
  if (port !== undefined && port > 65535) return undefined;
  return { hostname: match[1]!.toLowerCase(), port };
}

/** Whether a host name (lower case, IPv6 in brackets) is one of the loopback names. */
export function isLoopbackName(hostname: string): boolean {
  return (LOOPBACK_HOST_NAMES as readonly string[]).includes(hostname);
}
