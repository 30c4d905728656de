import { describe, expect, it } from "vitest";
import * as textMatch from "../build/search/text-match.ts";
import { seededRandom } from "../build/tools/synthetic/seeded-random.ts";

const { normalize, tokenize, parseQuery, matchesAllTokens, vocabulary } = textMatch;

describe("normalisation", () => {
  it.each([
    ["Café", "cafe"],
    ["CAFÉ", "cafe"],
    ["Straße", "strasse"],
    ["STRASSE", "strasse"],
    ["Ærø", "aero"],
    ["Œuvre", "oeuvre"],
    ["Søren Kierkegaard", "soren kierkegaard"],
    ["Łódź", "lodz"],
    ["Đorđe", "dorde"],
    ["Þingvellir", "thingvellir"],
    ["Iğdır", "igdir"],
    ["İstanbul", "istanbul"],
    ["ﬁle", "file"],
    ["Ｆｕｌｌｗｉｄｔｈ", "fullwidth"],
    ["naïve coöperation", "naive cooperation"],
  ])("%s → %s", (text, expected) => {
    expect(normalize(text)).toBe(expected);
  });
});

describe("tokenisation: runs of letters and digits", () => {
  it.each([
    ["Teams Rooms (Pro)", ["teams", "rooms", "pro"]],
    ["4.5x6 m", ["4", "5x6", "m"]],
    ["MXA920 + P300", ["mxa920", "p300"]],
    ["EN 301 549", ["en", "301", "549"]],
    ["wi-fi/bluetooth", ["wi", "fi", "bluetooth"]],
    ["—…!?", []],
    ["", []],
    ["Ærø-Straße", ["aero", "strasse"]],
  ])("%j → %j", (text, expected) => {
    expect(tokenize(text)).toEqual(expected);
  });
});

describe("the ASCII shortcut changes nothing", () => {
  // The rule as the contract states it, with no shortcut: what the fast path for ASCII text must equal.
  const FOLDS: Record<string, string> = { ß: "ss", æ: "ae", œ: "oe", ø: "o", ł: "l", đ: "d", ð: "d", þ: "th", ı: "i" };
  const reference = (text: string) =>
    text
      .toLowerCase()
      .normalize("NFKD")
      .replace(/\p{M}/gu, "")
      .replace(/[ßæœøłđðþı]/gu, (letter) => FOLDS[letter]!)
      .match(/[\p{L}\p{N}]+/gu) ?? [];

  it("tokenises 5,000 seeded texts of ASCII, accents, capitals, math letters and symbols exactly as the rule", () => {
    const random = seededRandom(7);
    const alphabet = [
      "a",
      "Z",
      "q",
      "0",
      "9",
      " ",
      "-",
      ".",
      "\n",
      "é",
      "É",
      "ß",
      "İ",
      "𝐀",
      "ℌ",
      "Ⅻ",
      "½",
      "ı",
      "Æ",
      "\u0301",
      "中",
      "\t",
      "K",
      "ﬁ",
    ];
    for (let round = 0; round < 5000; round++) {
      const length = Math.floor(random() * 24);
      const asciiOnly = random() < 0.5;
      let text = "";
      for (let at = 0; at < length; at++) text += alphabet[Math.floor(random() * (asciiOnly ? 9 : alphabet.length))];
      expect(textMatch.tokenize(text), JSON.stringify(text)).toEqual(reference(text));
    }
  });
});

describe("queries", () => {
  it("refuses a query with no letter or digit", () => {
    expect(parseQuery("  !?-- ")).toEqual({ ok: false, reason: "no-letter-or-digit", codePoints: 7 });
    expect(parseQuery("")).toMatchObject({ ok: false, reason: "no-letter-or-digit" });
  });

  it("counts code points, not UTF-16 units, against the 200 limit", () => {
    expect(parseQuery("a".repeat(200))).toMatchObject({ ok: true });
    expect(parseQuery("a".repeat(201))).toEqual({ ok: false, reason: "too-long", codePoints: 201 });
    // 200 astral letters are 400 UTF-16 units but 200 code points.
    expect(parseQuery("𝐀".repeat(200))).toMatchObject({ ok: true });
    expect(parseQuery("𝐀".repeat(201))).toMatchObject({ ok: false, reason: "too-long" });
  });

  it("keeps each distinct token once", () => {
    expect(parseQuery("Room ROOM rooms")).toEqual({ ok: true, tokens: ["room", "rooms"] });
  });
});

describe("matching: every query token starts some word", () => {
  const words = vocabulary(["Ceiling microphones for the Ærø room", "Straße 4K displays, EN 301 549"]);

  it.each([
    ["ceiling", true],
    ["ceil", true],
    ["c", true],
    ["eiling", false],
    ["CEILING MICRO", true],
    ["ceiling speakers", false],
    ["aero", true],
    ["ærø", true],
    ["strasse", true],
    ["straße", true],
    ["4k", true],
    ["4", true],
    ["301 549", true],
    ["3015", false],
    ["microphones!", true],
    ["microphonesx", false],
  ])("%j → %s", (query, expected) => {
    const parsed = parseQuery(query);
    expect(parsed.ok).toBe(true);
    if (parsed.ok) expect(matchesAllTokens(words, parsed.tokens)).toBe(expected);
  });
});

describe("public surface", () => {
  it("pins the exports of the shared matching module (the request handler and offline page use them)", () => {
    expect(Object.keys(textMatch).sort()).toEqual([
      "MAX_QUERY_CODE_POINTS",
      "compareCodeUnits",
      "hasWordStartingWith",
      "lowerBound",
      "matchesAllTokens",
      "normalize",
      "parseQuery",
      "tokenize",
      "vocabulary",
      "wordsStartingWith",
    ]);
  });
});
