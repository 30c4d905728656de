/**
 * A Frictionless Tabular Data Package of the same data, for researchers who want tables: CSV files
 * (RFC 4180, CRLF, UTF-8) for answers, suppliers, evidence and sources, each with its Table Schema, keys and
 * foreign keys, under /data/. Lists inside a cell are joined with "; ".
 */
import { canonicalJson } from "../../contract/canonical-json.ts";
import type { EvidenceFamilyResource } from "./evidence.ts";
import type { SupplierResource } from "./suppliers.ts";
import { VOCABULARIES } from "./vocabularies.ts";
import { citationText } from "./citation.ts";
import {
  CERTIFICATION_PROGRAMMES,
  COMPLIANCE_RULES,
  SEARCH_AREAS,
  WARRANTY_TERMS,
  type Criterion,
  type Listing,
  type SiteSettings,
  type Source,
} from "../../content/load/types.ts";
import type { AnswerResource } from "../../contract/resources.ts";
import { PARTIAL_DATE_PATTERN } from "../../content/schemas/published-schema.ts";

// Table Schema patterns match the whole value: the JSON Schema pattern without its anchors.
const PARTIAL_DATE = PARTIAL_DATE_PATTERN.replace(/^\^|\$$/g, "");

type FieldType = "string" | "integer" | "number" | "date" | "boolean" | "array";
type Cell = string | number | null | undefined;

interface Field {
  name: string;
  type: FieldType;
  description: string;
  required?: boolean;
  /** A closed vocabulary, published as the field's `enum` constraint. */
  enum?: readonly string[];
  /** The shape of every value, as an XML Schema regular expression (whole value, no anchors), Table Schema's `pattern`. */
  pattern?: string;
}

interface Table<Row> {
  name: string;
  title: string;
  description: string;
  primaryKey: string;
  foreignKeys?: Array<{ fields: string; reference: { resource: string; fields: string } }>;
  fields: Array<Field & { value: (row: Row) => Cell }>;
  rows: readonly Row[];
}

export const DATA_FOLDER = "/data/";
const LIST_SEPARATOR = "; ";
/** Ids and slugs, which never hold the separator. */
const list = (items: readonly string[]) => items.join(LIST_SEPARATOR);
/** Prose, whose items may hold any separator: Table Schema's `array`, a JSON array, which splits back exactly. */
const proseList = (items: readonly string[]) => JSON.stringify(items);

export interface DataPackageInput {
  site: SiteSettings;
  /** The origin the data is published at: the descriptor's homepage is absolute. */
  origin: string;
  generatedAt: string;
  suppliers: readonly SupplierResource[];
  criteria: readonly Criterion[];
  families: readonly EvidenceFamilyResource[];
  sources: readonly Source[];
}

/**
 * The answers table holds what a spreadsheet sorts and filters by, not the bodies: those are in answers.ndjson
 * (Markdown and HTML, beside this table in the same download) and at each row's url and markdown_url. Bodies
 * here were a second copy of the bulk data (a third of the ZIP at 10,000 answers), in cells too long to read.
 */
const ANSWER_FIELDS: Table<AnswerResource>["fields"] = [
  { name: "slug", type: "string", required: true, description: "Exact identifier.", value: (row) => row.slug },
  { name: "title", type: "string", required: true, description: "Title.", value: (row) => row.title },
  {
    name: "question",
    type: "string",
    required: true,
    description: "The buyer's question.",
    value: (row) => row.question,
  },
  { name: "summary", type: "string", required: true, description: "Short answer.", value: (row) => row.summary },
  { name: "tags", type: "string", description: "Tags, separated by '; '.", value: (row) => list(row.tags) },
  {
    name: "product_families",
    type: "string",
    description: "Product family slugs, separated by '; '.",
    value: (row) => list(row.product_families),
  },
  {
    name: "related",
    type: "string",
    description: "Related answer slugs, separated by '; '.",
    value: (row) => list(row.related.map((related) => related.slug)),
  },
  {
    name: "sources",
    type: "string",
    description: "Cited source ids, separated by '; ' (see sources.csv).",
    value: (row) => list(row.sources.map((source) => source.id)),
  },
  {
    name: "reviewed",
    type: "date",
    required: true,
    description: "When the answer was last reviewed.",
    value: (row) => row.reviewed,
  },
  {
    name: "word_count",
    type: "integer",
    required: true,
    description: "Words in the body.",
    value: (row) => row.body.word_count,
  },
  {
    name: "url",
    type: "string",
    required: true,
    description: "The answer's canonical JSON file, root-relative.",
    value: (row) => row.links.self,
  },
  {
    name: "markdown_url",
    type: "string",
    required: true,
    description: "The answer's Markdown twin (its body, with its sources), root-relative.",
    value: (row) => row.links.markdown,
  },
];

