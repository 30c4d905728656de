/**
 * `npm run archive`: a WARC 1.1 file of the API as the local server serves it (request and response records
 * with their headers) for every URL capture-targets.ts names (the files, pages, aliases, sitemap URLs and
 * documented query examples, and every URL a recorded Link header or problem type points at), written with
 * warcio, with a CDXJ index beside it. ReplayWeb.page replays it (test/full/archive-replay.test.ts). Deterministic: the server runs in archive mode (a fixed
 * Date header), WARC-Date comes from SOURCE_DATE_EPOCH (else the build's own time), and record IDs are derived
 * from the record's content. Streamed: each record is written to the file as it is made, and the index is read
 * from the file in pieces, so memory does not grow with dist/.
 */
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { request as httpRequest, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { BaseSerializerBuffer, CDXIndexer, type WARCParser, WARCRecord, WARCSerializer } from "warcio";
import { createLocalServer } from "../../serve/server/local-server.ts";
import { writeArtifact } from "./artifact-file.ts";
import { pointedTargets, seedTargets } from "./capture-targets.ts";
import { archiveEpoch, archiveFolders, builtText, readBuiltOutput } from "./dist-files.ts";
import { SpooledBody } from "./spooled-body.ts";
import { projectRoot } from "../../content/load/project.ts";
import { tellOrThrow, runAsCommand } from "../../content/load/command-line.ts";
import { OPENAPI_FILE } from "../../contract/layout.ts";

export interface ArchiveResult {
  warc: string;
  cdx: string;
  records: number;
}

const USER_AGENT = "av-buyer-data-archive";
/** The pieces the index reads the WARC in (see warcChunks). */
const INDEX_PIECE_BYTES = 64 * 1024;

/** A UUID (version 8, RFC 9562) from the SHA-256 of a name: the same record always gets the same id. */
function uuidFromContent(name: string): string {
  const hex = createHash("sha256").update(name).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export async function archiveWarc(
  distFolder: string,
  artifactsFolder: string,
  netlifyConfigPath: string,
  env: NodeJS.ProcessEnv,
): Promise<ArchiveResult> {
  const epochOf = archiveEpoch(env);
  const output = await readBuiltOutput(distFolder);
  const epoch = epochOf(output);
  const openapi = JSON.parse(await builtText(output, OPENAPI_FILE.slice(1)));
  const origin: string = openapi.servers[0].url;
  // A work list, not a set: a pointed-at URL is appended once, after the seeds, so the order is fixed.
  const targets = await seedTargets(output, origin);
  const name = `av-buyer-data-${output.version}`;
  const filename = `${name}.warc`;
  const warcPath = path.join(artifactsFolder, filename);
  const spool = await mkdtemp(path.join(tmpdir(), "av-buyer-data-archive-"));
  try {
    await writeArtifact(
      warcPath,
      warcRecords({
        distFolder,
        netlifyConfigPath,
        origin,
        targets,
        filename,
        epoch,
        description: `${output.description} Captured from the project's local server, which serves dist/ with the rules of netlify.toml, _redirects and _headers; target URIs name ${origin}.`,
        isPartOf: name,
        spillFile: path.join(spool, "body"),
      }),
    );
  } finally {
    await rm(spool, { recursive: true, force: true });
  }

  // Indexed from the file on disk, read in pieces; only the index's lines are held, to be sorted.
  const indexer = new SkippingCdxIndexer({ format: "cdxj" });
  const lines: string[] = [];
  for await (const entry of indexer.iterIndex([
    { filename, reader: createReadStream(warcPath, { highWaterMark: INDEX_PIECE_BYTES }) },
  ])) {
    lines.push(indexer.serializeCDXJ(entry));
  }
  const cdxPath = path.join(artifactsFolder, `${name}.cdxj`);
  await writeArtifact(cdxPath, [Buffer.from(lines.sort().join(""))]);
  return { warc: warcPath, cdx: cdxPath, records: 1 + targets.length * 2 };
}

interface Capture {
  distFolder: string;
  netlifyConfigPath: string;
  origin: string;
  /** Grows as responses point at URLs not yet listed. */
  targets: string[];
  filename: string;
  epoch: number;
  description: string;
  isPartOf: string;
  spillFile: string;
}

/**
 * The WARC's bytes, record after record as each URL is fetched from the local server: a warcinfo record, then a
 * response and a request record per target. A body is spooled as it arrives (hashed for its record's id, which
 * its header holds) and read again into its record: no record is held whole.
 */
async function* warcRecords(capture: Capture): AsyncGenerator<Uint8Array> {
  const { origin, targets, filename } = capture;
  const warcDate = new Date(capture.epoch * 1000).toISOString().replace(".000Z", "Z");
  const httpDate = new Date(capture.epoch * 1000).toUTCString();
  const listed = new Set(targets);
  const server = await createLocalServer({
    dist: capture.distFolder,
    netlifyConfigPath: capture.netlifyConfigPath,
    fixedDate: httpDate,
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  try {
    const info = WARCRecord.createWARCInfo(
      {
        filename,
        warcVersion: "WARC/1.1",
        date: warcDate,
        warcHeaders: { "WARC-Record-ID": `<urn:uuid:${uuidFromContent(`warcinfo ${filename} ${warcDate}`)}>` },
      },
      {
        software: "av-buyer-data archive (warcio.js)",
        format: "WARC File Format 1.1",
        description: capture.description,
        isPartOf: capture.isPartOf,
      },
    );
    yield* new WARCSerializer(info, { gzip: false });
    for (let index = 0; index < targets.length; index++) {
      const target = targets[index]!;
      const body = new SpooledBody(capture.spillFile);
      try {
        const exchange = await fetchRaw(port, target, body);
        const bodySha256 = await body.finish();
        const targetUri = origin + target;
        for (const pointed of await pointedTargets(
          targetUri,
          { headers: exchange.headers, text: () => body.text() },
          origin,
        )) {
          if (!listed.has(pointed)) {
            listed.add(pointed);
            targets.push(pointed);
          }
        }
        const responseId = `<urn:uuid:${uuidFromContent(`response ${targetUri} ${bodySha256} ${exchange.status}`)}>`;
        const response = WARCRecord.create(
          {
            url: targetUri,
            date: warcDate,
            type: "response",
            warcVersion: "WARC/1.1",
            statusline: `HTTP/1.1 ${exchange.status} ${exchange.statusText}`,
            httpHeaders: exchange.headers,
            keepHeadersCase: true,
            warcHeaders: { "WARC-Record-ID": responseId },
          },
          body.pieces(),
        );
        const request = WARCRecord.create(
          {
            url: targetUri,
            date: warcDate,
            type: "request",
            warcVersion: "WARC/1.1",
            statusline: `GET ${target} HTTP/1.1`,
            httpHeaders: [
              ["Host", new URL(origin).host],
              ["User-Agent", USER_AGENT],
              ["Accept", "*/*"],
              ["Accept-Encoding", "identity"],
            ],
            keepHeadersCase: true,
            warcHeaders: {
              "WARC-Record-ID": `<urn:uuid:${uuidFromContent(`request ${responseId}`)}>`,
              "WARC-Concurrent-To": responseId,
            },
          },
          [],
        );
        yield* new WARCSerializer(response, { gzip: false }, new SpooledReplay(body));
        yield* new WARCSerializer(request, { gzip: false });
      } finally {
        await body.dispose();
      }
    }
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

/**
 * warcio's serializer reads a record's body once, to count and hash it, into a buffer it then replays: this one
 * keeps nothing and replays the spooled body, so that a large body is not held in memory.
 */
class SpooledReplay extends BaseSerializerBuffer {
  constructor(private readonly body: SpooledBody) {
    super();
  }

  write(): void {}

  async *readAll(): AsyncIterable<Uint8Array> {
    yield* this.body.pieces();
  }

  purge(): void {}
}

/**
 * warcio's CDX indexer reads every record's payload whole, to key a POST by its body; the requests here are GETs,
 * so the payloads are skipped in pieces instead (the same index, without holding the largest record).
 */
class SkippingCdxIndexer extends CDXIndexer {
  override async *iterRecords(parser: WARCParser, filename: string) {
    this._lastRecord = null;
    for await (const record of parser) {
      await record.skipFully();
      const result = this.indexRecord(record, parser, filename);
      if (result) yield result;
    }
    const result = this.indexRecord(null, parser, filename);
    if (result) yield result;
  }
}

/**
 * A WARC in pieces of 64 KiB, as warcio reads a file: handed the whole buffer as one piece, its reader slows to
 * seconds for a site of 10 MB (1.9 s, against 40 ms in pieces, for the shipped content's WARC).
 */
export async function* warcChunks(warc: Uint8Array, size = 64 * 1024): AsyncGenerator<Uint8Array> {
  for (let offset = 0; offset < warc.byteLength; offset += size)
    yield warc.subarray(offset, Math.min(offset + size, warc.byteLength));
}

/**
 * One GET over HTTP/1.1, as an archiver sends it, with the status line and headers exactly as received; the body,
 * as received, goes to `body` as it arrives.
 */
function fetchRaw(
  port: number,
  target: string,
  body: SpooledBody,
): Promise<{ status: number; statusText: string; headers: Array<[string, string]> }> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      {
        host: "127.0.0.1",
        port,
        path: target,
        headers: { "User-Agent": USER_AGENT, Accept: "*/*", "Accept-Encoding": "identity" },
      },
      (incoming) => {
        receive(incoming, body).then(() => {
          const headers: Array<[string, string]> = [];
          for (let index = 0; index < incoming.rawHeaders.length; index += 2) {
            const header = incoming.rawHeaders[index]!;
            // The connection's own headers say nothing about the resource.
            if (!/^(connection|keep-alive)$/i.test(header)) headers.push([header, incoming.rawHeaders[index + 1]!]);
          }
          resolve({ status: incoming.statusCode ?? 0, statusText: incoming.statusMessage ?? "", headers });
        }, reject);
      },
    );
    outgoing.on("error", reject);
    outgoing.end();
  });
}

/** Reads a response's body into `body`, one piece at a time (the socket waits while a piece is written). */
async function receive(incoming: IncomingMessage, body: SpooledBody): Promise<void> {
  for await (const piece of incoming) await body.write(piece as Buffer);
}

runAsCommand(import.meta.url, async () => {
  const { dist, artifacts } = archiveFolders(
    "archive",
    "Records the API as the local server serves the built output (every URL, request and response) in a WARC 1.1 file and a CDXJ index.",
  );
  const result = await archiveWarc(dist, artifacts, path.join(projectRoot(), "netlify.toml"), process.env).catch(
    (error: unknown) => tellOrThrow("archive", error),
  );
  process.stdout.write(
    `archive: wrote ${result.records} records to ${path.relative(process.cwd(), result.warc)}, index ${path.relative(process.cwd(), result.cdx)}\n`,
  );
});
