/**
 * The home page, dist/index.html, is also the offline reader: it renders the answers (every one while the
 * collection fits one page, else its first page), suppliers, evidence records and sources as static HTML (readable
 * without JavaScript, from disk or on the web), and, while it holds every answer, filters them with the API's own
 * q rule in a classic inline script, allowed by its hash in the page's CSP.
 */
import { createHash } from "node:crypto";
import type { AnswerResource } from "../../contract/resources.ts";
import type { EvidenceFamilyResource, EvidenceRecordResource } from "../compile/evidence.ts";
import type { DisclosureResource, SupplierResource } from "../compile/suppliers.ts";
import {
  CERTIFICATION_PROGRAMMES,
  COMPLIANCE_RULES,
  SEARCH_AREAS,
  WARRANTY_TERMS,
  type Criterion,
  type Listing,
  type SearchArea,
  type Source,
  type StatusEntry,
} from "../../content/load/types.ts";
import { answerSearchTexts } from "../../search/answer-fields.ts";
import type { OfflineSearchData } from "../offline/offline-app.ts";
import { EVIDENCE_VOCABULARIES, tallyText } from "../compile/vocabularies.ts";
import { downloadsList, escapeHtml, pagePieces, prose, relativeHref, type DocsInput } from "./docs-html.ts";
import { EVIDENCE_GUIDE } from "./evidence-guide.ts";
import { homeAnswerBody } from "./home-answer-body.ts";
import { AUTHENTICATION_STATEMENT, DISCOVERY_DOCUMENTS, ENDPOINTS } from "./service-facts.ts";
import { citationText, CITATION_FILE_NOTE } from "../compile/citation.ts";
import { jsonLdScript } from "./dataset-jsonld.ts";
import { changelogFeedLink } from "./data-changelog.ts";
import { CITATION_FILE, DOCS_PATH, HOME_FILE, collectionPath, csvFile } from "../../contract/layout.ts";
import { PLATFORM_NAMES } from "../../contract/platforms.ts";
import { MAX_QUERY_CODE_POINTS } from "../../contract/limits.ts";

export interface HomeInput extends DocsInput {
  /** The answers shown: all of them while the collection fits one page, else its first page. */
  answers: readonly AnswerResource[];
  suppliers: readonly SupplierResource[];
  disclosure: DisclosureResource;
  families: readonly EvidenceFamilyResource[];
  sources: readonly Source[];
  /** The search index's files by path, as written. */
  searchFiles: ReadonlyMap<string, string>;
  offlineScript: string;
  /** The schema.org Dataset the page carries as JSON-LD. */
  dataset: Record<string, unknown>;
}

/** Whether the home page shows every answer (the collection fits one page), and so carries the offline search. */
export function homeHoldsEveryAnswer(answers: number, pageSize: number): boolean {
  return answers <= pageSize;
}

/** The home page's inline scripts: the offline reader's (`offlineScript`), when it shows every answer. */
export function homeScripts(answers: number, pageSize: number, offlineScript: () => string): string[] {
  return homeHoldsEveryAnswer(answers, pageSize) ? [offlineScript()] : [];
}

const href = (to: string) => relativeHref(HOME_FILE, to);
const code = (text: string) => `<code>${escapeHtml(text)}</code>`;
const PROGRAMME_NAMES: Record<string, string> = PLATFORM_NAMES;
const RULE_NAMES: Record<string, string> = {
  fcc: "FCC",
  "ce-ukca": "CE / UKCA",
  rohs: "RoHS",
  taa: "TAA",
  "ndaa-889": "NDAA section 889",
  "en-301-549": "EN 301 549",
};
const TERM_NAMES: Record<string, string> = {
  standard_term: "Standard term (base warranty)",
  extension_window: "Extension window",
  advance_replacement: "Advance replacement (base warranty)",
  paid_plan: "Paid service plan",
};

export function cspHash(script: string): string {
  return `'sha256-${createHash("sha256").update(script).digest("base64")}'`;
}

/** The policy of the home page: scripts only by hash, styles only from this site, nothing else. */
export function homeContentSecurityPolicy(scriptHashes: readonly string[], forHeader: boolean): string {
  const policy = `default-src 'none'; script-src ${scriptHashes.join(" ")}; style-src 'self'; img-src 'self'; base-uri 'none'; form-action 'none'`;
  // frame-ancestors is ignored (with a console warning) in a meta element: only the header carries it.
  return forHeader ? `${policy}; frame-ancestors 'none'` : policy;
}

