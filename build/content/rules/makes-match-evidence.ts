import { likeliestName } from "../../contract/edit-distance.ts";
import { type ContentRule, passed, productKey as key, proseOf, type RuleInput } from "./rule.ts";

/**
 * A product has one family everywhere: each product a supplier profile names under a family has its evidence
 * record in that family's file, and each record's product is named in its supplier's profile under the same
 * family.
 */
export const makesMatchEvidence: ContentRule = {
  name: "makes-match-evidence",
  // Each side is checked against the other as far as it is valid: a profile that fails its schema does not hold up
  // the others' products (nor, but for its slug or makes, its own), and a broken evidence file waits for its records.
  check(input, report) {
    const suppliers = [
      ...input.suppliers,
      ...input.failed.suppliers.filter((one) => passed(one)("slug") && passed(one)("makes")),
    ];
    const recorded = new Map<string, string>();
    const recordsOf = new Map<string, string[]>();
    for (const { data } of input.evidence) {
      for (const record of data.records) {
        recorded.set(key(record.supplier, record.product), data.family);
        const products = recordsOf.get(record.supplier) ?? [];
        if (products.length === 0) recordsOf.set(record.supplier, products);
        products.push(record.product);
      }
    }
    // A product's record under a supplier slug no profile has: where a profile names that product, its slug changed.
    const orphans = new Map<string, { supplier: string; family: string }>();
    for (const { data } of input.evidence)
      for (const record of data.records)
        if (!input.known.suppliers.has(record.supplier) && !orphans.has(record.product))
          orphans.set(record.product, { supplier: record.supplier, family: data.family });
    const named = new Map<string, string>();
    for (const { data } of suppliers) {
      for (const made of data.makes)
        for (const product of made.products) named.set(key(data.slug, product), made.family);
    }
    // A product on one side only is most often one name spelt two ways ("Gadget 10", "Gadget Ten"): each side's
    // diagnostic names the other side's lone product nearest to it.
    const lone = (of: Map<string, string>, supplier: string, products: Iterable<string>) =>
      [...products].filter((product) => !of.has(key(supplier, product)));
    for (const { file, data } of suppliers) {
      if (!input.complete.evidence) break;
      for (const [index, made] of data.makes.entries()) {
        for (const [at, product] of made.products.entries()) {
          const family = recorded.get(key(data.slug, product));
          const pointer = `/makes/${index}/products/${at}`;
          if (family === undefined && recorded.has(key(file.stem, product))) {
            report(
              file,
              pointer,
              "evidence/missing-record",
              `"${product}" has no record under the slug "${data.slug}": its record is under "${file.stem}", this file's name.`,
              `Give the supplier one slug, here and in its records: change the slug back to "${file.stem}", or write "${data.slug}" in its records (content/evidence/${recorded.get(key(file.stem, product))}.yaml) and rename this file after it.`,
            );
          } else if (family === undefined && orphans.has(product)) {
            // A supplier renamed in its profile and its file, not in its records (the editor's audit): with none of
            // its records renamed, each record says so, naming this file (known-references).
            const orphan = orphans.get(product)!;
            // Nor when the record's slug is this one mistyped ("barcoo"): its record is offered this slug there.
            if (!recordsOf.has(data.slug) || likeliestName(orphan.supplier, [data.slug]) === data.slug) continue;
            report(
              file,
              pointer,
              "evidence/missing-record",
              `"${product}" has no record under the slug "${data.slug}": its record is under "${orphan.supplier}", a slug no profile has.`,
              `If the supplier was renamed, write "${data.slug}" in its records (content/evidence/${orphan.family}.yaml); else give this profile the slug "${orphan.supplier}" and name its file after it.`,
            );
          } else if (family === undefined) {
            const meant = likeliestName(product, lone(named, data.slug, recordsOf.get(data.slug) ?? []));
            const add = `add a record for supplier ${data.slug}, product "${product}" to content/evidence/${made.family}.yaml, with the fields every record there has (certification, compliance and warranty, each status \`unknown\` with a note where nothing is known: copy another record's shape)`;
            report(
              file,
              pointer,
              "evidence/missing-record",
              `"${product}" has no record in the evidence register${meant ? `, which has one for "${meant}"` : ""}.`,
              meant ? `If it is "${meant}", spell it the same in both; else ${add}.` : `${capital(add)}.`,
            );
          } else if (family !== made.family && input.known.families.has(made.family)) {
            // (A family no file has, mistyped here or renamed in its own file only, is told once where it is named:
            // known-references; not again at each of its products.) Named under its record's family too, it is
            // named twice: one of the two goes.
            const twice = data.makes.some((other) => other.family === family && other.products.includes(product));
            report(
              file,
              pointer,
              "evidence/family-mismatch",
              twice
                ? `"${product}" is named twice in \`makes\`: under ${family}, where its evidence record is, and here under ${made.family}.`
                : `"${product}" is under ${made.family} here but its evidence record is in ${family}.`,
              twice
                ? `Name it once: remove it here, or move its record to ${made.family} and remove it under ${family}.`
                : "Give the product one family: move the record, or move the product in `makes`.",
            );
          }
        }
      }
    }
    const profiled = new Map(suppliers.map(({ data }) => [data.slug, data.makes.flatMap((made) => made.products)]));
    for (const { file, data } of input.evidence) {
      for (const [index, record] of data.records.entries()) {
        const products = profiled.get(record.supplier);
        if (products === undefined) continue;
        if (named.has(key(record.supplier, record.product))) {
          // Matched regardless of case, and published as each file spells it: one name, spelt one way.
          const spelt = products.find((product) => product.toLowerCase() === record.product.toLowerCase());
          if (spelt !== undefined && spelt !== record.product) {
            // Told where the spelling the rest of the content uses less stands: the one most likely edited (the
            // editor's workflow audit misspelt it in the profile, and was told at the record to copy the typo).
            const profile = suppliers.find(({ data: one }) => one.slug === record.supplier)!;
            if (usesOf(input, spelt) < usesOf(input, record.product)) {
              const at = profile.data.makes.findIndex((made) => made.products.includes(spelt));
              report(
                profile.file,
                `/makes/${at}/products/${profile.data.makes[at]!.products.indexOf(spelt)}`,
                "evidence/not-in-profile",
                `"${spelt}" is spelt "${record.product}" in its evidence record (${file.file}) and elsewhere in the content.`,
                `Spell it "${record.product}" here, as the rest of the content does, or change it there too.`,
              );
            } else
              report(
                file,
                `/records/${index}/product`,
                "evidence/not-in-profile",
                `${record.supplier} "${record.product}" is spelt "${spelt}" in the supplier's profile.`,
                `Spell the product the same in both: "${spelt}", as the profile does, or change it there too.`,
              );
          }
          continue;
        }
        const meant = likeliestName(record.product, lone(recorded, record.supplier, products));
        const add = `add "${record.product}" to \`makes\` under ${data.family} in content/suppliers/${record.supplier}.yaml`;
        report(
          file,
          `/records/${index}/product`,
          "evidence/not-in-profile",
          `${record.supplier} "${record.product}" is not named in the supplier's profile${meant ? `, which names "${meant}"` : ""}.`,
          meant ? `If it is "${meant}", spell it the same in both; else ${add}.` : `${capital(add)}.`,
        );
      }
    }
  },
};

const capital = (text: string) => `${text[0]!.toUpperCase()}${text.slice(1)}`;

/** How often the content's prose names a product spelt just so, found only for a name spelt two ways. */
function usesOf(input: RuleInput, name: string): number {
  let uses = 0;
  for (const file of input.files.values()) {
    const text = proseOf(input, file).normal;
    for (let at = text.indexOf(name); at >= 0; at = text.indexOf(name, at + 1)) uses++;
  }
  return uses;
}
