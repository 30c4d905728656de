/**
 * The OpenAPI 3.1 document, generated from the response schemas in schemas/ (each schema and each of its
 * $defs a component, their references rewritten), the service facts, and examples taken from the built files.
 * No `jsonSchemaDialect`: with it, some validators silently skip response validation.
 */
import type { SiteSettings } from "../../content/load/types.ts";
import {
  malformedParameterDetail,
  methodNotAllowedDetail,
  ONLY_STOP_WORDS_DETAIL,
  PROBLEM_TYPES,
  type ProblemType,
} from "../../contract/problems.ts";
import { ALLOWED_METHODS, EXPOSED_HEADERS, PREFLIGHT_MAX_AGE, PROBLEM_TYPE } from "../../contract/http.ts";
import { MAX_PAGE, MAX_QUERY_CODE_POINTS } from "../../contract/limits.ts";
import { SORT_ORDERS } from "../../search/search-reader.ts";
import { MATCH_MODES } from "../../search/query-words.ts";
import {
  ENDPOINTS,
  type Endpoint,
  PARAMETER_RULES,
  QUERY_EXAMPLES,
  QUERY_PARAMETERS,
  AUTHENTICATION_STATEMENT,
  MARKDOWN_FOR_AGENTS,
} from "./service-facts.ts";
import { BROWSER_CACHE } from "../../contract/header-rules.ts";
import {
  ANSWERS_ENDPOINT,
  ANSWERS_PARAMETERS_TEXT,
  API_NOT_FOUND_DETAIL,
  ANSWERS_SEARCH_FOLDER,
  ANSWERS_SEARCH_INDEX_FILE,
  answerMarkdownPath,
  answerPath,
  OPENAPI_FILE,
  SCHEMA_LIST_FILE,
  SCHEMAS_FOLDER,
  RESERVED_ANSWER_SLUGS,
  SLUG_PATTERN,
} from "../../contract/layout.ts";

type Json = Record<string, unknown>;

export interface OpenApiInput {
  site: SiteSettings;
  origin: string;
  schemas: ReadonlyMap<string, Json>;
  /** Bodies of built files by path, for examples. */
  examples: ReadonlyMap<string, unknown>;
  /** Computed `q` responses of this build (a hit, a miss with suggestions), by example name. */
  searchExamples?: Readonly<Record<string, { summary: string; value: unknown }>>;
  exampleSlug: string;
}

/** A schema's component: its file's name, and the name of the $defs entry when it is one (common-slug). */
const componentName = (file: string, definition?: string) =>
  `${file.replace(/\.schema\.json$/, "")}${definition === undefined ? "" : `-${definition}`}`;
const schemaRef = (file: string) => ({ $ref: `#/components/schemas/${componentName(file)}` });

/**
 * The schemas the roots reach, as components: each file and each entry of a file's $defs a component of its own,
 * with no $id, $schema or $defs, every $ref naming a whole component. Client generators crash on a reference into
 * a component, or type its $defs as a member of the response.
 */
function schemaComponents(roots: readonly string[], schemas: ReadonlyMap<string, Json>): Record<string, Json> {
  const components = new Map<string, Json>();
  // What each name was made from: two schemas named alike (a-b.schema.json, a.schema.json's $defs/b) are refused.
  const madeFrom = new Map<string, string>();
  const pending = roots.map((file) => ({ file, definition: undefined as string | undefined }));
  while (pending.length > 0) {
    const { file, definition } = pending.pop()!;
    const name = componentName(file, definition);
    const source = definition === undefined ? file : `${file}#/$defs/${definition}`;
    const earlier = madeFrom.get(name);
    if (earlier !== undefined && earlier !== source)
      throw new Error(`${earlier} and ${source} would both be the component ${name}`);
    if (earlier !== undefined) continue;
    madeFrom.set(name, source);
    const { $id: _id, $schema: _dialect, $defs, ...whole } = schemas.get(file) ?? {};
    const schema = definition === undefined ? whole : (($defs ?? {}) as Record<string, Json>)[definition];
    if (schema === undefined || Object.keys(schema).length === 0) throw new Error(`${source} is not a schema`);
    const rewrite = (value: unknown): unknown => {
      if (Array.isArray(value)) return value.map(rewrite);
      if (value === null || typeof value !== "object") return value;
      const result: Json = {};
      for (const [key, child] of Object.entries(value)) {
        if (key === "$ref" && typeof child === "string") {
          const [target, pointer = ""] = child.split("#");
          const named = /^\/\$defs\/([^/]+)$/.exec(pointer)?.[1];
          if (pointer !== "" && named === undefined)
            throw new Error(`${source}: $ref ${child} points inside a schema; give what it names a $defs entry`);
          pending.push({ file: target || file, definition: named });
          result.$ref = `#/components/schemas/${componentName(target || file, named)}`;
        } else result[key] = rewrite(child);
      }
      return result;
    };
    components.set(name, rewrite(schema) as Json);
  }
  return Object.fromEntries(components);
}

