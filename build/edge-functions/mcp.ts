// Netlify Edge Function entry: the read-only MCP endpoint at /mcp (Streamable HTTP, stateless, JSON). Thin: the
// logic is in ../serve/request/mcp.ts. It reads the prebuilt files from its own origin, as the answers entry does.
import { AnswersData } from "../serve/request/answers-data.ts";
import { deploySnapshots, originReader } from "../serve/request/deploy-snapshot.ts";
import { mcpHandler } from "../serve/request/mcp.ts";
import { MCP_PATH } from "../contract/layout.ts";

const answersData = deploySnapshots((read) => new AnswersData(read));

export default function handler(request: Request): Promise<Response | undefined> {
  const origin = new URL(request.url).origin;
  return mcpHandler(request, { answers: () => answersData(origin), read: originReader(origin) });
}

// No `method`: GET, HEAD and DELETE must get its 405 (with CORS), not the site's 404 page. Before the cache:
// every POST is a different question.
export const config = {
  path: MCP_PATH,
};
