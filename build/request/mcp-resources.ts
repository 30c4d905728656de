/**
 * The MCP resources: each answer, the supplier directory and the evidence register, named by their API URLs
 * (so a client that reads a resource can also fetch it, cite it and cache it), with the API's own bytes.
 */
import { ALIASES, answerPath, collectionPath, collectionUrl } from "../api/layout.ts";
import type { McpContext } from "./mcp-messages.ts";

/** The 2025 revisions' "resource not found" code; 2026-07-28 uses invalid params (-32602) instead. */
export const RESOURCE_NOT_FOUND_LEGACY = -32002;

const JSON_MIME = "application/json";

export async function listResources(context: McpContext): Promise<unknown[]> {
  const answers =
    (
      JSON.parse((await context.readText(collectionPath("answers"))) ?? "{}") as {
        data?: Array<{ slug: string; title: string; summary: string }>;
      }
    ).data ?? [];
  return [
    {
      uri: `${context.origin}${collectionUrl("suppliers")}`,
      name: "suppliers",
      title: "Supplier directory",
      description: "The ranked supplier directory with its ownership and methodology disclosure.",
      mimeType: JSON_MIME,
    },
    {
      uri: `${context.origin}${collectionUrl("evidence")}`,
      name: "evidence",
      title: "Evidence register",
      description: "Certification, compliance and warranty status by product family.",
      mimeType: JSON_MIME,
    },
    ...answers.map((answer) => ({
      uri: `${context.origin}${answerPath(answer.slug)}`,
      name: answer.slug,
      title: answer.title,
      description: answer.summary,
      mimeType: JSON_MIME,
    })),
  ];
}

/** The contents of the resource at `uri`, or undefined when this server has no such resource. */
export async function readResource(uri: unknown, context: McpContext): Promise<unknown[] | undefined> {
  if (typeof uri !== "string" || !uri.startsWith(`${context.origin}/`)) return undefined;
  const path = uri.slice(context.origin.length);
  const file = ALIASES.find(([alias]) => alias === path)?.[1] ?? path;
  const readable =
    file === collectionPath("suppliers") ||
    file === collectionPath("evidence") ||
    /^\/api\/v1\/answers\/[a-z0-9]+(?:-[a-z0-9]+)*\.json$/.test(file);
  if (!readable) return undefined;
  const text = await context.readText(file);
  return text === undefined ? undefined : [{ uri, mimeType: JSON_MIME, text }];
}
