/**
 * The Markdown twin of the home page (/index.md): what `/` answers to `Accept: text/markdown`, and a plain file
 * for static hosts and mirrors. Made from the same facts and data as the HTML page; links are root-relative paths
 * on this site. The docs' twin is the docs' own text (docs-page.ts).
 */
import { answerMarkdownPath, CITATION_FILE, LLMS_FILE, LLMS_FULL_FILE } from "../../contract/layout.ts";
import { citationText, CITATION_FILE_NOTE } from "../compile/citation.ts";
import { sourceReference } from "../compile/answer-markdown.ts";
import { EVIDENCE_GUIDE } from "./evidence-guide.ts";
import type { HomeInput } from "./home-page.ts";
import { AUTHENTICATION_STATEMENT, DISCOVERY_DOCUMENTS, DOWNLOADS, ENDPOINTS } from "./service-facts.ts";

/** The downloads, as the HTML pages list them. */
const downloadsMarkdown = () =>
  DOWNLOADS.map((download) => `- [${download.name}](${download.path}): ${download.what}.`).join("\n");

export function homeMarkdown(input: Omit<HomeInput, "offlineScript" | "searchFiles" | "dataset">): string {
  const { site, counts, disclosure } = input;
  const complete = input.answers.length === counts.answers;
  return `# ${site.name}

${site.description}

${counts.answers} buyer answers, ${counts.suppliers} ranked suppliers and ${counts.evidence_records} evidence records in ${counts.product_families} product families. Every factual claim cites a source with the date it was read; where a fact is not known, the status says unknown or unverified. ${AUTHENTICATION_STATEMENT} There are no rate limits.

This is the Markdown version of the home page (/). The documentation is at /docs/ (Markdown: /docs/index.md); ${LLMS_FILE} maps everything, and ${LLMS_FULL_FILE} holds every answer in full.

## Buyer answers

${complete ? "" : `The first ${input.answers.length} of ${counts.answers} answers; ${LLMS_FILE} lists every answer's Markdown twin.\n\n`}${input.answers.map((answer) => `- [${answer.title}](${answerMarkdownPath(answer.slug)}): ${answer.question} ${answer.summary.trim()}`).join("\n")}

## Supplier directory

${disclosure.ranking}

${input.suppliers.map((supplier) => `${supplier.rank}. **${supplier.name}** (score ${supplier.score.toFixed(2)}): ${supplier.summary}`).join("\n")}

${disclosure.title} (methodology ${disclosure.methodology_version}, ${disclosure.methodology_date}): publisher ${disclosure.publisher}; paid inclusion: ${disclosure.paid_inclusion ? "yes" : "no"}; paid ranking: ${disclosure.paid_ranking ? "yes" : "no"}; affiliate links: ${disclosure.affiliate_links ? "yes" : "no"}. The full profiles, with strengths, caveats, ownership, the recorded searches and sources, are at /api/v1/suppliers. How to read them: /docs/index.md (Reading the supplier directory).

## Evidence register

${EVIDENCE_GUIDE.current}

${input.families.map((family) => `- **${family.name}** (${family.records.length} records): ${family.description}`).join("\n")}

Every record, with its status per programme, mark and warranty term: /api/v1/evidence. What each status means: /docs/index.md (Reading the evidence register).

## Sources

${input.sources.map((source) => `- ${sourceReference(source)}`).join("\n")}

## For developers and agents

${ENDPOINTS.map((endpoint) => `- \`${endpoint.path}\` (${endpoint.file}): ${endpoint.summary}.`).join("\n")}
${DISCOVERY_DOCUMENTS.map((document) => `- [${document.name}](${document.path}): ${document.what}.`).join("\n")}

## Downloads and formats

${downloadsMarkdown()}

## Licence and citation

The data is licensed under ${site.licence.name} (${site.licence.url}). ${citationText(site)} ${CITATION_FILE_NOTE} ${CITATION_FILE}.
`;
}
