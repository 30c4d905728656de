/**
 * The query figures of one build, in a Node process of its own so that the bench's heap does not weigh on them:
 * `node --import tsx build/tools/bench/query-figures.ts <dist>` prints them as JSON (measure-search.ts runs it).
 */
import { measureQueriesHere } from "./measure-search.ts";

const [dist] = process.argv.slice(2);
if (!dist) throw new Error("usage: query-figures.ts <dist>");
process.stdout.write(`${JSON.stringify(await measureQueriesHere(dist))}\n`);
