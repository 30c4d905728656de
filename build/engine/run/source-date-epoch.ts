/** The end of the year 9999: later times have no four-digit year, which RFC 3339 and the response schemas need. */
const LAST_SECOND = 253_402_300_799;

/**
 * SOURCE_DATE_EPOCH as the reproducible-builds specification has it: unset or empty means none, and a value that
 * is not whole seconds since 1970, up to the end of 9999, is refused rather than ignored (milliseconds, the usual
 * slip, are told as such). The build's CLI and the archivers read it here.
 */
export function sourceDateEpoch(env: NodeJS.ProcessEnv): number | undefined {
  const epoch = env.SOURCE_DATE_EPOCH;
  if (epoch === undefined || epoch === "") return undefined;
  if (!/^\d+$/.test(epoch) || Number(epoch) > LAST_SECOND)
    throw new Error(
      `SOURCE_DATE_EPOCH must be whole seconds since 1970, up to the end of 9999 (got "${epoch}"${/^\d{13}$/.test(epoch) ? ": milliseconds?" : ""}).`,
    );
  return Number(epoch);
}
