/**
 * The search index's files by their published paths: a SearchIndexSource over any way of reading a file's bytes
 * (or text). Each file is parsed once and checked for its format and for the map's content digest, so that one
 * answer is never made from two builds. A documents chunk is not parsed whole: documents-chunk.ts.
 */
import {
  ANSWERS_SEARCH_INDEX_FILE,
  SEARCH_SUGGESTIONS_FILE,
  searchDocumentsPath,
  searchPrefixPath,
  searchTermsPath,
} from "../contract/layout.ts";
import {
  SEARCH_DOCUMENTS_FORMAT,
  SEARCH_INDEX_FORMAT,
  SEARCH_PREFIX_FORMAT,
  SEARCH_SUGGESTIONS_FORMAT,
  SEARCH_TERMS_FORMAT,
} from "./search-format.ts";
import { utf8, utf8Text } from "../contract/bytes.ts";
import { type DocumentsChunk, documentsChunkOf } from "./documents-chunk.ts";
import type { SearchIndexMap, SearchPrefix, SearchSuggestions, SearchTermsShard } from "./search-format.ts";
import type { SearchIndexSource } from "./search-reader.ts";

/** Why a file of the index could not be used: missing, not JSON, of another format, or of another build. */
export class SearchFileError extends Error {
  constructor(
    message: string,
    /** True when the file is of another build than the map: the deploy changed while it was read. */
    readonly otherBuild = false,
  ) {
    super(message);
  }
}

type Parsed = { format: string; content_digest: string };

export class SearchFiles implements SearchIndexSource {
  private readonly parsed = new Map<string, Promise<Parsed>>();

  /**
   * `read` gives a file's bytes (or its text, where that is what a reader holds), or undefined when there is no such
   * file; it may throw for a failed read.
   */
  constructor(private readonly read: (path: string) => Promise<Uint8Array | string | undefined>) {}

  private file<T extends Parsed>(
    path: string,
    format: string,
    digest: string | undefined,
    parse: (bytes: Uint8Array) => Parsed = (bytes) => JSON.parse(utf8Text(bytes)) as Parsed,
  ): Promise<T> {
    let pending = this.parsed.get(path);
    if (!pending) {
      pending = (async () => {
        const read = await this.read(path);
        if (read === undefined) throw new SearchFileError(`${path} is missing`);
        let body: Parsed;
        try {
          body = parse(typeof read === "string" ? utf8(read) : read);
        } catch {
          throw new SearchFileError(`${path} is not complete JSON`);
        }
        // A build of another version of the code: refuse it plainly rather than misread it.
        if (body?.format !== format)
          throw new SearchFileError(`${path} is in format ${String(body?.format)}, not ${format}`);
        return body;
      })();
      // A failed read is not remembered: the next request tries again.
      pending.catch(() => this.parsed.delete(path));
      this.parsed.set(path, pending);
    }
    return pending.then((body) => {
      if (digest !== undefined && body.content_digest !== digest)
        throw new SearchFileError(`${path} is of build ${body.content_digest}, the index's map of ${digest}`, true);
      return body as T;
    });
  }

  map(): Promise<SearchIndexMap> {
    return this.file(ANSWERS_SEARCH_INDEX_FILE, SEARCH_INDEX_FORMAT, undefined);
  }

  async terms(shard: number): Promise<SearchTermsShard> {
    return this.file(searchTermsPath(shard), SEARCH_TERMS_FORMAT, (await this.map()).content_digest);
  }

  async documents(chunk: number): Promise<DocumentsChunk> {
    return this.file(
      searchDocumentsPath(chunk),
      SEARCH_DOCUMENTS_FORMAT,
      (await this.map()).content_digest,
      documentsChunkOf,
    );
  }

  async prefix(initial: string): Promise<SearchPrefix> {
    return this.file(searchPrefixPath(initial), SEARCH_PREFIX_FORMAT, (await this.map()).content_digest);
  }

  async suggestions(): Promise<SearchSuggestions> {
    return this.file(SEARCH_SUGGESTIONS_FILE, SEARCH_SUGGESTIONS_FORMAT, (await this.map()).content_digest);
  }
}
