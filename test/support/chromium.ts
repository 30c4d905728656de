import { existsSync } from "node:fs";
import { chromium, type Browser } from "playwright-core";

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
