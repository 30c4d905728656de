// netlify-redirector ships no types: the part of its API the local server uses.
declare module "netlify-redirector" {
  interface RedirectorRequest {
    scheme: string;
    host: string;
    path: string;
    query: string;
    getHeader(name: string): string;
    getCookie(name: string): string;
  }
  interface Matcher {
    match(request: RedirectorRequest): unknown;
  }
  const redirector: {
    parseJSON(rules: string, options: Record<string, unknown>): Promise<Matcher>;
  };
  export default redirector;
}
