/**
 * The search of the home page, for a reader with only the downloaded dist/ (file://, no server, no fetch).
 * A classic script: the build bundles it with the API's own search modules and inlines it, and the page's CSP
 * allows it by its hash. The search index's files arrive the same way, byte for byte as published, with each
 * answer's searchable texts, in a JSON data island: the same reader ranks, explains and suggests as the API does,
 * with its default, `match=any`, or with `match=all` when the reader asks for every word. It also opens the page's
 * details for a print.
 */
import { MAX_QUERY_CODE_POINTS } from "../../contract/limits.ts";
import type { AnswerSearchTexts } from "../../search/answer-fields.ts";
import { explainHit, type PreparedAnswer, prepareAnswer, type Snippet } from "../../search/explain.ts";
import { SearchFiles } from "../../search/search-files.ts";
import { SearchReader, type Suggestion } from "../../search/search-reader.ts";
import { parseQuery } from "../../search/text-match.ts";

/** How long after the last change the status is said (GOV.UK's accessible autocomplete waits 1.4 s). */
const ANNOUNCE_AFTER_MS = 1000;

/** What the page embeds in <script type="application/json" id="search-data">. */
export interface OfflineSearchData {
  /** The search index's files by published path, as their exact texts. */
  files: Record<string, string>;
  /** Each answer's searchable texts, by slug. */
  texts: Record<string, AnswerSearchTexts>;
}

/**
 * A printed page holds what its details hold (the answers, the searches, the evidence): the closed ones are opened
 * for the print, and closed again after it.
 */
function openForPrint(): void {
  let opened: HTMLDetailsElement[] = [];
  window.addEventListener("beforeprint", () => {
    opened = [...document.querySelectorAll<HTMLDetailsElement>("details:not([open])")];
    for (const details of opened) details.open = true;
  });
  window.addEventListener("afterprint", () => {
    for (const details of opened) details.open = false;
    opened = [];
  });
}

