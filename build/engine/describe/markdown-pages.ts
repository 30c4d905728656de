/**
 * The Markdown twins of the home page and the docs (/index.md, /docs/index.md): what `/` and `/docs/` answer
 * to `Accept: text/markdown`, and plain files for static hosts and mirrors. Made from the same facts and data
 * as the HTML pages; links are root-relative paths on this site.
 */
import { PROBLEM_TYPES } from "../../contract/problems.ts";
import {
  answerMarkdownPath,
  CITATION_FILE,
  LLMS_FILE,
  LLMS_FULL_FILE,
  MCP_PATH,
  MCP_SERVER_CARD_PATH,
  MCP_TOOLS_FILE,
  schemaPath,
} from "../../contract/layout.ts";
import { MCP_PROTOCOL_VERSIONS } from "../../contract/mcp.ts";
import { TOOL_DEFINITIONS } from "../../contract/mcp-tools.ts";
import { COMPLETION_SOURCES, MCP_PROMPTS_DOC, MCP_STATEMENTS, MCP_TEMPLATES_DOC } from "./mcp-facts.ts";
import { citationText, CITATION_FILE_NOTE } from "../compile/citation.ts";
import { sourceReference } from "../compile/answer-markdown.ts";
import { EVIDENCE_VOCABULARIES } from "../compile/vocabularies.ts";
import type { DocsInput } from "./docs-html.ts";
import { EVIDENCE_GUIDE } from "./evidence-guide.ts";
import { SUPPLIER_GUIDE } from "./supplier-guide.ts";
import type { HomeInput } from "./home-page.ts";
import {
  AUTHENTICATION_STATEMENT,
  DISCOVERY_DOCUMENTS,
  DOWNLOADS,
  ENDPOINTS,
  MARKDOWN_FOR_AGENTS,
  PARAMETER_RULES,
  PROBLEM_DESCRIPTIONS,
  PROBLEM_KINDS,
  QUERY_PARAMETERS,
  SEARCH_RESULTS,
} from "./service-facts.ts";

/** The downloads, as the HTML pages list them. */
const downloadsMarkdown = () =>
  DOWNLOADS.map((download) => `- [${download.name}](${download.path}): ${download.what}.`).join("\n");

/** Text for a table cell: no line break, no unescaped pipe. */
const cell = (text: string) => text.replace(/\|/g, "\\|").replace(/\s*\n\s*/g, " ");

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

export function docsMarkdown(input: DocsInput): string {
  const { site, origin } = input;
  const q = QUERY_PARAMETERS.q!;
  return `# Documentation: ${site.name}

${site.description} The API lives at \`${origin}/api/v1\`; it is read-only and answers GET and HEAD. This is the Markdown version of /docs/.

## Endpoints

Every endpoint answers GET and HEAD; the canonical file is what a mirror holds.

| URL | Canonical file | What it holds |
|---|---|---|
${ENDPOINTS.map((endpoint) => `| \`${endpoint.path}\` | \`${endpoint.file}\` | ${cell(endpoint.summary)}. |`).join("\n")}

${ENDPOINTS.map(
  (endpoint) => `### ${endpoint.name}

${endpoint.description} Body schema: \`${schemaPath(endpoint.schema)}\`.

\`\`\`sh
curl ${origin}${endpoint.path}
\`\`\``,
).join("\n\n")}

One answer by its slug, and a text search:

\`\`\`sh
curl '${origin}/api/v1/answers?slug=room-sizing'
curl '${origin}/api/v1/answers?q=ceiling+microphones'
\`\`\`

## Searching answers: the q rule

${q.summary}

${q.rules.map((rule) => `- ${rule}`).join("\n")}

| q | What it shows | Answers found, best first |
|---|---|---|
${input.exampleResults.map((example) => `| \`${example.q}\` | ${cell(example.shows)} | ${example.total === 0 ? "none" : `${example.total}: ${example.slugs.map((slug) => `\`${slug}\``).join(", ")}${example.total > example.slugs.length ? ", …" : ""}`} |`).join("\n")}

## Search results: best match first, why each matched, suggestions

${SEARCH_RESULTS.join("\n\n")}
${
  input.searchExamples
    ? `
For example, \`?q=${input.searchExamples.hit.q}\` explains its best answer so:

\`\`\`json
${JSON.stringify(input.searchExamples.hit.body.meta.matches?.[0], null, 2)}
\`\`\`

and \`?q=${input.searchExamples.miss.q}\`, which finds nothing, suggests:

\`\`\`json
${JSON.stringify(input.searchExamples.miss.body.meta.suggestions, null, 2)}
\`\`\`
`
    : ""
}
## Filters and paging

