/**
 * How recent a source must be to support a current certification status, and the date arithmetic the rule
 * and the docs share. A list version older than this says what was listed then, not what is listed now.
 */
import type { Source } from "./types.ts";

/** A `certified` or `expired` status needs a list version from this many months before the methodology date. */
export const CURRENT_STATUS_MAX_AGE_MONTHS = 12;

/** The oldest date (YYYY-MM-DD) a list version may have to support a current status at `methodologyDate`. */
export function currentStatusWindowStart(methodologyDate: string): string {
  return monthsBefore(methodologyDate, CURRENT_STATUS_MAX_AGE_MONTHS);
}

/** The date `months` months before an ISO date (YYYY-MM-DD), clamped to the month's last day. */
function monthsBefore(date: string, months: number): string {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const total = year * 12 + (month - 1) - months;
  const targetYear = Math.floor(total / 12);
  const targetMonth = (total % 12) + 1;
  const lastDay = new Date(Date.UTC(targetYear, targetMonth, 0)).getUTCDate();
  const pad = (value: number, width: number) => String(value).padStart(width, "0");
  return `${pad(targetYear, 4)}-${pad(targetMonth, 2)}-${pad(Math.min(day, lastDay), 2)}`;
}

/**
 * The first day a partial date (YYYY, YYYY-MM or YYYY-MM-DD) can mean: "read in 2026-11" proves a reading
 * no later than the month allows, so a window check has to assume its earliest day.
 */
export function earliestDay(partialDate: string): string {
  const [year, month = "01", day = "01"] = partialDate.split("-");
  return `${year}-${month}-${day}`;
}

/** The date of the version a source is: its own date where it gives one, else the day it was read. */
export function versionDate(source: Pick<Source, "published" | "accessed">): string {
  return source.published ?? source.accessed;
}

/** Whether a source's version date (to its own precision) covers a full date: 2026-11 covers 2026-11-20. */
export function shows(source: Pick<Source, "published" | "accessed">, date: string): boolean {
  return date.startsWith(versionDate(source));
}
