/**
 * The files of dist/ as the local server sends them: resolved safely inside the folder, with a strong ETag
 * from the SHA-256 of their bytes (the edge handler's algorithm, so an alias and its file agree) and gzip or
 * brotli variants made once per file version and kept in memory; a large file is hashed as a stream and sent from
 * the disk as it is (LARGE_FILE_BYTES). A file's version is its inode, size and
 * mtime: a rebuild swaps in new files, so a tag is never stale.
 */
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { lstat, readFile, realpath, stat } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants as zlibConstants, gzip } from "node:zlib";
import type { HEADERS_FILE_PATH, REDIRECTS_FILE_PATH } from "../../contract/unlisted-files.ts";

const compressBrotli = promisify(brotliCompress);
const compressGzip = promisify(gzip);

export interface StaticFile {
  /** Where it is on disk, for a byte range (serve-handler reads it there); undefined for a file served from memory. */
  disk?: { folder: string; path: string };
  size: number;
  etag: string;
  /** Its bytes, held; undefined for a large file on disk (LARGE_FILE_BYTES), which is sent from there as it is. */
  bytes?: Buffer;
  variant(encoding: "br" | "gzip"): Promise<Buffer>;
}

/**
 * The files the local server answers from: dist/ on disk (StaticFiles), or the output of the dev loop's last good
 * build in memory (memory-files.ts). Paths are decoded URL paths; `resolve` gives a key for `load`.
 */
/** The files of the output that Netlify reads as configuration. */
export type ConfigurationFile = typeof HEADERS_FILE_PATH | typeof REDIRECTS_FILE_PATH;

export interface ServedFiles {
  /** The key of the regular file at a URL path (a folder: its index.html), or undefined: never outside the output. */
  resolve(urlPath: string): Promise<string | undefined>;
  /** The file `resolve` gave; an error that isNotFound recognises if it went away since. */
  load(key: string): Promise<StaticFile>;
  /** Waits, briefly, while the output is being swapped (a disk folder between its two renames). */
  untilFolderPresent(): Promise<void>;
  /** A file of the output that Netlify reads beside netlify.toml (_headers, _redirects): where it is and its version. */
  configurationFile(name: ConfigurationFile): Promise<{ path: string; version: string } | undefined>;
}

/**
 * The longest path (or key made of one) a cache of the server remembers: its entries are counted, not weighed,
 * and 10,000 paths of 64 KB (an MCP resource URI) held some 800 MB. Every file of a build has a short path.
 */
export const REMEMBERED_KEY_MAX = 1024;

/** The safe segments of a decoded URL path, or undefined for one that could leave the output (`..`, `\\`, NUL) or holds an empty segment. */
export function pathSegments(urlPath: string): string[] | undefined {
  if (urlPath.includes("\0") || urlPath.includes("\\") || !urlPath.startsWith("/")) return undefined;
  const segments = urlPath.slice(1).split("/");
  if (segments.at(-1) === "") segments.pop();
  // An empty segment (//docs/) names nothing: the header rules match the path as written, so a file reached
  // through one would be sent without them (and //docs would be sent to //docs/, another host).
  return segments.some((segment) => segment === "" || segment === ".." || segment === ".") ? undefined : segments;
}

