import { SUNSET_NOTICE_MONTHS } from "../../contract/versioning.ts";
import type { ContentRule } from "./rule.ts";

/** A deprecated API version answers for at least SUNSET_NOTICE_MONTHS after its deprecation, as the docs promise. */
export const siteDeprecation: ContentRule = {
  name: "site-deprecation",
  check(input, report) {
    const deprecation = input.site?.data.deprecation;
    if (!input.site || !deprecation?.sunset_at) return;
    const earliest = new Date(`${deprecation.deprecated_at}T00:00:00Z`);
    earliest.setUTCMonth(earliest.getUTCMonth() + SUNSET_NOTICE_MONTHS);
    const first = earliest.toISOString().slice(0, 10);
    if (deprecation.sunset_at < first)
      report(
        input.site.file,
        "/deprecation/sunset_at",
        "site/sunset",
        `the sunset ${deprecation.sunset_at} is less than ${SUNSET_NOTICE_MONTHS} months after the deprecation (${deprecation.deprecated_at}): clients are promised until ${first} at least.`,
      );
  },
};
