/**
 * English inflections folded to one stem, so that a query word matches the other forms of its word
 * (microphones/microphone, mounting/mounted/mount, batteries/battery, licensed/license). Pure TypeScript with no
 * Node APIs: the build, the edge, the offline page and MCP run it alike.
 *
 * The rule is Martin Porter's stemmer ("An algorithm for suffix stripping", Program 14(3), 1980) without its
 * derivational steps 2 to 4: step 1 (plurals, -ed and -ing, a final y) and step 5 (a final e, a double l). Those
 * steps take off inflections only, so "access" and "accessibility" stay apart, as do "certified" and
 * "certification"; the full stemmer would join words that differ in meaning. Before it, the common irregular
 * forms (people, heard, paid, built) are read as their base word. A stem is the start of the word it came from,
 * with at most an e added or a final y turned into i, or it is an irregular form's: so every word of a stem starts
 * with one of stemStarts, and a reader finds a stem's words in the sorted vocabulary from there (it compares each
 * word's stem).
 */

/**
 * English irregular plurals and past forms, then the comparatives and superlatives of the adjectives rooms are
 * measured with (Porter's step 1 leaves -er and -est alone: taken off every word, "speaker" would meet "speak"), by
 * their base word. Forms that are also another word in a meeting room (led, left, shot, set, bit, media, data,
 * lower) are left out.
 */
const IRREGULAR: Readonly<Record<string, readonly string[]>> = {
  person: ["people"],
  child: ["children"],
  man: ["men"],
  woman: ["women"],
  foot: ["feet"],
  criterion: ["criteria"],
  analysis: ["analyses"],
  begin: ["began", "begun"],
  break: ["broke", "broken"],
  bring: ["brought"],
  build: ["built"],
  buy: ["bought"],
  catch: ["caught"],
  choose: ["chose", "chosen"],
  come: ["came"],
  draw: ["drew", "drawn"],
  drive: ["drove", "driven"],
  fall: ["fell", "fallen"],
  feel: ["felt"],
  find: ["found"],
  fly: ["flew", "flown"],
  forget: ["forgot", "forgotten"],
  give: ["gave", "given"],
  grow: ["grew", "grown"],
  hear: ["heard"],
  hide: ["hid", "hidden"],
  hold: ["held"],
  keep: ["kept"],
  know: ["knew", "known"],
  lose: ["lost"],
  make: ["made"],
  mean: ["meant"],
  meet: ["met"],
  pay: ["paid"],
  run: ["ran"],
  say: ["said"],
  see: ["saw", "seen"],
  seek: ["sought"],
  sell: ["sold"],
  send: ["sent"],
  sit: ["sat"],
  speak: ["spoke", "spoken"],
  spend: ["spent"],
  stand: ["stood"],
  steal: ["stole", "stolen"],
  take: ["took", "taken"],
  teach: ["taught"],
  tell: ["told"],
  think: ["thought"],
  throw: ["threw", "thrown"],
  understand: ["understood"],
  wear: ["wore", "worn"],
  write: ["wrote", "written"],
  big: ["bigger", "biggest"],
  close: ["closer", "closest"],
  far: ["farther", "farthest", "further", "furthest"],
  high: ["higher", "highest"],
  large: ["larger", "largest"],
  long: ["longer", "longest"],
  loud: ["louder", "loudest"],
  near: ["nearer", "nearest"],
  quiet: ["quieter", "quietest"],
  small: ["smaller", "smallest"],
  wide: ["wider", "widest"],
};

/** The irregular forms read as their base word, by base word: published in the docs. */
export function irregularForms(): Readonly<Record<string, readonly string[]>> {
  return IRREGULAR;
}

/** Each irregular form's base word. */
const BASE_OF: ReadonlyMap<string, string> = new Map(
  Object.entries(IRREGULAR).flatMap(([base, forms]) => forms.map((form) => [form, base] as const)),
);

/** Only words of ASCII letters, of at least this many, are folded: "bus" and "gas" are, "tv" is not. */
const SHORTEST = 3;
const LETTERS = /^[a-z]+$/;

function isConsonant(word: string, at: number): boolean {
  const letter = word[at];
  if (letter === "a" || letter === "e" || letter === "i" || letter === "o" || letter === "u") return false;
  // y after a consonant is a vowel ("by"), at the start or after a vowel a consonant ("toy", "yes").
  if (letter === "y") return at === 0 || !isConsonant(word, at - 1);
  return true;
}

