import { describe, expect, it } from "vitest";
import { MAX_QUERY_CODE_POINTS } from "../build/contract/limits.ts";
import * as textMatch from "../build/search/text-match.ts";
import { seededRandom } from "../build/tools/synthetic/seeded-random.ts";
import { inflectionStem, irregularForms, stemStarts } from "../build/contract/inflection.ts";
import { holdsWord, matchKind, matchStarts, queryWord } from "../build/search/query-words.ts";

const { indexTokens, normalize, tokenize, parseQuery, matchesAllTokens, vocabulary } = textMatch;

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

  it("counts code points, not UTF-16 units, against the limit", () => {
    const limit = MAX_QUERY_CODE_POINTS;
    expect(parseQuery("a".repeat(limit))).toMatchObject({ ok: true });
    expect(parseQuery("a".repeat(limit + 1))).toEqual({ ok: false, reason: "too-long", codePoints: limit + 1 });
    // Astral letters are two UTF-16 units but one code point each.
    expect(parseQuery("𝐀".repeat(limit))).toMatchObject({ ok: true });
    expect(parseQuery("𝐀".repeat(limit + 1))).toMatchObject({ ok: false, reason: "too-long" });
  });

  it("keeps each distinct token once", () => {
    expect(parseQuery("Room ROOM rooms")).toEqual({ ok: true, tokens: ["room", "rooms"], ignored: [] });
  });

  it("leaves the stop words out with match=any, and says which; keeps them all with match=all", () => {
    expect(parseQuery("How should the screens be mounted? What's best?")).toEqual({
      ok: true,
      tokens: ["screens", "mounted"],
      ignored: ["how", "should", "the", "be", "what", "s", "best"],
    });
    // A buyer's verbs, which most answers hold in passing: required, they ranked those answers first.
    expect(parseQuery("Should we buy Windows or Android, or choose a bar?")).toEqual({
      ok: true,
      tokens: ["windows", "android", "bar"],
      ignored: ["should", "we", "buy", "or", "choose", "a"],
    });
    // A question's filler, and a listed verb in any of its forms: "working" left in matched "work", itself left out.
    expect(parseQuery("Any advice? The bar stopped working: does it matter what happens when it's used?")).toEqual({
      ok: true,
      tokens: ["bar", "stopped"],
      ignored: ["any", "advice", "the", "working", "does", "it", "matter", "what", "happens", "when", "s", "used"],
    });
    expect(parseQuery("How should the screens be mounted?", "all")).toEqual({
      ok: true,
      tokens: ["how", "should", "the", "screens", "be", "mounted"],
      ignored: [],
    });
  });

  it("asks for a hyphenated word with common words among its parts whole too, as the index holds it", () => {
    // Its common parts left out, "all-in-one" would rest on "one" alone.
    expect(parseQuery("Is an all-in-one bar enough?")).toEqual({
      ok: true,
      tokens: ["one", "bar", "allinone"],
      ignored: ["is", "an", "all", "in", "enough"],
    });
    expect(parseQuery("built-in mics")).toMatchObject({ tokens: ["built", "mics", "builtin"] });
    // Not one of no common word (its parts are asked for, and the index's compound holds them), nor one of common
    // words only, nor with match=all, which keeps every word.
    expect(parseQuery("Wi-Fi")).toMatchObject({ tokens: ["wi", "fi"] });
    expect(parseQuery("how-to")).toMatchObject({ ok: false, reason: "only-stop-words" });
    expect(parseQuery("all-in-one", "all")).toMatchObject({ tokens: ["all", "in", "one"] });
  });

  it("refuses a query of stop words only with match=any (not with match=all)", () => {
    expect(parseQuery("how to do it?")).toEqual({ ok: false, reason: "only-stop-words", codePoints: 13 });
    expect(parseQuery("how to do it?", "all")).toMatchObject({ ok: true, tokens: ["how", "to", "do", "it"] });
    // Symbols only stay the other problem, in both modes.
    expect(parseQuery("?!")).toMatchObject({ ok: false, reason: "no-letter-or-digit" });
    expect(parseQuery("?!", "all")).toMatchObject({ ok: false, reason: "no-letter-or-digit" });
  });
});

