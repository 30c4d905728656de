import { describe, expect, it } from "vitest";
import { outlineAnswer } from "../build/content/markdown/answer-outline.ts";

const quantities = (markdown: string) => outlineAnswer(markdown).citedQuantities;

describe("what counts as a cited quantity in an answer", () => {
  it.each([
    ["Keep the display centre within 15 degrees of the eye line [@room-guide].", [["room-guide"]]],
    ["A medium room is 4.5 m x 6 m [@list].", [["list"]]],
    ["HP paid US$3.3 billion [@deal].", [["deal"]]],
    ["Basic is free for up to 25 rooms [@licensing; @notes].", [["licensing", "notes"]]],
    ["- Reverberation under 0.6 seconds [@acoustics].", [["acoustics"]]],
  ])("%s", (markdown, expected) => {
    expect(quantities(markdown)).toEqual(expected);
  });

  it.each([
    ["Check EN 301 549 [@etsi-en-301-549].", "a standard's number"],
    ["Section 889 bars it [@ndaa-fy2019-section-889].", "a section number"],
    ["Use ANSI/AVIXA V202.01:2016 [@avixa-discas].", "a standard's version"],
    ["Ask for it [@far-52-225-5-taa]. The room is 6 m long.", "a quantity in a sentence without a citation"],
    ["See [the list](/api/v1/answers/room-sizing-4-rooms.json) [@list].", "digits in a link target"],
  ])("%s is not one (%s)", (markdown) => {
    expect(quantities(markdown)).toEqual([]);
  });

  it("finds the closing section with its list items and its line in the file", () => {
    const outline = outlineAnswer("Text.\n\n## Decision checklist\n\n- One.\n- Two,\n  continued.\n- Three.\n", 12);
    expect(outline.closing).toEqual({ heading: "Decision checklist", line: 14, listItems: 3 });
  });
});
