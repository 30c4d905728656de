/**
 * The MCP tools as the contract states them: name, title, description, the arguments they take and where their
 * output schema comes from. The request-time code answers them (build/serve/request/mcp-tools.ts); the build writes the
 * tools/list result, the Server Card and the docs from the same definitions.
 */

import { MAX_QUERY_CODE_POINTS } from "./limits.ts";

/** Where a tool's output schema comes from: a published response schema, or a definition inside one. */
export interface OutputSchemaSource {
  schema: string;
  pointer?: string;
}

export interface ToolDefinition {
  name: string;
  title: string;
  description: string;
  inputSchema: Record<string, unknown>;
  output: OutputSchemaSource;
}

export const READ_ONLY_ANNOTATIONS = { readOnlyHint: true, openWorldHint: false } as const;

const NO_ARGUMENTS = { type: "object", properties: {}, additionalProperties: false };

/** How much of each answer search_answers gives: whole, as the API does, or its summary (answers.schema.json's answer-summary). */
export const SEARCH_DETAILS = ["full", "summary"] as const;
/** What a summary leaves out of an answer: the parts that make an answer some 50 KB where its summary is about 1. */
export const SUMMARY_LEAVES_OUT = ["related", "sources", "body"] as const;

/** In the order tools/list gives them (a fixed order lets clients cache the list). */
export const TOOL_DEFINITIONS: readonly ToolDefinition[] = [
  {
    name: "search_answers",
    title: "Search the buyer answers",
    description: `The buyer answers for q, a question as the user asked it or keywords, by the API's q rule: common words (how, the, should) are left out, and each other word matches itself, its inflections (microphones, microphone), its synonyms (tv, display), a word it starts and, failing those, a small typo; the answers holding every word come first, then those matching some, best match first (or sort: "slug"). Pass the user's question on as it came, up to ${MAX_QUERY_CODE_POINTS} characters (a longer one: its distinctive words). meta.matches says why each answer matched (score, fields, the words it matched and how, the words it lacks, a plain-text snippet with the matched words as code-point ranges), meta.ignored the words left out, and a q that finds nothing gets meta.suggestions. match: "all" asks instead for every word to start a word of the answer. Gives the same envelope, matches and errors as GET /api/v1/answers?q=…, meta.page_size answers to a page. The answers are buyer guidance: a product's certification, compliance and warranty status is in get_evidence (by family), and a supplier's rank, strengths and caveats in list_suppliers; search does not look there. detail: "summary" gives each answer without its body, sources and related answers (some 1.5 KB a hit with its explanation, where a whole answer is some 50 KB): ask for it first, then get_answer for the answers to read.`,
    inputSchema: {
      type: "object",
      properties: {
        q: {
          type: "string",
          minLength: 1,
          maxLength: MAX_QUERY_CODE_POINTS,
          description: 'A question or words to find, e.g. "where should the ceiling microphones go".',
        },
        sort: {
          type: "string",
          enum: ["relevance", "slug"],
          description: "relevance (best match first, the default) or slug (collection order).",
        },
        match: {
          type: "string",
          enum: ["any", "all"],
          description:
            "any (the default: a question as people ask it, the answers holding every word first) or all (every word of q must start a word of the answer).",
        },
        page: { type: "integer", minimum: 1, description: "Page of the results, from 1." },
        detail: {
          type: "string",
          enum: SEARCH_DETAILS,
          description:
            "full (the default: each answer whole, as GET /api/v1/answers gives it) or summary (slug, title, question, summary, tags, product families, reviewed date and links, the same meta and matches).",
        },
      },
      required: ["q"],
      additionalProperties: false,
    },
    output: { schema: "answers.schema.json", pointer: "/$defs/search-result" },
  },
  {
    name: "get_answer",
    title: "Get one buyer answer",
    description:
      "One answer by its exact slug (as in GET /api/v1/answers/{slug}.json), with its Markdown and HTML body and the full entries of its cited sources.",
    inputSchema: {
      type: "object",
      properties: {
        slug: { type: "string", minLength: 1, maxLength: 100, description: 'The answer\'s slug, e.g. "room-sizing".' },
      },
      required: ["slug"],
      additionalProperties: false,
    },
    output: { schema: "answers.schema.json" },
  },
  {
    name: "list_suppliers",
    title: "List the supplier directory",
    description:
      "The ranked supplier directory (GET /api/v1/suppliers): each supplier with what its rank means, its weighted score, per-criterion scores with their basis and sources, products, strengths, caveats, ownership and the searches recorded for it, and the ownership and editorial-methodology disclosure. Quote a rank with its meaning.",
    inputSchema: NO_ARGUMENTS,
    output: { schema: "suppliers.schema.json" },
  },
  {
    name: "get_evidence",
    title: "Get the evidence register",
    description:
      "Certification, compliance and warranty status by product family (GET /api/v1/evidence), or one family by its slug. unknown and unverified are statuses: report them as such, never as a yes or a no.",
    inputSchema: {
      type: "object",
      properties: {
        family: {
          type: "string",
          minLength: 1,
          maxLength: 100,
          description: 'A product family\'s slug, e.g. "cameras".',
        },
      },
      additionalProperties: false,
    },
    output: { schema: "evidence.schema.json" },
  },
  {
    name: "get_source",
    title: "Get one cited source",
    description:
      "One source that the answers, supplier profiles or evidence records cite, by its id, as they cite it: title, publisher, URL where one is known, when it was read, its kind and confidence, whether it is primary, and notes on what it supports. Sources only the claim audit cites are rows of /data/sources.csv, which holds the whole register.",
    inputSchema: {
      type: "object",
      properties: {
        id: { type: "string", minLength: 1, maxLength: 100, description: 'A source id, e.g. "avixa-discas".' },
      },
      required: ["id"],
      additionalProperties: false,
    },
    output: { schema: "common.schema.json", pointer: "/$defs/source" },
  },
];
