/**
 * `npm run package`: a BagIt 1.0 bag of dist/ (or `--dist DIR`) as a deterministic tar in artifacts/ (or `--out DIR`), byte-identical across
 * runs. Verify a copy: tar -xf the tar, then in its folder `sha512sum -c manifest-sha512.txt` and
 * `sha512sum -c tagmanifest-sha512.txt`. Streamed: each file of dist/ is read in pieces as it goes into the tar,
 * so memory does not grow with dist/.
 */
import { stat } from "node:fs/promises";
import path from "node:path";
import { writeArtifact } from "./artifact-file.ts";
import { makeBag } from "./bagit.ts";
import { archiveEpoch, archiveFolders, filePieces, readBuiltOutput } from "./dist-files.ts";
import { tarPieces } from "./tar-writer.ts";
import { tellOrThrow, runAsCommand } from "../../content/load/command-line.ts";

export async function packageBag(distFolder: string, artifactsFolder: string, env: NodeJS.ProcessEnv): Promise<string> {
  const epochOf = archiveEpoch(env);
  const output = await readBuiltOutput(distFolder);
  const epoch = epochOf(output);
  const name = `av-buyer-data-${output.version}`;
  const payload = [];
  for (const file of output.files) {
    payload.push({
      path: file.path,
      size: (await stat(file.absolutePath)).size,
      pieces: () => filePieces(file.absolutePath),
    });
  }
  const entries = makeBag(payload, {
    name,
    sourceOrganization: output.publisher,
    externalDescription: output.description,
    externalIdentifier: name,
    baggingDate: new Date(epoch * 1000).toISOString().slice(0, 10),
  });
  const target = path.join(artifactsFolder, `${name}.bag.tar`);
  await writeArtifact(target, tarPieces(entries, epoch));
  return target;
}

runAsCommand(import.meta.url, async () => {
  const { dist, artifacts } = archiveFolders(
    "package",
    "Writes the built output as a BagIt bag in a deterministic tar, av-buyer-data-VERSION.bag.tar.",
  );
  const target = await packageBag(dist, artifacts, process.env).catch((error: unknown) =>
    tellOrThrow("package", error),
  );
  process.stdout.write(`package: wrote ${path.relative(process.cwd(), target)}\n`);
});