function sourceLinks(ids: readonly string[]): string {
  return ids.map((id) => `<a href="#source-${escapeHtml(id)}">${escapeHtml(id)}</a>`).join(", ");
}

function answerArticle(answer: AnswerResource, answersOnPage: ReadonlySet<string>): string {
  return `<article class="answer" id="answer-${answer.slug}" data-slug="${answer.slug}">
<h3>${escapeHtml(answer.title)}</h3>
<p class="question">${escapeHtml(answer.question)}</p>
<p class="summary">${escapeHtml(answer.summary)}</p>
<details>
<summary>Read the answer<span class="for-screen-readers">: ${escapeHtml(answer.title)}</span> (${answer.body.word_count} words, reviewed ${answer.reviewed})</summary>
${homeAnswerBody(answer.body.html, HOME_FILE, answersOnPage, answer.sources)}
<p>Sources: ${answer.sources.map((source) => `<a href="#source-${escapeHtml(source.id)}">${escapeHtml(source.title)}</a>`).join("; ")}. Tags: ${answer.tags.map(code).join(" ")}. Related: ${answer.related.map((related) => `<a href="${answersOnPage.has(related.slug) ? `#answer-${related.slug}` : href(related.href)}">${escapeHtml(related.title)}</a>`).join(", ")}. As JSON: <a href="${href(answer.links.self)}">${code(answer.links.self)}</a>.</p>
</details>
</article>`;
}

function supplierItem(supplier: SupplierResource, criteria: readonly Criterion[]): string {
  const claims = (list: SupplierResource["strengths"]) =>
    list
      .map((claim) => `<li>${escapeHtml(claim.text)} <span class="refs">(${sourceLinks(claim.sources)})</span></li>`)
      .join("\n");
  return `<li id="supplier-${supplier.slug}">
<h3>${escapeHtml(supplier.name)}</h3>
<p class="rank-meaning"><span class="score">Weighted score ${supplier.score.toFixed(2)} of 5.</span> ${escapeHtml(supplier.rank_meaning)}</p>
<p>${escapeHtml(supplier.summary)}${supplier.website ? ` Website: <a href="${escapeHtml(supplier.website)}">${escapeHtml(supplier.website)}</a>.` : ""}</p>
${supplier.makes.length > 0 ? `<p>Makes: ${supplier.makes.map((made) => `${escapeHtml(made.products.join(", "))} (${escapeHtml(made.family)})`).join("; ")}.</p>` : "<p>Our sources name no products.</p>"}
<h4>Strengths</h4>
<ul>
${claims(supplier.strengths)}
</ul>
<h4>Caveats</h4>
<ul>
${claims(supplier.caveats)}
</ul>
<p>Ownership (${escapeHtml(supplier.ownership.status)}): ${escapeHtml(supplier.ownership.text)}${supplier.ownership.sources ? ` <span class="refs">(${sourceLinks(supplier.ownership.sources)})</span>` : ""}</p>
<table>
<caption>Scores of ${escapeHtml(supplier.name)} and the facts behind them</caption>
<thead><tr><th scope="col">Criterion</th><th scope="col">Score</th><th scope="col">Basis</th></tr></thead>
<tbody>
${criteria
  .map((criterion) => {
    const entry = supplier.scores[criterion.id]!;
    return `<tr><th scope="row">${escapeHtml(criterion.name)}</th><td>${entry.score}</td><td>${escapeHtml(entry.basis)}${entry.sources?.length ? ` <span class="refs">(${sourceLinks(entry.sources)})</span>` : ""}</td></tr>`;
  })
  .join("\n")}
</tbody>
</table>
<details>
<summary>The searches recorded for ${escapeHtml(supplier.name)}</summary>
<dl>
${SEARCH_AREAS.map((area) => searchItem(area, supplier.searches[area])).join("\n")}
</dl>
</details>
</li>`;
}

/** The names of the searches every supplier records, in the order the directory reads them (SEARCH_AREAS). */
const SEARCH_AREA_NAMES: Record<SearchArea, string> = {
  "platform-certification": "Platform listings",
  "support-transparency": "Warranty and support terms",
  "ownership-transparency": "Ownership",
  fcc: "FCC authorisation",
  "ce-ukca": "CE / UKCA declarations of conformity",
  rohs: "RoHS declarations",
  taa: "TAA statements",
  "ndaa-889": "NDAA section 889 representations",
  "en-301-549": "EN 301 549 accessibility conformance",
};

