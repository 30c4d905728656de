import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll } from "vitest";
import { createLocalServer, type LocalServerOptions } from "../../build/serve/server/local-server.ts";
import { ROOT } from "./build-helpers.ts";

export interface RunningServer {
  origin: string;
  server: Server;
  /** Every rule that answered a request: "edge:name", "redirect:index", "header:index". */
  rulesReached: Set<string>;
  log: string[];
}

/**
 * A clock for the local server that stands still until a test moves it: time passes without waiting. It starts at a
 * whole millisecond, so that moving it by n ms makes exactly n ms pass (from a fractional start, 250 ms later read
 * 249.99999999999955 ms later, short of a 250 ms window, in one run of five), and not before the real clock's now,
 * which other servers of the process may have recorded.
 */
export function manualClock(): { now: () => number; advance: (ms: number) => void } {
  let time = Math.ceil(performance.now());
  return { now: () => time, advance: (ms) => (time += ms) };
}

/** The real local server over a built folder, on a free loopback port, closed after the test file. */
export async function startLocalServer(
  dist: string,
  extra: Pick<LocalServerOptions, "now" | "onSwapWait" | "allowedHosts" | "files" | "mcpInFlight"> = {},
): Promise<RunningServer> {
  const rulesReached = new Set<string>();
  const log: string[] = [];
  const server = await createLocalServer({
    dist,
    netlifyConfigPath: path.join(ROOT, "netlify.toml"),
    log: (line) => log.push(line),
    onRule: (kind, id) => rulesReached.add(`${kind}:${id}`),
    ...extra,
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  const { port } = server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, server, rulesReached, log };
}
