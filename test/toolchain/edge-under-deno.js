// Runs under Deno, the edge runtime: routes each request to the edge entries as Netlify's manifest (written by
// its own build) routes it, with `fetch` reading the built files, and prints what each entry answered as JSON.
// Plain JavaScript, so that the project's Node type check leaves this Deno-only file alone.
const [manifestPath, entriesFolder, distFolder, casesPath] = Deno.args;
const manifest = JSON.parse(await Deno.readTextFile(manifestPath));
const cases = JSON.parse(await Deno.readTextFile(casesPath));

// The origin of every edge read is the deploy itself: here, the built folder.
globalThis.fetch = async (input) => {
  const url = new URL(input instanceof Request ? input.url : String(input));
  try {
    return new Response(await Deno.readFile(`${distFolder}${decodeURIComponent(url.pathname)}`), { status: 200 });
  } catch {
    return new Response("Not Found", { status: 404 });
  }
};

const routes = [...manifest.routes, ...manifest.post_cache_routes];
const handlers = new Map();
for (const route of routes) {
  if (!handlers.has(route.function))
    handlers.set(route.function, (await import(`file://${entriesFolder}/${route.function}.ts`)).default);
}
const excludedFor = (route) => [
  ...route.excluded_patterns,
  ...(manifest.function_config[route.function]?.excluded_patterns ?? []),
];

function base64(bytes) {
  let binary = "";
  for (let at = 0; at < bytes.length; at += 8192) binary += String.fromCharCode(...bytes.subarray(at, at + 8192));
  return btoa(binary);
}

const results = [];
for (const { url, method, headers, body } of cases) {
  const request = new Request(url, { method, headers, body });
  const { pathname } = new URL(url);
  let answer = null;
  for (const route of routes) {
    if (route.methods?.length && !route.methods.includes(method)) continue;
    if (
      !new RegExp(route.pattern).test(pathname) ||
      excludedFor(route).some((pattern) => new RegExp(pattern).test(pathname))
    )
      continue;
    const response = await handlers.get(route.function)(request);
    if (!response) continue;
    // What goes on the wire: a server sends no body in answer to HEAD, whatever the handler gave.
    const body = method === "HEAD" ? new Uint8Array() : new Uint8Array(await response.arrayBuffer());
    answer = { function: route.function, status: response.status, headers: [...response.headers], body: base64(body) };
    break;
  }
  results.push(answer);
}
console.log(JSON.stringify(results));
