/**
 * `npm run package`: a BagIt 1.0 bag of dist/ as a deterministic tar in artifacts/, byte-identical across
 * runs. Verify a copy: tar -xf the tar, then in its folder `sha512sum -c manifest-sha512.txt` and
 * `sha512sum -c tagmanifest-sha512.txt`.
 */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { makeBag } from "./bagit.ts";
import { archiveEpoch, readBuiltOutput } from "./dist-files.ts";
import { writeTar } from "./tar-writer.ts";

export async function packageBag(distFolder: string, artifactsFolder: string, env: NodeJS.ProcessEnv): Promise<string> {
  const output = await readBuiltOutput(distFolder);
  const epoch = archiveEpoch(env, output);
  const name = `av-buyer-data-${output.version}`;
  const entries = makeBag(
    output.files.map((file) => ({ path: file.path, bytes: file.bytes })),
    {
      name,
      sourceOrganization: output.publisher,
      externalDescription: output.description,
      externalIdentifier: name,
      baggingDate: new Date(epoch * 1000).toISOString().slice(0, 10),
    },
  );
  await mkdir(artifactsFolder, { recursive: true });
  const target = path.join(artifactsFolder, `${name}.bag.tar`);
  await writeFile(target, writeTar(entries, epoch));
  return target;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = path.resolve(import.meta.dirname, "../..");
  const target = await packageBag(path.join(root, "dist"), path.join(root, "artifacts"), process.env);
  process.stdout.write(`package: wrote ${path.relative(process.cwd(), target)}\n`);
}
