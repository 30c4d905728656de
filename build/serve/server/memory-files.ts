/**
 * The output of the dev loop's last good build, held in memory and served from there (`npm run dev`): a save is
 * served as soon as its build is done, without waiting for dist/ to be written, and a request never meets a mix of
 * two builds, because a build's files replace the last one's all at once (`publish`). Until the first good build,
 * the files of dist/ are served as they are. Answers as StaticFiles does, file for file: the same paths, folders
 * answered by their index.html, the same strong ETags (the SHA-256 the build recorded), the same variants.
 */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { HeldContents } from "../../engine/output/output-sink.ts";
import {
  type ConfigurationFile,
  fileBytes,
  pathSegments,
  type ServedFiles,
  type StaticFile,
  staticFile,
} from "./static-files.ts";

/** A build's files in memory, made when first asked for (products/lazy-site.ts), or all made already. */
export interface FilesInMemory {
  /** The file at a root-relative path, with its hex SHA-256; undefined when the build has none there. */
  file(urlPath: string): Promise<{ contents: HeldContents; sha256: string } | undefined>;
}

interface Published {
  build: FilesInMemory;
  /** Each file served so far, by path, with its compressed variants. */
  served: Map<string, StaticFile>;
  /** The configuration files written for Netlify's parser, which reads files, by name. */
  configuration: Map<string, { path: string; version: string }>;
}

export class MemoryFiles implements ServedFiles {
  private published: Published | undefined;

  /**
   * `fallback`: served until the first publish (dist/ as the last build left it). `scratch`: a folder where the
   * build's _headers and _redirects are written for Netlify's parser, which reads files.
   */
  constructor(
    private readonly fallback: ServedFiles,
    private readonly scratch: string,
  ) {}

  /** Serves the files of the fallback (dist/) again from now on. */
  unpublish(): void {
    this.previous = undefined;
    this.published = undefined;
  }

  /** Serves this build from now on, in place of the last one. */
  publish(build: FilesInMemory): void {
    this.previous = this.published?.served;
    this.published = { build, served: new Map(), configuration: new Map() };
  }

  /**
   * The files served of the build before the one published (not that build, which is let go): an unchanged file
   * keeps the compressed variants made for it there.
   */
  private previous: Map<string, StaticFile> | undefined;

  private async served(published: Published, urlPath: string): Promise<StaticFile | undefined> {
    const known = published.served.get(urlPath);
    if (known) return known;
    const made = await published.build.file(urlPath);
    if (!made) return undefined;
    const before = this.previous?.get(urlPath);
    const file =
      before && before.etag === `"${made.sha256.slice(0, 32)}"`
        ? before
        : staticFile(bytesOf(made.contents), made.sha256);
    published.served.set(urlPath, file);
    return file;
  }

  async resolve(urlPath: string): Promise<string | undefined> {
    if (!this.published) return this.fallback.resolve(urlPath);
    const segments = pathSegments(urlPath);
    if (!segments) return undefined;
    const published = this.published;
    const file = `/${segments.join("/")}`;
    // A file is not a folder (/_headers/ is not /_headers).
    if (!urlPath.endsWith("/") && (await this.served(published, file))) return file;
    // A folder answers with its index.html, as on Netlify; never with a listing.
    const index = `${file === "/" ? "" : file}/index.html`;
    return (await this.served(published, index)) ? index : undefined;
  }

  async load(key: string): Promise<StaticFile> {
    if (!this.published) return this.fallback.load(key);
    const file = await this.served(this.published, key);
    if (file) return file;
    // Resolved in the build before the last publish, and not in this one.
    throw Object.assign(new Error(`${key} is not in the build being served`), { code: "ENOENT" });
  }

  async untilFolderPresent(): Promise<void> {
    if (!this.published) await this.fallback.untilFolderPresent();
  }

  async configurationFile(name: ConfigurationFile): Promise<{ path: string; version: string } | undefined> {
    const published = this.published;
    if (!published) return this.fallback.configurationFile(name);
    const made = await this.served(published, name);
    if (!made) return undefined;
    const version = made.etag;
    const written = published.configuration.get(name);
    if (written?.version === version) return written;
    // Named by its digest: a configuration loaded from an earlier one is never read half rewritten.
    const file = path.join(this.scratch, `${name.slice(1)}-${version.slice(1, 17)}`);
    await mkdir(this.scratch, { recursive: true });
    await writeFile(file, await fileBytes(made));
    published.configuration.set(name, { path: file, version });
    return { path: file, version };
  }
}

function bytesOf(contents: HeldContents): Buffer {
  if (typeof contents === "string") return Buffer.from(contents);
  if (contents instanceof Uint8Array) return Buffer.from(contents.buffer, contents.byteOffset, contents.byteLength);
  return Buffer.concat(contents);
}
