/**
 * A BagIt 1.0 bag (RFC 8493) of a built output: the files under data/, bagit.txt, bag-info.txt (source
 * organisation, bagging date, payload oxum), manifest-sha512.txt over the payload and tagmanifest-sha512.txt
 * over the tag files, all inside one folder named after the bag.
 */
import { createHash } from "node:crypto";
import type { TarEntry } from "./tar-writer.ts";

export interface BagInfo {
  name: string;
  sourceOrganization: string;
  externalDescription: string;
  externalIdentifier: string;
  /** YYYY-MM-DD. */
  baggingDate: string;
}

export function makeBag(payload: ReadonlyArray<{ path: string; bytes: Uint8Array }>, info: BagInfo): TarEntry[] {
  const sorted = [...payload].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  for (const file of sorted) {
    if (/[\r\n]/.test(file.path)) throw new Error(`the payload path ${JSON.stringify(file.path)} holds a line break`);
  }
  const octets = sorted.reduce((sum, file) => sum + file.bytes.byteLength, 0);
  const sha512 = (bytes: Uint8Array | string) => createHash("sha512").update(bytes).digest("hex");
  const bagit = "BagIt-Version: 1.0\nTag-File-Character-Encoding: UTF-8\n";
  const bagInfo = [
    field("Source-Organization", info.sourceOrganization),
    field("External-Description", info.externalDescription),
    field("External-Identifier", info.externalIdentifier),
    field("Bagging-Date", info.baggingDate),
    field("Payload-Oxum", `${octets}.${sorted.length}`),
  ].join("");
  const manifest = sorted.map((file) => `${sha512(file.bytes)}  data/${file.path}\n`).join("");
  const tagFiles: Array<[string, string]> = [
    ["bag-info.txt", bagInfo],
    ["bagit.txt", bagit],
    ["manifest-sha512.txt", manifest],
  ];
  const tagManifest = tagFiles.map(([name, text]) => `${sha512(text)}  ${name}\n`).join("");
  const encode = (text: string) => new TextEncoder().encode(text);
  return [
    ...tagFiles.map(([name, text]) => ({ name: `${info.name}/${name}`, bytes: encode(text) })),
    { name: `${info.name}/tagmanifest-sha512.txt`, bytes: encode(tagManifest) },
    ...sorted.map((file) => ({ name: `${info.name}/data/${file.path}`, bytes: file.bytes })),
  ];
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
