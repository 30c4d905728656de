import type { OutputStream } from "../output/output-sink.ts";
import type { SearchIndex } from "../search/search-index.ts";

/**
 * Writes the search index as exactly canonicalJson(index) would make it (keys in code-unit order, two-space
 * indentation, a final newline), in pieces of about 64 KiB: at 100,000 answers the file is 35 MB, and making it
 * as one string (and a sorted copy of the object, and its bytes) was the largest moment of the build's memory.
 */
export async function writeSearchIndex(stream: OutputStream, index: SearchIndex): Promise<void> {
  const sorted: Array<[keyof SearchIndex, unknown]> = (Object.keys(index) as Array<keyof SearchIndex>).sort().map((key) => [key, index[key]]);
  await stream.write("{\n");
  for (const [position, [key, value]] of sorted.entries()) {
    const after = position < sorted.length - 1 ? ",\n" : "\n";
    if (!Array.isArray(value) || value.length === 0) {
      await stream.write(`  ${JSON.stringify(key)}: ${JSON.stringify(value)}${after}`);
      continue;
    }
    let piece = `  ${JSON.stringify(key)}: [\n`;
    for (const [at, item] of value.entries()) {
      piece += `    ${JSON.stringify(item)}${at < value.length - 1 ? ",\n" : "\n"}`;
      if (piece.length >= 65_536) {
        await stream.write(piece);
        piece = "";
      }
    }
    await stream.write(`${piece}  ]${after}`);
  }
  await stream.write("}\n");
}
