/**
 * What changed in the data, from what the content records: each methodology version of the disclosure's
 * changelog (its date and change), each change to the files' form (the site's `format_changes`), the corrections
 * the disclosure lists for readers of an earlier version (`data_corrections`), and the answers' reviews grouped by
 * their `reviewed` date. The data version
 * (content/site.yaml) has no date in the content, so it heads the changelog without an entry of its own. One
 * list of entries, in three forms: JSON (/changelog.json), an HTML page (/changelog/) and an Atom feed
 * (/changelog.atom, RFC 4287) whose dates are the content's, never the build's clock.
 */
import {
  CHANGELOG_FEED_FILE,
  CHANGELOG_JSON_FILE,
  CHANGELOG_PAGE,
  answerPath,
  CHANGELOG_PAGE_FILE,
} from "../../contract/layout.ts";
import type { DisclosureContent, SiteSettings } from "../../content/load/types.ts";
import { escapeHtml, pagePieces, relativeHref } from "./docs-html.ts";

export interface ChangelogEntry {
  /** Stable within the changelog: the page's fragment, and (made absolute) the feed entry's id. */
  id: string;
  kind: "methodology" | "format" | "corrections" | "answers-reviewed";
  date: string;
  title: string;
  change: string;
  /** The methodology version, for a methodology entry. */
  version?: string;
  /** What was corrected, one item each, for a corrections entry. */
  corrections?: string[];
  /** The answers reviewed that day, for a review entry. */
  answers?: Array<{ slug: string; title: string; href: string }>;
}

export interface ChangelogInput {
  site: SiteSettings;
  disclosure: {
    changelog: DisclosureContent["changelog"];
    methodology_version: string;
    data_corrections?: DisclosureContent["data_corrections"];
  };
  answers: ReadonlyArray<{ slug: string; title: string; reviewed: string }>;
}

/**
 * The entries, newest first; on one date, methodology versions (highest first), then format changes, then
 * corrections, then the reviews.
 */
export function changelogEntries({ site, disclosure, answers }: ChangelogInput): ChangelogEntry[] {
  const methodology: ChangelogEntry[] = disclosure.changelog.map((entry) => ({
    id: `methodology-${entry.version}`,
    kind: "methodology",
    date: entry.date,
    version: entry.version,
    title: `Methodology ${entry.version}`,
    change: entry.change,
  }));
  // Numbered within their date, from its first: the list is newest first, and a number counted over it changed every
  // entry's id (the feed's, for readers) each time a correction was added at its top.
  const corrected = disclosure.data_corrections ?? [];
  const corrections: ChangelogEntry[] = corrected.map((entry, index) => ({
    // This entry and the older ones of its date, which follow it.
    id: `corrections-${entry.date}-${corrected.slice(index).filter(({ date }) => date === entry.date).length}`,
    kind: "corrections",
    date: entry.date,
    title: `Corrections (${entry.items.length})`,
    change: entry.summary,
    corrections: entry.items,
  }));
  const byDate = new Map<string, Array<{ slug: string; title: string }>>();
  for (const answer of answers) {
    // Pushed, not copied: a copy per answer made this quadratic (minutes at 100,000 answers of one date).
    const reviewed = byDate.get(answer.reviewed);
    if (reviewed) reviewed.push(answer);
    else byDate.set(answer.reviewed, [answer]);
  }
  const reviews: ChangelogEntry[] = [...byDate].map(([date, reviewed]) => {
    const sorted = reviewed.sort((a, b) => (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0));
    return {
      id: `answers-reviewed-${date}`,
      kind: "answers-reviewed",
      date,
      title: `${sorted.length} ${sorted.length === 1 ? "answer" : "answers"} reviewed`,
      change: `Reviewed on ${date}: ${sorted.map((answer) => answer.title).join("; ")}.`,
      answers: sorted.map((answer) => ({ slug: answer.slug, title: answer.title, href: answerPath(answer.slug) })),
    };
  });
  const formats: ChangelogEntry[] = (site.format_changes ?? []).map((entry, index) => ({
    id: `format-${entry.date}-${index + 1}`,
    kind: "format",
    date: entry.date,
    title: "A change to the files' form",
    change: entry.change,
  }));
  // The latest of one date comes first: the methodology's and the formats' entries, listed oldest first, are reversed;
  // the data corrections are listed newest first already. The sort below keeps this order within a date.
  const ordered = [...methodology.reverse(), ...formats.reverse(), ...corrections, ...reviews];
  return ordered.sort((a, b) => (a.date > b.date ? -1 : a.date < b.date ? 1 : 0));
}

/** The changelog as the three documents print it: its entries made once (changelogEntries) for all three. */
export type Changelog = Pick<ChangelogInput, "site" | "disclosure"> & { entries: readonly ChangelogEntry[] };