- \`slug\`: ${QUERY_PARAMETERS.slug!.summary} ${QUERY_PARAMETERS.slug!.rules.join(" ")}
- \`page\`: ${QUERY_PARAMETERS.page!.summary} ${QUERY_PARAMETERS.page!.rules.join(" ")}
- \`sort\`: ${QUERY_PARAMETERS.sort!.summary} ${QUERY_PARAMETERS.sort!.rules.join(" ")}
- Filters combine: \`?q=room&slug=room-sizing\` applies both.
${PARAMETER_RULES.map((rule) => `- ${rule}`).join("\n")}

Pages hold at most \`meta.page_size\` items (${site.page_size}). \`links.next\` and \`links.prev\` appear when there are more pages; past the last page, \`data\` is empty. How responses, headers, caching and scale work: /docs/#format and /docs/#scale.

## Markdown for agents

${MARKDOWN_FOR_AGENTS.summary}

${MARKDOWN_FOR_AGENTS.files.map((file) => `- \`${file.path}\`: ${file.what}.`).join("\n")}

${MARKDOWN_FOR_AGENTS.negotiation}

## Reading the supplier directory

${SUPPLIER_GUIDE.scores}

${SUPPLIER_GUIDE.primary}

${SUPPLIER_GUIDE.searches}

## Reading the evidence register

${EVIDENCE_GUIDE.current}

${EVIDENCE_GUIDE.listings}

${EVIDENCE_GUIDE.warranty}

| Vocabulary | Values | Meaning |
|---|---|---|
${EVIDENCE_VOCABULARIES.map((vocabulary) => `| ${vocabulary.name} | ${vocabulary.values.map((value) => `\`${value}\``).join(", ")} | ${cell(vocabulary.meaning)} |`).join("\n")}

## Errors

Errors are RFC 9457 problem documents (\`application/problem+json\`) with \`type\`, \`title\`, \`status\` and \`detail\`; each \`type\` is the address of its section on /docs/errors/.

| Status | Type | Title | When |
|---|---|---|---|
${PROBLEM_KINDS.map((kind) => `| ${PROBLEM_TYPES[kind].status} | \`${kind}\` | ${cell(PROBLEM_TYPES[kind].title)} | ${cell(PROBLEM_DESCRIPTIONS[kind])} |`).join("\n")}

## Authentication and limits

${AUTHENTICATION_STATEMENT} See the authentication statement, /auth.md. There are no rate limits and no quotas.

## Discovery documents

| Document | Served as | What it says |
|---|---|---|
${DISCOVERY_DOCUMENTS.map((document) => `| [${document.name}](${document.path}) | \`${document.type}\` | ${cell(document.what)} |`).join("\n")}

## MCP for agents

\`${MCP_PATH}\` is a read-only Model Context Protocol server over Streamable HTTP: POST one JSON-RPC request, get one JSON response; stateless (no session, no event stream). It speaks ${MCP_PROTOCOL_VERSIONS.map((version) => `\`${version}\``).join(", ")}. \`npm run mcp\` serves the same over stdio from a local \`dist/\`.

Tools: ${TOOL_DEFINITIONS.map((tool) => `\`${tool.name}\``).join(", ")} (also the file ${MCP_TOOLS_FILE}). Resources: each answer, the supplier directory and the evidence register, by their API URLs.

### Prompts

${MCP_PROMPTS_DOC.map((prompt) => `- \`${prompt.name}\` (${prompt.title}): ${prompt.description} Arguments: ${prompt.arguments.map((argument) => `\`${argument.name}\` (${argument.required ? "required" : "optional"}${argument.completes ? `; completes ${argument.completes}` : ""}): ${argument.description}`).join(" ")}${prompt.restsOn.length > 0 ? ` It rests on the answers ${prompt.restsOn.map((slug) => `\`${slug}\``).join(", ")}.` : ""}`).join("\n")}

${MCP_STATEMENTS.prompts}

### Resource templates and the resource list

${MCP_TEMPLATES_DOC.map((template) => `- \`${template.uriTemplate}\` (${template.title}, \`${template.mimeType}\`; completes ${template.completes})`).join("\n")}

${MCP_STATEMENTS.resources} The templates name this server's origin before the path.

### Completions

${MCP_STATEMENTS.completions}

${Object.entries(COMPLETION_SOURCES)
  .map(([source, what]) => `- \`${source}\`: ${what}`)
  .join("\n")}

${MCP_STATEMENTS.limits}

### No logging

${MCP_STATEMENTS.logging}

### Origins

On the CDN any origin may call the endpoint (it is public, read-only and takes no credentials). ${MCP_STATEMENTS.localServer} The MCP Server Card (${MCP_SERVER_CARD_PATH}) names the endpoint and, under its \`_meta\`, the tools, prompts, templates and completions.

## Licence and citation

The data is licensed under ${site.licence.name} (${site.licence.url}). ${citationText(site)} ${CITATION_FILE_NOTE} ${CITATION_FILE}.

## Versioning

${input.versioning.promise} ${input.versioning.breaking} ${input.versioning.deprecation}

Now: version \`${input.versioning.current}\`; deprecated: ${input.versioning.deprecation_date ? `\`${input.versioning.deprecation_date}\`` : "no"}; sunset: ${input.versioning.sunset_date ? `\`${input.versioning.sunset_date}\`` : "none announced"}.

## Downloads and formats

Every URL above is an alias of a canonical \`.json\` file, so a plain copy of the files works anywhere; only \`q\` needs the request handler.

${downloadsMarkdown()}

## Contact

${site.contact.name}. Corrections to the data are welcome: name the resource and the source that shows the error.
`;
}
