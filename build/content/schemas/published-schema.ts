/**
 * A schema as it is published: what any JSON Schema 2020-12 validator compiles in its strict mode, from the
 * URL it is served at. The build's own validator keeps what only it knows (the `x-hint` of a diagnostic, the
 * calendar check of `partial-date`); the published copy says the same constraints in standard keywords.
 */
import { schemaPath } from "../../contract/layout.ts";

type Json = Record<string, unknown>;

/** The shape of a partial date (YYYY, YYYY-MM or YYYY-MM-DD); the build alone also checks the calendar. */
export const PARTIAL_DATE_PATTERN = "^[0-9]{4}(-(0[1-9]|1[0-2])(-(0[1-9]|[12][0-9]|3[01]))?)?$";

/** Schema `name` as served from `origin`: an absolute `$id`, and no keyword or format a standard validator does not know. */
export function publishedSchema(name: string, document: Json, origin: string): Json {
  return { ...(portable(document) as Json), $id: `${origin}${schemaPath(name)}` };
}

/** Every schema of the registry, published from `origin`, by file name. */
export function publishedSchemas(documents: ReadonlyMap<string, Json>, origin: string): Map<string, Json> {
  return new Map([...documents].map(([name, document]) => [name, publishedSchema(name, document, origin)]));
}

function portable(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(portable);
  if (value === null || typeof value !== "object") return value;
  const result: Json = {};
  for (const [key, child] of Object.entries(value)) {
    // A diagnostic's hint is also worth reading beside the schema: kept as a comment, which every validator ignores.
    if (key === "x-hint")
      result.$comment = [(value as Json).$comment, `Hint: ${String(child)}`].filter(Boolean).join(" ");
    else if (key === "format" && child === "partial-date") result.pattern = PARTIAL_DATE_PATTERN;
    else if (key !== "$comment" || !("x-hint" in value)) result[key] = portable(child);
  }
  return result;
}
