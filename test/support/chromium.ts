import { existsSync } from "node:fs";
import { chromium, type Browser } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { startLocalServer, type RunningServer } from "./local-server.ts";
import { sharedBuild } from "./shared-build.ts";

/** Debian's Chromium, never a downloaded browser. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const HAVE_CHROMIUM = existsSync(CHROMIUM_PATH);
export const INSTALL_HINT =
  "Browser tests need Debian's Chromium: sudo apt-get install chromium (or set CHROMIUM_PATH).";

if (!HAVE_CHROMIUM) {
  // In CI a missing browser is a failure, not a skip: .ci/run installs it.
  if (process.env.CI) throw new Error(`${INSTALL_HINT} CI must not skip the browser tests.`);
  process.stderr.write(`\nSkipping the browser tests. ${INSTALL_HINT}\n`);
}

/** `extraArgs`: further Chromium switches a test needs (they come after the common ones). */
export async function launchChromium(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    // No network beyond loopback here: keep Chromium from reaching for Google's services.
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      ...extraArgs,
    ],
  });
}

/**
 * For the describe block it is called in: the shared production build served locally and a Chromium, started
 * before its tests and closed after them; their test reads both from what it returns.
 */
export function chromiumOnProductionBuild(): { running: RunningServer; browser: Browser } {
  const served = {} as { running: RunningServer; browser: Browser };
  beforeAll(async () => {
    // A production origin in the documents: a request to it would leave localhost, which a test can catch.
    const { dist } = await sharedBuild("production");
    served.running = await startLocalServer(dist);
    served.browser = await launchChromium();
  }, 60_000);
  afterAll(async () => {
    await served.browser?.close();
  });
  return served;
}