function searchItem(area: SearchArea, search: SupplierResource["searches"][SearchArea]): string {
  const found = search.found.length > 0 ? `Found: ${sourceLinks(search.found)}.` : "Found nothing.";
  return `<dt>${escapeHtml(SEARCH_AREA_NAMES[area])} (searched ${escapeHtml(search.searched)})</dt>
<dd>Looked for: ${escapeHtml(search.looked_for)} Where: ${search.where.map(escapeHtml).join("; ")}. ${found} ${escapeHtml(search.result)}</dd>`;
}

function statusRow(name: string, entry: StatusEntry<string> & Record<string, unknown>): string {
  const details = ["firmware", "valid_until", "as_of", "value", "term_months"]
    .filter((key) => entry[key] !== undefined)
    .map((key) => `${key.replace("_", " ")}: ${escapeHtml(String(entry[key]))}`);
  const listings = ((entry.listings ?? []) as Listing[])
    .map(
      (listing) =>
        `<br>Listed in the version of ${listing.as_of}${listing.firmware ? `, firmware ${escapeHtml(listing.firmware)}` : ""}${listing.valid_until ? `, end date ${listing.valid_until}` : ""}${listing.note ? `. ${escapeHtml(listing.note)}` : ""} <span class="refs">(${sourceLinks(listing.sources)})</span>`,
    )
    .join("");
  return `<tr><th scope="row">${escapeHtml(name)}</th><td><span class="status status-${escapeHtml(entry.status)}">${escapeHtml(entry.status)}</span></td><td>${details.join("; ")}${entry.note ? `${details.length ? ". " : ""}${escapeHtml(entry.note)}` : ""}${entry.sources ? ` <span class="refs">(${sourceLinks(entry.sources)})</span>` : ""}${listings}</td></tr>`;
}

function evidenceRecord(record: EvidenceRecordResource): string {
  const rows = [
    ...CERTIFICATION_PROGRAMMES.map((programme) =>
      statusRow(PROGRAMME_NAMES[programme]!, record.certification[programme] as never),
    ),
    ...COMPLIANCE_RULES.map((rule) => statusRow(RULE_NAMES[rule]!, record.compliance[rule] as never)),
    ...WARRANTY_TERMS.map((term) => statusRow(TERM_NAMES[term]!, record.warranty[term] as never)),
  ];
  return `<details id="evidence-${record.id}">
<summary>${escapeHtml(record.product)}: ${escapeHtml(record.supplier.name)} (Teams Rooms: ${escapeHtml(record.certification["microsoft-teams-rooms"].status)})</summary>
<table>
<caption>${escapeHtml(record.product)} by ${escapeHtml(record.supplier.name)}</caption>
<thead><tr><th scope="col">Programme, mark or term</th><th scope="col">Status</th><th scope="col">Details</th></tr></thead>
<tbody>
${rows.join("\n")}
</tbody>
</table>
</details>`;
}

function sourceItem(source: Source): string {
  const title = source.url
    ? `<a href="${escapeHtml(source.url)}">${escapeHtml(source.title)}</a>`
    : escapeHtml(source.title);
  return `<li id="source-${escapeHtml(source.id)}">${title}. ${escapeHtml(source.publisher)}.${source.published ? ` Published ${escapeHtml(source.published)}.` : ""} Read ${escapeHtml(source.accessed)}. ${escapeHtml(source.confidence)}, ${source.primary ? "primary" : "secondary"}. ${code(source.id)}${source.note ? ` <span class="note">${escapeHtml(source.note)}</span>` : ""}</li>`;
}

/**
 * The page's text in pieces, made as they are asked for (an answer, a supplier or an evidence record each): past
 * one page of answers the page grows with the directory (11 MB at 2,000 suppliers), and written whole it and its
 * copies were the build's peak of memory.
 */
