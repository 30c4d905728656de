/**
 * How to read the evidence register, said once for the docs page, the home page and the agent skill (Markdown
 * with `code` spans; each page renders it). The vocabularies and their meanings
 * are the schemas' own (build/engine/compile/vocabularies.ts).
 */
import { CURRENT_STATUS_MAX_AGE_MONTHS } from "../../content/load/status-window.ts";

export const EVIDENCE_GUIDE = {
  current: `Each certification programme has a current status, at the register's methodology date. \`certified\` and \`expired\` need a cited version of the programme's list dated within the ${CURRENT_STATUS_MAX_AGE_MONTHS} months before that date; the build refuses them otherwise, so a product seen only on older versions is \`unknown\`.`,
  listings: `What a dated version of a list showed is kept apart under \`listings\`: \`listed\` in the version dated \`as_of\`, with the firmware and end date that version gives. A listing says nothing about the status after its date: an end date it gives may since have been extended or ended, so a passed end date does not make a product \`expired\`.`,
  warranty: `Warranty terms keep the product's base warranty (\`standard_term\`, \`extension_window\`, \`advance_replacement\`) apart from what a paid plan adds (\`paid_plan\`). A supplier's generic policy ("90 days unless longer", "usually 1, 2 or 3 years") is not a product's term: that term is \`unknown\`, with the policy in its note. \`unknown\` means nothing was seen for the product; \`unverified\` means a claim was seen and not confirmed.`,
} as const;
