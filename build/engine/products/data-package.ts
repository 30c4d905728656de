/**
 * /data/: the CSV tables (answers, suppliers, evidence, sources) with their Frictionless data package
 * (datapackage.json). answers.csv is streamed row by row as the answers go by, and deflated as it goes for the ZIP;
 * the rest is made at the end. Its
 * result is the files it wrote. An answer's row holds no body (answers.ndjson does; see compile/data-package.ts).
 */
import { answerCsvRow, DATA_FOLDER, DataPackageWriter } from "../compile/data-package.ts";
import { pieceMayEndAfter } from "../output/deflated-copy.ts";
import { product, replaysEveryAnswer } from "./product.ts";

const utf8 = new TextEncoder();

export const dataPackage = product<Uint8Array, string[]>({
  name: "data-package",
  purpose: "the tables for spreadsheets and Frictionless tools: a row per answer without its body (the NDJSON has it)",
  after: [],
  writes: [`${DATA_FOLDER}{table}.csv`, `${DATA_FOLDER}datapackage.json`],
  part: (answer) => utf8.encode(answerCsvRow(answer.resource)),
  async run({ site, origin, generatedAt, suppliers, content, families }, output) {
    const writer = new DataPackageWriter(
      {
        site,
        origin,
        generatedAt,
        suppliers,
        criteria: content.disclosure.criteria,
        families,
        sources: content.sources,
      },
      output,
    );
    // Deflated as it is written, for the ZIP, in pieces that end after answers chosen by their slugs.
    const rows = await output.deflatingStream(`${DATA_FOLDER}answers.csv`);
    await writer.start(rows);
    return {
      replays: replaysEveryAnswer,
      answer: (row, answer) => rows.piece(answer, "row", row, pieceMayEndAfter(answer.slug)),
      async finish() {
        await writer.finish();
        return writer.files;
      },
    };
  },
});
