/**
 * What the rules found, kept by a dev loop between builds. An answer's checks (ContentRule.answer) are not run again
 * for an answer whose front matter is the same object (its file's parse, which the build cache keeps while the file
 * is unchanged) in the same world; a rule's check of the other files (ContentRule.check, unless it reads the
 * answers) is not run again in the same world. The world is all that those may read: every file's data but the
 * answers', the ids of every kind, the files that did not parse, whether each set of files is complete. At 10,000
 * answers the two took some 40 ms of each save.
 */
import type { Diagnostic } from "../diagnostics/diagnostic.ts";
import type { RuleInput } from "./rule.ts";

interface World {
  token: object;
  refs: readonly unknown[];
  known: RuleInput["known"];
  unparsed: RuleInput["unparsed"];
}

export class RuleFindings {
  private readonly found = new WeakMap<object, { world: object; file: string; diagnostics: readonly Diagnostic[] }>();
  private readonly checked = new Map<string, { world: object; diagnostics: readonly Diagnostic[] }>();
  private last: World | undefined;

  /** A token for the input's world: the last build's own when nothing of it changed, else a new one. */
  worldOf(input: RuleInput): object {
    const refs = [
      input.site?.data,
      input.sources?.data,
      input.disclosure?.data,
      ...input.suppliers.map((supplier) => supplier.data),
      ...input.evidence.map((family) => family.data),
      ...input.audit.map((audit) => audit.data),
      input.complete.suppliers,
      input.complete.evidence,
      input.complete.audit,
    ];
    const last = this.last;
    if (last && sameItems(last.refs, refs) && sameKnown(last.known, input.known) && same(last.unparsed, input.unparsed))
      return last.token;
    this.last = { token: {}, refs, known: input.known, unparsed: input.unparsed };
    return this.last.token;
  }

  /** What the answer checks found of this front matter, in this file, in this world; undefined if not kept. */
  get(data: object, file: string, world: object): readonly Diagnostic[] | undefined {
    const kept = this.found.get(data);
    return kept && kept.world === world && kept.file === file ? kept.diagnostics : undefined;
  }

  set(data: object, file: string, world: object, diagnostics: readonly Diagnostic[]): void {
    this.found.set(data, { world, file, diagnostics });
  }

  /** What a rule's check of the files other than the answers found in this world; undefined if not kept. */
  getChecked(rule: string, world: object): readonly Diagnostic[] | undefined {
    const kept = this.checked.get(rule);
    return kept?.world === world ? kept.diagnostics : undefined;
  }

  setChecked(rule: string, world: object, diagnostics: readonly Diagnostic[]): void {
    this.checked.set(rule, { world, diagnostics });
  }
}

function sameItems(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((item, index) => item === b[index]);
}

function same(x: ReadonlySet<string>, y: ReadonlySet<string>): boolean {
  if (x.size !== y.size) return false;
  for (const id of x) if (!y.has(id)) return false;
  return true;
}

function sameKnown(a: RuleInput["known"], b: RuleInput["known"]): boolean {
  return (
    same(a.sources, b.sources) &&
    same(a.answers, b.answers) &&
    same(a.suppliers, b.suppliers) &&
    same(a.families, b.families)
  );
}
