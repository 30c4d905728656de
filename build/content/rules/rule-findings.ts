/**
 * What the rules found, kept between builds (by the build cache, in memory and in its folder): an answer's checks
 * (ContentRule.answer, and its schema) are not run again for an answer file whose parse is the same (the same key:
 * its bytes, path and the build code's version) in the same world; a rule's check of the other files
 * (ContentRule.check, unless it reads the answers), and their schemas where all passed, are not run again in the
 * same world. The world is all that those may read, as a digest: the schemas, every other file's parse key, the
 * ids of every kind, the files that did not parse. At 10,000 answers they took 0.25-0.3 s of a one-answer rebuild.
 */
import { createHash } from "node:crypto";
import type { Diagnostic } from "../diagnostics/diagnostic.ts";
import type { RuleInput } from "./rule.ts";

/** What the findings are saved as between processes (plain data). */
export interface SavedFindings {
  world: string;
  answers: ReadonlyMap<string, readonly Diagnostic[]>;
  checked: ReadonlyMap<string, readonly Diagnostic[]>;
}

export class RuleFindings {
  private world: string | undefined;
  private answers = new Map<string, readonly Diagnostic[]>();
  private checked = new Map<string, readonly Diagnostic[]>();
  /** The answers' keys this build asked for: the others are not saved. */
  private used = new Set<string>();
  /** The answers this build checked (the others of `used` had their findings kept). */
  private checkedAnswers = 0;
  /** Whether anything was found (set) since the findings were saved or read. */
  changed = false;

  constructor(saved?: SavedFindings) {
    if (!saved) return;
    this.world = saved.world;
    this.answers = new Map(saved.answers);
    this.checked = new Map(saved.checked);
  }

  /**
   * Enters the input's world (what is kept of another is let go), or none, when a file has no key: then nothing is
   * kept or taken. `keyOf` gives a file's parse key by its path in the content folder.
   */
  enter(
    files: RuleInput["files"],
    known: RuleInput["known"],
    unparsed: RuleInput["unparsed"],
    schemas: string,
    keyOf: (file: string) => string | undefined,
  ): boolean {
    this.used = new Set();
    this.checkedAnswers = 0;
    const hash = createHash("sha256").update(`${schemas}\n`);
    for (const [file, { kind }] of files) {
      if (kind === "answer") continue;
      const key = keyOf(file);
      if (key === undefined) {
        this.world = undefined;
        return false;
      }
      hash.update(`${file}\n${key}\n`);
    }
    for (const ids of [known.sources, known.answers, known.suppliers, known.families])
      hash.update(`${[...ids].join("\n")}\n\n`);
    hash.update([...unparsed].join("\n"));
    const world = hash.digest("hex");
    if (world !== this.world) {
      this.world = world;
      this.answers = new Map();
      this.checked = new Map();
      this.changed = true;
    }
    return true;
  }

  /** What the answer checks found of this answer file's parse (its key) in this world; undefined if not kept. */
  answer(key: string): readonly Diagnostic[] | undefined {
    this.used.add(key);
    return this.answers.get(key);
  }

  setAnswer(key: string, diagnostics: readonly Diagnostic[]): void {
    this.used.add(key);
    this.checkedAnswers++;
    this.answers.set(key, diagnostics);
    this.changed = true;
  }

  /** How many answers this build took the findings of, and how many it checked. */
  get counts(): { kept: number; checked: number } {
    return { kept: this.used.size - this.checkedAnswers, checked: this.checkedAnswers };
  }

  /** What a rule's check of the files other than the answers found in this world; undefined if not kept. */
  check(rule: string): readonly Diagnostic[] | undefined {
    return this.checked.get(rule);
  }

  setCheck(rule: string, diagnostics: readonly Diagnostic[]): void {
    this.checked.set(rule, diagnostics);
    this.changed = true;
  }

  /** The findings of this world, of the answers this build asked for (the others let go), to be saved; undefined without a world. */
  saved(): SavedFindings | undefined {
    if (this.world === undefined) return undefined;
    for (const key of this.answers.keys()) if (!this.used.has(key)) this.answers.delete(key);
    return { world: this.world, answers: this.answers, checked: this.checked };
  }
}
