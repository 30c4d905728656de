// Netlify Edge Function entry: OPTIONS gets a CORS preflight 204, POST, PUT, PATCH and DELETE a 405 with Allow,
// on every path, as in the local server. The logic is in ../serve/request/method-guard.ts. These are all the methods
// Netlify lets a function declare besides GET; TRACE and CONNECT cannot be declared (nor represented by a fetch
// Request), so Netlify answers them itself.
import { methodGuard } from "../serve/request/method-guard.ts";

export default function handler(request: Request): Response | undefined {
  return methodGuard(request);
}

export const config = {
  path: "/*",
  method: ["POST", "PUT", "PATCH", "DELETE", "OPTIONS"],
};
