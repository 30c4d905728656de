import { bodyCutShort, type ContentRule } from "./rule.ts";

const CHECKLIST_HEADING = "Decision checklist";
const CHECKLIST_ITEMS = { min: 3, max: 8 } as const;

/** Every answer ends with a short decision checklist: a buyer leaves with the decisions to make, in order. */
export const decisionChecklist: ContentRule = {
  name: "decision-checklist",
  reads: [],
  answer({ file }, _, report) {
    if (!file.body || bodyCutShort(file)) return;
    const { closing } = file.body.outline;
    const { min, max } = CHECKLIST_ITEMS;
    if (!closing || closing.heading !== CHECKLIST_HEADING) {
      const last = closing ? `the last section is "${closing.heading}"` : 'the body has no "##" section';
      report(
        file,
        "",
        "answer/decision-checklist",
        `${last}, not "${CHECKLIST_HEADING}".`,
        undefined,
        closing ? { line: closing.line, column: 1 } : undefined,
      );
    } else if (closing.listItems < min || closing.listItems > max) {
      report(
        file,
        "",
        "answer/decision-checklist",
        `the "${CHECKLIST_HEADING}" section has ${closing.listItems} list item${closing.listItems === 1 ? "" : "s"}, not ${min} to ${max}.`,
        undefined,
        { line: closing.line, column: 1 },
      );
    }
  },
};