export function changelogJson(input: Changelog): Record<string, unknown> {
  return {
    title: `${input.site.name}: what changed in the data`,
    data_version: input.site.version,
    methodology_version: input.disclosure.methodology_version,
    entries: input.entries,
    links: { self: CHANGELOG_JSON_FILE, feed: CHANGELOG_FEED_FILE, page: CHANGELOG_PAGE },
  };
}

/**
 * The Atom feed: feed and entry ids are absolute URLs of the page and its sections; every date the content's. In
 * pieces, an entry each: at 100,000 answers the changelog's three files are some 40 MB of text.
 */
export function changelogAtom(input: Changelog, origin: string): string[] {
  const entries = input.entries;
  const absolute = (path: string) => new URL(path, origin).href;
  const pageUrl = absolute(CHANGELOG_PAGE);
  const time = (date: string) => `${date}T00:00:00Z`;
  const updated = entries.length > 0 ? time(entries[0]!.date) : undefined;
  if (!updated) throw new Error("the changelog has no dated entry, and an Atom feed needs an updated date");
  const xml = escapeXml;
  const head = `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
<id>${xml(pageUrl)}</id>
<title>${xml(`${input.site.name}: what changed in the data`)}</title>
<subtitle>${xml(`Data version ${input.site.version}, methodology ${input.disclosure.methodology_version}.`)}</subtitle>
<updated>${updated}</updated>
<author><name>${xml(input.site.publisher)}</name></author>
<link rel="self" type="application/atom+xml" href="${xml(absolute(CHANGELOG_FEED_FILE))}"/>
<link rel="alternate" type="text/html" href="${xml(pageUrl)}"/>
<rights>${xml(input.site.licence.name)}</rights>
`;
  return [
    head,
    ...entries.map(
      (entry) => `<entry>
<id>${xml(`${pageUrl}#${entry.id}`)}</id>
<title>${xml(entry.title)}</title>
<updated>${time(entry.date)}</updated>
<link rel="alternate" type="text/html" href="${xml(`${pageUrl}#${entry.id}`)}"/>
<summary>${xml(entry.corrections ? [entry.change, ...entry.corrections].join(" ") : entry.change)}</summary>
</entry>
`,
    ),
    "</feed>\n",
  ];
}

/** The page, in pieces made as they are asked for (a list item each, for the answers of one review day). */
export function changelogPage(input: Changelog & { generatedAt: string }): Iterable<string> {
  return pagePieces(input, CHANGELOG_PAGE_FILE, `Changelog: ${input.site.name}`, changelogBody(input), {
    head: changelogFeedLink(input.site, CHANGELOG_PAGE_FILE),
  });
}

function* changelogBody(input: Changelog): Generator<string> {
  const href = (to: string) => relativeHref(CHANGELOG_PAGE_FILE, to);
  yield `<h1>What changed in the data</h1>
<p>Data version ${escapeHtml(input.site.version)}; methodology ${escapeHtml(input.disclosure.methodology_version)}. Newest first. Also as <a href="${href(CHANGELOG_JSON_FILE)}">JSON</a> and as an <a href="${href(CHANGELOG_FEED_FILE)}">Atom feed</a>.</p>
`;
  // Entries of one date and title (two changes to the files' form in a day) are told apart by their number in the
  // day, earliest first, so that no two sections (landmarks) share a name; the page lists the latest first.
  const headings = input.entries.map((entry) => `${entry.date}: ${entry.title}`);
  const same = new Map<string, number>();
  for (const heading of headings) same.set(heading, (same.get(heading) ?? 0) + 1);
  const left = new Map(same);
  for (const [at, entry] of input.entries.entries()) {
    const heading = headings[at]!;
    const number = left.get(heading)!;
    left.set(heading, number - 1);
    const name = same.get(heading) === 1 ? heading : `${heading}, ${number} of ${same.get(heading)}`;
    yield `${at === 0 ? "" : "\n"}<section aria-labelledby="${entry.id}">
<h2 id="${entry.id}">${escapeHtml(name)}</h2>
`;
    if (entry.answers) {
      yield "<ul>";
      for (const answer of entry.answers)
        yield `<li><a href="${href(answer.href)}">${escapeHtml(answer.title)}</a></li>`;
      yield "</ul>";
    } else yield `<p>${escapeHtml(entry.change)}</p>`;
    if (entry.corrections)
      yield `\n<ul>${entry.corrections.map((item) => `<li>${escapeHtml(item)}</li>`).join("")}</ul>`;
    yield "\n</section>";
  }
  yield "\n";
}

/** The head element that announces the feed (the home page carries it). */
export function changelogFeedLink(site: SiteSettings, fromFile: string): string {
  return `<link rel="alternate" type="application/atom+xml" href="${relativeHref(fromFile, CHANGELOG_FEED_FILE)}" title="${escapeHtml(site.name)}: what changed in the data">\n`;
}

function escapeXml(text: string): string {
  return text.replace(
    /[&<>"]/g,
    (character) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[character]!,
  );
}
