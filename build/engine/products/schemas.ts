/**
 * /api/v1/schemas/: the JSON Schema of every response and content file, each as served (its own URL as `$id`, so
 * that a validator resolves its `$ref`s from where it is), and their list. Its result is the published schemas.
 */
import { SCHEMA_LIST_FILE, schemaPath } from "../../contract/layout.ts";
import { publishedSchemas } from "../../content/schemas/published-schema.ts";
import { product } from "./product.ts";

export type PublishedSchemas = Map<string, Record<string, unknown>>;

export const schemaFiles = product<never, PublishedSchemas>({
  name: "schemas",
  purpose: "the JSON Schemas every response and content file validates against",
  after: [],
  writes: [schemaPath("{name}"), SCHEMA_LIST_FILE],
  run({ schemas: registry, origin }, output) {
    return {
      async finish() {
        const schemas = publishedSchemas(registry.documents, origin);
        for (const [name, schema] of schemas) await output.json(schemaPath(name), schema, false);
        await output.json(SCHEMA_LIST_FILE, {
          schemas: [...schemas].map(([name, schema]) => ({
            href: schemaPath(name),
            kind: name.startsWith("content-")
              ? "content"
              : name.startsWith("discovery-")
                ? "discovery"
                : name === "common.schema.json"
                  ? "shared"
                  : "response",
            title: String(schema.title),
          })),
        });
        return schemas;
      },
    };
  },
});
