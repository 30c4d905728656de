import { describe, expect, it } from "vitest";
import * as textMatch from "../build/search/text-match.ts";
import { seededRandom } from "../build/synthetic/seeded-random.ts";
import { writeSearchIndex } from "../build/compile/search-index-file.ts";
import { canonicalJson } from "../build/api/canonical-json.ts";
const DIGEST = `sha256:${"0".repeat(64)}`;
import { buildSearchIndex, decodePostings, encodePostings, searchIndex } from "../build/search/search-index.ts";

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
    const alphabet = ["a", "Z", "q", "0", "9", " ", "-", ".", "\n", "é", "É", "ß", "İ", "𝐀", "ℌ", "Ⅻ", "½", "ı", "Æ", "\u0301", "中", "\t", "K", "ﬁ"];
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

describe("the search index answers exactly as direct matching does", () => {
  const documents = [
    { id: "a-room", texts: ["Room sizing", "Small rooms and large rooms"] },
    { id: "b-mics", texts: ["Microphones", "Ceiling microphones cover the room"] },
    { id: "c-display", texts: ["Displays", "Display size for the farthest viewer"] },
  ];
  const index = buildSearchIndex(documents, DIGEST);

  it.each([["room"], ["r"], ["micro ceil"], ["display"], ["d"], ["nothing"], ["the"], ["farthest room"]])("%j", (query) => {
    const parsed = parseQuery(query);
    if (!parsed.ok) throw new Error("test query must be valid");
    const direct = documents.filter((document) => matchesAllTokens(vocabulary(document.texts), parsed.tokens)).map((document) => document.id);
    expect(searchIndex(index, parsed.tokens)).toEqual(direct);
  });

  it("stores a sorted vocabulary with ascending, delta-encoded postings", () => {
    expect([...index.terms].sort()).toEqual(index.terms);
    for (const encoded of index.postings) {
      const positions = decodePostings(encoded);
      expect(new Set(positions).size).toBe(positions.length);
      expect([...positions].sort((a, b) => a - b)).toEqual(positions);
      expect(encodePostings(positions)).toBe(encoded);
    }
    expect(decodePostings("0,3,a")).toEqual([0, 3, 13]);
  });
});

describe("the index file", () => {
  it("is written in pieces with exactly the bytes of its canonical JSON, empty or past many pieces", async () => {
    const random = seededRandom(11);
    const words = ["room", "camera", "ceiling", "microphone", "ß-bar", "zoom", "teams", "<script>", "écran", "2026"];
    const documents = Array.from({ length: 4000 }, (_, at) => ({
      id: `answer-${at}`,
      texts: [Array.from({ length: 12 }, () => words[Math.floor(random() * words.length)]).join(" ") + ` unique${at}`],
    }));
    for (const index of [buildSearchIndex([], DIGEST), buildSearchIndex(documents.slice(0, 3), DIGEST), buildSearchIndex(documents, DIGEST)]) {
      const parts: string[] = [];
      await writeSearchIndex({ write: async (text) => void parts.push(text), close: async () => {} }, index);
      expect(parts.join("")).toBe(canonicalJson(index));
    }
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
