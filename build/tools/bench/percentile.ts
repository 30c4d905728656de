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
 * (mod cases). Measured in one order every round, the first case took the garbage of what ran before the round (at
 * 10,000 answers under Deno, 30 ms of main thread against 9 to 23 measured last); rotated, no case is first in more
 * than one round of five, so that its median is its own cost, and that garbage still falls on some sample.
 */
export function rotatedRounds(cases: number, rounds: number): number[] {
  const order: number[] = [];
  for (let round = 0; round < rounds; round++)
    for (let step = 0; step < cases; step++) order.push((round + step) % cases);
  return order;
}