/** An answer's line of answers.csv. A function of the answer alone, so that it can be made where the answer is rendered. */
export function answerCsvRow(answer: AnswerResource): string {
  return csvLine(ANSWER_FIELDS.map((field) => field.value(answer)));
}

/** answers.csv as it is written: bytes, and whether a piece of its deflated copy may end after them. */
export interface CsvStream {
  write(bytes: Uint8Array, mayEnd: boolean): Promise<void>;
  close(): Promise<void>;
}

const utf8 = new TextEncoder();

/**
 * Writes the package through an output sink: answers.csv row by row as the answers are compiled (it grows with
 * the collection), the other tables and datapackage.json at the end.
 */
export class DataPackageWriter {
  private answersCsv: CsvStream | undefined;
  private readonly definitions: Array<Table<unknown>>;

  constructor(
    private readonly input: DataPackageInput,
    /** Where its other files are written (the product's checked output). */
    private readonly output: { file(path: string, contents: string): Promise<void> },
  ) {
    this.definitions = tables(input);
  }

  private get answersTable(): Table<unknown> {
    return this.definitions.find((table) => table.name === "answers")!;
  }

  /** The files the package is made of: its tables and its descriptor. */
  get files(): string[] {
    return [...this.definitions.map((table) => `${DATA_FOLDER}${table.name}.csv`), `${DATA_FOLDER}datapackage.json`];
  }

  /**
   * `answersCsv`: where answers.csv is streamed (with a deflated copy for the ZIP, whose pieces may end after a row):
   * its header here, then each answer's line (answerCsvRow) by the caller, then finish().
   */
  async start(answersCsv: CsvStream): Promise<void> {
    this.answersCsv = answersCsv;
    await this.answersCsv.write(utf8.encode(csvLine(this.answersTable.fields.map((field) => field.name))), false);
  }

  /** Closes answers.csv, and writes the other tables and the descriptor. */
  async finish(): Promise<void> {
    await this.answersCsv!.close();
    for (const table of this.definitions) {
      if (table.name !== "answers") await this.output.file(`${DATA_FOLDER}${table.name}.csv`, csv(table));
    }
    await this.output.file(`${DATA_FOLDER}datapackage.json`, canonicalJson(descriptor(this.input, this.definitions)));
  }
}

