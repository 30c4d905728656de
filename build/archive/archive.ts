/**
 * `npm run archive`: a WARC 1.1 file of the API as the local server serves it (request and response records
 * with their headers) for every URL capture-targets.ts names (the files, pages, aliases, sitemap URLs and
 * documented query examples, and every URL a recorded Link header or problem type points at), written with
 * warcio, with a CDXJ index beside it. ReplayWeb.page replays it (test/archive-replay.test.ts). Deterministic: the server runs in archive mode (a fixed
 * Date header), WARC-Date comes from SOURCE_DATE_EPOCH (else the build's own time), and record IDs are derived
 * from the record's content.
 */
import { createHash } from "node:crypto";
import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { CDXIndexer, WARCRecord, WARCSerializer } from "warcio";
import { createLocalServer } from "../server/local-server.ts";
import { pointedTargets, seedTargets } from "./capture-targets.ts";
import { archiveEpoch, readBuiltOutput } from "./dist-files.ts";

export interface ArchiveResult {
  warc: string;
  cdx: string;
  records: number;
}

const USER_AGENT = "av-buyer-data-archive";

/** A UUID (version 8, RFC 9562) from the SHA-256 of a name: the same record always gets the same id. */
export function uuidFromContent(name: string): string {
  const hex = createHash("sha256").update(name).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export async function archiveWarc(
  distFolder: string,
  artifactsFolder: string,
  netlifyConfigPath: string,
  env: NodeJS.ProcessEnv,
): Promise<ArchiveResult> {
  const output = await readBuiltOutput(distFolder);
  const epoch = archiveEpoch(env, output);
  const warcDate = new Date(epoch * 1000).toISOString().replace(".000Z", "Z");
  const httpDate = new Date(epoch * 1000).toUTCString();
  const openapi = JSON.parse(output.files.find((file) => file.path === "api/v1/openapi.json")!.bytes.toString("utf8"));
  const origin: string = openapi.servers[0].url;
  // A work list, not a set: a pointed-at URL is appended once, after the seeds, so the order is fixed.
  const targets = seedTargets(output, origin);
  const listed = new Set(targets);

  const server = await createLocalServer({ dist: distFolder, netlifyConfigPath, fixedDate: httpDate });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const name = `av-buyer-data-${output.version}`;
  const filename = `${name}.warc`;
  const chunks: Uint8Array[] = [];
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
        description: `${output.description} Captured from the project's local server, which serves dist/ with the rules of netlify.toml; target URIs name ${origin}.`,
        isPartOf: name,
      },
    );
    chunks.push(await WARCSerializer.serialize(info, { gzip: false }));
    for (let index = 0; index < targets.length; index++) {
      const target = targets[index]!;
      const exchange = await fetchRaw(port, target);
      const targetUri = origin + target;
      for (const pointed of pointedTargets(targetUri, exchange, origin)) {
        if (!listed.has(pointed)) {
          listed.add(pointed);
          targets.push(pointed);
        }
      }
      const responseId = `<urn:uuid:${uuidFromContent(`response ${targetUri} ${createHash("sha256").update(exchange.body).digest("hex")} ${exchange.status}`)}>`;
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
        [exchange.body],
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
      chunks.push(await WARCSerializer.serialize(response, { gzip: false }));
      chunks.push(await WARCSerializer.serialize(request, { gzip: false }));
    }
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  const warc = Buffer.concat(chunks);
  await mkdir(artifactsFolder, { recursive: true });
  const warcPath = path.join(artifactsFolder, filename);
  await writeFile(warcPath, warc);

  const indexer = new CDXIndexer({ format: "cdxj" });
  const lines: string[] = [];
  for await (const entry of indexer.iterIndex([
    {
      filename,
      reader: warcChunks(warc),
    },
  ])) {
    lines.push(indexer.serializeCDXJ(entry));
  }
  const cdxPath = path.join(artifactsFolder, `${name}.cdxj`);
  await writeFile(cdxPath, lines.sort().join(""));
  return { warc: warcPath, cdx: cdxPath, records: 1 + targets.length * 2 };
}

/**
 * A WARC in pieces of 64 KiB, as warcio reads a file: handed the whole buffer as one piece, its reader slows to
 * seconds for a site of 10 MB (1.9 s, against 40 ms in pieces, for the shipped content's WARC).
 */
export async function* warcChunks(warc: Uint8Array, size = 64 * 1024): AsyncGenerator<Uint8Array> {
  for (let offset = 0; offset < warc.byteLength; offset += size)
    yield warc.subarray(offset, Math.min(offset + size, warc.byteLength));
}

/** One GET over HTTP/1.1, as an archiver sends it, with the status line, headers and body exactly as received. */
function fetchRaw(
  port: number,
  target: string,
): Promise<{ status: number; statusText: string; headers: Array<[string, string]>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      {
        host: "127.0.0.1",
        port,
        path: target,
        headers: { "User-Agent": USER_AGENT, Accept: "*/*", "Accept-Encoding": "identity" },
      },
      (incoming) => {
        const body: Buffer[] = [];
        incoming.on("data", (chunk: Buffer) => body.push(chunk));
        incoming.on("end", () => {
          const headers: Array<[string, string]> = [];
          for (let index = 0; index < incoming.rawHeaders.length; index += 2) {
            const header = incoming.rawHeaders[index]!;
            // The connection's own headers say nothing about the resource.
            if (!/^(connection|keep-alive)$/i.test(header)) headers.push([header, incoming.rawHeaders[index + 1]!]);
          }
          resolve({
            status: incoming.statusCode ?? 0,
            statusText: incoming.statusMessage ?? "",
            headers,
            body: Buffer.concat(body),
          });
        });
      },
    );
    outgoing.on("error", reject);
    outgoing.end();
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = path.resolve(import.meta.dirname, "../..");
  const result = await archiveWarc(
    path.join(root, "dist"),
    path.join(root, "artifacts"),
    path.join(root, "netlify.toml"),
    process.env,
  );
  process.stdout.write(
    `archive: wrote ${result.records} records to ${path.relative(process.cwd(), result.warc)}, index ${path.relative(process.cwd(), result.cdx)}\n`,
  );
}
