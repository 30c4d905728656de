/**
 * The discovery documents: how a client that knows only the host name finds the API, its description, its
 * docs, its skill and its authentication statement. Each says the truth about the service: read-only HTTP,
 * no authentication, an MCP endpoint (./mcp-documents.ts writes its card), no A2A endpoint.
 */
import { createHash } from "node:crypto";
import { canonicalJson as json } from "../../contract/canonical-json.ts";
import {
  answerMarkdownPath,
  DCAT_CATALOG_FILE,
  LLMS_FILE,
  LLMS_FULL_FILE,
  MARKDOWN_PAGES,
  MCP_PATH,
  MCP_SERVER_CARD_PATH,
  OAUTH_METADATA_PATHS,
  OPENAPI_FILE,
  schemaPath,
  API_CATALOG_FILE,
  AUTH_STATEMENT_FILE,
  AGENT_CARD_FILE,
  AGENT_SKILLS_INDEX_FILE,
  API_ROOT,
  ROBOTS_FILE,
  SECURITY_TXT_FILE,
  SITEMAP_FILE,
  SKILL_NAME,
  SKILL_PATH,
} from "../../contract/layout.ts";
import type { SiteSettings } from "../../content/load/types.ts";
import { EVIDENCE_GUIDE } from "./evidence-guide.ts";
import { SUPPLIER_GUIDE } from "./supplier-guide.ts";
import {
  AUTHENTICATION_STATEMENT,
  type CollectionCounts,
  DISCOVERY_DOCUMENTS,
  ENDPOINTS,
  QUERY_EXAMPLES,
  QUERY_PARAMETERS,
  PARAMETER_RULES,
} from "./service-facts.ts";

const AGENT_SKILLS_SCHEMA = "https://schemas.agentskills.io/discovery/0.2.0/schema.json";

export interface DiscoveryInput {
  site: SiteSettings;
  origin: string;
  generatedAt: string;
  counts: CollectionCounts;
  /** Paths of the HTML pages, for the sitemap. */
  pages: readonly string[];
  /** Every answer, in collection order, for llms.txt. */
  answers: readonly AnswerListing[];
}

export interface AnswerListing {
  slug: string;
  title: string;
  question: string;
  reviewed: string;
}

/** llms.txt stays under this many characters, whatever the size of the collection. */
const LLMS_TXT_MAX_CHARACTERS = 50_000;

export interface TextFile {
  path: string;
  contents: string;
}

export function buildDiscoveryFiles(input: DiscoveryInput): TextFile[] {
  const skill = skillMarkdown(input);
  return [
    { path: API_CATALOG_FILE, contents: json(apiCatalog(input)) },
    { path: SKILL_PATH, contents: skill },
    { path: AGENT_SKILLS_INDEX_FILE, contents: json(skillsIndex(skill)) },
    { path: AGENT_CARD_FILE, contents: json(agentCard(input)) },
    { path: SECURITY_TXT_FILE, contents: securityTxt(input) },
    { path: AUTH_STATEMENT_FILE, contents: authStatement(input) },
    { path: LLMS_FILE, contents: llmsTxt(input) },
    { path: ROBOTS_FILE, contents: robotsTxt(input) },
    { path: SITEMAP_FILE, contents: sitemap(input) },
  ];
}

