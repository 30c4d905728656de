/** The value at `fraction` of sorted samples (0.5 the median, 0.99 the 99th percentile). */
export function percentile(sorted: readonly number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))]!;
}