/** A header's one value, typed: a generator reads a `const` without a `type` as unknown. */
const fixed = (value: string) => ({ type: "string", const: value });

/** A response header; `required` unless it is sent only sometimes. */
const header = (description: string, schema: Json = { type: "string" }, required = true) => ({
  description,
  required,
  schema,
});

export function buildOpenApi(input: OpenApiInput): Json {
  const { site, origin } = input;
  const responseSchemas = [...ENDPOINTS.map((endpoint) => endpoint.schema), "problem.schema.json"];
  const schemas = schemaComponents(responseSchemas, input.schemas);

  const commonHeaders = {
    "Access-Control-Allow-Origin": { $ref: "#/components/headers/AccessControlAllowOrigin" },
    "Access-Control-Expose-Headers": { $ref: "#/components/headers/AccessControlExposeHeaders" },
    "X-Content-Type-Options": { $ref: "#/components/headers/XContentTypeOptions" },
  };
  const successHeaders = {
    ...commonHeaders,
    ETag: { $ref: "#/components/headers/ETag" },
    "Cache-Control": { $ref: "#/components/headers/CacheControl" },
    Link: { $ref: "#/components/headers/Link" },
    Deprecation: { $ref: "#/components/headers/Deprecation" },
    Sunset: { $ref: "#/components/headers/Sunset" },
  };
  // A Markdown twin has no schema to link to.
  const { Link: _link, ...twinHeaders } = successHeaders;
  const problemHeaders = { ...commonHeaders, "Cache-Control": { $ref: "#/components/headers/NoStore" } };
  const problemExample = (kind: ProblemType, detail: string, extra: Json = {}) => ({
    summary: PROBLEM_TYPES[kind].title,
    value: {
      detail,
      status: PROBLEM_TYPES[kind].status,
      title: PROBLEM_TYPES[kind].title,
      type: `${origin}/docs/errors/#${kind}`,
      ...extra,
    },
  });
  const problemResponse = (description: string, examples: Record<string, Json>, headers: Json = problemHeaders) => ({
    description,
    headers,
    content: { [PROBLEM_TYPE]: { schema: schemaRef("problem.schema.json"), examples } },
  });

  /**
   * A Range request on a file: the bytes it selects (one range), with GET's headers. No `content`: the bytes are
   * not a document, and a body schema here is unioned by client generators into the 200's type.
   */
  const partialContent = (mediaType: string, headers: Json = successHeaders) => ({
    description: `Partial Content: a Range header of one byte range (bytes=first-last, bytes=first- or bytes=-suffix) on the file, without q, slug or page. The body is the requested bytes of the ${mediaType} representation that 200 gives (Content-Range says which), with 200's Content-Type: not a document of its own unless the range covers the whole file.`,
    headers: {
      ...headers,
      "Content-Range": header("The bytes sent and the size of the file: bytes first-last/size.", {
        type: "string",
        pattern: "^bytes [0-9]+-[0-9]+/[0-9]+$",
      }),
      "Accept-Ranges": header("Byte ranges are accepted.", fixed("bytes")),
    },
  });
  const responses = {
    PartialContent: partialContent("application/json"),
    PartialMarkdown: partialContent("text/markdown", twinHeaders),
    NotModified: {
      description: "Not Modified: the If-None-Match tag still names the current representation.",
      headers: successHeaders,
    },
    NotModifiedMarkdown: {
      description: "Not Modified: the If-None-Match tag still names the twin's current bytes.",
      headers: twinHeaders,
    },
    BadRequest: problemResponse(`A ${ANSWERS_PARAMETERS_TEXT} the API cannot use.`, {
      invalidQuery: problemExample("invalid-query", "q has no letter or digit, so it cannot match any word.", {
        parameter: "q",
      }),
      queryTooLong: problemExample(
        "query-too-long",
        `q has ${MAX_QUERY_CODE_POINTS + 1} characters; at most ${MAX_QUERY_CODE_POINTS} are accepted.`,
        { parameter: "q" },
      ),
      repeatedParameter: problemExample(
        "repeated-parameter",
        "The parameter slug is given more than once; give it once.",
        { parameter: "slug" },
      ),
      invalidPage: problemExample(
        "invalid-page",
        `page is "0"; it must be a whole number from 1 to ${MAX_PAGE}, in digits with no leading zero.`,
        {
          parameter: "page",
        },
      ),
      invalidSort: problemExample("invalid-sort", 'sort is "score"; it must be relevance or slug.', {
        parameter: "sort",
      }),
      invalidMatch: problemExample("invalid-match", 'match is "strict"; it must be any or all.', {
        parameter: "match",
      }),
      queryOnlyStopWords: problemExample("query-only-stop-words", ONLY_STOP_WORDS_DETAIL, { parameter: "q" }),
      malformedParameter: problemExample("malformed-parameter", malformedParameterDetail("q"), { parameter: "q" }),
      tooManyParameters: problemExample(
        "too-many-parameters",
        "The request has 33 query parameters; at most 32 are accepted.",
      ),
    }),
    // For client generators: any status no operation lists still has a problem document's type.
    OtherProblem: problemResponse(
      "Any other error, as a problem document (RFC 9457): the local server's 403 for a Host, or an Origin at /mcp, that it does not answer (its DNS-rebinding protection), and a 500 should a request fail unexpectedly. The problem types are listed at /docs/errors/.",
      {},
      {},
    ),
    NotFound: problemResponse("No resource at this path.", {
      notFound: problemExample("not-found", API_NOT_FOUND_DETAIL),
    }),
    MethodNotAllowed: problemResponse(
      "The API is read-only.",
      {
        methodNotAllowed: problemExample("method-not-allowed", methodNotAllowedDetail("POST")),
      },
      { ...problemHeaders, Allow: { $ref: "#/components/headers/Allow" } },
    ),
    ServiceUnavailable: problemResponse(
      "A q, slug or page answer whose prebuilt files could not be read just now (the origin failed, hung or was being redeployed). Nothing is cached: retry after Retry-After seconds.",
      {
        serviceUnavailable: problemExample(
          "service-unavailable",
          "The answers could not be read from the API's own files (reading /api/v1/search/answers.json gave status 502). Try again in a few seconds.",
        ),
      },
      {
        ...problemHeaders,
        "Retry-After": header("Seconds to wait before asking again.", { type: "string", pattern: "^[0-9]+$" }),
      },
    ),
    UriTooLong: problemResponse("The request line is longer than 8 KiB.", {
      uriTooLong: problemExample("uri-too-long", "The request line has 9230 bytes; at most 8192 are accepted."),
    }),
    HeadersTooLarge: problemResponse("The request headers are too large.", {
      headersTooLarge: problemExample("headers-too-large", "The request headers exceed the server's limit of 16 KiB."),
    }),
    RangeNotSatisfiable: problemResponse(
      "A Range header selecting no byte of the file. A malformed Range header is ignored: the whole file is sent.",
      {
        rangeNotSatisfiable: problemExample(
          "range-not-satisfiable",
          'The file has 2608 bytes; the range "bytes=5000-" selects none of them.',
        ),
      },
      {
        ...problemHeaders,
        "Content-Range": header("The size of the file: bytes */size.", {
          type: "string",
          pattern: "^bytes \\*/[0-9]+$",
        }),
      },
    ),
    Preflight: {
      description: "A CORS preflight: every origin may GET and HEAD.",
      headers: {
        ...commonHeaders,
        Allow: { $ref: "#/components/headers/Allow" },
        "Access-Control-Allow-Methods": header("The methods any origin may use.", fixed(ALLOWED_METHODS)),
        "Access-Control-Allow-Headers": header(
          "The request headers any origin may send: those the preflight's Access-Control-Request-Headers names, else *.",
          { type: "string", minLength: 1 },
        ),
        "Access-Control-Max-Age": header(
          "How long a browser may keep this answer, in seconds.",
          fixed(String(PREFLIGHT_MAX_AGE)),
        ),
        "Cache-Control": header(
          "A day, for a cache that would keep it: HTTP caches keep no answer to OPTIONS (RFC 9110, section 9.3.7); browsers keep a preflight's answer as long as Access-Control-Max-Age says.",
          fixed(`public, max-age=${PREFLIGHT_MAX_AGE}`),
        ),
        Vary: header("The allowed headers echo the request's.", fixed("Access-Control-Request-Headers")),
      },
    },
  };

  // The request headers that give 304, 206 and 416: declared, so that a generated client has a typed way to send
  // them. Accept, Content-Type and Authorization would be ignored as parameters; none of them changes an answer.
  const headerParameters = {
    IfNoneMatch: {
      name: "If-None-Match",
      in: "header",
      required: false,
      description:
        "ETags from earlier responses, comma-separated, or *. Each representation has a strong tag of its own (a compressed one too). When one names the current representation, or * is sent and the resource exists, the answer is 304 with no body.",
      schema: { type: "string", minLength: 1 },
    },
    Range: {
      name: "Range",
      in: "header",
      required: false,
      description:
        "One byte range of the file (bytes=first-last, bytes=first- or bytes=-suffix): 206 with those bytes, or 416 when it selects none. Several ranges, or a malformed one, are ignored and the whole file is sent; so is any range on an answer computed from q, slug or page. If-Range makes it conditional.",
      schema: { type: "string", pattern: "^bytes=([0-9]+-[0-9]*|-[0-9]+)$" },
    },
    // A resumed download never splices two versions of a file.
    IfRange: {
      name: "If-Range",
      in: "header",
      required: false,
      description:
        "Makes Range conditional: the range is sent (206) while this names the file's current ETag, the uncompressed one a 206 carries; otherwise the whole file is sent with 200. A date never matches: no Last-Modified is sent.",
      schema: { type: "string", minLength: 1 },
    },
  };
  const headerRef = (name: keyof typeof headerParameters) => ({ $ref: `#/components/parameters/${name}` });
  // What a GET of a file (or of a page made from files) may be made conditional or partial by.
  const fileRequestHeaders = [headerRef("IfNoneMatch"), headerRef("Range"), headerRef("IfRange")];

  const queryParameters = Object.fromEntries(
    Object.values(QUERY_PARAMETERS).map((parameter) => [
      parameter.name,
      {
        name: parameter.name,
        in: "query",
        required: false,
        description: [parameter.summary, ...parameter.rules, ...PARAMETER_RULES].join(" "),
        schema:
          parameter.name === "q"
            ? { type: "string", minLength: 1, maxLength: MAX_QUERY_CODE_POINTS }
            : parameter.name === "page"
              ? { type: "integer", minimum: 1, maximum: MAX_PAGE, default: 1 }
              : parameter.name === "sort"
                ? { type: "string", enum: [...SORT_ORDERS] }
                : parameter.name === "match"
                  ? { type: "string", enum: [...MATCH_MODES], default: "any" }
                  : { type: "string" },
        ...(parameter.name === "q"
          ? {
              examples: Object.fromEntries(
                QUERY_EXAMPLES.map((example, index) => [
                  `example${index + 1}`,
                  { summary: example.shows, value: example.q },
                ]),
              ),
            }
          : {}),
        ...(parameter.name === "slug" ? { example: input.exampleSlug } : {}),
        ...(parameter.name === "page" ? { example: 1 } : {}),
        ...(parameter.name === "sort" ? { example: "slug" } : {}),
        ...(parameter.name === "match" ? { example: "all" } : {}),
      },
    ]),
  );
  const parameters = { ...queryParameters, ...headerParameters };

  // Any request, whatever its path and method, is refused for its size before either is looked at.
  const sizeLimits = {
    "414": { $ref: "#/components/responses/UriTooLong" },
    "431": { $ref: "#/components/responses/HeadersTooLarge" },
  };
  // What every path answers alike, as the method guard does before any path is looked at: the CORS preflight,
  // and 405 to the methods that would write.
  const otherMethods = (operation: string, tag: string) => ({
    options: {
      operationId: `options${operation}`,
      summary: "CORS preflight",
      tags: [tag],
      responses: { "204": { $ref: "#/components/responses/Preflight" }, ...sizeLimits },
    },
    ...Object.fromEntries(
      (["post", "put", "patch", "delete"] as const).map((method) => [
        method,
        {
          operationId: `${method}${operation}`,
          summary: `${method.toUpperCase()} is refused: the API is read-only`,
          tags: [tag],
          responses: { "405": { $ref: "#/components/responses/MethodNotAllowed" }, ...sizeLimits },
        },
      ]),
    ),
  });

  /** A file of an endpoint's (its canonical file, a page): GET and HEAD as on any file, 404 where it may be absent. */
  const fileItem = (
    endpoint: Endpoint,
    kind: string,
    {
      summary,
      description,
      examples,
      missing,
    }: { summary: string; description: string; examples?: Json; missing?: boolean },
  ) => {
    const operation = `${endpoint.operation}${kind}`;
    const absent = missing ? { "404": { $ref: "#/components/responses/NotFound" } } : {};
    return {
      get: {
        operationId: `get${operation}`,
        summary,
        description,
        tags: [endpoint.name],
        parameters: fileRequestHeaders,
        responses: {
          "200": {
            description: endpoint.name,
            headers: successHeaders,
            content: { "application/json": { schema: schemaRef(endpoint.schema), ...(examples ? { examples } : {}) } },
          },
          "206": { $ref: "#/components/responses/PartialContent" },
          "304": { $ref: "#/components/responses/NotModified" },
          ...absent,
          ...sizeLimits,
          "416": { $ref: "#/components/responses/RangeNotSatisfiable" },
        },
      },
      head: {
        operationId: `head${operation}`,
        summary: `The headers of: ${summary.charAt(0).toLowerCase()}${summary.slice(1)}; no body`,
        tags: [endpoint.name],
        parameters: [headerRef("IfNoneMatch")],
        responses: {
          "200": { description: `${endpoint.name}: GET's headers, no body.`, headers: successHeaders },
          "304": { $ref: "#/components/responses/NotModified" },
          ...absent,
          ...sizeLimits,
        },
      },
      ...otherMethods(operation, endpoint.name),
    };
  };

  const paths: Json = {};
  for (const endpoint of ENDPOINTS) {
    const example = input.examples.get(endpoint.file);
    const parameterRefs = endpoint.parameters.map((name) => ({ $ref: `#/components/parameters/${name}` }));
    const errors = {
      ...(endpoint.parameters.length > 0
        ? {
            "400": { $ref: "#/components/responses/BadRequest" },
            "503": { $ref: "#/components/responses/ServiceUnavailable" },
          }
        : {}),
      ...sizeLimits,
    };
    const published = {
      summary: `From the published data: ${endpoint.file}${isCollectionExample(example) ? `, its first item only, ${CUT_LISTS}` : ""}`,
      value: example,
    };
    const examples: Json = { [endpoint.path === ANSWERS_ENDPOINT ? "firstAnswer" : "current"]: published };
    if (endpoint.path === ANSWERS_ENDPOINT) {
      examples.bySlug = {
        summary: `?slug=${input.exampleSlug}`,
        value: input.examples.get(answerPath(input.exampleSlug)),
      };
      Object.assign(examples, input.searchExamples ?? {});
    }
    const tag = endpoint.name;
    paths[endpoint.path] = {
      get: {
        operationId: `get${endpoint.operation}`,
        summary: endpoint.summary,
        description: `${endpoint.description}\n\nCanonical file: \`${endpoint.file}\` (what a mirror holds).`,
        tags: [tag],
        parameters: [...parameterRefs, ...fileRequestHeaders],
        responses: {
          "200": {
            description: endpoint.name,
            headers: successHeaders,
            content: { "application/json": { schema: schemaRef(endpoint.schema), examples } },
          },
          "206": { $ref: "#/components/responses/PartialContent" },
          "304": { $ref: "#/components/responses/NotModified" },
          ...errors,
          "416": { $ref: "#/components/responses/RangeNotSatisfiable" },
        },
      },
      head: {
        operationId: `head${endpoint.operation}`,
        summary: `The headers of GET ${endpoint.path}, without the body`,
        tags: [tag],
        parameters: [...parameterRefs, headerRef("IfNoneMatch")],
        responses: {
          "200": { description: `${endpoint.name}: GET's headers, no body.`, headers: successHeaders },
          "304": { $ref: "#/components/responses/NotModified" },
          ...errors,
        },
      },
      ...otherMethods(endpoint.operation, tag),
    };
    // The canonical file, which the JSON's links name (links.self, the root's links): a client that follows them
    // reaches a documented operation, not the catch-all's 404. Listed before {slug}.json, which index.json is not.
    paths[endpoint.file] = fileItem(endpoint, "File", {
      summary: `The canonical file of ${endpoint.path}`,
      description: `What ${endpoint.path} answers without parameters, as the file the JSON's links name and a mirror holds. A file: it takes no query parameters.`,
      examples: { current: published },
    });
    // A collection past one page: its pages' files, which every link of its pages names (links.self too).
    if (endpoint.pages)
      paths[endpoint.pages] = {
        parameters: [
          {
            name: "n",
            in: "path",
            required: true,
            description: "The page's number, from 1 to the collection's meta.page_count.",
            schema: { type: "string", pattern: "^[1-9][0-9]*$" },
            example: "2",
          },
        ],
        ...fileItem(endpoint, "Page", {
          summary: `A page of ${endpoint.path}, as a file`,
          description: `The file of page n of ${endpoint.path}, written once the collection outgrows one page (page 1 is then also ${endpoint.file}); the links of every page name these files. 404 past the last page, and while the collection fits one page. A file: it takes no query parameters.`,
          missing: true,
        }),
      };
  }
  const slugInPath = {
    name: "slug",
    in: "path",
    required: true,
    description: "An answer's slug.",
    // A slug as the content has them: the names other files of the folder use are none (index.json is the collection's).
    schema: {
      type: "string",
      pattern: SLUG_PATTERN.source,
      not: { type: "string", enum: [...RESERVED_ANSWER_SLUGS.keys()] },
    },
    example: input.exampleSlug,
  };
  // Each answer's own file, which `links.self` of every answer names: a file, with no parameters of its own.
  paths[answerPath("{slug}")] = {
    parameters: [slugInPath],
    get: {
      operationId: "getAnswer",
      summary: "One answer's own file: the collection envelope holding that answer alone",
      description: `The file every answer's links.self names, the canonical file of ?slug= (the same body). A file: it takes no ${ANSWERS_PARAMETERS_TEXT}.`,
      tags: ["Buyer answers"],
      parameters: fileRequestHeaders,
      responses: {
        "200": {
          description: "The answer, alone in the collection envelope.",
          headers: successHeaders,
          content: {
            "application/json": {
              schema: schemaRef("answers.schema.json"),
              examples: {
                answer: {
                  summary: `From the published data: ${answerPath(input.exampleSlug)}`,
                  value: input.examples.get(answerPath(input.exampleSlug)),
                },
              },
            },
          },
        },
        "206": { $ref: "#/components/responses/PartialContent" },
        "304": { $ref: "#/components/responses/NotModified" },
        "404": { $ref: "#/components/responses/NotFound" },
        ...sizeLimits,
        "416": { $ref: "#/components/responses/RangeNotSatisfiable" },
      },
    },
    head: {
      operationId: "headAnswer",
      summary: "The headers of an answer's own file, without the body",
      tags: ["Buyer answers"],
      parameters: [headerRef("IfNoneMatch")],
      responses: {
        "200": { description: "The file's headers, no body.", headers: successHeaders },
        "304": { $ref: "#/components/responses/NotModified" },
        "404": { $ref: "#/components/responses/NotFound" },
        ...sizeLimits,
      },
    },
    ...otherMethods("Answer", "Buyer answers"),
  };
  // The Markdown twins: files, with no parameters of their own.
  paths[answerMarkdownPath("{slug}")] = {
    parameters: [slugInPath],
    get: {
      operationId: "getAnswerMarkdown",
      summary: "One answer as Markdown: its twin",
      description: `${MARKDOWN_FOR_AGENTS.files[0].what}. All of them in one file: /llms-full.txt; the map: /llms.txt.`,
      tags: ["Buyer answers"],
      parameters: fileRequestHeaders,
      responses: {
        "200": {
          description: "The answer's Markdown twin.",
          headers: twinHeaders,
          content: { "text/markdown": { schema: { type: "string" } } },
        },
        "206": { $ref: "#/components/responses/PartialMarkdown" },
        "304": { $ref: "#/components/responses/NotModifiedMarkdown" },
        "404": { $ref: "#/components/responses/NotFound" },
        ...sizeLimits,
        "416": { $ref: "#/components/responses/RangeNotSatisfiable" },
      },
    },
    head: {
      operationId: "headAnswerMarkdown",
      summary: "The headers of an answer's Markdown twin, without the body",
      tags: ["Buyer answers"],
      parameters: [headerRef("IfNoneMatch")],
      responses: {
        "200": { description: "The twin's headers, no body.", headers: twinHeaders },
        "304": { $ref: "#/components/responses/NotModifiedMarkdown" },
        "404": { $ref: "#/components/responses/NotFound" },
        ...sizeLimits,
      },
    },
    ...otherMethods("AnswerMarkdown", "Buyer answers"),
  };
  paths["/api/{path}"] = {
    parameters: [
      {
        name: "path",
        in: "path",
        required: true,
        // The files a client fetches besides the paths above, so that their 200 does not read as undocumented.
        description: `Any path under /api/ that names no published file. Published besides the paths above (those not ending in .json or .md also with a trailing slash): the OpenAPI document, ${OPENAPI_FILE}; the JSON Schemas, listed at ${SCHEMA_LIST_FILE} and served under ${SCHEMAS_FOLDER}; the search index the q answers read, ${ANSWERS_SEARCH_INDEX_FILE} and the files under ${ANSWERS_SEARCH_FOLDER}/.`,
        schema: { type: "string" },
      },
    ],
    get: {
      operationId: "getUnknown",
      summary: "Any other path under /api/: a JSON 404",
      tags: ["Errors"],
      responses: { "404": { $ref: "#/components/responses/NotFound" }, ...sizeLimits },
    },
    head: {
      operationId: "headUnknown",
      summary: "Any other path under /api/: 404, no body",
      tags: ["Errors"],
      responses: { "404": { $ref: "#/components/responses/NotFound" }, ...sizeLimits },
    },
    ...otherMethods("Unknown", "Errors"),
  };

  for (const item of Object.values(paths) as Array<Record<"get" | "head", { responses: Json }>>)
    for (const method of ["get", "head"] as const)
      item[method].responses.default = { $ref: "#/components/responses/OtherProblem" };

  return {
    openapi: "3.1.1",
    info: {
      title: site.name,
      version: site.version,
      summary: "Read-only public research API for meeting-room audio-visual buyer data.",
      description: [
        site.description,
        "",
        `**Authentication.** ${AUTHENTICATION_STATEMENT}`,
        "",
        "**Rate limits.** None: no quotas, no keys. The files are static and served from a CDN.",
        "",
        `**How to cite.** ${site.citation}`,
        "",
        `Every public URL is an alias of a canonical .json file; the links inside the JSON point at those files, so they work on any mirror. Human docs: ${origin}/docs/.`,
      ].join("\n"),
      contact: { name: site.contact.name, url: `${origin}${site.contact.url}` },
      license: { name: site.licence.name, url: site.licence.url },
    },
    servers: [{ url: origin, description: "This deployment" }],
    security: [],
    tags: [
      ...ENDPOINTS.map((endpoint) => ({ name: endpoint.name, description: endpoint.summary })),
      { name: "Errors", description: "Problem responses (RFC 9457)." },
    ],
    externalDocs: { description: "Human-readable documentation", url: `${origin}/docs/` },
    paths,
    components: {
      schemas,
      parameters,
      responses,
      headers: {
        ETag: header("A strong validator of this representation; send it in If-None-Match to get 304."),
        CacheControl: header(
          "Browsers revalidate every time; the CDN keeps the response until the next deploy.",
          fixed(BROWSER_CACHE),
        ),
        NoStore: header("Problems are never cached.", fixed("no-store")),
        Link: header(
          "Relative links to the body's JSON Schema (describedby), the API catalog (api-catalog) and this document (service-desc). An answer names its Markdown twin in its JSON (links.markdown), not here.",
        ),
        AccessControlAllowOrigin: header("CORS is open to every origin, without credentials.", fixed("*")),
        AccessControlExposeHeaders: header("Headers scripts on other origins may read.", fixed(EXPOSED_HEADERS)),
        XContentTypeOptions: header("No content sniffing.", fixed("nosniff")),
        Allow: header("The methods the API answers.", fixed(ALLOWED_METHODS)),
        Deprecation: header(
          "Only once v1 is deprecated (RFC 9745): the date, as @ and seconds since 1970. The root resource repeats it under versioning.",
          { type: "string", pattern: "^@-?[0-9]+$" },
          false,
        ),
        Sunset: header(
          "Only once a date is set for v1 to end (RFC 8594): that date, as an HTTP date.",
          { type: "string" },
          false,
        ),
      },
    },
  };
}