/** RFC 9727: one linkset whose context is the API, every relation an array of targets with href. */
function apiCatalog({ origin, site }: DiscoveryInput): unknown {
  return {
    linkset: [
      {
        anchor: `${origin}/api/v1`,
        "service-desc": [
          {
            href: `${origin}${OPENAPI_FILE}`,
            type: "application/openapi+json;version=3.1",
            title: "OpenAPI 3.1 document",
          },
        ],
        "service-doc": [
          { href: `${origin}/docs/`, type: "text/html", title: "Documentation" },
          { href: `${origin}${MARKDOWN_PAGES[1]![1]}`, type: "text/markdown", title: "Documentation, as Markdown" },
          {
            href: `${origin}${LLMS_FILE}`,
            type: "text/plain",
            title: "llms.txt: a map of the service for language models, linking every answer's Markdown twin",
          },
        ],
        "service-meta": [{ href: `${origin}/api/v1`, type: "application/json", title: "Service metadata" }],
        status: [{ href: `${origin}/api/v1/health`, type: "application/json", title: "Health" }],
        describedby: [
          {
            href: `${origin}${schemaPath("root.schema.json")}`,
            type: "application/schema+json",
            title: "JSON Schema of the service metadata",
          },
          // The API's data described for data portals: the dataset, its downloads, this API as its data service.
          {
            href: `${origin}${DCAT_CATALOG_FILE}`,
            type: "application/ld+json",
            title: "DCAT catalog (DCAT-AP 3, JSON-LD) of the data set and its distributions",
          },
        ],
        license: [{ href: site.licence.url, title: site.licence.name }],
        item: [
          ...ENDPOINTS.filter((endpoint) => endpoint.path !== API_ROOT).map((endpoint) => ({
            href: `${origin}${endpoint.path}`,
            type: "application/json",
            title: endpoint.name,
          })),
          {
            href: `${origin}/data/datapackage.json`,
            type: "application/json",
            title: "The same data as CSV tables: a Frictionless Data Package",
          },
          {
            href: `${origin}${MCP_PATH}`,
            type: "application/json",
            title: "MCP endpoint (Streamable HTTP, read-only tools and resources)",
          },
          {
            href: `${origin}${MCP_SERVER_CARD_PATH}`,
            type: "application/mcp-server-card+json",
            title: "MCP Server Card",
          },
          {
            href: `${origin}${LLMS_FULL_FILE}`,
            type: "text/plain",
            title: "Every answer in full, as Markdown (each answer also at /api/v1/answers/{slug}.md)",
          },
        ],
      },
    ],
  };
}

function skillsIndex(skill: string): unknown {
  return {
    $schema: AGENT_SKILLS_SCHEMA,
    skills: [
      {
        name: SKILL_NAME,
        type: "skill-md",
        description: SKILL_DESCRIPTION,
        url: SKILL_PATH,
        // Of the exact bytes served, computed after SKILL.md's final text.
        digest: `sha256:${createHash("sha256").update(skill).digest("hex")}`,
      },
    ],
  };
}

const SKILL_DESCRIPTION =
  "Look up meeting-room audio-visual buyer answers, a ranked supplier directory and certification, compliance and warranty evidence over plain HTTPS GET. Read-only JSON, no authentication.";

function skillMarkdown({ origin, site, counts }: DiscoveryInput): string {
  const q = QUERY_PARAMETERS.q!;
  return `---
name: ${SKILL_NAME}
description: ${SKILL_DESCRIPTION}
license: ${site.licence.id}
compatibility: Any agent that can send HTTPS GET requests and read JSON.
---

# Using the ${site.name} API

${site.description}

Base URL: ${origin}. Every request is a plain GET (or HEAD); there is no authentication, no key, no
account and no rate limit. Responses are JSON in UTF-8.

## Endpoints

${ENDPOINTS.map((endpoint) => `- \`GET ${origin}${endpoint.path}\`: ${endpoint.summary}.`).join("\n")}

The collections (answers, suppliers, evidence) share one envelope: the items in \`data\`, counts and the
filters applied in \`meta\`, and \`links\` (\`self\`, \`first\`, \`last\`, \`prev\`/\`next\`). Links inside
the JSON are root-relative paths, resolved against ${origin}: canonical \`.json\` files for collections, pages
and items; a \`q\` response, and a \`slug\` or \`page\` that names no file, links to its own query URL, which only the request handler answers.

## Finding answers

There are ${counts.answers} answers. To find one:

1. Search with the user's question as it was asked: \`GET ${origin}/api/v1/answers?q=where+should+the+ceiling+microphones+go\`. ${q.rules.slice(0, 3).join(" ")} Each answer's entry in \`meta.matches\` says which words it matched and how, and which it lacks; \`match=all\` asks for every word to start a word of the answer instead.
2. Or fetch one by its exact slug: \`GET ${origin}/api/v1/answers?slug=room-sizing\` (also the file
   \`/api/v1/answers/room-sizing.json\`). An unknown slug gives an empty \`data\`, not an error.
3. Read \`data[].summary\` first; \`data[].body.markdown\` holds the full answer with \`[@source-id]\`
   citations, resolved in \`data[].sources\`.

Examples of \`q\`:
${QUERY_EXAMPLES.map((example) => `- \`q=${example.q}\`: ${example.shows}.`).join("\n")}

