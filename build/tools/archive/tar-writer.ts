/**
 * A deterministic POSIX ustar archive, made as a stream of pieces: entries sorted by name, fixed modification
 * time, owner and group 0 with empty names, fixed modes. The same files always give the same bytes, whoever runs
 * it and when. A file is asked for only when the archive reaches it, and its bytes pass through in pieces.
 */
export interface TarEntry {
  name: string;
  /** The file's size and bytes, asked for when the archive reaches the entry; absent for a folder. */
  open?: () => TarFile | Promise<TarFile>;
}

export interface TarFile {
  size: number;
  pieces: AsyncIterable<Uint8Array> | Iterable<Uint8Array>;
}

const BLOCK = 512;

/** A file whose bytes are already in memory (a bag's tag files). */
export function bytesFile(bytes: Uint8Array): TarFile {
  return { size: bytes.byteLength, pieces: [bytes] };
}

export async function* tarPieces(entries: readonly TarEntry[], mtimeSeconds: number): AsyncGenerator<Uint8Array> {
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
  for (const entry of sorted) {
    const file = entry.open ? await entry.open() : undefined;
    const size = file?.size ?? 0;
    yield header(entry.name, file === undefined, size, mtimeSeconds);
    if (!file) continue;
    let written = 0;
    for await (const piece of file.pieces) {
      written += piece.byteLength;
      if (written > size) break;
      yield piece;
    }
    // The header has already given the size: a file that changed meanwhile would make the archive unreadable.
    if (written !== size)
      throw new Error(`${entry.name} changed while it was archived (${size} bytes, then ${written} or more)`);
    const padding = (BLOCK - (size % BLOCK)) % BLOCK;
    if (padding) yield Buffer.alloc(padding);
  }
  yield Buffer.alloc(BLOCK * 2);
}

function header(path: string, isFolder: boolean, size: number, mtimeSeconds: number): Buffer {
  const block = Buffer.alloc(BLOCK);
  const { name, prefix } = splitName(path);
  const write = (text: string, offset: number, length: number) => block.write(text, offset, length, "utf8");
  const octal = (value: number, length: number) => `${value.toString(8).padStart(length - 1, "0")}\0`;
  // Octal digits and a NUL; a number they cannot hold (a size from 8 GiB, a time after 2242, which
  // SOURCE_DATE_EPOCH may give) in GNU's base-256 form, as tar, bsdtar and Python's tarfile read it.
  const number = (value: number, offset: number, length: number) => {
    if (value < 8 ** (length - 1)) return write(octal(value, length), offset, length);
    block[offset] = 0x80;
    for (let at = offset + length - 1, rest = value; at > offset; at--, rest = Math.floor(rest / 256))
      block[at] = rest % 256;
  };
  write(name, 0, 100);
  write(octal(isFolder ? 0o755 : 0o644, 8), 100, 8);
  write(octal(0, 8), 108, 8);
  write(octal(0, 8), 116, 8);
  number(size, 124, 12);
  number(mtimeSeconds, 136, 12);
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
