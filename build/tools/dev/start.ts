/**
 * `npm run dev [-- --content DIR --out DIR --cache DIR]`: builds, serves the output as `npm start` does (PORT, HOST,
 * ALLOWED_HOSTS) but from memory, and rebuilds incrementally on every save in the content or the schemas
 * (build/tools/dev/dev-loop.ts), writing dist/ after each build is served.
 * Changes to the build's own code need a restart. Ctrl-C stops it.
 */
import path from "node:path";
import { setFlagsFromString } from "node:v8";
import { BuildCache } from "../../engine/cache/build-cache.ts";
import { buildUsage, optionsFromCommandLine } from "../cli.ts";
import { SCHEMAS_DIR } from "../../content/schemas/schema-registry.ts";
import { LISTEN_USAGE, listenOrExit, listenSettings, onStop, servedOrigin } from "../../serve/server/host-guard.ts";
import { createLocalServer } from "../../serve/server/local-server.ts";
import { DevLoop } from "./dev-loop.ts";
import { projectRoot } from "../../content/load/project.ts";
import { runAsCommand } from "../../content/load/command-line.ts";

const ROOT = projectRoot();
const USAGE = `${buildUsage("dev")}
${LISTEN_USAGE}
Builds, serves the output from memory, and rebuilds on every save in the content or the schemas.`;
// A smaller heap growth step keeps the first build's peak memory down: the loop holds every answer after it.
// (`npm run build` no longer sets one: once the cache let the load's parses go and the build collected the load's
// garbage, a 100,000-answer build peaked at 713 and 691 MiB with V8's own step, 710-711 with this one, and a one-answer
// rebuild at 10,000 answers took 6.2 s against 7.4-8.0.)
setFlagsFromString("--heap-growing-percent=25");
let options: ReturnType<typeof optionsFromCommandLine>;
try {
  options = optionsFromCommandLine(process.argv.slice(2), process.env, "dev", USAGE);
} catch (error) {
  process.stderr.write(`dev: ${(error as Error).message}\n`);
  process.exit(2);
}
const { port, host, allowedHosts } = listenSettings("dev", process.env);
// The loop's builds are served here: their absolute URLs name where it listens.
const origin = servedOrigin(process.env, { port, host });
if (origin) options.baseUrl = origin;
runAsCommand(import.meta.url, dev);

async function dev(): Promise<void> {
  const { cacheRoot, ...build } = options;
  // The loop is incremental whatever --no-cache says: without a cache each save would be a whole build.
  build.cache = await BuildCache.open(build.contentDir, build.outDir, cacheRoot || undefined);
  const loop = await DevLoop.start({
    build,
    watch: [build.contentDir, SCHEMAS_DIR],
    print: (text) => process.stdout.write(text),
  });
  // The first build was the large one. A save's build is small and often, and with the smaller growth step it collected
  // so often that a save at 10,000 answers was served about 50 ms later (by hand, saves 2 to 5 of four runs each: 160
  // against 210 ms); V8's own step from here on, for about 250 MB more at 10,000 answers (1.0 GB against 0.75-0.8).
  setFlagsFromString("--heap-growing-percent=0");
  if (!loop.last?.ok) process.stdout.write("dev: serving the previous output, if any, until the content builds\n");
  const server = await createLocalServer({
    dist: build.outDir,
    files: loop.served,
    netlifyConfigPath: path.join(ROOT, "netlify.toml"),
    allowedHosts,
  });
  listenOrExit("dev", server, { port, host }, (origin) => {
    process.stdout.write(
      `dev: serving ${path.relative(process.cwd(), build.outDir) || "."}/ at ${origin}/api/v1, watching ${path.relative(process.cwd(), build.contentDir) || "."}/ and schemas/ (Ctrl-C to stop)\n`,
    );
  });
  onStop(() => {
    void loop.close().then(() => {
      server.close(() => process.exit(0));
      server.closeAllConnections();
    });
  });
}
