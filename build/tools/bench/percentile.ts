/** The value at `fraction` of sorted samples (0.5 the median, 0.99 the 99th percentile). */
export function percentile(sorted: readonly number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))]!;
}

/** The median of unsorted samples (of an even number, the higher of the middle two). */
export function median(values: readonly number[]): number {
  return [...values].sort((a, b) => a - b)[values.length >> 1]!;
}
