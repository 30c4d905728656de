import { describe, expect, it } from "vitest";
import { canonicalJson, canonicalJsonBytes, canonicalJsonPieces } from "../build/contract/canonical-json.ts";
import { seededRandom } from "../build/tools/synthetic/seeded-random.ts";

/** A JSON-like value of every shape canonicalJson meets: nested, unsorted, with members JSON leaves out. */
function randomValue(random: () => number, depth: number): unknown {
  const pick = Math.floor(random() * (depth > 3 ? 5 : 9));
  const length = Math.floor(random() * (random() < 0.2 ? 40 : 6));
  switch (pick) {
    case 0:
      return null;
    case 1:
      return Math.floor(random() * 2000) - 1000;
    case 2:
      return random() < 0.5;
    case 3:
      return [
        "",
        "a\nb",
        'quote " and \\',
        "é\u2028",
        "word",
        "\ud800 alone",
        "😀 paired",
        "\u0001\t\b\f\r\u001f",
        "~}",
        // Long strings, plain and with what JSON escapes or UTF-8 writes in several bytes.
        "a long plain string of ASCII ".repeat(3),
        "a long string with é and \u2028 ".repeat(3),
        'a long string with a " quote '.repeat(3),
        "a long string with 😀 paired ".repeat(3),
        "a long string with \udc00 alone ".repeat(3),
        "a long string with a \t tab ".repeat(3),
      ][Math.floor(random() * 15)];
    case 4:
      return random() < 0.1 ? undefined : "leaf";
    case 5:
    case 6:
      return Array.from({ length }, () => randomValue(random, depth + 1));
    default: {
      const record: Record<string, unknown> = {};
      for (let at = 0; at < length; at++)
        record[["zeta", "alpha", "mid", "b", "a", "links", "entries"][at % 7]! + (at >= 7 ? at : "")] = randomValue(
          random,
          depth + 1,
        );
      return record;
    }
  }
}

describe("canonical JSON in pieces", () => {
  it("joins to canonicalJson's text byte for byte, for values of every shape", () => {
    const random = seededRandom(29);
    const values: unknown[] = [
      {},
      [],
      [[]],
      [{}],
      { b: 1, a: [1, 2, { z: undefined, y: [] }] },
      [undefined, () => 1, 3],
      { d: new Date(0), list: [new Date(1)] },
      { i: 6, a: 1, b: () => 1, c: Symbol("s"), d: [1], e: 2, f: 3, g: 4, h: 5 },
      { a: [1], b: () => 1 },
      { entries: Array.from({ length: 300 }, (_, at) => ({ slug: `s${at}`, answers: [{ title: "t", at }] })) },
    ];
    // Whole files are objects or arrays; a bare undefined, which no file is, is left out.
    for (let at = 0; at < 400; at++) values.push(randomValue(random, 0) ?? null);
    for (const value of values) expect([...canonicalJsonPieces(value)].join("")).toBe(canonicalJson(value));
  });

  it("written as bytes, is canonicalJson's text in UTF-8 byte for byte, for values of every shape", () => {
    const random = seededRandom(47);
    const values: unknown[] = [
      {},
      [],
      {
        b: 1,
        a: [1, 2, { z: undefined, y: [] }],
        n: [-0, 1e21, 0.1, Number.NaN, Number.POSITIVE_INFINITY, 9, 10, 99, 100, 2 ** 53 - 1, 2 ** 53, 1e20],
      },
      [undefined, () => 1, 3, Symbol("s")],
      { d: new Date(0), list: [new Date(1)], 10: "ten", 9: "nine", 'key "quoted"': "é" },
      // Encoded into a buffer of the text's length: ASCII fills it; several bytes a character, last or first, do not.
      { a: "plain" },
      ["é"],
      ["😀"],
      ["é plain ASCII after it"],
      // Larger than the buffer it starts with, and than the one it keeps (the values after it are written into a new one).
      { entries: Array.from({ length: 15000 }, (_, at) => ({ slug: `s${at}`, text: "ü".repeat(at % 50) })) },
    ];
    for (let at = 0; at < 400; at++) values.push(randomValue(random, 0) ?? null);
    for (const value of values)
      expect(
        Buffer.from(canonicalJsonBytes(value)).equals(Buffer.from(canonicalJson(value))),
        JSON.stringify(value),
      ).toBe(true);
  });

  it("gives a large array in many pieces, none holding the whole", () => {
    const value = { entries: Array.from({ length: 1000 }, (_, at) => ({ slug: `answer-${at}`, title: "A title" })) };
    const pieces = [...canonicalJsonPieces(value)];
    const whole = canonicalJson(value);
    expect(pieces.length).toBeGreaterThan(1000);
    expect(Math.max(...pieces.map((piece) => piece.length))).toBeLessThan(whole.length / 100);
  });
});

describe("canonical JSON", () => {
  it("sorts keys by code unit at every depth, leaves out undefined members and ends with a newline", () => {
    const value = { b: 1, a: { d: [{ z: true, y: null }], c: undefined }, "": "empty" };
    const expected =
      '{\n  "": "empty",\n  "a": {\n    "d": [\n      {\n        "y": null,\n        "z": true\n      }\n    ]\n  },\n  "b": 1\n}\n';
    expect(canonicalJson(value)).toBe(expected);
    expect(Buffer.from(canonicalJsonBytes(value)).toString("utf8")).toBe(expected);
  });
});
