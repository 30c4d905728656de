/**
 * `npm run gen -- --answers N --out DIR`: deterministic synthetic content of any size, valid for the build,
 * for benchmarks and scale tests. Every title says it is synthetic, and its one source is this generator:
 * none of it is a claim about a real product or supplier.
 */
import { mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { seededRandom } from "./seeded-random.ts";
import { SEARCH_AREAS } from "../../content/load/types.ts";
import { commandArguments, runAsCommand } from "../../content/load/command-line.ts";
import { compareNames } from "../../content/ranking/ranking-model.ts";

// Words of the domain and of ordinary prose, so that the vocabulary and word lengths look like real answers.
const DOMAIN = `room rooms meeting camera cameras microphone microphones ceiling table display displays speaker speakers
bar bars video audio certified certification firmware licence licences warranty support replacement network cabling
power acoustics echo reverberation framing tracking panoramic content whiteboard wireless presentation byod dedicated
management security patch update compliance procurement accessibility caption hearing loop buyer supplier integrator
installer pilot budget cost lifecycle refresh controller touch panel compute kit processor dsp coverage pickup
seat seats distance height angle viewer viewers image resolution bandwidth switch port cable ethernet poe usb hdmi`.split(
  /\s+/,
);
// No marker of a claim of absence or of a pending event (content/load/outward-markers.ts: "will" before a word of the
// domain is one), which the build would refuse uncovered.
const PROSE = `the a of to and in for with on that this it is are be as by from at or not can should would must may
when where which who what how before after each every most more less than then also because while both either
ask check plan test measure choose compare record verify document confirm review budget decide expect avoid
first second third large small medium quiet loud near far wide narrow long short clear simple careful common rare`.split(
  /\s+/,
);
const FAMILIES = [
  "video-bars",
  "cameras",
  "microphones",
  "audio-processors",
  "room-controllers",
  "wireless-presentation",
  "room-compute",
];
// Not the real criteria's ids: those are checked against the facts of real content (build/content/ranking/rubric-facts.ts).
const CRITERIA = [
  ["synthetic-depth", 30],
  ["synthetic-listings", 25],
  ["synthetic-terms", 20],
  ["synthetic-breadth", 15],
  ["synthetic-ownership", 10],
] as const;

export interface GenerateOptions {
  answers: number;
  out: string;
  seed?: number;
}

/** What the generator's site.yaml says, by which it knows a folder it wrote. */
const PUBLISHER = "av-buyer-data synthetic content generator";

/**
 * The folder is replaced whole: only one that is new, empty or written by this generator (`--out content` was lost).
 * Nothing there is the one error taken as empty: a file given as --out was deleted.
 */
async function refuseForeignFolder(out: string): Promise<void> {
  const names = await readdir(out).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return [];
    if (error.code === "ENOTDIR")
      throw new Error(`will not replace ${out}: it is a file, not a folder. Give --out a new or empty folder.`);
    throw error;
  });
  if (names.length === 0) return;
  const site = await readFile(path.join(out, "site.yaml"), "utf8").catch(() => "");
  if (!site.includes(`\npublisher: ${PUBLISHER}\n`))
    throw new Error(
      `will not replace ${out}: it holds files and is not content this generator wrote (its site.yaml names it as publisher). Give --out a new or empty folder.`,
    );
}