function start(): void {
  const island = document.getElementById("search-data");
  const form = document.getElementById("answer-search");
  const input = document.getElementById("q") as HTMLInputElement | null;
  const matchAll = document.getElementById("match-all") as HTMLInputElement | null;
  const status = document.getElementById("search-status");
  const announce = document.getElementById("search-announce");
  const suggestions = document.getElementById("search-suggestions");
  const list = document.getElementById("answer-list");
  if (!island || !form || !input || !matchAll || !status || !announce || !suggestions || !list) return;
  const data = JSON.parse(island.textContent ?? "{}") as OfflineSearchData;
  const reader = new SearchReader(new SearchFiles(async (path) => data.files[path]));
  const articles = [...list.querySelectorAll<HTMLElement>("article.answer")];
  const bySlug = new Map(articles.map((article) => [article.dataset.slug ?? "", article]));
  const prepared = new Map<string, PreparedAnswer>();
  const preparedAnswer = (slug: string) =>
    prepared.get(slug) ?? prepared.set(slug, prepareAnswer(data.texts[slug]!)).get(slug)!;
  form.hidden = false;
  form.addEventListener("submit", (event) => event.preventDefault());
  let latest = 0;
  // The status is shown at once, and said once typing pauses: a live region written at each keystroke was read out
  // at each keystroke (the accessibility audit), each count interrupting the last.
  let saying: ReturnType<typeof setTimeout> | undefined;
  const say = (message: string) => {
    status.textContent = message;
    clearTimeout(saying);
    saying = setTimeout(() => {
      announce.textContent = message;
    }, ANNOUNCE_AFTER_MS);
  };

  const showAll = (message: string) => {
    for (const article of articles) {
      setHidden(article, false);
      article.querySelector(".match")?.remove();
      markShown(article, undefined);
    }
    arrange(list, articles);
    say(message);
    suggestions.replaceChildren();
  };

  const apply = async (query: string) => {
    const run = ++latest;
    // Printed, a page showing some answers says which search chose them (docs-html.ts's print rules).
    form.classList.toggle("searching", query.trim() !== "");
    if (query.trim() === "") return showAll(`All ${articles.length} answers.`);
    const match = matchAll.checked ? ("all" as const) : ("any" as const);
    const parsed = parseQuery(query, match);
    if (!parsed.ok)
      return showAll(
        parsed.reason === "too-long"
          ? `The search is longer than ${MAX_QUERY_CODE_POINTS} characters.`
          : parsed.reason === "only-stop-words"
            ? "Add a word that names what you are looking for: common words such as how and the are left out."
            : "Type a letter or a digit to search.",
      );
    const search = { words: parsed.tokens, match };
    const found = await reader.search(search, "relevance", 0, articles.length);
    const words = await reader.queryWords(search);
    const offered = found.total === 0 ? await reader.suggest(search) : [];
    // A later keystroke has started its own search: this one's result is stale.
    if (run !== latest) return;
    const shown: HTMLElement[] = [];
    let complete = 0;
    for (const hit of found.hits) {
      const article = bySlug.get(hit.slug);
      if (!article) continue;
      shown.push(article);
      setHidden(article, false);
      const explained = explainHit(preparedAnswer(hit.slug), words);
      if (explained.all_words) complete++;
      const match = matchParagraph(hit.score, explained, markShown(article, explained.snippet));
      const before = article.querySelector(".match");
      // The same explanation as before is left alone: a new paragraph would lay the answer out again.
      if (!before) article.querySelector("h3")!.after(match);
      else if (!before.isEqualNode(match)) before.replaceWith(match);
    }
    const showing = new Set(shown);
    for (const article of articles) {
      if (showing.has(article)) continue;
      setHidden(article, true);
      article.querySelector(".match")?.remove();
      markShown(article, undefined);
    }
    // Best match first: the page's order is the API's order.
    arrange(list, shown);
    // What a screen reader hears: how many hold every word (they come first), and the words left out.
    const left = parsed.ignored.length > 0 ? ` Left out as common words: ${parsed.ignored.join(", ")}.` : "";
    const whole =
      match === "any" && complete < found.total
        ? complete === 0
          ? " None holds every word; each holds some of them."
          : ` The first ${complete} ${complete === 1 ? "holds" : "hold"} every word; the others, some of them.`
        : "";
    // The suggestions are buttons below the status: say them here too, or a screen reader never hears of them.
    const offer = offered.length > 0 ? ` Did you mean ${offered.map(suggestionText).join(" or ")}?` : "";
    say(
      found.total === 0
        ? `No answer matches.${left}${offer}`
        : `${found.total} of ${articles.length} answers match, best match first.${whole}${left}`,
    );
    suggestions.replaceChildren(...offered.map((suggestion) => suggestionButton(suggestion, input, searchNow)));
  };

  // The search lives in the fragment, as the API's query would hold it (#q=…&match=all), so that a filtered view can
  // be bookmarked and shared, on the web and from disk.
  const remember = () =>
    history.replaceState(
      null,
      "",
      input.value === ""
        ? location.pathname
        : `#q=${encodeURIComponent(input.value)}${matchAll.checked ? "&match=all" : ""}`,
    );
  const searchNow = () => {
    remember();
    void apply(input.value);
  };
  matchAll.addEventListener("change", searchNow);
  input.addEventListener("input", searchNow);
  const clearSearch = (message: string) => {
    input.value = "";
    ++latest;
    showAll(message);
  };
  // The address, at load and whenever the fragment changes (Back, a link, an edited address); the page's own
  // replaceState fires no hashchange.
  const followHash = () => {
    const named = /^#q=([^&]*)(?:&match=(all|any))?$/.exec(location.hash);
    // Back to the address without a search (#q= gone): every answer again.
    if (location.hash === "" && input.value !== "") return clearSearch(`All ${articles.length} answers.`);
    if (!named) {
      const target = document.getElementById(location.hash.slice(1));
      const article = target?.closest<HTMLElement>("article.answer");
      if (!target || !article) return;
      // Whoever follows a link to an answer (#answer-…) came to read it: its body is opened.
      const body = article.querySelector<HTMLDetailsElement>(":scope > details");
      if (target === article && body) body.open = true;
      if (!article.hidden) return;
      // One the search hides would go nowhere: the search is cleared to show it.
      clearSearch(`The search was cleared to show the answer the link leads to: all ${articles.length} answers.`);
      return target.scrollIntoView();
    }
    let query: string;
    try {
      query = decodeURIComponent(named[1]!);
    } catch {
      // A malformed escape (#q=%E0%A4%A) is said, not thrown.
      return clearSearch(
        `The search in the address could not be read (it is not valid percent-encoding): all ${articles.length} answers.`,
      );
    }
    input.value = query;
    matchAll.checked = named[2] === "all";
    void apply(query);
  };
  window.addEventListener("hashchange", followHash);
  followHash();
}

/** Hides or shows an answer, writing `hidden` only when it changes: each write restyles the answer. */
function setHidden(article: HTMLElement, hidden: boolean): void {
  if (article.hidden !== hidden) article.hidden = hidden;
}

/**
 * Puts `order`'s articles in that order in the list, moving as few as it can: a moved answer is styled and laid out
 * anew, some thousand elements each, and re-appending every answer took 150 to 330 ms a keystroke. The longest
 * subsequence already in order stays; each other article goes just before its successor. Articles not in `order`
 * (hidden) stay where they are.
 */
function arrange(list: HTMLElement, order: readonly HTMLElement[]): void {
  const position = new Map([...list.children].map((child, at) => [child, at]));
  const at = order.map((article) => position.get(article)!);
  // The longest increasing run of positions (quadratic: a page holds at most a page of answers).
  const length: number[] = [];
  const previous: number[] = [];
  let last = -1;
  for (let i = 0; i < at.length; i++) {
    length[i] = 1;
    previous[i] = -1;
    for (let j = 0; j < i; j++)
      if (at[j]! < at[i]! && length[j]! + 1 > length[i]!) {
        length[i] = length[j]! + 1;
        previous[i] = j;
      }
    if (last < 0 || length[i]! > length[last]!) last = i;
  }
  const kept = new Set<number>();
  for (let i = last; i >= 0; i = previous[i]!) kept.add(i);
  let next: HTMLElement | null = null;
  for (let i = order.length - 1; i >= 0; i--) {
    if (!kept.has(i)) list.insertBefore(order[i]!, next);
    next = order[i]!;
  }
}

