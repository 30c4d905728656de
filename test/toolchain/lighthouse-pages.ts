/**
 * Runs inside the loopback-only namespace (see netlify-toolchain.ts), under the toolchain's Node 26 (Lighthouse
 * needs >= 22.19): serves a built folder with the real local server on 127.0.0.1, audits every HTML page with
 * Lighthouse in Debian's Chromium (accessibility and best practices only), writes each full report to the report
 * folder and prints a summary, one entry per page, as JSON on the last line of stdout.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { HTML_PAGES } from "../../build/engine/describe/docs-html.ts";
import { createLocalServer } from "../../build/serve/server/local-server.ts";
import { ROOT, TOOLCHAIN } from "../../build/tools/toolchain/netlify-toolchain.ts";

export const CATEGORIES = ["accessibility", "best-practices"] as const;

/** What the test reads: each category's score and, for a score below 1, the audits that cost it. */
export interface PageAudit {
  page: string;
  scores: Record<string, number | null>;
  failing: Array<{ category: string; audit: string; title: string; score: number; items: string[] }>;
  runtimeError?: string;
  warnings: string[];
}

/** The file of a page's full report in the report folder: "home.json" for /, "docs-errors.json" for /docs/errors/. */
export function reportFileName(page: string): string {
  return `${page.replace(/^\/|\/$/g, "").replaceAll("/", "-") || "home"}.json`;
}

/** The flags of test/support/chromium.ts: no network beyond loopback, so Chromium reaches for none of Google's services. */
const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

interface Audit {
  score: number | null;
  title: string;
  details?: { items?: Array<Record<string, unknown>> };
}
interface Report {
  categories: Record<string, { score: number | null; auditRefs: Array<{ id: string; weight: number }> }>;
  audits: Record<string, Audit>;
  runtimeError?: { message: string };
  runWarnings: string[];
}

/** One line per offending element or resource, as Lighthouse names it. */
function describeItem(item: Record<string, unknown>): string {
  const node = item.node as { snippet?: string; selector?: string; explanation?: string } | undefined;
  if (node) return [node.selector, node.snippet, node.explanation].filter(Boolean).join(" | ");
  const text = JSON.stringify(item);
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}

function summarise(page: string, report: Report): PageAudit {
  const failing: PageAudit["failing"] = [];
  for (const category of CATEGORIES) {
    for (const ref of report.categories[category]?.auditRefs ?? []) {
      const audit = report.audits[ref.id]!;
      if (ref.weight === 0 || audit.score === null || audit.score >= 1) continue;
      failing.push({
        category,
        audit: ref.id,
        title: audit.title,
        score: audit.score,
        items: (audit.details?.items ?? []).map(describeItem),
      });
    }
  }
  return {
    page,
    scores: Object.fromEntries(CATEGORIES.map((category) => [category, report.categories[category]?.score ?? null])),
    failing,
    ...(report.runtimeError ? { runtimeError: report.runtimeError.message } : {}),
    warnings: report.runWarnings,
  };
}

async function main(): Promise<void> {
  const [dist, reportFolder] = process.argv.slice(2);
  if (!dist || !reportFolder) throw new Error("usage: lighthouse-pages.ts <built folder> <report folder>");
  const modules = (name: string, file: string) => import(pathToFileURL(path.join(TOOLCHAIN.modules, name, file)).href);
  const { default: lighthouse } = await modules("lighthouse", "core/index.js");
  const chromeLauncher = await modules("chrome-launcher", "dist/index.js");

  const server = await createLocalServer({ dist, netlifyConfigPath: path.join(ROOT, "netlify.toml"), log: () => {} });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    chromeFlags: CHROMIUM_FLAGS,
    logLevel: "error",
  });
  mkdirSync(reportFolder, { recursive: true });
  const results: PageAudit[] = [];
  try {
    for (const page of HTML_PAGES) {
      // Lighthouse's own Node API: no error reporting (Sentry) unless asked for, and no other outgoing request.
      const run = await lighthouse(`${origin}${page}`, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: [...CATEGORIES],
        // Neither category reads the page's timings or its screenshot, and a static page from loopback is quiet at
        // once: Lighthouse's default waits (a second of quiet after load) and the full-page screenshot took 37 s of
        // the five pages' 22 s, with the same audits and scores.
        disableFullPageScreenshot: true,
        pauseAfterFcpMs: 250,
        pauseAfterLoadMs: 250,
        networkQuietThresholdMs: 250,
        cpuQuietThresholdMs: 250,
      });
      const report = run.lhr as Report;
      writeFileSync(path.join(reportFolder, reportFileName(page)), `${JSON.stringify(report, null, 2)}\n`);
      results.push(summarise(page, report));
    }
  } finally {
    await chrome.kill();
    server.closeAllConnections();
    server.close();
  }
  process.stdout.write(`${JSON.stringify(results)}\n`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main();
  process.exit(0);
}
