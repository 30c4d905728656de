// Runs under Deno, the edge runtime: the answers entry with `fetch` replaced by one that fails, hangs, answers
// 500, gives a truncated file, loses the index, or serves files of two builds; prints what each request got.
// Each scenario uses its own origin, so that no scenario sees another's kept data. Plain JavaScript, so that
// the project's Node type check leaves this Deno-only file alone.
const [entriesFolder, distA, distB] = Deno.args;
const handler = (await import(`file://${entriesFolder}/answers-query.ts`)).default;

let behaviour = () => "normal";
let reads = 0;

async function fromDist(dist, url) {
  try {
    return new Response(await Deno.readFile(`${dist}${decodeURIComponent(url.pathname)}`), { status: 200 });
  } catch {
    return new Response("Not Found", { status: 404 });
  }
}

globalThis.fetch = async (input, init = {}) => {
  const url = new URL(input instanceof Request ? input.url : String(input));
  const mode = behaviour(url, reads++);
  if (mode === "fail") throw new TypeError("connection refused");
  if (mode === "hang") {
    // Like a real fetch that never gets an answer: it ends only when its signal aborts.
    return await new Promise((_, reject) => init.signal?.addEventListener("abort", () => reject(init.signal.reason)));
  }
  if (mode === "500") return new Response("upstream failed", { status: 500 });
  if (mode === "missing") return new Response("Not Found", { status: 404 });
  if (mode === "truncated") {
    const bytes = new Uint8Array(await (await fromDist(distA, url)).arrayBuffer());
    return new Response(bytes.subarray(0, Math.floor(bytes.length / 2)), { status: 200 });
  }
  return fromDist(mode === "B" ? distB : distA, url);
};

const INDEX = "/api/v1/search/answers.json";
async function ask(origin, target) {
  const started = performance.now();
  const response = await handler(new Request(`${origin}${target}`));
  const text = await response.text();
  return {
    status: response.status,
    type: response.headers.get("content-type"),
    retryAfter: response.headers.get("retry-after"),
    cache: response.headers.get("cache-control"),
    body: text,
    ms: Math.round(performance.now() - started),
  };
}

const results = {};
// Origin faults on the index, then the origin repaired: the next request answers 200.
for (const fault of ["fail", "hang", "500", "truncated", "missing"]) {
  const origin = `http://${fault}.test`;
  behaviour = (url) => (url.pathname === INDEX ? fault : "normal");
  const failed = await ask(origin, "/api/v1/answers?q=room");
  behaviour = () => "normal";
  const repaired = await ask(origin, "/api/v1/answers?q=room");
  results[fault] = { failed, repaired: { status: repaired.status } };
}
// Every read fails, the health file included.
behaviour = () => "fail";
results.everything = { failed: await ask("http://everything.test", "/api/v1/answers?q=room") };

// Two builds: each read alternates between them, or the deploy changes after the first three reads.
const expected = {};
for (const [name, build] of [
  ["A", "normal"],
  ["B", "B"],
]) {
  behaviour = () => build;
  expected[name] = {};
  for (const target of [
    "/api/v1/answers?q=room",
    // One letter, every answer a hit (a stop word with match=any, the default: refused).
    "/api/v1/answers?page=1&q=a&match=all",
    "/api/v1/answers?slug=room-sizing&q=room",
  ])
    expected[name][target] = (await ask(`http://expected-${name}.test`, target)).body;
}
results.flip = [];
for (let round = 0; round < 5; round++) {
  for (const target of Object.keys(expected.A)) {
    reads = 0;
    behaviour = (_url, read) => (read % 2 === 0 ? "normal" : "B");
    const answer = await ask(`http://flip-${round}.test`, target);
    results.flip.push({
      target,
      status: answer.status,
      build:
        answer.body === expected.A[target]
          ? "A"
          : answer.body === expected.B[target]
            ? "B"
            : answer.status === 503
              ? "none"
              : "mixed",
    });
  }
}
reads = 0;
behaviour = (_url, read) => (read < 3 ? "normal" : "B");
const switched = await ask("http://switch.test", "/api/v1/answers?q=room");
results.switch = {
  status: switched.status,
  build:
    switched.body === expected.B["/api/v1/answers?q=room"]
      ? "B"
      : switched.body === expected.A["/api/v1/answers?q=room"]
        ? "A"
        : "mixed",
};
console.log(JSON.stringify(results));
