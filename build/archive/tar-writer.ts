/**
 * A deterministic POSIX ustar archive: entries sorted by name, fixed modification time, owner and group 0
 * with empty names, fixed modes. The same files always give the same bytes, whoever runs it and when.
 */
export interface TarEntry {
  name: string;
  /** Absent for a folder. */
  bytes?: Uint8Array;
}

const BLOCK = 512;

export function writeTar(entries: readonly TarEntry[], mtimeSeconds: number): Buffer {
  const withFolders = new Map<string, TarEntry>();
  for (const entry of entries) {
    const parts = entry.name.split("/");
    for (let depth = 1; depth < parts.length; depth++) {
      const folder = `${parts.slice(0, depth).join("/")}/`;
      if (!withFolders.has(folder)) withFolders.set(folder, { name: folder });
    }
    withFolders.set(entry.name, entry);
  }
  const sorted = [...withFolders.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const blocks: Buffer[] = [];
  for (const entry of sorted) {
    const bytes = entry.bytes ?? new Uint8Array();
    blocks.push(header(entry, bytes.byteLength, mtimeSeconds));
    if (bytes.byteLength > 0) {
      blocks.push(Buffer.from(bytes));
      const padding = (BLOCK - (bytes.byteLength % BLOCK)) % BLOCK;
      if (padding) blocks.push(Buffer.alloc(padding));
    }
  }
  blocks.push(Buffer.alloc(BLOCK * 2));
  return Buffer.concat(blocks);
}

function header(entry: TarEntry, size: number, mtimeSeconds: number): Buffer {
  const block = Buffer.alloc(BLOCK);
  const isFolder = entry.bytes === undefined;
  const { name, prefix } = splitName(entry.name);
  const write = (text: string, offset: number, length: number) => block.write(text, offset, length, "utf8");
  const octal = (value: number, length: number) => `${value.toString(8).padStart(length - 1, "0")}\0`;
  write(name, 0, 100);
  write(octal(isFolder ? 0o755 : 0o644, 8), 100, 8);
  write(octal(0, 8), 108, 8);
  write(octal(0, 8), 116, 8);
  write(octal(size, 12), 124, 12);
  write(octal(mtimeSeconds, 12), 136, 12);
  write("        ", 148, 8);
  write(isFolder ? "5" : "0", 156, 1);
  write("ustar\0", 257, 6);
  write("00", 263, 2);
  write(prefix, 345, 155);
  let checksum = 0;
  for (const byte of block) checksum += byte;
  write(`${checksum.toString(8).padStart(6, "0")}\0 `, 148, 8);
  return block;
}

/** ustar keeps names of up to 100 bytes, or 155 + 100 split at a slash. */
function splitName(path: string): { name: string; prefix: string } {
  if (Buffer.byteLength(path) <= 100) return { name: path, prefix: "" };
  for (let at = path.indexOf("/"); at !== -1; at = path.indexOf("/", at + 1)) {
    const prefix = path.slice(0, at);
    const name = path.slice(at + 1);
    if (Buffer.byteLength(prefix) <= 155 && Buffer.byteLength(name) <= 100 && name !== "") return { name, prefix };
  }
  throw new Error(`the path ${path} is too long for a ustar archive`);
}
