/**
 * What the rules' answer checks found of each answer, kept by a dev loop between builds: an answer whose front
 * matter is the same object (its file's parse, which the build cache keeps while the file is unchanged) in the same
 * world is not checked again. The world is all that an answer check may read besides the answer: every other file's
 * data, the ids of every kind, whether each set of files is complete. At 10,000 answers the answer checks took
 * some 30 ms of each save.
 */
import type { Diagnostic } from "../diagnostics/diagnostic.ts";
import type { RuleInput } from "./rule.ts";

interface World {
  token: object;
  refs: readonly unknown[];
  known: RuleInput["known"];
}

export class AnswerFindings {
  private readonly found = new WeakMap<object, { world: object; file: string; diagnostics: readonly Diagnostic[] }>();
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
    if (last && sameItems(last.refs, refs) && sameKnown(last.known, input.known)) return last.token;
    this.last = { token: {}, refs, known: input.known };
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
}

function sameItems(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((item, index) => item === b[index]);
}

function sameKnown(a: RuleInput["known"], b: RuleInput["known"]): boolean {
  const same = (x: ReadonlySet<string>, y: ReadonlySet<string>) => {
    if (x.size !== y.size) return false;
    for (const id of x) if (!y.has(id)) return false;
    return true;
  };
  return (
    same(a.sources, b.sources) &&
    same(a.answers, b.answers) &&
    same(a.suppliers, b.suppliers) &&
    same(a.families, b.families)
  );
}
