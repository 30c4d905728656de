/**
 * The local server: Netlify's request chain on our files. Edge entries first (as declared inline in the
 * folder netlify.toml names), then the redirect rules (first match, shadowed by an existing file unless
 * forced, 404 rules served with status 404) of dist/_redirects and the header rules of dist/_headers, then the file through
 * serve-handler, with strong ETags, 304s and gzip or brotli. One log line per request.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { Socket } from "node:net";
import path from "node:path";
import { MAX_REQUEST_LINE, requestLineLength } from "../../contract/http.ts";
import { MCP_PATH } from "../../contract/layout.ts";
import { HEADERS_FILE_PATH, NETLIFY_CONFIGURATION_FILES, REDIRECTS_FILE_PATH } from "../../contract/unlisted-files.ts";
import { OriginError, ownOrigins, type ReadFile, snapshotTiming } from "../request/deploy-snapshot.ts";
import { mcpBusyResponse } from "../request/mcp.ts";
import { problemResponse, uriTooLongDetail } from "../request/problems.ts";
import { corsHeaders, ifNoneMatchHits } from "../request/response-headers.ts";
import { byteRange, rangeBounds, sendRange, serveWithServeHandler } from "./byte-ranges.ts";
import {
  decodePath,
  requestUrl,
  sendNotFound,
  sendProblem,
  sendWebResponse,
  webHeaders,
  webRequest,
} from "./node-web-bridge.ts";
import { type Authority, parseAuthority } from "../../contract/local-hosts.ts";
import { hostGuard } from "./host-guard.ts";
import { answerClientError, answerConnect, refuseMethod } from "./socket-answers.ts";
import { loadNetlifyConfig, type NetlifyConfig } from "./netlify-config.ts";
import {
  COMPRESSION_THRESHOLD,
  bytesView,
  fileBytes,
  isCompressible,
  isNotFound,
  LOOK_AGAIN_MS,
  negotiateEncoding,
  REMEMBERED_KEY_MAX,
  type ServedFiles,
  StaticFiles,
} from "./static-files.ts";

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/**
 * How long a kept-alive connection may stay idle: Node's 5 s counts from when a response is handed to the socket,
 * so a client still reading a large one (a `q` page is some 500 KB) on a loaded machine sent its next request as
 * the server closed the connection, and saw "other side closed": 2 of 6,362 requests in the bench's load, 3 to 5
 * of 4,000 with 200 clients asking `q`; none with this. Sent as `Keep-Alive: timeout=65`, which clients follow.
 */
const KEEP_ALIVE_MS = 65_000;

/**
 * MCP answers being made or sent at once, at most: each may be megabytes (a batch of ten searches, some 19 MB), held
 * until its client reads it, so that a few clients posting and not reading filled the memory until the process died
 * (150 sockets, 43 s). Past this many, another is told to come back (503). A connection sending nothing and taking
 * nothing for STALLED_MS (a response its client does not read) is closed, which frees its place.
 */
const MCP_IN_FLIGHT = 8;
const STALLED_MS = 60_000;

export interface LocalServerOptions {
  dist: string;
  /** Served instead of the files of `dist` when given: the dev loop's last good build, in memory. */
  files?: ServedFiles;
  netlifyConfigPath: string;
  /** Receives one line per request; silent when absent. */
  log?: (line: string) => void;
  /** Told of every rule that answers a request, so the tests can prove each rule is reached. */
  onRule?: (kind: "edge" | "redirect" | "header", id: string) => void;
  /** Archive mode: this Date header on every response instead of the clock's, so a WARC is reproducible. */
  fixedDate?: string;
  /**
   * Milliseconds of a monotonic clock (performance.now), by which the server decides when to look at the folder,
   * _headers and the deploy's digest again; tests move their own instead of waiting.
   */
  now?: () => number;
  /** Told when a request finds the output folder absent and waits for a rebuild's swap to bring it back. */
  onSwapWait?: () => void;
  /** MCP answers made or sent at once, at most (MCP_IN_FLIGHT); the tests lower it. */
  mcpInFlight?: number;
  /**
   * Hosts (ALLOWED_HOSTS) this server answers besides its loopback names and the address a connection arrived at;
   * any other Host, and on /mcp any other Origin, gets 403 (./host-guard.ts). The check cannot be turned off.
   */
  allowedHosts?: readonly Authority[];
}