Rules: ${PARAMETER_RULES.join(" ")} Errors are \`application/problem+json\` with a \`type\` URI that
explains the error.

## Suppliers and evidence

- \`GET ${origin}/api/v1/suppliers\`: ${counts.suppliers} suppliers in rank order. The rank follows
  published weighted scores of how much of what a buyer must check the sources we read document for
  the supplier, not product quality. Each supplier carries \`rank_meaning\`, and each criterion score its
  \`basis\` and \`sources\`: quote them with the rank, and read \`disclosure\` for the rubric.
  ${SUPPLIER_GUIDE.primary}
  ${SUPPLIER_GUIDE.searches}
- \`GET ${origin}/api/v1/evidence\`: ${counts.evidence_records} records in ${counts.product_families}
  product families, each with a status per platform certification, compliance mark and warranty term.
  \`unknown\` and \`unverified\` are statuses: report them as such, never as a yes or a no.
  ${EVIDENCE_GUIDE.current}
  ${EVIDENCE_GUIDE.listings}
  ${EVIDENCE_GUIDE.warranty}

## Over MCP

An MCP client can use ${origin}${MCP_PATH} instead (Streamable HTTP, read-only, no authentication): the tools
search_answers, get_answer, list_suppliers, get_evidence and get_source give the same data as the URLs above.
search_answers with \`detail: "summary"\` gives each hit's summary and why it matched, some 1.5 KB a hit
where a whole answer is some 50 KB: search so, then get_answer for the answers to read.

## Quoting the data

Cite the source entries the data gives (title, publisher, date read) and this service: ${site.citation}
Data licence: ${site.licence.name} (${site.licence.url}).

## Describing the API

OpenAPI 3.1: ${origin}${OPENAPI_FILE}. Docs: ${origin}/docs/. Authentication statement:
${origin}/auth.md.
`;
}

/** A2A 1.0, honest: this is a read-only HTTP API, not an agent; its interface names a custom binding for plain GET. */
function agentCard({ origin, site, counts }: DiscoveryInput): unknown {
  return {
    name: site.name,
    description: `${site.description} This is a read-only HTTP JSON API, not a conversational agent: it implements no A2A operations (no SendMessage, no tasks). Use plain HTTP GET as described by the OpenAPI document, or its read-only MCP endpoint at ${origin}${MCP_PATH}.`,
    version: site.version,
    provider: { organization: site.publisher, url: origin },
    documentationUrl: `${origin}${OPENAPI_FILE}`,
    supportedInterfaces: [
      { url: `${origin}/api/v1`, protocolBinding: `${origin}/docs/#http-get`, protocolVersion: "1.0" },
    ],
    capabilities: { streaming: false, pushNotifications: false },
    defaultInputModes: ["text/plain"],
    defaultOutputModes: ["application/json"],
    skills: [
      {
        id: "buyer-answers",
        name: "Buyer answers",
        description: `${counts.answers} detailed answers to meeting-room AV buying questions, searchable with q and selectable by slug.`,
        tags: ["audio-visual", "meeting-rooms", "procurement"],
        examples: [`${origin}/api/v1/answers?q=ceiling+microphones`, `${origin}/api/v1/answers?slug=room-sizing`],
        outputModes: ["application/json"],
      },
      {
        id: "supplier-directory",
        name: "Supplier directory",
        description: `${counts.suppliers} ranked supplier profiles with sources, caveats and the ownership and methodology disclosure.`,
        tags: ["suppliers", "ranking"],
        examples: [`${origin}/api/v1/suppliers`],
        outputModes: ["application/json"],
      },
      {
        id: "evidence-register",
        name: "Evidence register",
        description:
          "Certification, compliance and warranty status by product family, with unknown and unverified as statuses.",
        tags: ["certification", "compliance", "warranty"],
        examples: [`${origin}/api/v1/evidence`],
        outputModes: ["application/json"],
      },
    ],
  };
}

function authStatement({ origin, site }: DiscoveryInput): string {
  return `# auth.md: ${site.name}

${AUTHENTICATION_STATEMENT}

## Audience

People, scripts, notebooks, browsers on any origin and AI agents. Everyone is treated alike.

## Registration

None. There is nothing to sign up for and no client to register.

## Methods

Anonymous \`GET\` and \`HEAD\` on every URL of ${origin}/api/v1 and the discovery documents, and
anonymous \`POST\` of MCP JSON-RPC requests to ${origin}${MCP_PATH} (read-only tools and resources).
\`OPTIONS\` answers CORS preflights. Every other method gets \`405\` (on Netlify, TRACE and CONNECT get the CDN's own answer).

## Credentials

None are accepted or needed: send no \`Authorization\` header, cookie or key. CORS is open to every origin
(\`Access-Control-Allow-Origin: *\`) without credentials.

## Limits

No rate limits and no quotas.

## Machine-readable

The OpenAPI document (${origin}${OPENAPI_FILE}) declares \`security: []\` and no security schemes.
There is no OAuth authorization server and no protected-resource metadata, because nothing is protected:
${OAUTH_METADATA_PATHS.map((path) => `\`${path}\``).join(", ")} answer \`404\`, so that no MCP client starts a sign-in.
`;
}