export function homePage(input: HomeInput): Iterable<string> {
  const { site, counts } = input;
  // Past one page, the page would grow with the collection: it shows the first page and points at the rest,
  // and the offline search, which needs every answer on the page, is left out.
  const complete = homeHoldsEveryAnswer(counts.answers, site.page_size);
  // The index's files as published, and each answer's searchable texts, in a data island: "<" is escaped so no
  // text can close the element. Made only when it is used: past one page the index is tens of megabytes.
  const searchData: OfflineSearchData | undefined = complete
    ? {
        files: Object.fromEntries(input.searchFiles),
        texts: Object.fromEntries(input.answers.map((answer) => [answer.slug, answerSearchTexts(answer)])),
      }
    : undefined;
  const scripts = homeScripts(counts.answers, site.page_size, () => input.offlineScript);
  const answersOnPage = new Set(input.answers.map((answer) => answer.slug));
  const scriptHashes = scripts.map(cspHash);
  const csp = homeContentSecurityPolicy(scriptHashes.length > 0 ? scriptHashes : ["'none'"], false);
  return pagePieces(input, HOME_FILE, site.name, homeBody(input, answersOnPage, complete), {
    policy: csp,
    head: `${changelogFeedLink(site, HOME_FILE)}${jsonLdScript(input.dataset)}`,
    // The search box came after some fifteen links (the accessibility audit): a second skip link reaches it in two.
    skips: [{ href: "#answers", text: "Skip to the answers and their search" }],
    // The data first: a data block (type application/json) is never run, so the CSP needs no hash for it.
    scripts:
      (searchData
        ? `<script type="application/json" id="search-data">${JSON.stringify(searchData).replace(/</g, "\\u003c")}</script>\n`
        : "") + scripts.map((script) => `<script>${script}</script>\n`).join(""),
  });
}

/** Items joined by line breaks, each made as it is asked for. */
function* lines<T>(items: readonly T[], render: (item: T) => string): Generator<string> {
  for (const [at, item] of items.entries()) yield at === 0 ? render(item) : `\n${render(item)}`;
}

