/**
 * Where a clean build's time goes: one build of the content in a single thread (single-thread-build.ts) under
 * V8's sampling profiler, its samples' self time summed by what the code is: YAML, Markdown, JSON, the search
 * index, file system calls, digests, garbage collection, start-up. One thread, so the sum is the work a build
 * does, which the real build spreads over a core per worker thread.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { productWriting } from "../../engine/run/engine.ts";
import { ENV, ROOT, WORK } from "./workspace.ts";

export interface BuildProfile {
  answers: number;
  wallSeconds: number;
  /** CPU seconds by kind of work, all threads summed, largest first. */
  kinds: Array<{ kind: string; seconds: number }>;
  /** Samples in which the build's thread waited (V8's "(idle)"): for the disk, mostly. */
  idleSeconds: number;
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const FILE_SYSTEM_CALLS = new Set([
  "open",
  "close",
  "read",
  "write",
  "writeBuffer",
  "writeBuffers",
  "writeString",
  "fstat",
  "lstat",
  "stat",
  "unlink",
  "rmdir",
  "mkdir",
  "rename",
  "link",
  "readdir",
  "openFileHandle",
  "readFileUtf8",
  "realpath",
  "access",
  "copyFile",
]);

/** What a sampled function is, by where its code lives. */
function kindOf(functionName: string, url: string): string | undefined {
  if (functionName === "(idle)") return undefined;
  if (functionName === "(garbage collector)") return "garbage collection";
  if (url === "" && FILE_SYSTEM_CALLS.has(functionName)) return "file system calls";
  if (
    url.includes("node_modules/yaml/") ||
    url.endsWith("/build/content/load/yaml-document.ts") ||
    url.endsWith("/build/content/load/yaml-subset.ts") ||
    url.endsWith("/build/content/load/front-matter.ts")
  )
    return "YAML front matter and files";
  if (
    url.includes("node_modules/markdown-it/") ||
    url.includes("node_modules/entities/") ||
    url.includes("node_modules/mdurl/") ||
    url.includes("node_modules/linkify-it/") ||
    url.includes("node_modules/punycode") ||
    url.includes("node_modules/uc.micro/") ||
    url.includes("/build/content/markdown/")
  )
    return "Markdown: rendering, citations, outline";
  if (url.includes("node_modules/ajv")) return "JSON Schema validation (ajv)";
  if (url.includes("/build/engine/cache/") || url === "node:v8") return "build cache: checking and decoding entries";
  if (url.includes("/build/search/")) return "search index";
  if (
    url.endsWith("/build/contract/canonical-json.ts") ||
    url.endsWith("/build/contract/envelope.ts") ||
    (url === "" && functionName === "stringify")
  )
    return "JSON serialisation";
  if (url.startsWith("node:internal/crypto/hash") || (url === "" && functionName === "digest"))
    return "SHA-256 digests";
  if (
    url.endsWith("/build/engine/output/zip-writer.ts") ||
    url.endsWith("/build/engine/compile/dataset-zip.ts") ||
    url.endsWith("/build/engine/output/raw-deflate.ts") ||
    url.startsWith("wasm://")
  )
    return "ZIP download";
  if (
    url.startsWith("node:internal/modules") ||
    url.includes("node_modules/tsx/") ||
    url.includes("node_modules/esbuild/") ||
    functionName === "compileFunction" ||
    functionName === "compileSourceTextModule"
  )
    return "start-up: loading and transforming modules";
  if (
    url.startsWith("node:internal/worker") ||
    functionName === "postMessage" ||
    functionName === "receiveMessageOnPort" ||
    url === "[worker eval]"
  )
    return "worker threads: messages";
  if (url.includes("/build/")) return "other build code";
  return "other (Node internals, the engine)";
}

export function profileBuild(contentDir: string, answers: number): BuildProfile {
  const folder = mkdtempSync(path.join(WORK, "profile-"));
  const out = path.join(folder, "dist");
  const profiles = path.join(folder, "profiles");
  try {
    spawnSync("sync");
    const started = performance.now();
    const run = spawnSync(
      process.execPath,
      [
        "--cpu-prof",
        "--cpu-prof-dir",
        profiles,
        "--import",
        "tsx",
        "build/tools/bench/single-thread-build.ts",
        contentDir,
        out,
      ],
      {
        cwd: ROOT,
        encoding: "utf8",
        env: ENV,
        maxBuffer: 64 * 1024 * 1024,
      },
    );
    const wallSeconds = (performance.now() - started) / 1000;
    if (run.status !== 0) throw new Error(`the profiled build failed: ${run.stderr.slice(0, 2000)}`);
    return { answers, wallSeconds, ...summariseProfiles(profiles) };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/**
 * The self time of every sample of the `.cpuprofile` files in a folder (one per thread), summed by kind of
 * work, largest first; and the waiting of the busiest thread (the build's own).
 */
export function summariseProfiles(profiles: string): Pick<BuildProfile, "kinds" | "idleSeconds"> {
  // Node runs the module loader's hooks (tsx) on a thread of their own: its work counts (start-up), its waiting does not.
  const totals = new Map<string, number>();
  let idle = 0;
  let busiest = 0;
  for (const name of readdirSync(profiles).filter((file) => file.endsWith(".cpuprofile"))) {
    const profile = JSON.parse(readFileSync(path.join(profiles, name), "utf8")) as CpuProfile;
    const byId = new Map(profile.nodes.map((node) => [node.id, node]));
    let busy = 0;
    let waiting = 0;
    for (const [at, id] of profile.samples.entries()) {
      const frame = byId.get(id)!.callFrame;
      const micros = profile.timeDeltas[at] ?? 0;
      const kind = kindOf(frame.functionName, frame.url);
      if (kind === undefined) waiting += micros;
      else {
        busy += micros;
        totals.set(kind, (totals.get(kind) ?? 0) + micros);
      }
    }
    if (busy > busiest) [busiest, idle] = [busy, waiting];
  }
  return {
    kinds: [...totals].map(([kind, micros]) => ({ kind, seconds: micros / 1e6 })).sort((a, b) => b.seconds - a.seconds),
    idleSeconds: idle / 1e6,
  };
}

/** What a build writes, in bytes, by the product that writes it (build/engine/products/), each with what it is for. */
export function outputShares(distFolder: string): OutputShare[] {
  const byProduct = new Map<string, OutputShare>();
  const listed = spawnSync("find", [distFolder, "-type", "f", "-printf", "%s %P\\n"], {
    encoding: "utf8",
    maxBuffer: 1024 * 1024 * 1024,
  });
  for (const line of listed.stdout.split("\n").filter(Boolean)) {
    const space = line.indexOf(" ");
    const made = productWriting(`/${line.slice(space + 1)}`);
    const kind = made?.name ?? "(no product)";
    const share = byProduct.get(kind) ?? { kind, purpose: made?.purpose ?? "", files: 0, bytes: 0 };
    share.files += 1;
    share.bytes += Number(line.slice(0, space));
    byProduct.set(kind, share);
  }
  return [...byProduct.values()].sort((a, b) => b.bytes - a.bytes);
}

export interface OutputShare {
  /** The product's name. */
  kind: string;
  purpose: string;
  files: number;
  bytes: number;
}
