import type { ContentRule } from "./rule.ts";

/**
 * A product has one family everywhere: each product a supplier profile names under a family has its evidence
 * record in that family's file, and each record's product is named in its supplier's profile under the same
 * family.
 */
export const makesMatchEvidence: ContentRule = {
  name: "makes-match-evidence",
  // Each side is checked against the other as far as it is valid: a profile that fails its schema does not hold up
  // the others' products (nor its own records, which wait for it), and a broken evidence file waits for its records.
  check(input, report) {
    const key = (supplier: string, product: string) => `${supplier}\u0000${product.toLowerCase()}`;
    const recorded = new Map<string, string>();
    for (const { data } of input.evidence) {
      for (const record of data.records) recorded.set(key(record.supplier, record.product), data.family);
    }
    const named = new Map<string, string>();
    const profiled = new Set<string>();
    for (const { file, data } of input.suppliers) {
      profiled.add(data.slug);
      for (const [index, made] of data.makes.entries()) {
        for (const [at, product] of made.products.entries()) {
          named.set(key(data.slug, product), made.family);
          if (!input.complete.evidence) continue;
          const family = recorded.get(key(data.slug, product));
          const pointer = `/makes/${index}/products/${at}`;
          if (family === undefined) {
            report(
              file,
              pointer,
              "evidence/missing-record",
              `"${product}" has no record in the evidence register.`,
              `Add a record for supplier ${data.slug}, product "${product}" to content/evidence/${made.family}.yaml, with unknown statuses where nothing is known.`,
            );
          } else if (family !== made.family) {
            report(
              file,
              pointer,
              "evidence/family-mismatch",
              `"${product}" is under ${made.family} here but its evidence record is in ${family}.`,
              "Give the product one family: move the record, or move the product in `makes`.",
            );
          }
        }
      }
    }
    for (const { file, data } of input.evidence) {
      for (const [index, record] of data.records.entries()) {
        const family = named.get(key(record.supplier, record.product));
        if (family === undefined && profiled.has(record.supplier)) {
          report(
            file,
            `/records/${index}/product`,
            "evidence/family-mismatch",
            `${record.supplier} "${record.product}" is not named in the supplier's profile.`,
            `Add "${record.product}" to \`makes\` under ${data.family} in content/suppliers/${record.supplier}.yaml.`,
          );
        }
      }
    }
  },
};
