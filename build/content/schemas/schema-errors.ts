import type { ErrorObject } from "ajv";
import { likeliestName } from "../../contract/edit-distance.ts";
import { DIAGNOSTIC_CATALOGUE, type DiagnosticCode } from "../diagnostics/catalogue.ts";
import { joinPointer, splitPointer, type Diagnostic, unlikeAscii } from "../diagnostics/diagnostic.ts";
import type { LocatedFile } from "../load/located-file.ts";

/**
 * Turns ajv errors into diagnostics located in the YAML source. Errors that only summarise others (`if`,
 * `anyOf`) are dropped: their detail is reported by the errors they summarise.
 */
export function schemaErrorsToDiagnostics(file: LocatedFile, errors: readonly ErrorObject[]): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const seen = new Set<string>();
  // One diagnostic per value: "not a url" fails both `format` and `pattern`; the first error says enough.
  const valuesReported = new Set<string>();
  // What a condition asks of an object (`if` a status is this, `else` sources are required; `if` primary, confidence
  // is documented) is not told when a field the condition tests is of the wrong type or outside its vocabulary: the
  // condition was read of a typo ("pending" asked for sources, `primary: yes` for a secondary's confidence).
  const misread = new Set<string>();
  // The conditions that failed, by object and the schema path beside their `if`: what a field a condition rules out
  // is told with (`defect` is not allowed when `verdict` is "supported").
  const conditions = new Map<string, ErrorObject>();
  const inError = new Set(
    errors
      .filter((error) => ["enum", "const", "type"].includes(error.keyword) && branchOf(error) === undefined)
      .map((error) => error.instancePath),
  );
  for (const error of errors) {
    if (error.keyword !== "if") continue;
    conditions.set(`${error.instancePath}\u0000${error.schemaPath.slice(0, -"if".length)}`, error);
    // `verbose` keeps the condition's own schema: the fields it tests.
    const tested = Object.keys((error.schema as { properties?: object } | undefined)?.properties ?? {});
    if (tested.some((field) => inError.has(joinPointer(...splitPointer(error.instancePath), field))))
      misread.add(`${error.instancePath}\u0000${error.schemaPath.slice(0, -"if".length)}`);
  }
  const described = errors.map((error) => (SUMMARIES.has(error.keyword) ? undefined : describe(error)));
  // "sumary" told as "summary" misspelt: the missing `summary` is the same mistake.
  const misspelt = new Set(
    described.flatMap((told, at) => (told?.meant ? [`${errors[at]!.instancePath}\u0000${told.meant}`] : [])),
  );
  for (const [at, error] of errors.entries()) {
    if (SUMMARIES.has(error.keyword)) continue;
    if (
      error.keyword === "required" &&
      misspelt.has(
        `${error.instancePath}\u0000${String((error.params as { missingProperty?: unknown }).missingProperty)}`,
      )
    )
      continue;
    const branch = branchOf(error);
    if (branch !== undefined && misread.has(`${branch.object}\u0000${branch.base}`)) continue;
    let told = described[at]!;
    const condition = branch && conditions.get(`${branch.object}\u0000${branch.base}`);
    if (error.keyword === "false schema" && condition)
      told = {
        ...told,
        message: ruledOut(error, condition),
        hint: "Remove the field, or change the value that rules it out.",
      };
    const pointer = told.pointer ?? error.instancePath;
    const key = `${told.code}\u0000${pointer}\u0000${told.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    if (VALUE_KEYWORDS.has(error.keyword)) {
      if (valuesReported.has(pointer)) continue;
      valuesReported.add(pointer);
    }
    const hint = told.hint ?? schemaHint(error) ?? DIAGNOSTIC_CATALOGUE[told.code].hint;
    diagnostics.push({
      code: told.code,
      file: file.file,
      ...file.locate(pointer, told.atKey ? "key" : "value"),
      pointer,
      message: told.message,
      hint,
    });
  }
  return diagnostics;
}

/** A field a condition rules out, said with the values the condition read (verbose keeps its schema and data). */
function ruledOut(error: ErrorObject, condition: ErrorObject): string {
  const tested = Object.keys((condition.schema as { properties?: object } | undefined)?.properties ?? {});
  const data = (typeof condition.data === "object" && condition.data !== null ? condition.data : {}) as Record<
    string,
    unknown
  >;
  const when = tested.filter((name) => name in data).map((name) => `\`${name}\` is ${JSON.stringify(data[name])}`);
  return `${field(error)} is not allowed${when.length > 0 ? ` when ${when.join(" and ")}` : " here"}.`;
}

