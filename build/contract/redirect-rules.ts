/**
 * The rewrite and 404 rules of the site, written once: the extensionless public URLs as rewrites of their files
 * (./layout.ts ALIASES), then any other path under /api/ that is not a file as the JSON 404, then that 404's own
 * file, requested itself, as a 404 too. The build writes them to dist/_redirects, which Netlify reads beside
 * netlify.toml (which holds none), and the local server reads the same file with Netlify's own parser.
 */
import { ALIASES, API_NOT_FOUND_FILE } from "./layout.ts";

export interface RedirectRule {
  from: string;
  to: string;
  status: 200 | 404;
  /** Applied even where a file exists at `from` (an unforced rule yields to it). */
  force?: boolean;
}

/** The rules in the order Netlify tries them: the first that matches wins. */
export function redirectRules(): RedirectRule[] {
  return [
    // Rules yield to an existing file; none exists at these paths. q, slug and page on /api/v1/answers are
    // answered by an edge entry first.
    ...ALIASES.map(([from, to]): RedirectRule => ({ from, to, status: 200 })),
    // Any other path under /api/ that is not a file: a JSON problem, never the HTML 404 page. Last, unforced.
    { from: "/api/*", to: API_NOT_FOUND_FILE, status: 404 },
    // That problem document requested itself: a 404 too, never a 200 whose body says 404. Forced, because the
    // file exists.
    { from: API_NOT_FOUND_FILE, to: API_NOT_FOUND_FILE, status: 404, force: true },
  ];
}

/** Netlify's _redirects format: a rule a line, from, to and status (with `!` when forced). */
export function redirectsFileText(rules: readonly RedirectRule[]): string {
  return rules.map((rule) => `${rule.from}  ${rule.to}  ${rule.status}${rule.force ? "!" : ""}\n`).join("");
}
