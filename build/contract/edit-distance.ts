/**
 * How far apart two words are, for every "did you mean": a query word's typos and suggestions (search/) and a
 * mistyped id in the content (content/rules/).
 */

// Three rows, reused: a miss compares a token with up to 20,000 words.
let rows = [new Int32Array(64), new Int32Array(64), new Int32Array(64)];

/**
 * The optimal string alignment distance (insertions, deletions, substitutions and swaps of neighbours, each 1)
 * between `a` and `b`, or `bound + 1` as soon as it is known to exceed `bound`.
 */
export function editDistance(a: string, b: string, bound: number): number {
  if (Math.abs(a.length - b.length) > bound) return bound + 1;
  if (rows[0]!.length <= b.length)
    rows = [new Int32Array(b.length * 2), new Int32Array(b.length * 2), new Int32Array(b.length * 2)];
  let [before, previous, current] = rows as [Int32Array, Int32Array, Int32Array];
  for (let at = 0; at <= b.length; at++) previous[at] = at;
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let smallest = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a.charCodeAt(i - 1) === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === b.charCodeAt(j - 1))
        value = Math.min(value, before[j - 2]! + 1);
      current[j] = value;
      if (value < smallest) smallest = value;
    }
    if (smallest > bound) return bound + 1;
    [before, previous, current] = [previous, current, before];
  }
  return Math.min(previous[b.length]!, bound + 1);
}

/**
 * The name (an id, a slug) a mistyped one most likely meant: the nearest by edit distance, a third of its length at
 * most, else the one sharing the longest start with it, four characters at least. The first listed wins a tie.
 */
export function likeliestName(id: string, ids: readonly string[]): string | undefined {
  let nearest: string | undefined;
  let distance = Math.max(1, Math.floor(id.length / 3));
  for (const candidate of ids) {
    const apart = editDistance(id, candidate, distance);
    if (apart < distance || (apart === distance && nearest === undefined)) [nearest, distance] = [candidate, apart];
  }
  if (nearest !== undefined) return nearest;
  let best: string | undefined;
  let shared = 3;
  for (const candidate of ids) {
    let length = 0;
    while (length < id.length && id.charCodeAt(length) === candidate.charCodeAt(length)) length++;
    if (length > shared) [best, shared] = [candidate, length];
  }
  return best;
}

/**
 * The id of `ids` that `id` is a typo of, a slip of one or two characters (a dropped "s", a swapped pair): nearer
 * than likeliestName asks, for ids that differ from their neighbours by a word ("neat-eol-policy", "cisco-eol-policy"),
 * where one removed would be offered the other.
 */
export function mistypedId(id: string, ids: Iterable<string>): string | undefined {
  let nearest: string | undefined;
  let distance = TYPO_EDITS + 1;
  for (const candidate of ids) {
    const apart = editDistance(id, candidate, TYPO_EDITS);
    if (apart < distance) [nearest, distance] = [candidate, apart];
  }
  return nearest;
}
const TYPO_EDITS = 2;