function* homeBody(input: HomeInput, answersOnPage: ReadonlySet<string>, complete: boolean): Generator<string> {
  const { site, counts, disclosure } = input;
  yield `<h1>${escapeHtml(site.name)}</h1>
<p>${escapeHtml(site.description)}</p>
<p>${counts.answers} buyer answers, ${counts.suppliers} ranked suppliers and ${counts.evidence_records} evidence records in ${counts.product_families} product families. Every factual claim cites a <a href="#sources">source</a> with the date it was read; where a fact is not known, the status says unknown or unverified. ${escapeHtml(AUTHENTICATION_STATEMENT)} There are no rate limits.</p>
<nav aria-label="On this page">
<ul>
<li><a href="#answers">Buyer answers</a></li>
<li><a href="#suppliers">Supplier directory</a></li>
<li><a href="#evidence">Evidence register</a></li>
<li><a href="#sources">Sources</a></li>
<li><a href="#developers">For developers and agents</a></li>
<li><a href="#downloads">Downloads and formats</a></li>
<li><a href="#licence">Licence and citation</a></li>
</ul>
</nav>

<h2 id="answers">Buyer answers</h2>
${complete ? "" : `<p>The first ${input.answers.length} of ${counts.answers} answers. All of them are in the pages of <a href="${href(collectionPath("answers"))}">${code(collectionPath("answers"))}</a> (follow ${code("links.next")}) and in <a href="${href(csvFile("answers"))}">${code(csvFile("answers"))}</a>; search them with the API's ${code("q")}.</p>`}
<form id="answer-search" role="search" hidden>
<label for="q">Search the answers</label>
<input id="q" name="q" type="search" maxlength="${MAX_QUERY_CODE_POINTS}" autocomplete="off" spellcheck="false" aria-describedby="search-hint">
<label><input id="match-all" name="match" type="checkbox" value="all"> Every word must match (the API's ${code("match=all")})</label>
<p id="search-status"></p>
<p id="search-announce" class="for-screen-readers" role="status" aria-live="polite"></p>
<p id="search-suggestions"></p>
<p class="hint" id="search-hint">Ask as you would ask a colleague (${code("where should the ceiling microphones go")}): common words are left out, plurals and other forms of a word match, and so do synonyms and small typos; accents and case do not matter. The answers holding every word come first, best match first, with the words that matched marked: the same rule, ranking and snippets as the API's ${code("q")}. With every word required, a word matches only the start of a word, and a search that finds nothing suggests words that would.</p>
</form>
${complete ? `<noscript><p>Searching here needs JavaScript. Every answer is below, and your browser's Find (Ctrl+F) finds words in them.</p></noscript>` : ""}
<div id="answer-list">
`;
  yield* lines(input.answers, (answer) => answerArticle(answer, answersOnPage));
  yield `
</div>

<h2 id="suppliers">Supplier directory</h2>
<p><strong>What a rank means.</strong> ${escapeHtml(disclosure.rank_meaning)}</p>
<p>${escapeHtml(disclosure.ranking)}</p>
<details>
<summary>${escapeHtml(disclosure.title)} (methodology ${escapeHtml(disclosure.methodology_version)}, ${escapeHtml(disclosure.methodology_date)})</summary>
<p>Publisher: ${escapeHtml(disclosure.publisher)}. Owner: ${escapeHtml(disclosure.owner)}</p>
<p>Who answers for the directory: ${escapeHtml(disclosure.contact.name)}. ${escapeHtml(disclosure.contact.how_to_reach)}${disclosure.contact.url ? ` <a href="${escapeHtml(href(disclosure.contact.url))}">${escapeHtml(disclosure.contact.url)}</a>` : ""}</p>
<p>Funding: ${escapeHtml(disclosure.funding)} Paid inclusion: ${disclosure.paid_inclusion ? "yes" : "no"}. Paid ranking: ${disclosure.paid_ranking ? "yes" : "no"}. Affiliate links: ${disclosure.affiliate_links ? "yes" : "no"}.</p>
<p>${escapeHtml(disclosure.selection)}</p>
<table>
<caption>Ranking criteria</caption>
<thead><tr><th scope="col">Criterion</th><th scope="col">Weight</th><th scope="col">What it measures, and the score for each level</th></tr></thead>
<tbody>
${disclosure.criteria.map((criterion) => `<tr><th scope="row">${escapeHtml(criterion.name)}</th><td>${criterion.weight}%</td><td>${escapeHtml(criterion.description)}<ul>${criterion.levels.map((level) => `<li>${level.score}: ${escapeHtml(level.meaning)}</li>`).join("")}</ul></td></tr>`).join("\n")}
</tbody>
</table>
<p>${escapeHtml(disclosure.conflicts)}</p>
<p>${escapeHtml(disclosure.corrections)}</p>
</details>
<ol class="suppliers">
`;
  yield* lines(input.suppliers, (supplier) => supplierItem(supplier, disclosure.criteria));
  yield `
</ol>

<h2 id="evidence">Evidence register</h2>
<p>Status vocabularies: ${EVIDENCE_VOCABULARIES.map((vocabulary) => `${escapeHtml(vocabulary.name.toLowerCase())} ${vocabulary.values.map(code).join(", ")}`).join("; ")}. What each means: <a href="${href("/docs/#evidence")}">Reading the evidence register</a>. Dates are snapshots: check the live source before buying.</p>
<p>How many statuses hold each value: ${EVIDENCE_VOCABULARIES.map((vocabulary, at) => `${escapeHtml(vocabulary.name.toLowerCase())} ${tallyText(input.statusTallies[at]!, code)}`).join("; ")} (a status other than <code>unknown</code> is given only where a source says it).</p>
<p>${prose(EVIDENCE_GUIDE.current)} ${prose(EVIDENCE_GUIDE.listings)}</p>
<p>${prose(EVIDENCE_GUIDE.warranty)}</p>
`;
  for (const [at, family] of input.families.entries()) {
    yield `${at === 0 ? "" : "\n"}<section aria-labelledby="family-${family.family}">
<h3 id="family-${family.family}">${escapeHtml(family.name)}</h3>
<p>${escapeHtml(family.description)}</p>
`;
    yield* lines(family.records, evidenceRecord);
    yield "\n</section>";
  }
  yield `

<h2 id="sources">Sources</h2>
<ul class="sources">
`;
  // Unnumbered: an answer's citations number its own sources ([13] is its thirteenth), and a list numbered for the
  // whole site put another number beside the source each leads to (13 led to the 156th).
  yield* lines(input.sources, sourceItem);
  yield `
</ul>

<h2 id="developers">For developers and agents</h2>
<p>Read the <a href="${href(DOCS_PATH)}">documentation</a>. The API:</p>
<ul>
${ENDPOINTS.map((endpoint) => `<li>${code(endpoint.path)} (<a href="${href(endpoint.file)}">${code(endpoint.file)}</a>): ${escapeHtml(endpoint.summary)}.</li>`).join("\n")}
</ul>
<ul>
${DISCOVERY_DOCUMENTS.map((document) => `<li><a href="${href(document.path)}">${escapeHtml(document.name)}</a>: ${escapeHtml(document.what)}.</li>`).join("\n")}
</ul>

<h2 id="downloads">Downloads and formats</h2>
${downloadsList(HOME_FILE)}

<h2 id="licence">Licence and citation</h2>
<p>The data is licensed under <a href="${escapeHtml(site.licence.url)}">${escapeHtml(site.licence.name)}</a>. ${escapeHtml(citationText(site))} ${escapeHtml(CITATION_FILE_NOTE)} <a href="${href(CITATION_FILE)}">${code(CITATION_FILE)}</a>.</p>
`;
}
