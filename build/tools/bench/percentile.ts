/** The value at `fraction` of sorted samples (0.5 the median, 0.99 the 99th percentile). */
export function percentile(sorted: readonly number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))]!;
}

/** The median of unsorted samples (of an even number, the higher of the middle two). */
export function median(values: readonly number[]): number {
  return [...values].sort((a, b) => a - b)[values.length >> 1]!;
}

/**
 * The order in which to take `rounds` samples of each of `cases` cases, as case indexes: round r starts at case r
 * (mod cases). Measured case by case, all of a case's samples in a row, the first case took the garbage of what ran
 * before (at 10,000 answers under Deno, 30 ms of main thread against 9 to 23 measured last) in each of its samples;
 * rotated, a case is first in at most one round of every `cases`, so that garbage left before a round falls on one
 * of its samples, which its median leaves out. (Within a round each case still follows the same case.)
 */
export function rotatedRounds(cases: number, rounds: number): number[] {
  const order: number[] = [];
  for (let round = 0; round < rounds; round++)
    for (let step = 0; step < cases; step++) order.push((round + step) % cases);
  return order;
}
