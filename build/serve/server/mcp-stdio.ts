/**
 * `npm run mcp`: the MCP server over stdio, on a local copy of the built files (`dist/`, or DIST), so that an
 * agent on a laptop with the downloaded copy can use the same tools with no network. Newline-delimited
 * JSON-RPC on stdin and stdout (the stdio transport); diagnostics go to stderr only. The same protocol code
 * as /mcp answers every message; resources are named by the deployed API's URLs (from the Server Card in the
 * copy, or MCP_ORIGIN), so that what an agent cites is the public address.
 */
import { textOf } from "../request/deploy-snapshot.ts";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { createInterface } from "node:readline";
import { MCP_SERVER_CARD_FILE } from "../../contract/layout.ts";
import { AnswersData, type ReadFile } from "../request/answers-data.ts";
import { ERROR, errorBody } from "../request/mcp-messages.ts";
import { answerBody } from "../request/mcp-protocol.ts";
import { projectRoot } from "../../content/load/project.ts";
import { bytesView } from "./static-files.ts";
import { commandArguments, originSetting, runAsCommand } from "../../content/load/command-line.ts";

const ROOT = projectRoot();

/** Reads a built file by its root-relative path; undefined when there is none, like a 404. */
export function distReader(dist: string): ReadFile {
  return async (file) => {
    const resolved = path.join(dist, ...file.split("/").filter(Boolean));
    if (!resolved.startsWith(dist + path.sep)) return undefined;
    try {
      return bytesView(await readFile(resolved));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT" || (error as NodeJS.ErrnoException).code === "EISDIR")
        return undefined;
      throw error;
    }
  };
}

/** One line in, at most one line out: the answer to a request, nothing for a notification. */
async function answerLine(
  line: string,
  read: ReadFile,
  answers: AnswersData,
  origin: string,
): Promise<string | undefined> {
  let body: unknown;
  try {
    // A byte order mark, as some Windows shells put before what they pipe, is not part of the message (RFC 8259).
    body = JSON.parse(line.charCodeAt(0) === 0xfeff ? line.slice(1) : line);
  } catch {
    return JSON.stringify(errorBody(null, ERROR.parse, "The line is not JSON."));
  }
  const reply = await answerBody(
    body,
    {
      // stdio has no headers: the era comes from the body alone.
      declaredVersion: null,
      internal: (error) =>
        `The server could not read the built files: ${error instanceof Error ? error.message : String(error)}`,
      answersFailedNotifications: false,
    },
    { answers: async () => answers, read, origin },
  );
  return reply.json === undefined ? undefined : JSON.stringify(reply.json);
}

async function main(): Promise<void> {
  commandArguments(
    "mcp",
    [
      "usage: npm run mcp",
      "The API's read-only MCP server over stdio (JSON-RPC a line each), on a built dist/. It takes no arguments; its",
      "environment: DIST (the folder served: dist/), MCP_ORIGIN (the origin its resources are named under: the MCP card's, else http://localhost:8080)",
    ].join("\n"),
    {},
  );
  const dist = path.resolve(process.env.DIST ?? path.join(ROOT, "dist"));
  const read = distReader(dist);
  const card = textOf(await read(MCP_SERVER_CARD_FILE));
  if (card === undefined) {
    process.stderr.write(
      `mcp: ${dist} holds no built API (no ${MCP_SERVER_CARD_FILE}); run npm run build first, or set DIST.\n`,
    );
    process.exit(1);
  }
  const remote = (JSON.parse(card) as { remotes?: Array<{ url: string }> }).remotes?.[0]?.url;
  let origin = remote ? new URL(remote).origin : "http://localhost:8080";
  try {
    if (process.env.MCP_ORIGIN !== undefined) origin = originSetting("MCP_ORIGIN", process.env.MCP_ORIGIN);
  } catch (error) {
    process.stderr.write(`mcp: ${(error as Error).message}\n`);
    process.exit(2);
  }
  const answers = new AnswersData(read);
  process.stderr.write(`mcp: serving ${dist} over stdio (resources named under ${origin})\n`);
  // Answered in order, one at a time: a client may pipeline, and replies keep its order.
  let queue = Promise.resolve();
  for await (const line of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
    if (line.trim() === "") continue;
    queue = queue.then(async () => {
      const reply = await answerLine(line, read, answers, origin);
      if (reply !== undefined) process.stdout.write(`${reply}\n`);
    });
  }
  await queue;
}

runAsCommand(import.meta.url, main);