/**
 * The top-level fields of a document that its schema errors lie in (a field missing counts; one not allowed does not:
 * the others are as valid without it), or undefined when an error is of the document itself (not a mapping): what
 * a check reading only other fields may still rely on. `items`: of a list field whose errors all lie inside some of
 * its elements, those elements (the others passed).
 */
export function fieldsInError(
  errors: readonly ErrorObject[],
): { fields: Set<string>; items: Map<string, Set<number>> } | undefined {
  const fields = new Set<string>();
  const items = new Map<string, Set<number>>();
  const whole = new Set<string>();
  for (const error of errors) {
    const [first, second] = splitPointer(error.instancePath);
    if (first !== undefined) {
      fields.add(first);
      if (second !== undefined && /^\d+$/.test(second)) {
        const inside = items.get(first) ?? new Set<number>();
        items.set(first, inside.add(Number(second)));
      } else whole.add(first);
    } else if (error.keyword === "required") {
      const missing = String((error.params as { missingProperty: unknown }).missingProperty);
      fields.add(missing);
      whole.add(missing);
    } else if (error.keyword !== "additionalProperties" && !SUMMARIES.has(error.keyword)) return undefined;
  }
  for (const field of whole) items.delete(field);
  return { fields, items };
}

/** Errors that only summarise others, which say what is wrong themselves. */
const SUMMARIES = new Set(["if", "anyOf", "oneOf", "propertyNames"]);

/** The condition an error's schema lies under (`then` or `else`): its object and the schema path beside its `if`. */
function branchOf(error: ErrorObject): { object: string; base: string } | undefined {
  const at = Math.max(error.schemaPath.lastIndexOf("/then/"), error.schemaPath.lastIndexOf("/else/"));
  if (at < 0) return undefined;
  const path = error.instancePath;
  return {
    object: error.keyword === "required" ? path : path.slice(0, path.lastIndexOf("/")),
    base: error.schemaPath.slice(0, at + 1),
  };
}

/** Keywords about a value itself, as opposed to `required` and `additionalProperties`, which are about its fields. */
const VALUE_KEYWORDS = new Set([
  "type",
  "enum",
  "const",
  "pattern",
  "format",
  "minLength",
  "maxLength",
  "minimum",
  "maximum",
  "minItems",
  "maxItems",
  "uniqueItems",
]);

interface Described {
  code: DiagnosticCode;
  message: string;
  /** A required field this one was meant to be, whose own "missing" error then says nothing more. */
  meant?: string;
  pointer?: string;
  hint?: string;
  atKey?: boolean;
}

/** The value an error is about, as an author names it: a field by its name, an item of a list by its place and id. */
function field(error: ErrorObject): string {
  const segments = splitPointer(error.instancePath);
  const last = segments.at(-1);
  if (!last) return "the document";
  if (!/^\d+$/.test(last)) return `\`${last}\``;
  const data = error.data as Record<string, unknown> | null;
  const key = IDENTITIES.find((name) => typeof data?.[name] === "string");
  return `item ${Number(last) + 1} of \`${segments.at(-2)}\`${key ? ` (${key} ${JSON.stringify(data![key])})` : ""}`;
}

