/**
 * The search of the home page, for a reader with only the downloaded dist/ (file://, no server, no fetch).
 * A classic script: the build bundles it with the API's own search modules and inlines it, and the page's CSP
 * allows it by its hash. The search index's files arrive the same way, byte for byte as published, with each
 * answer's searchable texts, in a JSON data island: the same reader ranks, explains and suggests as the API does,
 * with its default, `match=any`, or with `match=all` when the reader asks for every word.
 */
import type { AnswerSearchTexts } from "../../search/answer-fields.ts";
import { explainHit, prepareAnswer, type PreparedAnswer } from "../../search/explain.ts";
import { SearchFiles } from "../../search/search-files.ts";
import { SearchReader, type Suggestion } from "../../search/search-reader.ts";
import { parseQuery } from "../../search/text-match.ts";

/** What the page embeds in <script type="application/json" id="search-data">. */
export interface OfflineSearchData {
  /** The search index's files by published path, as their exact texts. */
  files: Record<string, string>;
  /** Each answer's searchable texts, by slug. */
  texts: Record<string, AnswerSearchTexts>;
}

function start(): void {
  const island = document.getElementById("search-data");
  const form = document.getElementById("answer-search");
  const input = document.getElementById("q") as HTMLInputElement | null;
  const matchAll = document.getElementById("match-all") as HTMLInputElement | null;
  const status = document.getElementById("search-status");
  const suggestions = document.getElementById("search-suggestions");
  const list = document.getElementById("answer-list");
  if (!island || !form || !input || !matchAll || !status || !suggestions || !list) return;
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

  const showAll = (message: string) => {
    for (const article of articles) {
      article.hidden = false;
      list.append(article);
      article.querySelector(".match")?.remove();
    }
    status.textContent = message;
    suggestions.replaceChildren();
  };

  const apply = async (query: string) => {
    const run = ++latest;
    if (query.trim() === "") return showAll(`All ${articles.length} answers.`);
    const match = matchAll.checked ? ("all" as const) : ("any" as const);
    const parsed = parseQuery(query, match);
    if (!parsed.ok)
      return showAll(
        parsed.reason === "too-long"
          ? "The search is longer than 200 characters."
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
    const shown = new Set<string>();
    for (const hit of found.hits) {
      const article = bySlug.get(hit.slug);
      if (!article) continue;
      shown.add(hit.slug);
      article.hidden = false;
      // Best match first: the page's order is the API's order.
      list.append(article);
      article.querySelector(".match")?.remove();
      article.querySelector("h3")!.after(matchParagraph(hit.score, explainHit(preparedAnswer(hit.slug), words)));
    }
    for (const article of articles) {
      if (shown.has(article.dataset.slug ?? "")) continue;
      article.hidden = true;
      article.querySelector(".match")?.remove();
    }
    status.textContent =
      found.total === 0
        ? "No answer matches."
        : `${found.total} of ${articles.length} answers match, best match first.`;
    suggestions.replaceChildren(...offered.map((suggestion) => suggestionButton(suggestion, input, apply)));
  };

  matchAll.addEventListener("change", () => void apply(input.value));
  input.addEventListener("input", () => {
    void apply(input.value);
    // The query lives in the fragment, so a filtered view can be bookmarked, on the web and from disk.
    history.replaceState(null, "", input.value === "" ? location.pathname : `#q=${encodeURIComponent(input.value)}`);
  });
  const initial = /^#q=(.*)$/.exec(location.hash);
  if (initial) {
    input.value = decodeURIComponent(initial[1]!);
    void apply(input.value);
  }
}

/** "Why it matched": the snippet, its matched words in <mark> (text nodes only: nothing of the text is markup). */
function matchParagraph(score: number, explanation: ReturnType<typeof explainHit>): HTMLElement {
  const paragraph = document.createElement("p");
  paragraph.className = "match";
  paragraph.dataset.score = String(score);
  paragraph.dataset.fields = explanation.fields.join(" ");
  const characters = Array.from(explanation.snippet.text);
  let at = 0;
  const snippet = document.createElement("span");
  snippet.className = "snippet";
  snippet.dataset.field = explanation.snippet.field;
  for (const [start, end] of explanation.snippet.matches) {
    snippet.append(characters.slice(at, start).join(""));
    const mark = document.createElement("mark");
    mark.textContent = characters.slice(start, end).join("");
    snippet.append(mark);
    at = end;
  }
  snippet.append(characters.slice(at).join(""));
  const why = document.createElement("span");
  why.className = "why";
  const held = explanation.matched.map((match) =>
    match.how === "exact" ? match.word : `${match.word} (${match.how}: ${match.found})`,
  );
  const lacks = explanation.missing.length > 0 ? `; lacks ${explanation.missing.join(", ")}` : "";
  why.textContent = ` (matched ${held.join(", ")} in ${explanation.fields.join(", ")}${lacks}; score ${score})`;
  paragraph.append(snippet, why);
  return paragraph;
}

function suggestionButton(
  suggestion: Suggestion,
  input: HTMLInputElement,
  apply: (query: string) => Promise<void>,
): HTMLElement {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "suggestion";
  button.dataset.q = suggestion.q;
  button.textContent = `Did you mean “${suggestion.q}”? (${suggestion.total} ${suggestion.total === 1 ? "answer" : "answers"})`;
  button.addEventListener("click", () => {
    input.value = suggestion.q;
    history.replaceState(null, "", `#q=${encodeURIComponent(suggestion.q)}`);
    void apply(suggestion.q);
  });
  return button;
}

start();