/** The fields an answer on the page shows as they are: a snippet of one would repeat it, so it is marked there. */
const SHOWN_FIELDS: Partial<Record<Snippet["field"], string>> = {
  title: ":scope > h3",
  question: ":scope > p.question",
  summary: ":scope > p.summary",
};

/**
 * Marks the snippet's words in the answer's own title, question or summary when the snippet is that text, or a piece
 * of it (the offline audit: the snippet repeated the summary shown beneath it), and unmarks the others; returns
 * whether it marked them. A field whose marks are already as wanted is left alone: each write lays the answer out.
 */
function markShown(article: HTMLElement, snippet: Snippet | undefined): boolean {
  let marked = false;
  for (const [field, selector] of Object.entries(SHOWN_FIELDS)) {
    const element = article.querySelector<HTMLElement>(selector);
    if (!element) continue;
    const text = element.textContent ?? "";
    const wanted = element.cloneNode() as HTMLElement;
    const core = snippet?.field === field ? snippet.text.replace(/^\u2026/, "").replace(/\u2026$/, "") : "";
    const offset = core === "" ? -1 : text.indexOf(core);
    if (snippet && offset >= 0) {
      // The snippet's ranges start at its own start, its ellipsis (one unit) included; escaped, as the page's
      // inline script is ASCII.
      const shift = offset - (snippet.text.startsWith("\u2026") ? 1 : 0);
      appendMarked(
        wanted,
        text,
        unitRanges(snippet).map(([start, end]): [number, number] => [start + shift, end + shift]),
      );
      marked = true;
    } else wanted.append(text);
    if (!element.isEqualNode(wanted)) element.replaceChildren(...wanted.childNodes);
  }
  return marked;
}

/** `text` into `parent`, the [start, end) ranges of it (UTF-16 units, ascending) in <mark> (text nodes only). */
function appendMarked(parent: HTMLElement, text: string, ranges: ReadonlyArray<readonly [number, number]>): void {
  let at = 0;
  for (const [start, end] of ranges) {
    parent.append(text.slice(at, start));
    const mark = document.createElement("mark");
    mark.textContent = text.slice(start, end);
    parent.append(mark);
    at = end;
  }
  parent.append(text.slice(at));
}

/**
 * "Why it matched": the snippet, its matched words in <mark> (text nodes only: nothing of the text is markup), unless
 * they are marked in the answer's own text (`markedInPlace`), and the words, fields and score.
 */
function matchParagraph(
  score: number,
  explanation: ReturnType<typeof explainHit>,
  markedInPlace: boolean,
): HTMLElement {
  const paragraph = document.createElement("p");
  paragraph.className = "match";
  paragraph.dataset.score = String(score);
  paragraph.dataset.fields = explanation.fields.join(" ");
  const held = explanation.matched.map((match) =>
    match.how === "exact" ? match.word : `${match.word} (${match.how}: ${match.found})`,
  );
  const lacks = explanation.missing.length > 0 ? `; lacks ${explanation.missing.join(", ")}` : "";
  const why = document.createElement("span");
  why.className = "why";
  const reasons = `${held.join(", ")} in ${explanation.fields.join(", ")}${lacks}; score ${score}`;
  if (markedInPlace) {
    paragraph.dataset.snippetIn = explanation.snippet.field;
    why.textContent = `Matched ${reasons}.`;
    paragraph.append(why);
    return paragraph;
  }
  const snippet = document.createElement("span");
  snippet.className = "snippet";
  snippet.dataset.field = explanation.snippet.field;
  appendMarked(snippet, explanation.snippet.text, unitRanges(explanation.snippet));
  why.textContent = ` (matched ${reasons})`;
  paragraph.append(snippet, why);
  return paragraph;
}

/** A snippet's matches, which count code points, as ranges of UTF-16 units of its text. */
function unitRanges(snippet: Snippet): Array<[number, number]> {
  const characters = Array.from(snippet.text);
  const units = (points: number) => characters.slice(0, points).join("").length;
  return snippet.matches.map(([start, end]) => [units(start), units(end)]);
}

function suggestionText(suggestion: Suggestion): string {
  return `“${suggestion.q}” (${suggestion.total} ${suggestion.total === 1 ? "answer" : "answers"})`;
}

function suggestionButton(suggestion: Suggestion, input: HTMLInputElement, searchNow: () => void): HTMLElement {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "suggestion";
  button.dataset.q = suggestion.q;
  button.textContent = `Did you mean ${suggestionText(suggestion)}?`;
  button.addEventListener("click", () => {
    input.value = suggestion.q;
    // The results replace this button: the focus goes back to the search, not to the page's start.
    input.focus();
    searchNow();
  });
  return button;
}

start();
openForPrint();