/**
 * llms.txt in the llmstxt.org form: an H1, a blockquote, then sections of links. Every answer's Markdown twin is
 * listed while the file stays under LLMS_TXT_MAX_CHARACTERS; past that, the rest are named by llms-full.txt and
 * urls.txt, so that the map stays small enough to read whole.
 */
function llmsTxt({ origin, site, answers }: DiscoveryInput): string {
  const [home, docs] = MARKDOWN_PAGES.map(([, twin]) => twin);
  const head = `# ${site.name}

> ${site.description} Read-only JSON over HTTPS GET; no authentication; data licence ${site.licence.id}. Every answer is also plain Markdown at /api/v1/answers/{slug}.md, and all of them are in one file, ${LLMS_FULL_FILE}.

## Docs

- [Documentation](${origin}${docs}): endpoints, the q rule with examples, paging, errors, Markdown for agents, licence and citation (Markdown; HTML at ${origin}/docs/)
- [Home page](${origin}${home}): the answers, the ranked suppliers, the evidence register and the sources register (Markdown; HTML at ${origin}/)
- [OpenAPI 3.1 document](${origin}${OPENAPI_FILE}): every operation, parameter and response
- [Authentication statement](${origin}/auth.md): no authentication of any kind
- [Agent skill](${origin}${SKILL_PATH}): how an agent should use this API
- [API catalog](${origin}/.well-known/api-catalog): RFC 9727 linkset
- [MCP endpoint](${origin}${MCP_PATH}): read-only MCP tools and resources over Streamable HTTP; its [Server Card](${origin}${MCP_SERVER_CARD_PATH})

## API

${ENDPOINTS.map((endpoint) => `- [${endpoint.name}](${origin}${endpoint.path}): ${endpoint.summary}`).join("\n")}

## Answers

`;
  const tail = `
## Optional

- [Every answer in full](${origin}${LLMS_FULL_FILE}): the ${answers.length} Markdown twins in one file
${DISCOVERY_DOCUMENTS.filter(
  (document) =>
    ![OPENAPI_FILE, AUTH_STATEMENT_FILE, LLMS_FILE, LLMS_FULL_FILE, API_CATALOG_FILE].includes(document.path),
)
  .map((document) => `- [${document.name}](${origin}${document.path}): ${document.what}`)
  .join("\n")}
`;
  const lines: string[] = [];
  // Room kept for the line that names what did not fit.
  let budget = LLMS_TXT_MAX_CHARACTERS - head.length - tail.length - 300;
  for (const answer of answers) {
    const line = `- [${answer.title}](${origin}${answerMarkdownPath(answer.slug)}): ${answer.question}\n`;
    if (line.length > budget) {
      lines.push(
        `- The other ${answers.length - lines.length} answers: every twin is in [llms-full.txt](${origin}${LLMS_FULL_FILE}) and listed in [urls.txt](${origin}/urls.txt)\n`,
      );
      break;
    }
    budget -= line.length;
    lines.push(line);
  }
  return `${head}${lines.join("")}${tail}`;
}

function robotsTxt({ origin }: DiscoveryInput): string {
  // The data is CC BY 4.0: every use is allowed with attribution, so the content signals say yes throughout.
  return `User-agent: *
Allow: /
Content-Signal: search=yes, ai-input=yes, ai-train=yes

Sitemap: ${origin}/sitemap.xml
`;
}

function sitemap({ origin, pages, generatedAt }: DiscoveryInput): string {
  const urls = [...pages, ...ENDPOINTS.map((endpoint) => endpoint.path)];
  const lastmod = generatedAt.slice(0, 10);
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${urls.map((url) => `  <url><loc>${origin}${url}</loc><lastmod>${lastmod}</lastmod></url>`).join("\n")}
</urlset>
`;
}

function securityTxt({ origin, generatedAt }: DiscoveryInput): string {
  // RFC 9116 asks for an expiry under a year away; it is counted from the build's own time.
  const expires = new Date(Date.parse(generatedAt) + 364 * 24 * 3600 * 1000).toISOString().replace(".000Z", "Z");
  return `Contact: ${origin}/docs/#contact
Expires: ${expires}
Preferred-Languages: en
Canonical: ${origin}/.well-known/security.txt
`;
}