export async function createLocalServer(options: LocalServerOptions): Promise<Server> {
  const now = options.now ?? (() => performance.now());
  // Node loads its web APIs (undici: Headers, Request, Response) when one is first used, some 25-35 ms: here, not in
  // the first request.
  new Headers();
  // The edge entries in this process see a rebuild as soon as the files do.
  snapshotTiming.recheckMs = LOOK_AGAIN_MS;
  snapshotTiming.now = now;
  const files = options.files ?? new StaticFiles(path.resolve(options.dist), { now, onSwapWait: options.onSwapWait });
  const currentConfig = netlifyConfigOf(options, files);
  await currentConfig();
  // Each origin it answers for (after the host check), its edge entries read from its files; forgotten at close.
  const origins = new Set<string>();
  const readOwn = filesReader(files);
  const ownOrigin = (origin: string) => {
    if (origins.has(origin)) return;
    origins.add(origin);
    ownOrigins.set(origin, readOwn);
  };
  let mcpAnswering = 0;
  const onRequest = (incoming: IncomingMessage, outgoing: ServerResponse) => {
    const started = performance.now();
    if (incoming.method === "POST" && requestUrl(incoming).pathname === MCP_PATH) {
      if (mcpAnswering >= (options.mcpInFlight ?? MCP_IN_FLIGHT))
        return void sendWebResponse(outgoing, mcpBusyResponse());
      mcpAnswering++;
      outgoing.once("close", () => mcpAnswering--);
    }
    const requested = incoming.url;
    if (options.fixedDate) {
      outgoing.sendDate = false;
      outgoing.setHeader("Date", options.fixedDate);
    }
    outgoing.on("finish", () => {
      options.log?.(
        `${incoming.method} ${requested} ${outgoing.statusCode} ${(performance.now() - started).toFixed(1)}ms`,
      );
    });
    currentConfig()
      .then((config) => handle(incoming, outgoing, config, files, options, ownOrigin))
      .catch((error: unknown) => {
        options.log?.(`error: ${error instanceof Error ? error.stack : String(error)}`);
        if (!outgoing.headersSent)
          sendProblem(
            outgoing,
            incoming,
            "internal-error",
            "The server failed while answering this request; its log says why.",
          );
        else outgoing.destroy();
      });
  };
  // Node would answer a missing Host (HTTP/1.1) and an Expect it does not know itself, bare and without our headers:
  // the first is our JSON 400; an unknown expectation is ignored, as RFC 9110 (10.1.1) allows.
  const server = createServer({ requireHostHeader: false }, onRequest);
  // A client may send its request and close its half at once (HTTP/1.0 tools, `nc -N`): by default Node then drops the
  // request before our answer, which waits on a promise, is written. Half-open, the answer goes out and ends the socket
  // (Node's own switch since v14, left out of its types).
  (server as Server & { httpAllowHalfOpen: boolean }).httpAllowHalfOpen = true;
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.timeout = STALLED_MS;
  server.on("checkExpectation", onRequest);
  server.on("clientError", (error: NodeJS.ErrnoException, socket: Socket) => void answerClientError(error, socket));
  // Node hands CONNECT to this listener, never to the request handler; unanswered, the socket would hang.
  server.on(
    "connect",
    (incoming: IncomingMessage, socket: Socket) => void answerConnect(socket, incoming.url, incoming.headers.host),
  );
  server.on("close", () => {
    for (const origin of origins) if (ownOrigins.get(origin) === readOwn) ownOrigins.delete(origin);
  });
  return server;
}

