/**
 * How to read the supplier directory, said once for the docs page, the home page and the agent skill (Markdown
 * with `code` spans; each page renders it). The rubric itself is the disclosure's (content/disclosure.yaml);
 * the rules the build checks are build/content/rules/scores-follow-facts.ts and build/content/rules/scores-rest-on-primary-sources.ts.
 */
import { SECONDARY_MAX } from "../../content/ranking/rubric-facts.ts";

export const SUPPLIER_GUIDE = {
  scores: `Each supplier carries its \`rank\`, what the rank means (\`rank_meaning\`) and the weighted \`score\` it follows; each criterion of \`scores\` has the level of the disclosure's rubric, its \`basis\` (the facts) and its \`sources\`. Quote a rank with its meaning: it measures how much of what a buyer must check our sources document, not product quality.`,
  primary: `Every source says whether it is \`primary\`: the supplier's or its owner's own document, a platform's certification list, a regulator or a standards body. Our own research notes, press and trade reports, interviews, resellers, market-data sites and third-party copies of any document are secondary (\`primary: false\`) and support a score of at most ${SECONDARY_MAX} on platform listings, support terms, ownership or product range; a higher score cites a primary source, and for product range a family counts only when a primary source names a product in it. The build refuses a score its sources do not support.`,
  searches: `Every supplier records the same searches under \`searches\`, one for each of \`platform-certification\`, \`support-transparency\` and \`ownership-transparency\` and one for each compliance rule of the evidence register (\`fcc\`, \`ce-ukca\`, \`rohs\`, \`taa\`, \`ndaa-889\`, \`en-301-549\`): what was looked for (\`looked_for\`), where (\`where\`: the list versions, public pages, records and documents), when (\`searched\`), which register entries it found (\`found\`, empty when it found nothing) and what it found in words (\`result\`). A score of 0 means these searches found no source for a higher level (\`found\` lists every register entry a search turned up); a compliance status stays \`unknown\` when its search found no primary source.`,
} as const;