describe("inflections: Porter's steps 1 and 5, and irregular forms", () => {
  it.each([
    ["microphones", "microphone"],
    ["mounting", "mount"],
    ["mounted", "mounts"],
    ["batteries", "battery"],
    ["licensed", "license"],
    ["licensing", "licenses"],
    ["hoping", "hope"],
    ["controlling", "control"],
    ["people", "person"],
    ["heard", "hear"],
    ["paid", "pay"],
    ["displays", "display"],
    ["farthest", "far"],
    ["larger", "large"],
    ["biggest", "big"],
  ])("%s and %s share a stem", (a, b) => {
    expect(inflectionStem(a)).toBeDefined();
    expect(inflectionStem(a)).toBe(inflectionStem(b));
  });

  it.each([
    ["access", "accessibility"],
    ["certified", "certification"],
    ["licence", "license"],
    ["media", "medium"],
    ["led", "lead"],
    ["speaker", "speak"],
    ["computer", "compute"],
  ])("%s and %s stay apart (derivations, spellings and look-alikes)", (a, b) => {
    expect(inflectionStem(a)).not.toBe(inflectionStem(b));
  });

  it("folds no short word nor a word with a digit or a letter beyond a to z", () => {
    expect(["tv", "a", "mxa920", "écran", "2026"].map(inflectionStem)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });

  it("every word of a stem starts with one of the stem's starts (what a reader looks up), over 100,000 seeded words", () => {
    const random = seededRandom(5);
    const letters = "aeiouybcdlmnrstxzwgp";
    const suffixes = ["", "s", "es", "ies", "sses", "ed", "eed", "ing", "ied", "y", "e", "ll", "ated", "bled", "izing"];
    const forms = Object.values(irregularForms()).flat();
    for (let round = 0; round < 100_000; round++) {
      let word = round < forms.length ? forms[round]! : "";
      if (word === "") {
        const length = 1 + Math.floor(random() * 9);
        for (let at = 0; at < length; at++) word += letters[Math.floor(random() * letters.length)];
        word += suffixes[Math.floor(random() * suffixes.length)];
      }
      const stem = inflectionStem(word);
      if (stem === undefined) continue;
      if (!stemStarts(stem).some((start) => word.startsWith(start))) expect.fail(`${word} (stem ${stem})`);
    }
  });
});

describe("query words: how a word of an answer matches", () => {
  const groups = [["display", "screen", "tv"]];
  it.each([
    ["microphone", "microphone", "exact"],
    ["microphone", "microphones", "stem"],
    ["microphones", "microphone", "stem"],
    ["tv", "displays", "synonym"],
    ["screens", "tv", "synonym"],
    ["micro", "microphone", "prefix"],
    ["monitor", "monitoring", "stem"],
    ["display", "displaying", "stem"],
    ["micro", "macro", undefined],
    ["room", "rooms", "stem"],
  ] as const)("%s matches %s: %s", (query, word, kind) => {
    expect(matchKind(queryWord(query, "any", groups, true), word)).toBe(kind);
  });

  it("a stem whose words start with fewer than three letters matches as the word itself", () => {
    // "uses" folds to "us": looking through every word starting "us" would cost a reader too much for too little.
    const uses = queryWord("uses", "any", [], true);
    expect([uses.stem, matchKind(uses, "used"), matchKind(uses, "user")]).toEqual([undefined, undefined, undefined]);
    expect(queryWord("rooms", "any", [], true).stem).toBe("room");
  });

  it("with match=all, only as the start of a word", () => {
    expect(matchKind(queryWord("microphones", "all", groups, true), "microphone")).toBeUndefined();
    expect(matchKind(queryWord("tv", "all", groups, true), "display")).toBeUndefined();
    expect(matchKind(queryWord("micro", "all", groups, true), "microphone")).toBe("prefix");
  });

  it("a prefix holds only the last word of q, a typo never", () => {
    const last = queryWord("micro", "any", [], true);
    const before = queryWord("micro", "any", [], false);
    expect([holdsWord(last, "prefix"), holdsWord(before, "prefix"), holdsWord(last, "typo")]).toEqual([
      true,
      false,
      false,
    ]);
    expect(["exact", "stem", "synonym"].every((kind) => holdsWord(before, kind as "exact"))).toBe(true);
  });

  it("the starts a reader looks up cover every matching word, none inside another", () => {
    const word = queryWord("tvs", "any", groups, false);
    // "display"'s stem is "displai" (its y made i): its words start "displa".
    expect(matchStarts(word)).toEqual(["displa", "screen", "tv"]);
    expect(matchStarts(queryWord("people", "any", [], true))).toEqual(["people", "person"]);
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

describe("compounds: the index holds a hyphenated word whole as well as its parts", () => {
  it("adds each compound joined, after the tokens, but no number joined by hyphens", () => {
    expect(indexTokens("Guest Wi-Fi, USB-C and built-in mics; 2024-11-28, 10-20 m, Cat-6")).toEqual([
      ...tokenize("Guest Wi-Fi, USB-C and built-in mics; 2024-11-28, 10-20 m, Cat-6"),
      "wifi",
      "usbc",
      "builtin",
      "cat6",
    ]);
    expect(indexTokens("plug-and-play, front-of-room")).toEqual([
      "plug",
      "and",
      "play",
      "front",
      "of",
      "room",
      "plugandplay",
      "frontofroom",
    ]);
  });

  it("joins across the hyphens NFKD makes (non-breaking, small, full-width), not across a dash or a space", () => {
    expect(indexTokens("Wi\u2011Fi")).toContain("wifi");
    expect(indexTokens("Wi\ufe63Fi")).toContain("wifi");
    expect(indexTokens("Wi\uff0dFi")).toContain("wifi");
    expect(indexTokens("Caf\u00e9-Bar")).toContain("cafebar");
    expect(indexTokens("Wi\u2013Fi")).not.toContain("wifi");
    expect(indexTokens("Wi - Fi")).not.toContain("wifi");
    expect(indexTokens("Wi--Fi")).not.toContain("wifi");
  });

  it("a query's words are its tokens alone: a compound typed hyphenated asks for its parts", () => {
    expect(parseQuery("guest wi-fi")).toMatchObject({ ok: true, tokens: ["guest", "wi", "fi"] });
    expect(matchesAllTokens(vocabulary(["Guest Wi-Fi"]), ["wifi"])).toBe(true);
    expect(matchesAllTokens(vocabulary(["Guest Wi-Fi"]), ["wif"])).toBe(true);
    expect(matchesAllTokens(vocabulary(["Guest Wi Fi"]), ["wifi"])).toBe(false);
  });
});

describe("public surface", () => {
  it("pins the exports of the shared matching module (the request handler and offline page use them)", () => {
    expect(Object.keys(textMatch).sort()).toEqual([
      "asciiCompounds",
      "compareCodeUnits",
      "hasWordStartingWith",
      "indexTokens",
      "isAsciiLetterOrDigit",
      "lowerBound",
      "matchesAllTokens",
      "normalize",
      "parseQuery",
      "runCompounds",
      "tokenize",
      "vocabulary",
      "wordsStartingWith",
    ]);
  });
});