/** How an example of a collection is cut, as its summary says. */
export const CUT_LISTS = "each of its lists of objects cut to its first entry";

/** Whether an example is of a collection of several items (not one answer's file): shown cut (shortExample). */
function isCollectionExample(example: unknown): example is { data: unknown[] } {
  const body = example as { data?: unknown; meta?: { total?: number } } | undefined;
  return Array.isArray(body?.data) && (body.meta?.total ?? 0) > 1;
}

/**
 * A built file's body as its example: a collection (its first page's, which a product may have cut to one item
 * already) as its first item with CUT_LISTS; anything else whole. The evidence register's first family, with all its
 * records, was 421 KB of a 1.1 MB document, which agents and client generators read whole.
 */
export function shortExample(body: unknown): unknown {
  return isCollectionExample(body) ? { ...body, data: body.data.slice(0, 1).map(firstOfLists) } : body;
}

/** An item with each of its lists of objects cut to its first entry; its other fields whole. */
export function firstOfLists(item: unknown): unknown {
  if (typeof item !== "object" || item === null) return item;
  return Object.fromEntries(
    Object.entries(item).map(([key, value]) => [
      key,
      Array.isArray(value) && value.length > 1 && typeof value[0] === "object" && !Array.isArray(value[0])
        ? value.slice(0, 1)
        : value,
    ]),
  );
}
