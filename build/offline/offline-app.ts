/**
 * The q filter of the home page, for a reader with only the downloaded dist/ (file://, no server, no fetch).
 * A classic script: the build bundles it with the API's own matching module and inlines it, and the page's
 * CSP allows it by its hash. The search index arrives the same way, in window.AVB_SEARCH_INDEX.
 */
import { searchIndex, type SearchIndex } from "../search/search-index.ts";
import { parseQuery } from "../search/text-match.ts";

declare global {
  interface Window {
    AVB_SEARCH_INDEX?: SearchIndex;
  }
}

function start(): void {
  const index = window.AVB_SEARCH_INDEX;
  const form = document.getElementById("answer-search");
  const input = document.getElementById("q") as HTMLInputElement | null;
  const status = document.getElementById("search-status");
  if (!index || !form || !input || !status) return;
  const articles = [...document.querySelectorAll<HTMLElement>("article.answer")];
  form.hidden = false;
  form.addEventListener("submit", (event) => event.preventDefault());

  const apply = (query: string) => {
    if (query.trim() === "") {
      for (const article of articles) article.hidden = false;
      status.textContent = `All ${articles.length} answers.`;
      return;
    }
    const parsed = parseQuery(query);
    if (!parsed.ok) {
      for (const article of articles) article.hidden = false;
      status.textContent = parsed.reason === "too-long" ? "The search is longer than 200 characters." : "Type a letter or a digit to search.";
      return;
    }
    const found = new Set(searchIndex(index, parsed.tokens));
    for (const article of articles) article.hidden = !found.has(article.dataset.slug ?? "");
    status.textContent = `${found.size} of ${articles.length} answers match.`;
  };

  input.addEventListener("input", () => {
    apply(input.value);
    // The query lives in the fragment, so a filtered view can be bookmarked, on the web and from disk.
    history.replaceState(null, "", input.value === "" ? location.pathname : `#q=${encodeURIComponent(input.value)}`);
  });
  const initial = /^#q=(.*)$/.exec(location.hash);
  if (initial) {
    input.value = decodeURIComponent(initial[1]!);
    apply(input.value);
  }
}

start();
