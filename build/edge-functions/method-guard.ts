// Netlify Edge Function entry: OPTIONS gets a CORS preflight 204, POST, PUT, PATCH and DELETE a 405 with Allow,
// on every path, as in the local server. The logic is in ../serve/request/method-guard.ts. These are all the methods
// Netlify lets a function declare besides GET. Others (QUERY, PROPFIND, …) get the same 405 under /api/ from the
// entries that declare no method (api-not-found, answers-query); elsewhere, and for TRACE and CONNECT (which a
// fetch Request cannot represent), Netlify answers them itself.
import { methodGuard } from "../serve/request/method-guard.ts";

export default function handler(request: Request): Response | undefined {
  return methodGuard(request);
}

export const config = {
  path: "/*",
  method: ["POST", "PUT", "PATCH", "DELETE", "OPTIONS"],
};