/** The fields that name an item of a list, the first one it has. */
const IDENTITIES = ["id", "slug", "supplier", "family", "name"];

/** What a pattern asks for, from its schema's description ("an absolute https URL"), else said by the hint. */
function patternWanted(error: ErrorObject): string {
  const description = (error.parentSchema as { description?: unknown } | undefined)?.description;
  if (typeof description !== "string") return "which is not in the form required";
  // "An absolute URL" reads "an absolute URL" mid-sentence; "SPDX identifier" keeps its capitals.
  return `which is not ${lowerFirst(description.split(/(?<=\.)\s/)[0]!.replace(/\.$/, ""))}`;
}

const MONTH = new Intl.DateTimeFormat("en", { month: "long", timeZone: "UTC" });
/** The days of a month (1 to 12) of a year. */
const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** Formats as an author knows them, not by the schema's names for them. */
const FORMAT_NAMES: Record<string, string> = {
  "partial-date": "date (YYYY-MM-DD, YYYY-MM or YYYY)",
  date: "date (YYYY-MM-DD)",
  uri: "URL",
};

function describe(error: ErrorObject): Described {
  const params = error.params as Record<string, unknown>;
  const value = error.data;
  switch (error.keyword) {
    case "required": {
      const missing = String(params.missingProperty);
      // The missing field's own hint, if its schema gives one, says what value to give it.
      const fieldHint = requiredFieldHint(error, missing);
      return {
        code: "schema/required",
        message: `${field(error)} has no field \`${missing}\`, which is required.`,
        hint: `Add \`${missing}:\` with a value.${fieldHint ? ` ${fieldHint}` : ""}`,
      };
    }
    case "additionalProperties": {
      const extra = String(params.additionalProperty);
      const known = Object.keys(
        ((error.parentSchema as { properties?: object } | undefined)?.properties ?? {}) as object,
      );
      const meant = known.find((name) => name.toLowerCase() === extra.toLowerCase().replace(/[ -]/g, "_"));
      // A field misspelt by a letter ("sumary"), the one it was meant to be not given.
      const misspelt = meant
        ? undefined
        : known.find((name) => !Object.hasOwn(value as object, name) && oneEditApart(name, extra));
      return {
        code: "schema/additional-property",
        message: misspelt
          ? `${field(error)} has a field \`${extra}\`, which is not one: did you mean \`${misspelt}\`?`
          : `${field(error)} has a field \`${extra}\` that is not allowed here.`,
        pointer: error.instancePath + joinPointer(extra),
        atKey: true,
        ...(meant ? { hint: `Write it \`${meant}\`: field names are lower case, words joined by '_'.` } : {}),
        ...(misspelt ? { hint: `Write it \`${misspelt}\`.`, meant: misspelt } : {}),
      };
    }
    case "type": {
      const shown = show(value);
      const found = shown && value !== null ? `${typeName(value)} ${shown}` : typeName(value);
      // A list written as text ("a, b" without brackets) is the usual slip: the hint writes it as one. Text that YAML
      // reads as a number or true/false (a firmware 1.20 read as 1.2) goes in quotes, as the source writes it.
      const items = params.type === "array" && typeof value === "string" ? value.split(/\s*,\s*/).filter(Boolean) : [];
      const unquoted = params.type === "string" && (typeof value === "number" || typeof value === "boolean");
      // The other way: yes or no for true or false (YAML 1.2 reads them as text), unless the field's own hint says
      // which to choose; a number in quotes.
      const yesNo =
        params.type === "boolean" && typeof value === "string" && /^(?:yes|no|y|n|on|off|true|false)$/i.test(value);
      const quotedNumber =
        (params.type === "integer" || params.type === "number") &&
        typeof value === "string" &&
        /^-?\d+(?:\.\d+)?$/.test(value.trim());
      // A field of an entry indented back to the entries' own level (`sources:` of a score, two spaces short) is read
      // as an entry of its own: its name is one of the fields each entry has.
      const key = splitPointer(error.instancePath).at(-1);
      const entryFields = (error.parentSchema as { properties?: Record<string, unknown> } | undefined)?.properties;
      const dedented = params.type === "object" && key !== undefined && entryFields !== undefined && key in entryFields;
      return {
        code: "schema/type",
        message: `${field(error)} is ${found}; it must be ${article(String(params.type))}.`,
        ...(dedented ? { atKey: true } : {}),
        hint:
          items.length > 0
            ? `Write a list in brackets, [${items.join(", ")}], or one item a line, each starting with "- ".`
            : unquoted
              ? `Put the value in quotes, written as the source writes it: unquoted, YAML reads it as ${typeof value === "number" ? "a number (1.20 becomes 1.2, 007 becomes 7)" : "true or false"}.`
              : yesNo && !schemaHint(error)
                ? `Write ${/^(?:yes|y|on|true)$/i.test(value as string) ? "true" : "false"}, without quotes: YAML reads yes, no, on and off as text.`
                : quotedNumber
                  ? `Write the number without quotes: ${(value as string).trim()}.`
                  : dedented
                    ? `\`${key}\` is a field of each entry here, yet stands at the entries' own indent, so it is read as an entry: if it belongs to the entry above it, indent it as that entry's other fields.`
                    : undefined,
      };
    }
    case "enum": {
      const allowed = params.allowedValues as unknown[];
      // A value in the wrong case, or a letter off, is offered the allowed one it most likely meant.
      const words = allowed.filter((item): item is string => typeof item === "string");
      const typed = typeof value === "string" ? value.trim().toLowerCase() : undefined;
      const meant =
        typed === undefined
          ? undefined
          : (words.find((word) => word.toLowerCase() === typed) ?? likeliestName(typed, words));
      return {
        code: "schema/enum",
        message: `${field(error)} is ${show(value)}; allowed values are ${allowed.map((item) => JSON.stringify(item)).join(", ")}.`,
        ...(meant
          ? { hint: `Did you mean "${meant}"? ${schemaHint(error) ?? DIAGNOSTIC_CATALOGUE["schema/enum"].hint}` }
          : {}),
      };
    }
    case "const":
      return {
        code: "schema/const",
        message: `${field(error)} is ${show(value)}; it must be ${JSON.stringify(params.allowedValue)}.`,
      };
    case "pattern":
      // A key checked by propertyNames: the error is about the name, at the key.
      if (error.propertyName !== undefined)
        return {
          code: "schema/pattern",
          message: `${field(error)} has a field \`${error.propertyName}\` whose name is not allowed: it is ${patternWanted(error).replace(/^which is /, "")}.`,
          pointer: error.instancePath + joinPointer(error.propertyName),
          atKey: true,
        };
      return {
        code: "schema/pattern",
        message: `${field(error)} is ${show(value)}, ${patternWanted(error)}${typeof value === "string" ? `${unlikeAscii(value)}${urlSlips(value)}${spaceAtEdge(value)}` : ""}.`,
      };
    case "format": {
      const format = String(params.format);
      // Written in the right form, but a day no calendar has (2026-02-29, 2026-06-31).
      const day = typeof value === "string" ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
      if (day && Number(day[2]) >= 1 && Number(day[2]) <= 12 && Number(day[3]) >= 1)
        return {
          code: "schema/format",
          message: `${field(error)} is ${show(value)}, which is written as a date but is no day of the calendar (${MONTH.format(Date.UTC(Number(day[1]), Number(day[2]) - 1))} ${day[1]} has ${daysIn(Number(day[1]), Number(day[2]))} days).`,
        };
      const hint = typeof value === "string" && format.endsWith("date") ? dayMonthHint(value) : undefined;
      return {
        code: "schema/format",
        message: `${field(error)} is ${show(value)}, which is not a valid ${FORMAT_NAMES[format] ?? format}.`,
        ...(hint ? { hint } : {}),
      };
    }
    case "minItems":
    case "maxItems":
    case "minLength":
    case "maxLength":
    case "minimum":
    case "maximum":
    case "minProperties":
      return {
        code: "schema/size",
        message: `${field(error)} ${sizeMessage(error.keyword, Number(params.limit), value)}.`,
        ...(error.keyword === "maxLength" && typeof value === "string" ? { hint: shortenHint(error, value) } : {}),
      };
    case "uniqueItems":
      return {
        code: "schema/unique-items",
        message: `${field(error)} holds the same item twice (items ${Number(params.j) + 1} and ${Number(params.i) + 1}).`,
      };
    default:
      return { code: "schema/invalid", message: `${field(error)} ${error.message ?? "does not match its schema"}.` };
  }
}