/** Porter's m: the number of vowel-consonant sequences in word[0, end). */
function measure(word: string, end: number): number {
  let count = 0;
  let at = 0;
  while (at < end && isConsonant(word, at)) at++;
  while (at < end) {
    while (at < end && !isConsonant(word, at)) at++;
    if (at >= end) break;
    count++;
    while (at < end && isConsonant(word, at)) at++;
  }
  return count;
}

function hasVowel(word: string, end: number): boolean {
  for (let at = 0; at < end; at++) if (!isConsonant(word, at)) return true;
  return false;
}

/** *d: the word ends with a double consonant. */
function endsWithDouble(word: string): boolean {
  const end = word.length;
  return end >= 2 && word[end - 1] === word[end - 2] && isConsonant(word, end - 1);
}

/** *o: the word ends consonant-vowel-consonant, the last not w, x or y ("hop", not "snow"). */
function endsCvc(word: string): boolean {
  const end = word.length;
  if (end < 3 || !isConsonant(word, end - 1) || isConsonant(word, end - 2) || !isConsonant(word, end - 3)) return false;
  const last = word[end - 1];
  return last !== "w" && last !== "x" && last !== "y";
}

/** Step 1a: plurals. */
function plural(word: string): string {
  if (word.endsWith("sses")) return word.slice(0, -2);
  if (word.endsWith("ies")) return word.slice(0, -2);
  if (word.endsWith("ss")) return word;
  if (word.endsWith("s")) return word.slice(0, -1);
  return word;
}

/** Step 1b: -eed, -ed, -ing, with what a removed -ed or -ing leaves tidied. */
function pastAndProgressive(word: string): string {
  if (word.endsWith("eed")) return measure(word, word.length - 3) > 0 ? word.slice(0, -1) : word;
  let stem: string;
  if (word.endsWith("ed") && hasVowel(word, word.length - 2)) stem = word.slice(0, -2);
  else if (word.endsWith("ing") && hasVowel(word, word.length - 3)) stem = word.slice(0, -3);
  else return word;
  if (stem.endsWith("at") || stem.endsWith("bl") || stem.endsWith("iz")) return `${stem}e`;
  if (endsWithDouble(stem)) {
    const last = stem[stem.length - 1];
    return last === "l" || last === "s" || last === "z" ? stem : stem.slice(0, -1);
  }
  if (measure(stem, stem.length) === 1 && endsCvc(stem)) return `${stem}e`;
  return stem;
}

/** Step 1c: a final y after a vowel somewhere becomes i ("battery" and "batteries" meet at "batteri"). */
function finalY(word: string): string {
  return word.endsWith("y") && hasVowel(word, word.length - 1) ? `${word.slice(0, -1)}i` : word;
}

/** Step 5: a final e goes (where the word keeps enough), and a final double l after a long stem becomes one. */
function finalE(word: string): string {
  let result = word;
  if (result.endsWith("e")) {
    const m = measure(result, result.length - 1);
    if (m > 1 || (m === 1 && !endsCvc(result.slice(0, -1)))) result = result.slice(0, -1);
  }
  if (result.endsWith("ll") && measure(result, result.length) > 1) result = result.slice(0, -1);
  return result;
}

/**
 * The inflection stem of a normalised word, or undefined for a word that is not folded (shorter than three letters,
 * or holding a digit or a letter outside a to z).
 */
export function inflectionStem(word: string): string | undefined {
  if (word.length < SHORTEST || !LETTERS.test(word)) return undefined;
  return porterInflection(BASE_OF.get(word) ?? word);
}

function porterInflection(word: string): string {
  return finalE(finalY(pastAndProgressive(plural(word))));
}

/** The irregular forms of each stem, by the stem of their base word. */
const IRREGULAR_BY_STEM: ReadonlyMap<string, readonly string[]> = new Map(
  Object.entries(IRREGULAR).map(([base, forms]) => [porterInflection(base), forms]),
);

/**
 * Where the words of a stem start: the stem without an added e, then without an i that may have been a y; every
 * word whose stem is `stem` begins with it, or is one of the stem's irregular forms (also given).
 */
export function stemStarts(stem: string): string[] {
  const withoutE = stem.endsWith("e") ? stem.slice(0, -1) : stem;
  return [withoutE.endsWith("i") ? withoutE.slice(0, -1) : withoutE, ...(IRREGULAR_BY_STEM.get(stem) ?? [])];
}