function tables(input: DataPackageInput): Array<Table<unknown>> {
  const records = input.families.flatMap((family) => family.records.map((record) => ({ family, record })));
  const tables = [
    table<AnswerResource>({
      name: "answers",
      title: "Buyer answers",
      description:
        "One row per answer, in slug order, without its body: every answer's body, in Markdown and in HTML, is in /data/answers.ndjson (one JSON line per answer, in the same order) and in the answer's own file, at url.",
      primaryKey: "slug",
      rows: [], // streamed row by row by the data-package product, into the stream given to start()
      // A list of the register's families: a closed vocabulary too, as a pattern (slugs hold no regex syntax but "-").
      fields: ANSWER_FIELDS.map((field) => {
        if (field.name !== "product_families") return field;
        const family = `(${input.families.map((one) => one.family).join("|")})`;
        return { ...field, pattern: `${family}(${LIST_SEPARATOR}${family})*` };
      }),
    }),
    table<SupplierResource>({
      name: "suppliers",
      title: "Supplier directory",
      description:
        "One row per supplier, in rank order, with the per-criterion scores the rank follows and the facts behind each.",
      primaryKey: "slug",
      rows: input.suppliers,
      fields: [
        { name: "rank", type: "integer", required: true, description: "Position, 1 first.", value: (row) => row.rank },
        { name: "slug", type: "string", required: true, description: "Exact identifier.", value: (row) => row.slug },
        { name: "name", type: "string", required: true, description: "Name.", value: (row) => row.name },
        {
          name: "score",
          type: "number",
          required: true,
          description: "Weighted score, 0 to 5.",
          value: (row) => row.score,
        },
        {
          name: "rank_meaning",
          type: "string",
          required: true,
          description: "What the rank means, as published next to it.",
          value: (row) => row.rank_meaning,
        },
        ...input.criteria.flatMap((criterion) => {
          const column = criterion.id.replaceAll("-", "_");
          return [
            {
              name: `score_${column}`,
              type: "integer" as const,
              required: true,
              description: `${criterion.name} (weight ${criterion.weight}%), 0 to 5.`,
              value: (row: SupplierResource) => row.scores[criterion.id]?.score,
            },
            {
              name: `basis_${column}`,
              type: "string" as const,
              required: true,
              description: `The facts behind score_${column}; the JSON gives their sources.`,
              value: (row: SupplierResource) => row.scores[criterion.id]?.basis,
            },
          ];
        }),
        { name: "website", type: "string", description: "Home page, where known.", value: (row) => row.website },
        { name: "summary", type: "string", required: true, description: "Summary.", value: (row) => row.summary },
        {
          name: "products",
          type: "string",
          description: "Products named by the sources, separated by '; '.",
          value: (row) => list(row.makes.flatMap((made) => made.products)),
        },
        {
          name: "ownership_status",
          type: "string",
          required: true,
          enum: VOCABULARIES.ownershipStatus,
          description: "documented, reported or unknown.",
          value: (row) => row.ownership.status,
        },
        {
          name: "ownership",
          type: "string",
          required: true,
          description: "Who owns the supplier, as far as the sources say.",
          value: (row) => row.ownership.text,
        },
        {
          name: "strengths",
          type: "array",
          description:
            "Strengths, as a JSON array of strings, each item whole (an item may hold '; '); the JSON gives each one's sources.",
          value: (row) => proseList(row.strengths.map((claim) => claim.text)),
        },
        {
          name: "caveats",
          type: "array",
          description:
            "Caveats, as a JSON array of strings, each item whole (an item may hold '; '); the JSON gives each one's sources.",
          value: (row) => proseList(row.caveats.map((claim) => claim.text)),
        },
        ...SEARCH_AREAS.map((area) => ({
          name: `searches_${area.replaceAll("-", "_")}_found`,
          type: "string" as const,
          description: `Source ids the search recorded for ${area} found, separated by '; '; empty when it found nothing. The JSON gives what was looked for, where and when.`,
          value: (row: SupplierResource) => list(row.searches[area].found),
        })),
        {
          name: "sources",
          type: "string",
          description: "Cited source ids, separated by '; '.",
          value: (row) => list(row.sources.map((source) => source.id)),
        },
      ],
    }),
    table<(typeof records)[number]>({
      name: "evidence",
      title: "Evidence register",
      description:
        "One row per record, by family order, supplier rank and product: a status for each certification programme, compliance rule and warranty term.",
      primaryKey: "id",
      foreignKeys: [{ fields: "supplier", reference: { resource: "suppliers", fields: "slug" } }],
      rows: records,
      fields: [
        {
          name: "id",
          type: "string",
          required: true,
          description: "Supplier slug and product, joined by --.",
          value: ({ record }) => record.id,
        },
        {
          name: "family",
          type: "string",
          required: true,
          enum: input.families.map((family) => family.family),
          description: "Product family slug, one of the register's families.",
          value: ({ family }) => family.family,
        },
        {
          name: "supplier",
          type: "string",
          required: true,
          description: "Supplier slug.",
          value: ({ record }) => record.supplier.slug,
        },
        {
          name: "product",
          type: "string",
          required: true,
          description: "Product.",
          value: ({ record }) => record.product,
        },
        ...CERTIFICATION_PROGRAMMES.flatMap((programme) => {
          const prefix = programme.replaceAll("-", "_");
          return [
            {
              name: `${prefix}_status`,
              type: "string" as const,
              required: true,
              enum: VOCABULARIES.certificationStatus,
              description: `${programme}: the current certification status (see ${prefix}_listed_* for what the newest dated list version showed).`,
              value: ({ record }: (typeof records)[number]) => record.certification[programme].status,
            },
            {
              name: `${prefix}_firmware`,
              type: "string" as const,
              description: `${programme}: the firmware the list version behind the current status names.`,
              value: ({ record }: (typeof records)[number]) => record.certification[programme].firmware,
            },
            {
              name: `${prefix}_valid_until`,
              type: "date" as const,
              description: `${programme}: the end date that list version gives.`,
              value: ({ record }: (typeof records)[number]) => record.certification[programme].valid_until,
            },
            {
              name: `${prefix}_as_of`,
              type: "date" as const,
              description: `${programme}: the date of the list version the current status rests on.`,
              value: ({ record }: (typeof records)[number]) => record.certification[programme].as_of,
            },
            {
              name: `${prefix}_listed_status`,
              type: "string" as const,
              enum: VOCABULARIES.listingStatus,
              description: `${programme}: listed where a dated version of the list we read names the product (what it showed then, not a current status); empty otherwise.`,
              value: ({ record }: (typeof records)[number]) =>
                newestListing(record.certification[programme].listings)?.status,
            },
            {
              name: `${prefix}_listed_as_of`,
              type: "date" as const,
              description: `${programme}: the date of the newest list version read that lists the product.`,
              value: ({ record }: (typeof records)[number]) =>
                newestListing(record.certification[programme].listings)?.as_of,
            },
            {
              name: `${prefix}_listed_firmware`,
              type: "string" as const,
              description: `${programme}: the firmware that version names.`,
              value: ({ record }: (typeof records)[number]) =>
                newestListing(record.certification[programme].listings)?.firmware,
            },
            {
              name: `${prefix}_listed_valid_until`,
              type: "date" as const,
              description: `${programme}: the end date that version gives.`,
              value: ({ record }: (typeof records)[number]) =>
                newestListing(record.certification[programme].listings)?.valid_until,
            },
          ];
        }),
        ...COMPLIANCE_RULES.map((rule) => ({
          name: `${rule.replaceAll("-", "_")}_status`,
          type: "string" as const,
          required: true,
          enum: VOCABULARIES.complianceStatus,
          description: `${rule}: compliance status.`,
          value: ({ record }: (typeof records)[number]) => record.compliance[rule].status,
        })),
        ...WARRANTY_TERMS.flatMap((term) => [
          {
            name: `${term}_status`,
            type: "string" as const,
            required: true,
            enum: VOCABULARIES.warrantyStatus,
            description: `${term}: ${TERM_DESCRIPTIONS[term]}`,
            value: ({ record }: (typeof records)[number]) => record.warranty[term].status,
          },
          {
            name: `${term}_value`,
            type: "string" as const,
            description: `${term}: as the source states it.`,
            value: ({ record }: (typeof records)[number]) => record.warranty[term].value,
          },
        ]),
        {
          name: "sources",
          type: "string",
          description: "Cited source ids, separated by '; '.",
          value: ({ record }) => list(record.sources.map((source) => source.id)),
        },
      ],
    }),
    table<Source>({
      name: "sources",
      title: "Sources register",
      description: "Every source the data cites.",
      primaryKey: "id",
      rows: [...input.sources].sort((a, b) => (a.id < b.id ? -1 : 1)),
      fields: [
        {
          name: "id",
          type: "string",
          required: true,
          description: "Identifier cited by the other tables.",
          value: (row) => row.id,
        },
        { name: "title", type: "string", required: true, description: "Title.", value: (row) => row.title },
        { name: "publisher", type: "string", required: true, description: "Publisher.", value: (row) => row.publisher },
        { name: "url", type: "string", description: "URL, only where the source gives one.", value: (row) => row.url },
        {
          name: "published",
          type: "string",
          pattern: PARTIAL_DATE,
          description: "The source's own date: YYYY, YYYY-MM or YYYY-MM-DD.",
          value: (row) => row.published,
        },
        {
          name: "accessed",
          type: "string",
          required: true,
          pattern: PARTIAL_DATE,
          description: "When it was read: YYYY, YYYY-MM or YYYY-MM-DD.",
          value: (row) => row.accessed,
        },
        {
          name: "kind",
          type: "string",
          required: true,
          enum: VOCABULARIES.sourceKind,
          description: "Kind of source.",
          value: (row) => row.kind,
        },
        {
          name: "confidence",
          type: "string",
          required: true,
          enum: VOCABULARIES.sourceConfidence,
          description: "documented, reported or unverified.",
          value: (row) => row.confidence,
        },
        {
          name: "primary",
          type: "boolean",
          required: true,
          description:
            "true for a primary source (the supplier's or its owner's own document, a platform's certification list, a regulator, a standards body), false for a secondary one.",
          value: (row) => String(row.primary),
        },
        { name: "note", type: "string", description: "Note.", value: (row) => row.note },
      ],
    }),
  ];

  return tables;
}

