/**
 * A documents chunk of the search index as a reader uses it: a block's slugs and an answer's fingerprint, taken from
 * the file's bytes when asked. A page of hits scattered over 100,000 answers reads every chunk (1.1 MB) for 100
 * slugs and fingerprints; decoding them whole to text and parsing them cost an edge isolate 5 to 15 ms, most of it
 * the fingerprints (8 bytes an answer). The file is canonical JSON (keys sorted: blocks, content_digest, first,
 * fingerprints, format; each block on a line of its own), and blocks and fingerprints are ASCII that JSON writes
 * without escapes; a file laid out otherwise is parsed whole.
 */
import { bytesAt, indexOfBytes, utf8, utf8Text } from "../contract/bytes.ts";
import { ANSWER_FINGERPRINT_CHARACTERS, type SearchDocumentsChunk } from "./search-format.ts";

export interface DocumentsChunk {
  format: string;
  content_digest: string;
  /** The position of the first slug (from 0). */
  first: number;
  /** How many blocks of slugs it holds. */
  blockCount: number;
  /** Block `at`, encoded (encodeSlugBlock). */
  block(at: number): string;
  /** The fingerprint of the answer at `offset` from `first`. */
  fingerprint(offset: number): string;
}

const OPENING = utf8('{\n  "blocks": [\n');
const BLOCKS_END = utf8('\n  ],\n  "content_digest": ');
const FINGERPRINTS = utf8(',\n  "fingerprints": "');
const NEWLINE = 0x0a;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
/** A block's line: four spaces, its string, and a comma but for the last. */
const BLOCK_INDENT = 4;

export function documentsChunkOf(bytes: Uint8Array): DocumentsChunk {
  const blocksEnd = indexOfBytes(bytes, BLOCKS_END, OPENING.length - 1);
  // content_digest and first are between the blocks and the fingerprints: a few lines.
  const fingerprintsKey = blocksEnd < 0 ? -1 : indexOfBytes(bytes, FINGERPRINTS, blocksEnd);
  const fingerprintsStart = fingerprintsKey + FINGERPRINTS.length;
  const fingerprintsEnd = bytes.indexOf(QUOTE, fingerprintsStart);
  if (!bytesAt(bytes, OPENING, 0) || fingerprintsKey < 0 || fingerprintsEnd < 0) return parsedChunk(bytes);
  // What is between the blocks and the fingerprints (content_digest, first), and after them (format): small JSON.
  let rest: { content_digest?: unknown; first?: unknown; format?: unknown };
  try {
    rest = JSON.parse(
      `{${utf8Text(bytes.subarray(blocksEnd + 5, fingerprintsKey))}${utf8Text(bytes.subarray(fingerprintsEnd + 1))}`,
    );
  } catch {
    return parsedChunk(bytes);
  }
  if (
    typeof rest.first !== "number" ||
    typeof rest.content_digest !== "string" ||
    typeof rest.format !== "string" ||
    bytes.subarray(OPENING.length, fingerprintsEnd).includes(BACKSLASH)
  )
    return parsedChunk(bytes);
  const blockLines: number[] = [];
  for (let line = OPENING.length; line <= blocksEnd; line = bytes.indexOf(NEWLINE, line) + 1) blockLines.push(line);
  // Each block decoded once, when first asked for: a warm reader asks for the same few again and again.
  const blocks: Array<string | undefined> = new Array(blockLines.length);
  return {
    format: rest.format,
    content_digest: rest.content_digest,
    first: rest.first,
    blockCount: blockLines.length,
    block: (at) => {
      let block = blocks[at];
      if (block === undefined) {
        const line = blockLines[at]!;
        const end = bytes.indexOf(NEWLINE, line);
        // Between the quotes: the line ends with `",` or, the last, with `"`.
        const close = bytes[end - 1] === QUOTE ? end - 1 : end - 2;
        blocks[at] = block = utf8Text(bytes.subarray(line + BLOCK_INDENT + 1, close));
      }
      return block;
    },
    fingerprint: (offset) =>
      utf8Text(
        bytes.subarray(
          fingerprintsStart + offset * ANSWER_FINGERPRINT_CHARACTERS,
          fingerprintsStart + (offset + 1) * ANSWER_FINGERPRINT_CHARACTERS,
        ),
      ),
  };
}

/** A chunk not laid out as the build writes it, parsed whole (what is not JSON fails as any index file does). */
function parsedChunk(bytes: Uint8Array): DocumentsChunk {
  const chunk = JSON.parse(utf8Text(bytes)) as SearchDocumentsChunk;
  return {
    format: chunk.format,
    content_digest: chunk.content_digest,
    first: chunk.first,
    blockCount: chunk.blocks?.length,
    block: (at) => chunk.blocks[at]!,
    fingerprint: (offset) =>
      chunk.fingerprints.slice(offset * ANSWER_FINGERPRINT_CHARACTERS, (offset + 1) * ANSWER_FINGERPRINT_CHARACTERS),
  };
}