/** How much a text over its length must lose, before what its field's own hint says of it. */
function shortenHint(error: ErrorObject, value: string): string {
  const over = [...value].length - Number(error.params.limit);
  const own = schemaHint(error);
  return `Shorten it by ${over} character${over === 1 ? "" : "s"}.${own ? ` ${own}` : ""}`;
}

/**
 * A date written day and month, in either order, before its year (07/12/2026): the ISO dates it may mean, for the
 * hint, since which it is cannot be told; undefined for any other text.
 */
function dayMonthHint(value: string): string | undefined {
  const parts = /^(\d{1,2})[./-](\d{1,2})[./-](\d{4})$/.exec(value.trim());
  if (!parts) return undefined;
  const [first, second, year] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  const day = (d: number, m: number) => {
    if (m < 1 || m > 12 || d < 1 || d > daysIn(year, m)) return undefined;
    const iso = `${year}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
    return `${iso} if it is ${d} ${MONTH.format(Date.UTC(year, m - 1))}`;
  };
  const readings = [...new Set([day(first, second), day(second, first)])].filter((reading) => reading !== undefined);
  return readings.length > 0 ? `Write the date as YYYY-MM-DD: ${readings.join(", or ")}.` : undefined;
}

function sizeMessage(keyword: string, limit: number, value: unknown): string {
  const count = Array.isArray(value) ? value.length : typeof value === "string" ? [...value].length : value;
  const items = `${count} item${count === 1 ? "" : "s"}`;
  const characters = `${count} character${count === 1 ? "" : "s"}`;
  switch (keyword) {
    case "minItems":
      return `has ${items}; it needs at least ${limit}`;
    case "maxItems":
      return `has ${items}; it may have at most ${limit}`;
    case "minLength":
      return `has ${characters}; it needs at least ${limit}`;
    case "maxLength":
      return `has ${characters}; it may have at most ${limit}`;
    case "minimum":
      return `is ${count}; it must be at least ${limit}`;
    case "maximum":
      return `is ${count}; it must be at most ${limit}`;
    default:
      return `needs at least ${limit} fields`;
  }
}

/** The `x-hint` of the missing field's own schema, or else of the mapping that requires it. */
function requiredFieldHint(error: ErrorObject, missing: string): string | undefined {
  type Schemas = Record<string, Record<string, unknown>>;
  const parent = error.parentSchema as { properties?: Schemas; $defs?: Schemas } | undefined;
  const property = parent?.properties?.[missing];
  // A field defined under its document's $defs (so that a response schema can refer to it) has its hint there.
  const local = /^#\/\$defs\/([^/]+)$/.exec(String(property?.$ref))?.[1];
  const own = property?.["x-hint"] ?? (local === undefined ? undefined : parent?.$defs?.[local]?.["x-hint"]);
  // Else what the field is, from its description ("The term as the source states it."), before the object's hint.
  const described = property?.description;
  const hint =
    typeof own === "string"
      ? own
      : typeof described === "string" && described
        ? `It is ${lowerFirst(described)}`
        : schemaHint(error);
  // A field of a few values has them named, unless its hint does (a new source's `kind`: the editor's workflow audit).
  const values = property?.enum ?? (local === undefined ? undefined : parent?.$defs?.[local]?.enum);
  if (!Array.isArray(values) || values.every((value) => hint?.includes(String(value)))) return hint;
  return [hint, `One of: ${values.join(", ")}.`].filter(Boolean).join(" ");
}

/** A sentence read on from another ("The term …" after "It is"), its capital kept where it names something ("SPDX"). */
const lowerFirst = (text: string) =>
  /^[A-Z][A-Z]/.test(text) ? text : `${text.charAt(0).toLowerCase()}${text.slice(1)}`;

function schemaHint(error: ErrorObject): string | undefined {
  const hint = (error.parentSchema as Record<string, unknown> | undefined)?.["x-hint"];
  return typeof hint === "string" ? hint : undefined;
}

function typeName(value: unknown): string {
  // YAML reads a key with nothing after it as null: said as its author sees it.
  if (value === null) return "empty (null)";
  if (Array.isArray(value)) return "a list";
  if (typeof value === "object") return "a mapping";
  return `a ${typeof value}`;
}

function show(value: unknown): string {
  if (value !== null && typeof value === "object") return "";
  // A long string is cut in its middle, inside its quotes, so that it still reads as one and its end, where a slip
  // often is (a ")." copied after an address), still shows: "https://jabra.com/en-au/support pa…terms-business).".
  return JSON.stringify(
    typeof value === "string" && value.length > 58 ? `${value.slice(0, 35)}…${value.slice(-20)}` : value,
  );
}

/**
 * A value that would pass but for white space at an end (kept by quotes, invisible in the file); a web address's are
 * urlSlips' to tell.
 */
function spaceAtEdge(value: string): string {
  const [starts, ends] = [/^\s/.test(value), /\s$/.test(value)];
  if ((!starts && !ends) || value.trim() === "" || WEB_ADDRESS.test(value)) return "";
  return ` (it ${starts && ends ? "starts and ends" : starts ? "starts" : "ends"} with a space)`;
}

const WEB_ADDRESS = /^[a-z][a-z0-9+.-]*:\/\//i;

/** What is wrong at a glance with a value written as a web address: its scheme, a space, punctuation after it. */
function urlSlips(value: string): string {
  if (!WEB_ADDRESS.test(value)) return "";
  const slips: string[] = [];
  if (!/^https:\/\//i.test(value)) slips.push(`it starts with ${value.slice(0, value.indexOf(":") + 3)}, not https://`);
  const space = value.search(/\s/);
  if (space >= 0) slips.push(`it holds a space at character ${space + 1}`);
  const after = /[.,;:)\]]+$/.exec(value)?.[0];
  if (after) slips.push(`it ends in ${JSON.stringify(after)}`);
  return slips.length > 0 ? ` (${slips.join("; ")})` : "";
}

function article(type: string): string {
  const names: Record<string, string> = {
    object: "a mapping",
    array: "a list",
    string: "a string",
    integer: "an integer",
    number: "a number",
    boolean: "true or false",
  };
  return type
    .split(",")
    .map((name) => names[name] ?? name)
    .join(" or ");
}

/** Whether one letter added, dropped, changed or two neighbours swapped make `a` of `b`. */
function oneEditApart(a: string, b: string): boolean {
  if (a === b || Math.abs(a.length - b.length) > 1) return false;
  let start = 0;
  while (start < a.length && a[start] === b[start]) start++;
  let end = 0;
  while (end < a.length - start && end < b.length - start && a[a.length - 1 - end] === b[b.length - 1 - end]) end++;
  const left = a.length - start - end;
  const right = b.length - start - end;
  if (left <= 1 && right <= 1) return true;
  // Two neighbours swapped: "sumamry".
  return left === 2 && right === 2 && a[start] === b[start + 1] && a[start + 1] === b[start];
}