/** A file to serve, with its compressed variants made when first asked for and kept with it. */
export function staticFile(bytes: Buffer, sha256Hex: string, disk?: StaticFile["disk"]): StaticFile {
  const variants = new Map<string, Promise<Buffer>>();
  return {
    ...(disk ? { disk } : {}),
    size: bytes.byteLength,
    etag: `"${sha256Hex.slice(0, 32)}"`,
    bytes,
    variant(encoding) {
      let pending = variants.get(encoding);
      if (!pending) {
        pending =
          encoding === "br"
            ? compressBrotli(bytes, {
                params: {
                  [zlibConstants.BROTLI_PARAM_QUALITY]: 9,
                  [zlibConstants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength,
                },
              })
            : compressGzip(bytes, { level: 9 });
        variants.set(encoding, pending);
      }
      return pending;
    },
  };
}

/** A Buffer as the plain bytes the request handlers take (a view of the same memory, not a copy). */
export function bytesView(buffer: Buffer): Uint8Array<ArrayBuffer> {
  return new Uint8Array(buffer.buffer as ArrayBuffer, buffer.byteOffset, buffer.byteLength);
}

/** A file's bytes: those it holds, or (a large file) read from the disk. */
export async function fileBytes(file: StaticFile): Promise<Buffer> {
  if (file.bytes) return file.bytes;
  if (!file.disk) throw new Error("a file with neither its bytes nor a place on disk");
  return readFile(file.disk.path);
}

/** A large file on disk: its size and tag only; it has no compressed variants (the server sends it as it is). */
function largeFile(size: number, sha256Hex: string, disk: NonNullable<StaticFile["disk"]>): StaticFile {
  return {
    disk,
    size,
    etag: `"${sha256Hex.slice(0, 32)}"`,
    variant: () => Promise.reject(new Error(`${disk.path} is sent as it is, not compressed`)),
  };
}

/** Below this, compression costs more than it saves (the serve CLI uses the same threshold). */
export const COMPRESSION_THRESHOLD = 1024;
const CACHE_LIMIT_BYTES = 64 * 1024 * 1024;
/**
 * Above this a file on disk is neither held nor compressed: it is hashed as a stream and sent from the disk as it is
 * (its ranges too). /data/answers.ndjson of 100,000 answers (some 800 MB) was read whole and compressed in memory
 * for one request (brotli at quality 9: some 80 ms a megabyte here, a minute of a thread-pool thread), and again
 * for each request at once.
 */
export const LARGE_FILE_BYTES = 16 * 1024 * 1024;
/**
 * A rebuild swaps its new output in with two renames (build/engine/output/atomic-output.ts), between which the folder is
 * absent: a lookup that finds no file waits up to this long, looking every SWAP_POLL_MS, for the folder to be there,
 * then looks once more. On a loaded machine the window is milliseconds, and `npm run dev` served a 404 in it.
 */
const SWAP_WAIT_MS = 2000;
const SWAP_POLL_MS = 2;
/** How long a look at the folder is trusted: a rebuild is seen that soon, and no request pays for a look of its own. */
export const LOOK_AGAIN_MS = 250;

export interface StaticFilesOptions {
  /** Milliseconds of a monotonic clock (performance.now); tests move their own instead of waiting. */
  now?: () => number;
  /** Told when a lookup finds the folder absent and waits for a rebuild's swap to bring it back. */
  onSwapWait?: () => void;
}

export class StaticFiles implements ServedFiles {
  private readonly cache = new Map<string, { version: string; file: StaticFile }>();
  private cachedBytes = 0;
  /** Large files being hashed, by path and version. */
  private readonly hashing = new Map<string, Promise<StaticFile>>();
  private readonly root: Promise<string>;
  private readonly now: () => number;

  constructor(
    readonly folder: string,
    private readonly options: StaticFilesOptions = {},
  ) {
    this.root = realpath(folder).catch(() => path.resolve(folder));
    this.now = options.now ?? (() => performance.now());
  }

  /**
   * The regular file at a decoded URL path, or undefined. Never resolves outside the folder: `..`
   * segments, backslashes, NUL and symbolic links leaving the folder all give undefined.
   */
  private readonly resolved = new Map<string, { file: string | undefined; at: number }>();

  /** `resolve`, remembered for LOOK_AGAIN_MS: a rebuild is seen that soon, and no request pays twice. */
  async resolve(urlPath: string): Promise<string | undefined> {
    const known = this.resolved.get(urlPath);
    if (known && this.now() - known.at < LOOK_AGAIN_MS) return known.file;
    const file = await this.resolveNow(urlPath);
    if (urlPath.length > REMEMBERED_KEY_MAX) return file;
    if (this.resolved.size >= 10_000) this.resolved.clear();
    this.resolved.set(urlPath, { file, at: this.now() });
    return file;
  }

  private async resolveNow(urlPath: string, afterSwap = false): Promise<string | undefined> {
    const segments = pathSegments(urlPath);
    if (!segments) return undefined;
    const root = await this.root;
    const candidate = path.join(root, ...segments);
    try {
      let file = candidate;
      let stats = await lstat(file);
      // A folder answers with its index.html, as on Netlify; never with a listing.
      if (stats.isDirectory()) {
        file = path.join(candidate, "index.html");
        stats = await lstat(file);
      } else if (urlPath.endsWith("/")) return undefined; // a file is not a folder (/_headers/ is not /_headers)
      if (!stats.isFile()) return undefined;
      const real = await realpath(file);
      return real === file || real.startsWith(root + path.sep) ? file : undefined;
    } catch (error) {
      if (!isNotFound(error)) throw error;
      if (afterSwap) return undefined;
      // Looked up once more even when the folder is there now: it may have been swapped back in since the miss.
      await this.untilFolderPresent();
      return this.resolveNow(urlPath, true);
    }
  }

  /** Waits while the folder is absent (a rebuild between its two renames), up to SWAP_WAIT_MS. */
  async untilFolderPresent(): Promise<void> {
    const root = await this.root;
    const present = () =>
      lstat(root).then(
        () => true,
        () => false,
      );
    if (await present()) return;
    this.options.onSwapWait?.();
    // Real time, not `now`: this waits for another process's rename.
    for (const started = performance.now(); !(await present()) && performance.now() - started < SWAP_WAIT_MS; ) {
      await new Promise((resolve) => setTimeout(resolve, SWAP_POLL_MS));
    }
  }

  /** The file at a path `resolve` gave, read (and remembered by its version); a rebuild's swap meanwhile is waited for. */
  async load(absolutePath: string): Promise<StaticFile> {
    try {
      return await this.loadNow(absolutePath);
    } catch (error) {
      if (!isNotFound(error)) throw error;
      await this.untilFolderPresent();
      return this.loadNow(absolutePath);
    }
  }

  private async loadNow(absolutePath: string): Promise<StaticFile> {
    const stats = await lstat(absolutePath);
    const version = `${stats.ino}:${stats.size}:${stats.mtimeMs}`;
    const cached = this.cache.get(absolutePath);
    if (cached && cached.version === version) return cached.file;
    if (stats.size > LARGE_FILE_BYTES) {
      // Hashed once for the requests that ask for it meanwhile.
      const key = `${absolutePath}\u0000${version}`;
      let hashing = this.hashing.get(key);
      if (!hashing) {
        hashing = (async () => {
          const hash = createHash("sha256");
          for await (const chunk of createReadStream(absolutePath)) hash.update(chunk as Buffer);
          const file = largeFile(stats.size, hash.digest("hex"), { folder: this.folder, path: absolutePath });
          this.remember(absolutePath, version, file);
          return file;
        })().finally(() => this.hashing.delete(key));
        this.hashing.set(key, hashing);
      }
      return hashing;
    }
    const bytes = await readFile(absolutePath);
    const file = staticFile(bytes, createHash("sha256").update(bytes).digest("hex"), {
      folder: this.folder,
      path: absolutePath,
    });
    this.remember(absolutePath, version, file);
    return file;
  }

  /** dist/_headers or _redirects, looked at again after a rebuild's swap that hid it; its version is its inode, size and mtime. */
  async configurationFile(name: ConfigurationFile): Promise<{ path: string; version: string } | undefined> {
    const file = path.join(path.resolve(this.folder), name.slice(1));
    const statHeaders = () =>
      stat(file).catch((error: unknown) => {
        if (isNotFound(error)) return undefined;
        throw error;
      });
    // Missed during a rebuild's swap, its rules would be left out of every response for a quarter of a second.
    let stats = await statHeaders();
    if (!stats) {
      await this.untilFolderPresent();
      stats = await statHeaders();
    }
    return stats && { path: file, version: `${stats.ino}:${stats.size}:${stats.mtimeMs}` };
  }

  private remember(absolutePath: string, version: string, file: StaticFile): void {
    const previous = this.cache.get(absolutePath);
    if (previous) this.cachedBytes -= previous.file.bytes?.byteLength ?? 0;
    this.cache.delete(absolutePath);
    this.cache.set(absolutePath, { version, file });
    this.cachedBytes += file.bytes?.byteLength ?? 0;
    for (const [key, entry] of this.cache) {
      if (this.cachedBytes <= CACHE_LIMIT_BYTES) break;
      this.cache.delete(key);
      this.cachedBytes -= entry.file.bytes?.byteLength ?? 0;
    }
  }
}

/**
 * Whether a file-system error means "there is no such file": it is absent, a segment of its path is a file,
 * or a segment is longer than any name can be. Anything else (EMFILE, EACCES, EIO) is a failure, not a 404.
 */
export function isNotFound(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === "ENOENT" || code === "ENOTDIR" || code === "ENAMETOOLONG";
}

/** The encoding to send, from Accept-Encoding: brotli, then gzip, when the client accepts it (q > 0). */
export function negotiateEncoding(acceptEncoding: string | undefined): "br" | "gzip" | undefined {
  if (!acceptEncoding) return undefined;
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.split(",")) {
    const [name, ...parameters] = part.trim().toLowerCase().split(";");
    const q = parameters.map((parameter) => parameter.trim()).find((parameter) => parameter.startsWith("q="));
    // x-gzip is gzip (RFC 9110 §8.4.1.3): the better weight of the two names counts. A weight is at most 1.
    const coding = name!.trim().replace(/^x-gzip$/, "gzip");
    const weight = Math.min(1, q ? Number(q.slice(2)) || 0 : 1);
    accepted.set(coding, Math.max(weight, accepted.get(coding) ?? 0));
  }
  const wildcard = accepted.get("*");
  const weight = (name: string) => accepted.get(name) ?? wildcard ?? 0;
  // The client's weights decide; brotli, the smaller, on a tie.
  const [br, gzip] = [weight("br"), weight("gzip")];
  if (br <= 0 && gzip <= 0) return undefined;
  return br >= gzip ? "br" : "gzip";
}

/** Text formats worth compressing. */
export function isCompressible(contentType: string | undefined): boolean {
  return (
    contentType !== undefined &&
    /^(text\/|application\/([a-z.+-]*\+|x-nd)?(json|xml|javascript)|image\/svg\+xml)/.test(contentType)
  );
}
