/**
 * Comparing dates given to different precisions (YYYY, YYYY-MM, YYYY-MM-DD): a source read "2026-11" may have
 * been read on any day of that month, so it is not after a claim reviewed on 2026-11-23, while one read on
 * 2026-11-26 is.
 */

/** Whether `date` is after `reference`, compared to the precision both give. */
export function isAfterDate(date: string, reference: string): boolean {
  const length = Math.min(date.length, reference.length);
  return date.slice(0, length) > reference.slice(0, length);
}
