import { DIAGNOSTIC_CATALOGUE } from "../../content/diagnostics/catalogue.ts";
import type { Diagnostic } from "../../content/diagnostics/diagnostic.ts";
import { fieldsInError, schemaErrorsToDiagnostics } from "../../content/schemas/schema-errors.ts";
import { CONTENT_LAYOUT, type ContentKind } from "../../content/load/layout.ts";
import type { AnswerFrontMatter, ContentOfKind } from "../../content/load/types.ts";
import type { RuleFindings } from "../../content/rules/rule-findings.ts";
import { CONTENT_RULES } from "../../content/rules/index.ts";
import { withoutWaiting } from "../../content/rules/waits.ts";
import { outwardClaims } from "../../content/load/outward-claims.ts";
import type { PartlyValid, Report, RuleInput, Valid } from "../../content/rules/rule.ts";
import type { SchemaRegistry } from "../../content/schemas/schema-registry.ts";
import type { ValidContent } from "../../content/load/valid-content.ts";
import type { LoadedContent } from "./load.ts";

export type ValidationResult = { ok: true; content: ValidContent } | { ok: false; diagnostics: Diagnostic[] };

/**
 * Stage 2: each file against its JSON Schema, then the rules a schema cannot say, across all files. Every
 * problem of every file is collected before the result is returned, so that an author sees them all at once.
 */
export function validateContent(
  loaded: LoadedContent,
  schemas: SchemaRegistry,
  /**
   * What the rules found in earlier builds (the build cache's), kept for files and a world unchanged, with each
   * file's parse key (by its path in the content folder).
   */
  kept?: { findings: RuleFindings; keyOf: (file: string) => string | undefined },
): ValidationResult {
  const diagnostics = [...loaded.diagnostics];
  const invalidKinds = new Set<ContentKind>(loaded.unreadable.map((file) => file.kind));
  const files = new Map(loaded.files.map((file) => [file.file, file]));
  const unparsed = new Set(loaded.unreadable.map((file) => file.file));
  const known = {
    sources: knownIds(loaded, "sources"),
    answers: knownIds(loaded, "answer"),
    suppliers: knownIds(loaded, "supplier"),
    families: knownIds(loaded, "evidence"),
  };
  const findings = kept?.findings.enter(files, known, unparsed, schemas.digest, kept.keyOf) ? kept.findings : undefined;
  // What was found of an answer file's parse in this world (its schema passed then, its checks found this).
  const keptOf = (file: { file: string }) => {
    const key = findings && kept!.keyOf(file.file);
    return key === undefined ? undefined : { key, found: findings!.answer(key) };
  };
  // The files that failed their schema in some fields only (not the document as a whole): the answers, for their
  // checks that read none of those fields, and the kinds whose citations the rules read (RuleInput.failed). Their
  // fields not in error passed the schema's part for them.
  const failedAnswers: Array<PartlyValid<AnswerFrontMatter>> = [];
  const failed: RuleInput["failed"] = { suppliers: [], evidence: [], disclosure: [], audit: [] };
  const partly = new Map<ContentKind, Array<PartlyValid<unknown>>>([
    ["answer", failedAnswers],
    ["supplier", failed.suppliers],
    ["evidence", failed.evidence],
    ["disclosure", failed.disclosure],
    ["audit", failed.audit],
  ]);
  // Each kind's files that pass its schema, typed by the schema's validator (a type guard): no cast. The other
  // kinds' files are the world's (`findings`): in the same world, they all passed when they did before.
  const validOf = <Kind extends ContentKind>(kind: Kind): Array<Valid<ContentOfKind[Kind]>> => {
    const validate = schemas.validator<ContentOfKind[Kind]>(
      CONTENT_LAYOUT.find((entry) => entry.kind === kind)!.schema,
    );
    const passed: Array<Valid<ContentOfKind[Kind]>> = [];
    const validBefore = passedBefore(validate);
    const allPassed = kind !== "answer" && findings?.check(`schema of ${kind}`)?.length === 0;
    let failed = false;
    for (const file of loaded.files) {
      if (file.kind !== kind) continue;
      const data = file.data as object;
      if (allPassed || validBefore.has(data) || (kind === "answer" && keptOf(file)?.found))
        passed.push({ file, data: data as ContentOfKind[Kind] });
      else if (validate(file.data)) {
        passed.push({ file, data: file.data });
        validBefore.add(data);
      } else {
        failed = true;
        invalidKinds.add(kind);
        diagnostics.push(...schemaErrorsToDiagnostics(file, validate.errors ?? []));
        const inError = fieldsInError(validate.errors ?? []);
        if (inError) partly.get(kind)?.push({ file, data, inError: inError.fields, itemsInError: inError.items });
      }
    }
    if (kind !== "answer" && !failed && !allPassed) findings?.setCheck(`schema of ${kind}`, []);
    return passed;
  };
  const [site, sources, disclosure, synonyms, answers, suppliers, evidence, audit] = [
    validOf("site"),
    validOf("sources"),
    validOf("disclosure"),
    validOf("synonyms"),
    validOf("answer"),
    validOf("supplier"),
    validOf("evidence"),
    validOf("audit"),
  ] as const;

  const input: RuleInput = {
    site: site[0],
    sources: sources[0],
    disclosure: disclosure[0],
    synonyms: synonyms[0],
    answers,
    suppliers,
    evidence,
    audit,
    failed,
    files,
    unparsed,
    known,
    complete: {
      suppliers: !invalidKinds.has("supplier"),
      evidence: !invalidKinds.has("evidence"),
      audit: !invalidKinds.has("audit"),
    },
  };
  // Where report puts what it is told: the build's list, or one answer's while its checks run.
  let found = diagnostics;
  const report: Report = (file, pointer, code, message, hint, at) => {
    found.push({
      code,
      file: file.file,
      ...(at ?? file.locate(pointer)),
      pointer,
      message,
      hint: hint ?? DIAGNOSTIC_CATALOGUE[code].hint,
    });
  };
  // The rules' checks of the other files, given no answers unless they span them; what they found kept (with
  // `findings`) for a world unchanged.
  const elsewhere: RuleInput = {
    ...input,
    answers: [],
    files: new Map([...input.files].filter(([, file]) => file.kind !== "answer")),
  };
  for (const rule of CONTENT_RULES) {
    if (!rule.check) continue;
    const checked = findings && !rule.readsAnswers ? findings.check(rule.name) : undefined;
    if (checked) {
      diagnostics.push(...checked);
      continue;
    }
    found = findings ? [] : diagnostics;
    rule.check(rule.readsAnswers ? input : elsewhere, report);
    if (findings) {
      if (!rule.readsAnswers) findings.setCheck(rule.name, found);
      diagnostics.push(...found);
    }
  }
  found = diagnostics;
  // Then each answer's checks, one answer at a time: what they found is kept with the answer (with `findings`).
  for (const answer of input.answers) {
    const keptOne = keptOf(answer.file);
    if (keptOne?.found) {
      diagnostics.push(...keptOne.found);
      continue;
    }
    found = keptOne ? [] : diagnostics;
    for (const rule of ANSWER_RULES) rule.answer!(answer, input, report);
    if (keptOne) {
      findings!.setAnswer(keptOne.key, found);
      diagnostics.push(...found);
    }
  }
  found = diagnostics;
  // The answers that failed their schema, by the checks that do not rely on the fields in error: never kept, as a
  // file that fails is parsed and checked again in every build until it passes.
  for (const answer of failedAnswers)
    for (const rule of ANSWER_RULES)
      if (rule.reads?.every((field) => !answer.inError.has(field))) rule.answer!(answer, input, report);

  if (diagnostics.length > 0) return { ok: false, diagnostics: withoutWaiting(diagnostics) };
  return {
    ok: true,
    content: {
      site: input.site!.data,
      sources: input.sources!.data.sources,
      disclosure: input.disclosure!.data,
      synonyms: input.synonyms!.data,
      answers: input.answers.map(({ data, file }) => ({
        data,
        body: { source: file.body!.source, digest: file.body!.digest, answerDigest: file.body!.answerDigest },
      })),
      suppliers: input.suppliers.map((supplier) => supplier.data),
      evidence: input.evidence.map((family) => family.data),
      outward: outwardClaims(input.audit),
    },
  };
}

