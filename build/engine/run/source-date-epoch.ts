/**
 * SOURCE_DATE_EPOCH as the reproducible-builds specification has it: unset or empty means none, and a value that
 * is not whole seconds since 1970 is refused rather than ignored. The build's CLI and the archivers read it here.
 */
export function sourceDateEpoch(env: NodeJS.ProcessEnv): number | undefined {
  const epoch = env.SOURCE_DATE_EPOCH;
  if (epoch === undefined || epoch === "") return undefined;
  if (!/^\d+$/.test(epoch)) throw new Error(`SOURCE_DATE_EPOCH must be whole seconds since 1970 (got "${epoch}").`);
  return Number(epoch);
}