async function handle(
  incoming: IncomingMessage,
  outgoing: ServerResponse,
  config: NetlifyConfig,
  files: ServedFiles,
  options: LocalServerOptions,
  ownOrigin: (origin: string) => void,
): Promise<void> {
  const method = incoming.method ?? "GET";
  const target = incoming.url ?? "/";
  const line = requestLineLength(method, target);
  if (line > MAX_REQUEST_LINE) return sendProblem(outgoing, incoming, "uri-too-long", uriTooLongDetail(line));
  // The asterisk form names the server, not a resource, and only for OPTIONS (RFC 9112 §3.2.4): it was read as "/".
  if (target === "*" && method !== "OPTIONS")
    return sendProblem(outgoing, incoming, "bad-request", `"${method} *" names no resource: only OPTIONS takes "*".`);
  // A fragment, or a backslash in the path, cannot stand in a request target (RFC 9112 §3.2, RFC 3986): read as a URL,
  // the backslash became a slash and the fragment was dropped (/api/v1\answers answered as the collection). A browser
  // sends neither; one sends a backslash of the query as it is, which is let through.
  if (/^[^?]*\\|#/.test(target))
    return sendProblem(
      outgoing,
      incoming,
      "bad-request",
      "The request target holds a # or, in its path, a backslash, which a URI cannot: percent-encode it (%23, %5C).",
    );
  // RFC 9112 (3.2): an HTTP/1.1 request names its host in one Host line; Node's `host` keeps only the first of two.
  const hosts = incoming.headersDistinct.host ?? [];
  if (hosts.length > 1 || (incoming.httpVersion === "1.1" && hosts.length === 0))
    return sendProblem(
      outgoing,
      incoming,
      "bad-request",
      `An HTTP/1.1 request must name its host in one Host header; this one has ${hosts.length}.`,
    );
  // And one that is not a host name with an optional port is refused as malformed, before any host is weighed.
  if (hosts[0] && !parseAuthority(hosts[0]))
    return sendProblem(
      outgoing,
      incoming,
      "bad-request",
      `The Host header ${JSON.stringify(hosts[0].slice(0, 200))} is not a host name with an optional port.`,
    );
  const url = requestUrl(incoming);
  // 0. DNS rebinding: a request naming a host this server does not answer goes no further.
  const refused = hostGuard(incoming, url, options.allowedHosts ?? []);
  if (refused) return sendWebResponse(outgoing, refused);
  ownOrigin(url.origin);
  const header = (name: string) => {
    const value = incoming.headers[name];
    return Array.isArray(value) ? value.join(", ") : value;
  };

  // 1. Edge entries, as their inline declarations say. A web Request is made only for an entry that applies.
  const entries = config.edgeEntries.filter((entry) => entry.matches(method, url.pathname));
  const request = entries.length > 0 ? webRequest(url, method, webHeaders(incoming), incoming) : undefined;
  for (const entry of request ? entries : []) {
    options.onRule?.("edge", entry.name);
    const response = await entry.handler(request!);
    if (response) return sendWebResponse(outgoing, response);
  }
  // Methods Netlify's declaration cannot list (or that fetch cannot even represent) are refused here too.
  if (method !== "GET" && method !== "HEAD")
    return sendWebResponse(outgoing, refuseMethod(url, method, webHeaders(incoming)));

  // 2. Redirect rules: the first match, unless a file exists at the path and the rule is not forced.
  const requestPath = decodePath(url.pathname);
  let servePath = requestPath;
  let status = 200;
  const match = memo.redirects(config, `${url.host}${url.pathname}${url.search}`, () =>
    config.matchRedirect({
      host: url.host,
      // An escaped slash is a character of its segment (RFC 3986 §2.2), which the matcher would decode into a
      // separator (/api/v1/answers%2F read as the collection): escaped once more, it stays one.
      pathname: url.pathname.replace(/%2f/gi, "%252F"),
      search: url.search,
      getHeader: (name) => header(name.toLowerCase()) ?? "",
    }),
  );
  if (match) {
    const shadowed = !match.force && (await files.resolve(requestPath)) !== undefined;
    if (!shadowed) {
      options.onRule?.("redirect", String(match.rule.index));
      if (REDIRECT_STATUSES.has(match.status)) return redirect(outgoing, match.status, match.to);
      servePath = decodePath(new URL(match.to, url).pathname);
      status = match.status;
    }
  }

  // 3. The file, with the header rules of the request path and then of the file served (the file's win).
  // Netlify reads _headers and _redirects as configuration and never serves them.
  const key = NETLIFY_CONFIGURATION_FILES.has(servePath) ? undefined : await files.resolve(servePath);
  if (!key) return sendNotFound(outgoing, incoming, url);
  // A folder's page asked for without its slash is sent to it, as Netlify does: its relative links would
  // otherwise resolve from the folder above.
  if (
    servePath === requestPath &&
    !requestPath.endsWith("/") &&
    /\/index\.html$/.test(key) &&
    !/\/index\.html$/.test(requestPath)
  )
    return redirect(outgoing, 301, `${url.pathname}/${url.search}`);
  const ruleHeaders = memo.headers(config, `${requestPath}\u0000${servePath}`, () => {
    const merged: { values: Record<string, string>; rules: string[] } = { values: {}, rules: [] };
    for (const matchedPath of new Set([requestPath, servePath])) {
      for (const rule of config.headers) {
        if (!rule.forRegExp.test(matchedPath)) continue;
        merged.rules.push(String(rule.index));
        Object.assign(merged.values, rule.values);
      }
    }
    return merged;
  });
  for (const rule of ruleHeaders.rules) options.onRule?.("header", rule);
  // A file a rebuild removed a moment ago (the resolution is remembered briefly) is simply not found; any other
  // failure to read it (EMFILE, EACCES, EISDIR) is the server's, and goes to the internal-error answer.
  const file = await files.load(key).catch((error: unknown) => {
    if (isNotFound(error)) return undefined;
    throw error;
  });
  if (!file) return sendNotFound(outgoing, incoming, url);
  const contentType = ruleHeaders.values["Content-Type"];
  // A large file on disk holds no bytes: it is sent as it is, streamed (static-files.ts, LARGE_FILE_BYTES).
  const compressible = file.bytes !== undefined && isCompressible(contentType) && file.size >= COMPRESSION_THRESHOLD;
  // A range applies to a GET of a 200 only (RFC 9110 §14.2: GET is the one method ranges are defined for), and
  // under If-Range only while the tag it names is still the file's (§13.1.5: a resumed download never splices two
  // versions). No Last-Modified is sent, so a date never matches.
  const ifRange = header("if-range");
  const range =
    method === "GET" && status === 200 && (ifRange === undefined || ifRange.trim() === file.etag)
      ? header("range")
      : undefined;
  const encoding = compressible && !range ? negotiateEncoding(header("accept-encoding")) : undefined;
  // Each representation has its own strong tag: the identity tag, or it with the encoding appended.
  const etag = encoding ? file.etag.replace(/"$/, `-${encoding}"`) : file.etag;
  // A rule's Vary (Accept, on the negotiated pages) is kept beside the encoding's.
  const vary = [ruleHeaders.values.Vary, compressible ? "Accept-Encoding" : undefined].filter(Boolean).join(", ");
  const responseHeaders: Record<string, string> = {
    ...ruleHeaders.values,
    ETag: etag,
    ...(vary ? { Vary: vary } : {}),
  };
  if (status === 200 && ifNoneMatchHits(header("if-none-match") ?? null, etag)) {
    outgoing.writeHead(304, responseHeaders);
    return void outgoing.end();
  }
  if (encoding) {
    const body = await file.variant(encoding);
    outgoing.writeHead(status, {
      ...responseHeaders,
      "Content-Encoding": encoding,
      "Content-Length": String(body.byteLength),
    });
    return void outgoing.end(method === "HEAD" ? undefined : body);
  }
  const wanted = range ? byteRange(range, file.size) : "whole";
  if (wanted === "unsatisfiable") {
    const response = problemResponse(
      { url: url.href, method },
      "range-not-satisfiable",
      `The file has ${file.size} bytes; the range "${range}" selects none of them.`,
      {
        headers: { "Content-Range": `bytes */${file.size}` },
      },
    );
    return sendWebResponse(outgoing, response);
  }
  if (wanted === "whole" && file.bytes) {
    // A whole file already in memory: sent from there. serve-handler answers single byte ranges from the disk.
    outgoing.writeHead(status, { ...responseHeaders, "Accept-Ranges": "bytes", "Content-Length": String(file.size) });
    return void outgoing.end(method === "HEAD" ? undefined : file.bytes);
  }
  // A range, or a large file whole: streamed from the disk by serve-handler.
  if (file.disk) {
    // serve-handler reads the Range header itself: one this request must not apply (or that is ignored, RFC 9110
    // §14.2: another unit, several ranges, a malformed one) goes, and one it applies is given as the bytes it selects
    // (its parser refuses a suffix longer than the file, which selects the whole file).
    if (wanted === "partial") {
      const { start, end } = rangeBounds(range!, file.size);
      incoming.headers.range = `bytes=${start}-${end}`;
    } else delete incoming.headers.range;
    return serveWithServeHandler(incoming, outgoing, file.disk.folder, file.disk.path, status, responseHeaders);
  }
  return sendRange(outgoing, method, file.bytes!, range!, status, responseHeaders);
}

function redirect(outgoing: ServerResponse, status: number, location: string): void {
  outgoing.writeHead(status, { ...corsHeaders(), Location: location, "Content-Length": "0" });
  outgoing.end();
}

/**
 * What depends only on the rules and the path, remembered per loaded configuration (a new configuration, after
 * a rebuild, starts empty). Redirect matches are remembered only when no rule has conditions (country,
 * language, role, cookie), which would make the same path match differently for different requests.
 */
const memo = {
  cache: new WeakMap<NetlifyConfig, { redirects: Map<string, unknown>; headers: Map<string, unknown> }>(),
  of(config: NetlifyConfig) {
    let entry = this.cache.get(config);
    if (!entry) this.cache.set(config, (entry = { redirects: new Map(), headers: new Map() }));
    return entry;
  },
  redirects<T>(config: NetlifyConfig, key: string, compute: () => T): T {
    if (!config.redirectsAreUnconditional) return compute();
    return remember(this.of(config).redirects, key, compute);
  },
  headers<T>(config: NetlifyConfig, key: string, compute: () => T): T {
    return remember(this.of(config).headers, key, compute);
  },
};

function remember<T>(map: Map<string, unknown>, key: string, compute: () => T): T {
  if (map.has(key)) return map.get(key) as T;
  const value = compute();
  if (key.length > REMEMBERED_KEY_MAX) return value;
  // Bounded: hostile clients can send endless distinct paths.
  if (map.size >= 10_000) map.clear();
  map.set(key, value);
  return value;
}

/**
 * netlify.toml with the _headers and _redirects files the build writes into the output. _headers changes with
 * every content change (it holds the home page's script hashes), so each is read again when its file changes.
 */
/** A reader of the served files, as an edge entry reads its deploy: a 404 is undefined, another failure an OriginError. */
function filesReader(files: ServedFiles): ReadFile {
  return async (urlPath) => {
    try {
      const key = await files.resolve(urlPath);
      const file =
        key === undefined
          ? undefined
          : await files.load(key).catch((error: unknown) => {
              if (isNotFound(error)) return undefined;
              throw error;
            });
      return file && bytesView(await fileBytes(file));
    } catch (error) {
      throw new OriginError(`reading ${urlPath} failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
}

function netlifyConfigOf(options: LocalServerOptions, files: ServedFiles): () => Promise<NetlifyConfig> {
  const now = options.now ?? (() => performance.now());
  let loaded: { version: string; config: Promise<NetlifyConfig> } | undefined;
  let checkedAt = 0;
  return async () => {
    // A rebuild is noticed within LOOK_AGAIN_MS; no request pays for a look of its own.
    if (loaded && now() - checkedAt < LOOK_AGAIN_MS) return loaded.config;
    checkedAt = now();
    const [headers, redirects] = await Promise.all([
      files.configurationFile(HEADERS_FILE_PATH),
      files.configurationFile(REDIRECTS_FILE_PATH),
    ]);
    const version = `${headers?.version ?? "none"} ${redirects?.version ?? "none"}`;
    if (!loaded || loaded.version !== version) {
      loaded = {
        version,
        config: loadNetlifyConfig(options.netlifyConfigPath, {
          headersFiles: headers ? [headers.path] : [],
          redirectsFiles: redirects ? [redirects.path] : [],
        }),
      };
    }
    return loaded.config;
  };
}