const ANSWER_RULES = CONTENT_RULES.filter((rule) => rule.answer);

/**
 * The content objects a validator passed, by identity: a file parsed before in this process (a dev loop's unchanged
 * files, from the build cache's memory) is the same object, and is not validated again. Held only while they are.
 */
const passedBy = new WeakMap<object, WeakSet<object>>();

function passedBefore(validate: object): WeakSet<object> {
  let known = passedBy.get(validate);
  if (!known) passedBy.set(validate, (known = new WeakSet()));
  return known;
}

/**
 * The ids a kind of content declares, read leniently: from any file that parsed (valid against its schema or
 * not), and from the names of files that did not parse (a slug equals its file name), so that references to a
 * file with an unrelated mistake are not reported as broken too.
 */
function knownIds(loaded: LoadedContent, kind: ContentKind): Set<string> {
  const ids = new Set<string>(
    kind === "sources" ? [] : loaded.unreadable.filter((file) => file.kind === kind).map((file) => file.stem),
  );
  for (const file of loaded.files) {
    if (file.kind !== kind) continue;
    const data = file.data as Record<string, unknown> | null;
    if (kind === "sources") {
      const sources = Array.isArray(data?.sources) ? data.sources : [];
      for (const source of sources) if (typeof source?.id === "string") ids.add(source.id);
    } else {
      // A file whose id field is missing or misspelt still names itself: a slug equals its file name.
      const id = kind === "evidence" ? data?.family : data?.slug;
      ids.add(typeof id === "string" ? id : file.stem);
    }
  }
  return ids;
}
