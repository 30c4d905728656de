/**
 * The output of the dev loop's last good build, held in memory and served from there (`npm run dev`): a save is
 * served as soon as its build is done, without waiting for dist/ to be written, and a request never meets a mix of
 * two builds, because a build's files replace the last one's all at once (`publish`). Until the first good build,
 * the files of dist/ are served as they are. Answers as StaticFiles does, file for file: the same paths, folders
 * answered by their index.html, the same strong ETags (the SHA-256 the build recorded), the same variants.
 */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { OutputFile } from "../output/output-sink.ts";
import { pathSegments, type ServedFiles, type StaticFile, staticFile } from "./static-files.ts";

interface Published {
  files: Map<string, StaticFile>;
  headers: { path: string; version: string } | undefined;
}

export class MemoryFiles implements ServedFiles {
  private published: Published | undefined;

  /**
   * `fallback`: served until the first publish (dist/ as the last build left it). `scratch`: a folder where the
   * build's _headers is written for Netlify's parser, which reads files.
   */
  constructor(
    private readonly fallback: ServedFiles,
    private readonly scratch: string,
  ) {}

  /** Serves these files from now on, in place of the last ones. `digests`: each file's hex SHA-256, as the build recorded it. */
  async publish(files: readonly OutputFile[], digests: ReadonlyMap<string, string>): Promise<void> {
    const previous = this.published?.files;
    const served = new Map<string, StaticFile>();
    for (const { path: urlPath, contents } of files) {
      const digest = digests.get(urlPath)!;
      const known = previous?.get(urlPath);
      // An unchanged file keeps its compressed variants.
      if (known && known.etag === `"${digest.slice(0, 32)}"`) served.set(urlPath, known);
      else served.set(urlPath, staticFile(bytesOf(contents), digest));
    }
    const headersDigest = digests.get("/_headers");
    let headers: Published["headers"];
    if (headersDigest) {
      // Named by its digest: a configuration loaded from an earlier one is never read half rewritten.
      const file = path.join(this.scratch, `_headers-${headersDigest.slice(0, 16)}`);
      await mkdir(this.scratch, { recursive: true });
      await writeFile(file, served.get("/_headers")!.bytes);
      headers = { path: file, version: headersDigest };
    }
    this.published = { files: served, headers };
  }

  async resolve(urlPath: string): Promise<string | undefined> {
    if (!this.published) return this.fallback.resolve(urlPath);
    const segments = pathSegments(urlPath);
    if (!segments) return undefined;
    const { files } = this.published;
    const file = `/${segments.join("/")}`;
    if (files.has(file)) return file;
    // A folder answers with its index.html, as on Netlify; never with a listing.
    const index = `${file === "/" ? "" : file}/index.html`;
    return files.has(index) ? index : undefined;
  }

  async load(key: string): Promise<StaticFile> {
    if (!this.published) return this.fallback.load(key);
    const file = this.published.files.get(key);
    if (file) return file;
    // Resolved in the build before the last publish, and not in this one.
    throw Object.assign(new Error(`${key} is not in the build being served`), { code: "ENOENT" });
  }

  async untilFolderPresent(): Promise<void> {
    if (!this.published) await this.fallback.untilFolderPresent();
  }

  async headersFile(): Promise<{ path: string; version: string } | undefined> {
    return this.published ? this.published.headers : this.fallback.headersFile();
  }
}

function bytesOf(contents: OutputFile["contents"]): Buffer {
  return typeof contents === "string"
    ? Buffer.from(contents)
    : Buffer.from(contents.buffer, contents.byteOffset, contents.byteLength);
}
