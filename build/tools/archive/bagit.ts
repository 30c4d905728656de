/**
 * A BagIt 1.0 bag (RFC 8493) of a built output, as tar entries: the files under data/, bagit.txt, bag-info.txt
 * (source organisation, bagging date, payload oxum), manifest-sha512.txt over the payload and
 * tagmanifest-sha512.txt over the tag files, all inside one folder named after the bag. One pass over the payload:
 * bag-info.txt needs only the sizes, and the manifests come after data/ in the tar's order, so each file's digest is
 * taken from its bytes as they go into the tar.
 */
import { createHash } from "node:crypto";
import { bytesFile, type TarEntry } from "./tar-writer.ts";

export interface BagInfo {
  name: string;
  sourceOrganization: string;
  externalDescription: string;
  externalIdentifier: string;
  /** YYYY-MM-DD. */
  baggingDate: string;
}

export interface PayloadFile {
  /** Relative to data/. */
  path: string;
  size: number;
  /** Its bytes, in pieces, read when the tar reaches it. */
  pieces: () => AsyncIterable<Uint8Array>;
}

export function makeBag(payload: readonly PayloadFile[], info: BagInfo): TarEntry[] {
  const sorted = [...payload].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  for (const file of sorted) {
    if (/[\r\n]/.test(file.path)) throw new Error(`the payload path ${JSON.stringify(file.path)} holds a line break`);
  }
  const octets = sorted.reduce((sum, file) => sum + file.size, 0);
  const sha512 = (bytes: Uint8Array | string) => createHash("sha512").update(bytes).digest("hex");
  const bagit = "BagIt-Version: 1.0\nTag-File-Character-Encoding: UTF-8\n";
  const bagInfo = [
    field("Source-Organization", info.sourceOrganization),
    field("External-Description", info.externalDescription),
    field("External-Identifier", info.externalIdentifier),
    field("Bagging-Date", info.baggingDate),
    field("Payload-Oxum", `${octets}.${sorted.length}`),
  ].join("");
  const digests = new Map<string, string>();
  const manifest = () => {
    if (digests.size !== sorted.length)
      throw new Error("the bag's manifest is made from the digests of its payload, which must come first in the tar");
    return sorted.map((file) => `${digests.get(file.path)}  data/${file.path}\n`).join("");
  };
  let manifestText: string | undefined;
  const tagManifest = () => {
    if (manifestText === undefined) throw new Error("the bag's tag manifest must come after its manifest in the tar");
    const tagFiles: Array<[string, string]> = [
      ["bag-info.txt", bagInfo],
      ["bagit.txt", bagit],
      ["manifest-sha512.txt", manifestText],
    ];
    return tagFiles.map(([name, text]) => `${sha512(text)}  ${name}\n`).join("");
  };
  const encode = (text: string) => new TextEncoder().encode(text);
  return [
    { name: `${info.name}/bag-info.txt`, open: () => bytesFile(encode(bagInfo)) },
    { name: `${info.name}/bagit.txt`, open: () => bytesFile(encode(bagit)) },
    {
      name: `${info.name}/manifest-sha512.txt`,
      open: () => {
        manifestText = manifest();
        return bytesFile(encode(manifestText));
      },
    },
    { name: `${info.name}/tagmanifest-sha512.txt`, open: () => bytesFile(encode(tagManifest())) },
    ...sorted.map((file) => ({
      name: `${info.name}/data/${file.path}`,
      open: () => ({ size: file.size, pieces: digested(file, digests) }),
    })),
  ];
}

/** The file's pieces, passed on as they are; at the end its SHA-512 is in `digests`. */
async function* digested(file: PayloadFile, digests: Map<string, string>): AsyncGenerator<Uint8Array> {
  const hash = createHash("sha512");
  for await (const piece of file.pieces()) {
    hash.update(piece);
    yield piece;
  }
  digests.set(file.path, hash.digest("hex"));
}

/** "Label: value", folded at 79 characters with indented continuation lines, as RFC 8493 recommends. */
function field(label: string, value: string): string {
  const words = `${label}: ${value}`.split(" ");
  const lines: string[] = [];
  let line = "";
  for (const word of words) {
    if (line !== "" && line.length + 1 + word.length > 79) {
      lines.push(line);
      line = `  ${word}`;
    } else line = line === "" ? word : `${line} ${word}`;
  }
  lines.push(line);
  return `${lines.join("\n")}\n`;
}
