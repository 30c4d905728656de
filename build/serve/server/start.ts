/**
 * `npm start` (after the build) and `npm run serve`: the local server on http://localhost:8080 (PORT and
 * HOST to change; ALLOWED_HOSTS to answer other host names, required with a HOST beyond loopback), stopping
 * cleanly on SIGINT or SIGTERM.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { API_CATALOG_FILE, ROOT_RESOURCE_FILE } from "../../contract/layout.ts";
import { isLoopbackName } from "../../contract/local-hosts.ts";
import { isBuiltOutput, repairOutput } from "../../engine/output/atomic-output.ts";
import { LISTEN_USAGE, listenOrExit, listenSettings, onStop } from "./host-guard.ts";
import { createLocalServer } from "./local-server.ts";
import { projectRoot } from "../../content/load/project.ts";
import { commandArguments, runAsCommand } from "../../content/load/command-line.ts";

commandArguments(
  "serve",
  [
    "usage: npm run serve   (npm start builds first)",
    "Serves dist/ as the API is served, until SIGINT or SIGTERM. It takes no arguments; its environment:",
    LISTEN_USAGE,
    "  DIST (the folder served: dist/)",
  ].join("\n"),
  {},
);
const ROOT = projectRoot();
const dist = path.resolve(process.env.DIST ?? path.join(ROOT, "dist"));
const { port, host, allowedHosts } = listenSettings("serve", process.env);

runAsCommand(import.meta.url, serve);

async function serve(): Promise<void> {
  await repairOutput(dist);
  // Else every request would wait for a rebuild's swap to bring the folder back (static-files.ts), then get a 404.
  if (!isBuiltOutput(dist)) {
    process.stderr.write(
      `serve: ${dist} holds no built API (no ${ROOT_RESOURCE_FILE.slice(1)}): run npm run build first (npm start does both), or set DIST to a built folder.\n`,
    );
    process.exit(1);
  }
  // One line per request, written in batches: a write per request would cost more than serving it.
  let pending: string[] = [];
  const flush = () => {
    if (pending.length === 0) return;
    process.stdout.write(pending.join(""));
    pending = [];
  };
  setInterval(flush, 200).unref();
  const server = await createLocalServer({
    dist,
    netlifyConfigPath: path.join(ROOT, "netlify.toml"),
    allowedHosts,
    log: (line) => {
      pending.push(`${new Date().toISOString()} ${line}\n`);
      if (pending.length >= 256) flush();
    },
  });
  const builtFor = await builtOrigin(dist);
  listenOrExit("serve", server, { port, host }, (origin) => {
    process.stdout.write(
      `Serving ${path.relative(process.cwd(), dist) || "."}/ at ${origin}/api/v1 (Ctrl-C to stop)\n`,
    );
    if (builtFor && !sameOrigin(builtFor, origin))
      process.stderr.write(
        `serve: this output was built for ${builtFor}, so the absolute URLs of its discovery documents (the API catalog, the MCP server card, llms.txt) lead there, not here: ${
          port === 0
            ? "with PORT=0 the port is known only once the server listens, so give a PORT (npm start then builds for it) or build with BASE_URL"
            : `build it with BASE_URL=${origin} (npm start builds for where it serves)`
        }.\n`,
      );
  });
  onStop((why) => {
    process.stdout.write(`${why}: finishing open requests, then stopping\n`);
    server.close(() => {
      flush();
      process.exit(0);
    });
    server.closeIdleConnections();
    setTimeout(() => server.closeAllConnections(), 3000).unref();
  });
}

/** Whether two origins name this server alike: equal, or both loopback names (localhost, 127.0.0.1) with one port. */
function sameOrigin(built: string, serving: string): boolean {
  const [a, b] = [new URL(built), new URL(serving)];
  return (
    built === serving ||
    (isLoopbackName(a.hostname) && isLoopbackName(b.hostname) && a.port === b.port && a.protocol === b.protocol)
  );
}

/** The origin the output was built for, as its API catalog names it; undefined if it cannot be read. */
async function builtOrigin(folder: string): Promise<string | undefined> {
  try {
    const catalog = JSON.parse(await readFile(path.join(folder, API_CATALOG_FILE), "utf8")) as {
      linkset: Array<{ anchor: string }>;
    };
    return new URL(catalog.linkset[0]!.anchor).origin;
  } catch {
    return undefined;
  }
}