function descriptor(input: DataPackageInput, tables: ReadonlyArray<Table<unknown>>): unknown {
  return {
    profile: "tabular-data-package",
    name: "av-buyer-data",
    title: input.site.name,
    description: input.site.description,
    version: input.site.version,
    created: input.generatedAt,
    homepage: `${input.origin}/`,
    licenses: [{ name: input.site.licence.id, path: input.site.licence.url, title: input.site.licence.name }],
    contributors: [{ title: input.site.publisher, role: "publisher" }],
    // Not a property of the Data Package standard (which allows others): the one citation the API publishes.
    citation: citationText(input.site),
    resources: tables.map((current) => ({
      profile: "tabular-data-resource",
      name: current.name,
      path: `${current.name}.csv`,
      title: current.title,
      description: `${current.description} ${FORMULA_GUARD}`,
      format: "csv",
      mediatype: "text/csv",
      encoding: "utf-8",
      dialect: { delimiter: ",", lineTerminator: "\r\n", quoteChar: '"', doubleQuote: true, header: true },
      schema: {
        fields: current.fields.map(({ value: _value, required, enum: vocabulary, pattern, ...field }) => {
          const constraints = {
            ...(required ? { required: true } : {}),
            ...(vocabulary ? { enum: [...vocabulary] } : {}),
            ...(pattern ? { pattern } : {}),
          };
          return { ...field, ...(Object.keys(constraints).length > 0 ? { constraints } : {}) };
        }),
        primaryKey: current.primaryKey,
        missingValues: [""],
        ...(current.foreignKeys ? { foreignKeys: current.foreignKeys } : {}),
      },
    })),
  };
}

