/**
 * Every server scenario of the pinned MCP conformance suite, classified for this server
 * (test/full/netlify-deploy.test.ts runs the suite): those that apply to a read-only server without sessions must
 * pass; each that does not is listed with the reason, and must fail only for that reason (so a scenario that starts
 * passing, or fails for another reason, fails the test).
 */

/** A scenario that applies: every check it makes passes (INFO lines aside), at least one. */
export interface Applies {
  applies: true;
}
/** A scenario that does not apply, why, and what its failures and warnings must say (and nothing else). */
export interface NotApplicable {
  applies: false;
  reason: string;
  shows: RegExp;
}
export type Expectation = Applies | NotApplicable;

const APPLIES: Applies = { applies: true };
const SUITE_TOOL = (what: string): NotApplicable => ({
  applies: false,
  reason: `Calls the suite's own test tool (${what}); this server's tools are its five read-only data tools, and an unknown tool is invalid params.`,
  shows: /MCP error -32602: Unknown tool "test_/,
});
const SERVER_TO_CLIENT = (what: string): NotApplicable => ({
  applies: false,
  reason: `Needs the server to send the client a request (${what}) in the middle of a tool call, which a stateless server answering each POST with one JSON response cannot; and the suite's own test tool.`,
  shows: /MCP error -32602: Unknown tool "test_/,
});
const SUITE_PROMPT = (what: string): NotApplicable => ({
  applies: false,
  reason: `Gets the suite's own test prompt (${what}); this server's prompts are its four buyer prompts (test/mcp-prompts.test.ts), and an unknown prompt is invalid params.`,
  shows: /MCP error -32602: Unknown prompt "test_/,
});
const SUITE_RESOURCE = (what: string): NotApplicable => ({
  applies: false,
  reason: `Reads the suite's own ${what}; this server's resources are named by its API URLs, and an unknown URI is "resource not found".`,
  shows: /MCP error -32002: No resource has the URI "test:\/\//,
});
const NO_SESSIONS: NotApplicable = {
  applies: false,
  reason:
    "Needs a session and SSE streams (SEP-1699 polling and resumption); this server is stateless and answers with JSON only. The suite says so itself, with a warning and no failure.",
  shows: /did not provide session ID/,
};

/** Every server scenario of the pinned suite (`conformance list --server`). */
export const SCENARIOS: Readonly<Record<string, Expectation>> = {
  "server-initialize": APPLIES,
  ping: APPLIES,
  "tools-list": APPLIES,
  "resources-list": APPLIES,
  "prompts-list": APPLIES,
  "dns-rebinding-protection": APPLIES,
  "logging-set-level": {
    applies: false,
    reason:
      "No logging capability is offered: the server has nothing to log to a client (each request gets one JSON response with nothing streamed beside it, no session keeps a level, and what goes wrong is said in the answer).",
    shows: /MCP error -32601: Method "logging\/setLevel" is not served/,
  },
  "completion-complete": {
    applies: false,
    reason:
      "Completes an argument of the suite's own prompt test_prompt_with_arguments; this server completes its own prompts' and templates' arguments (test/mcp-prompts.test.ts) and, as the specification asks, answers an unknown prompt with invalid params.",
    shows: /MCP error -32602: Unknown prompt "test_prompt_with_arguments"/,
  },
  "tools-call-simple-text": SUITE_TOOL("test_simple_text"),
  "tools-call-image": SUITE_TOOL("test_image_content"),
  "tools-call-audio": SUITE_TOOL("test_audio_content"),
  "tools-call-embedded-resource": SUITE_TOOL("test_embedded_resource"),
  "tools-call-mixed-content": SUITE_TOOL("test_multiple_content_types"),
  "tools-call-error": SUITE_TOOL("test_error_handling"),
  "tools-call-with-progress": {
    ...SUITE_TOOL("test_tool_with_progress"),
    reason:
      "Calls the suite's own test tool (test_tool_with_progress) and expects progress notifications, which a JSON response with no event stream cannot carry.",
  },
  "tools-call-with-logging": {
    applies: false,
    reason:
      "Sets a logging level first (no logging capability is offered: nothing to log to a client), then calls the suite's own test tool (test_tool_with_logging).",
    shows: /MCP error -32601: Method "logging\/setLevel" is not served/,
  },
  "tools-call-sampling": SERVER_TO_CLIENT("sampling/createMessage"),
  "tools-call-elicitation": SERVER_TO_CLIENT("elicitation/create"),
  "elicitation-sep1034-defaults": SERVER_TO_CLIENT("elicitation/create, with defaults"),
  "elicitation-sep1330-enums": SERVER_TO_CLIENT("elicitation/create, with enums"),
  "json-schema-2020-12": {
    applies: false,
    reason:
      "Looks for the suite's own tool json_schema_2020_12_tool (a pending scenario of the suite); this server's tools' schemas are JSON Schema 2020-12, which its own tests compile and validate every result against.",
    shows: /Tool 'json_schema_2020_12_tool' not found/,
  },
  "server-sse-polling": NO_SESSIONS,
  "server-sse-multiple-streams": NO_SESSIONS,
  "resources-read-text": SUITE_RESOURCE("test://static-text"),
  "resources-read-binary": SUITE_RESOURCE("test://static-binary"),
  "resources-templates-read": SUITE_RESOURCE("template test://template/{id}/data"),
  "resources-subscribe": {
    applies: false,
    reason:
      "Resource subscriptions are not offered: there is no session to notify, and the data changes only with a deploy.",
    shows: /MCP error -32601: Method "resources\/subscribe" is not served/,
  },
  "resources-unsubscribe": {
    applies: false,
    reason:
      "Subscribes first, and resource subscriptions are not offered (no session; the data changes only with a deploy).",
    shows: /MCP error -32601: Method "resources\/subscribe" is not served/,
  },
  "prompts-get-simple": SUITE_PROMPT("test_simple_prompt"),
  "prompts-get-with-args": SUITE_PROMPT("test_prompt_with_arguments"),
  "prompts-get-embedded-resource": SUITE_PROMPT("test_prompt_with_embedded_resource"),
  "prompts-get-with-image": SUITE_PROMPT("test_prompt_with_image"),
};

/** Where `netlify serve` differs: the edge answers /mcp as the CDN does. */
export const ON_NETLIFY_SERVE: Readonly<Record<string, Expectation>> = {
  ...SCENARIOS,
  "dns-rebinding-protection": {
    applies: false,
    reason:
      "The edge entry answers /mcp on the CDN, which has no Host check: a deploy answers its own names (production, deploy previews, branch deploys), the data is public and takes no credentials, so a page that rebinds a name to Netlify reaches only what anyone can fetch. DNS rebinding threatens a server on the user's own machine, which the local server guards (the same scenario passes there).",
    shows: /Expected HTTP 4xx for invalid Host\/Origin headers, got 200/,
  },
};