export async function generateContent(
  options: GenerateOptions,
): Promise<{ answers: number; suppliers: number; records: number; sources: number }> {
  const next = seededRandom(options.seed ?? 20261121);
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
  const int = (low: number, high: number) => low + Math.floor(next() * (high - low + 1));
  const out = path.resolve(options.out);
  await refuseForeignFolder(out);
  await rm(out, { recursive: true, force: true });
  for (const folder of ["answers", "suppliers", "evidence"]) await mkdir(path.join(out, folder), { recursive: true });

  const sourceCount = Math.max(10, Math.min(500, Math.ceil(options.answers / 20)));
  const sourceIds = Array.from(
    { length: sourceCount },
    (_, index) => `synthetic-source-${String(index + 1).padStart(4, "0")}`,
  );
  // Primary, as the rules ask of the source of an answer's cited number (answer/cited-quantity).
  await writeFile(
    path.join(out, "sources.yaml"),
    `sources:\n${sourceIds.map((id) => `  - id: ${id}\n    title: Synthetic source ${id.slice(-4)} (benchmark data, not a real document)\n    publisher: ${PUBLISHER}\n    published: 2023-04-28\n    accessed: 2026-11\n    kind: guidance\n    confidence: documented\n    primary: true\n`).join("")}`,
  );
  await writeFile(
    path.join(out, "site.yaml"),
    `name: Synthetic AV Buyer Data
description: Synthetic content for benchmarks and scale tests; nothing here describes a real product or supplier.
version: "0.0.1"
publisher: ${PUBLISHER}
contact:
  name: Benchmarks
  url: /docs/#contact
licence:
  id: CC-BY-4.0
  name: Creative Commons Attribution 4.0 International
  url: https://creativecommons.org/licenses/by/4.0/
citation: Synthetic benchmark data.
page_size: 100
base_url: http://localhost:8080
`,
  );

  const supplierCount = Math.max(12, Math.min(2000, Math.ceil(options.answers / 50)));
  const suppliers = Array.from({ length: supplierCount }, (_, index) => {
    const scores = Object.fromEntries(CRITERIA.map(([id]) => [id, int(0, 5)]));
    const total = CRITERIA.reduce((sum, [id, weight]) => sum + scores[id]! * weight, 0);
    return {
      slug: `synthetic-supplier-${String(index + 1).padStart(5, "0")}`,
      name: `Synthetic Supplier ${String(index + 1).padStart(5, "0")}`,
      scores,
      total,
    };
  });
  const ranked = [...suppliers].sort((a, b) => b.total - a.total || compareNames(a.name, b.name));
  // Supplier i makes the product of the i-th record (see the evidence files below): a product has one family everywhere.
  const recordsPerFamily = Math.max(2, Math.ceil(options.answers / 70));
  const productOf = (index: number) => {
    const family = FAMILIES[index % FAMILIES.length]!;
    const position = Math.floor(index / FAMILIES.length);
    return position < recordsPerFamily ? { family, product: `Synthetic ${family} ${position + 1}` } : undefined;
  };
  for (const [index, supplier] of ranked.entries()) {
    const source = pick(sourceIds);
    const made = productOf(index);
    await writeFile(
      path.join(out, "suppliers", `${supplier.slug}.yaml`),
      `slug: ${supplier.slug}
name: ${supplier.name}
rank: ${index + 1}
summary: A synthetic supplier for benchmarks.
makes:${
        made
          ? `
  - family: ${made.family}
    products: [${made.product}]
    sources: [${source}]`
          : " []"
      }
strengths:
  - text: A synthetic strength.
    sources: [${source}]
caveats:
  - text: A synthetic caveat.
    sources: [${source}]
ownership:
  status: unknown
  text: Synthetic; no owner.
scores:
${CRITERIA.map(([id]) => `  ${id}: {score: ${supplier.scores[id]}, basis: Synthetic., sources: [${source}]}`).join("\n")}
searches:
${SEARCH_AREAS.map((area) => `  ${area}: {looked_for: Synthetic., where: [Synthetic.], searched: 2026-11-21, found: [], result: Nothing; synthetic.}`).join("\n")}
`,
    );
  }
  await writeFile(
    path.join(out, "disclosure.yaml"),
    `title: Ownership and editorial methodology
publisher: Synthetic
owner: Synthetic
funding: None.
paid_inclusion: false
paid_ranking: false
affiliate_links: false
selection: Generated.
contact:
  name: Synthetic
  how_to_reach: Nowhere; synthetic benchmark data.
ranking: By weighted score.
rank_meaning: Synthetic.
criteria:
${CRITERIA.map(([id, weight]) => `  - id: ${id}\n    name: ${id}\n    weight: ${weight}\n    description: Synthetic.\n    levels:\n${[5, 4, 3, 2, 1, 0].map((score) => `      - {score: ${score}, meaning: Synthetic.}`).join("\n")}`).join("\n")}
methodology_version: 1.0.0
methodology_date: 2026-11-21
changelog:
  - version: 1.0.0
    date: 2026-11-21
    change: Generated.
conflicts: None.
corrections: None.
practices: None.
sources: [${sourceIds[0]}]
`,
  );

  // A few groups of the kind the shipped content keeps, so that a query of one meets its synonyms at scale too.
  await writeFile(
    path.join(out, "synonyms.yaml"),
    `groups:
  - words: [display, screen, tv]
    why: Synthetic.
  - words: [mic, microphone]
    why: Synthetic.
  - words: [licence, license]
    why: Synthetic.
  - words: [cost, price]
    why: Synthetic.
`,
  );

  let records = 0;
  const unknownStatuses = (names: readonly string[]) =>
    names.map((name) => `      ${name}: {status: unknown}`).join("\n");
  for (const [order, family] of FAMILIES.entries()) {
    const familyRecords = ranked.filter((_, index) => index % FAMILIES.length === order).slice(0, recordsPerFamily);
    records += familyRecords.length;
    await writeFile(
      path.join(out, "evidence", `${family}.yaml`),
      `family: ${family}
name: Synthetic ${family}
order: ${order + 1}
description: Synthetic family.
records:
${familyRecords
  .map(
    (supplier, index) => `  - supplier: ${supplier.slug}
    product: Synthetic ${family} ${index + 1}
    certification:
      microsoft-teams-rooms: {status: unknown, listings: [{status: listed, as_of: 2023-04-28, sources: [${pick(sourceIds)}]}]}
${unknownStatuses(["zoom-rooms", "google-meet"])}
    compliance:
${unknownStatuses(["fcc", "ce-ukca", "rohs", "taa", "ndaa-889", "en-301-549"])}
    warranty:
${unknownStatuses(["standard_term", "extension_window", "advance_replacement", "paid_plan"])}`,
  )
  .join("\n")}
`,
    );
  }

  const slugs = Array.from(
    { length: options.answers },
    (_, index) => `synthetic-answer-${String(index + 1).padStart(6, "0")}`,
  );
  const sentence = (words: number) => {
    const parts = Array.from({ length: words }, () => (next() < 0.45 ? pick(DOMAIN) : pick(PROSE)));
    return `${parts.join(" ").replace(/^./, (letter) => letter.toUpperCase())}.`;
  };
  for (const [index, slug] of slugs.entries()) {
    const cited = [pick(sourceIds), pick(sourceIds)].filter((id, at, all) => all.indexOf(id) === at);
    const paragraphs = Array.from({ length: int(4, 7) }, (_, at) => {
      const text = Array.from({ length: int(4, 7) }, () => sentence(int(8, 18))).join(" ");
      return `${text} [@${cited[at % cited.length]}]`;
    });
    const related = [slugs[(index + 1) % slugs.length]!, slugs[(index + 7) % slugs.length]!].filter(
      (other, at, all) => other !== slug && all.indexOf(other) === at,
    );
    await writeFile(
      path.join(out, "answers", `${slug}.md`),
      `---
slug: ${slug}
title: Synthetic answer ${index + 1} on ${pick(DOMAIN)} and ${pick(DOMAIN)}
question: How should a buyer plan the ${pick(DOMAIN)} of room ${index + 1}?
summary: ${sentence(20)}
tags: [${pick(DOMAIN)}, synthetic]
product_families: [${pick(FAMILIES)}]
related: [${related.join(", ")}]
sources: [${cited.join(", ")}]
reviewed: 2026-11-21
---
## Synthetic answer

${paragraphs.join("\n\n")} Plan for ${int(2, 12)} m to the farthest ${pick(DOMAIN)} [@${cited[0]}].

## Decision checklist

- ${sentence(int(6, 12))}
- ${sentence(int(6, 12))}
- ${sentence(int(6, 12))}
`,
    );
  }
  return { answers: options.answers, suppliers: supplierCount, records, sources: sourceCount };
}

runAsCommand(import.meta.url, async () => {
  const usage = [
    "usage: npm run gen -- --answers N --out DIR [--seed S]",
    "Writes synthetic content of N answers (for the bench) into DIR, the same for the same seed.",
  ].join("\n");
  const { values } = commandArguments("gen", usage, {
    answers: { type: "string" },
    out: { type: "string" },
    seed: { type: "string" },
  });
  const answers = Number(values.answers);
  if (!Number.isInteger(answers) || answers < 1 || !values.out) {
    process.stderr.write(`gen: --answers takes a whole number from 1 and --out a folder.\n${usage}\n`);
    process.exit(2);
  }
  const made = await generateContent({
    answers,
    out: values.out,
    ...(values.seed ? { seed: Number(values.seed) } : {}),
  }).catch((error: unknown) => {
    process.stderr.write(`gen: ${(error as Error).message}\n`);
    process.exit(2);
  });
  process.stdout.write(
    `gen: ${made.answers} answers, ${made.suppliers} suppliers, ${made.records} evidence records, ${made.sources} sources in ${values.out}\n`,
  );
});