/** What each warranty column holds: the base warranty's terms, and apart from them a paid plan. */
const TERM_DESCRIPTIONS: Record<(typeof WARRANTY_TERMS)[number], string> = {
  standard_term:
    "the status of this product's base warranty length (a supplier's generic policy does not make it documented).",
  extension_window: "the status of when an extension of the base warranty can be bought.",
  advance_replacement: "the status of advance replacement under the base warranty (not under a paid plan).",
  paid_plan: "the status of what a paid service plan adds, apart from the base warranty.",
};

function newestListing(listings: readonly Listing[] | undefined): Listing | undefined {
  return listings?.reduce<Listing | undefined>(
    (newest, listing) => (!newest || listing.as_of > newest.as_of ? listing : newest),
    undefined,
  );
}

function table<Row>(definition: Table<Row>): Table<unknown> {
  return definition as Table<unknown>;
}

function csvLine(cells: readonly Cell[]): string {
  return `${cells.map(quote).join(",")}\r\n`;
}

function csv(current: Table<unknown>): string {
  return [
    csvLine(current.fields.map((field) => field.name)),
    ...current.rows.map((row) => csvLine(current.fields.map((field) => field.value(row)))),
  ].join("");
}

/** What every table's description says of its texts (and the docs repeat). */
export const FORMULA_GUARD =
  "A text that would start with =, +, -, @, a tab or a carriage return is written with an apostrophe before it, so that a spreadsheet shows it rather than running it as a formula.";

function quote(cell: Cell): string {
  if (cell === null || cell === undefined) return "";
  // As FORMULA_GUARD says (OWASP's advice on CSV injection); numbers are written as they are.
  const text = typeof cell === "string" && /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : String(cell);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
