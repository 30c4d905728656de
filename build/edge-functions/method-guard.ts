// Netlify Edge Function entry: answers every method but GET and HEAD, on every path, as the local server
// does: OPTIONS gets a CORS preflight 204, the rest 405 with Allow. The logic is in ../request/method-guard.ts.
import { methodGuard } from "../request/method-guard.ts";

export default function handler(request: Request): Response | undefined {
  return methodGuard(request);
}

export const config = {
  path: "/*",
  method: ["POST", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE", "CONNECT"],
};
