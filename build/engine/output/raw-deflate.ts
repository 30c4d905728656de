/**
 * Raw deflate (RFC 1951) by zlib compiled to WebAssembly: the module zip.js ships (Chromium's zlib, its Rabin-Karp
 * hash, so no instruction set of the machine chooses how it compresses). WebAssembly runs the same on every machine
 * and every Node.js, so the same bytes always deflate to the same bytes, which Node's own zlib (built from whatever
 * zlib its builder had) does not promise; and it deflates several times faster than JavaScript (fflate before it).
 * One instance a thread, made when first used.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

interface ZlibExports {
  memory: WebAssembly.Memory;
  _initialize?(): void;
  malloc(size: number): number;
  deflate_new(): number;
  deflate_init_raw(stream: number, level: number): number;
  /** Returns the bytes written to `out` in its low 24 bits, and zlib's code (1: the stream ended) in its high 8. */
  deflate_process(
    stream: number,
    input: number,
    inputLength: number,
    out: number,
    outLength: number,
    flush: number,
  ): number;
  deflate_last_consumed(stream: number): number;
  deflate_end(stream: number): number;
}

/** zlib's flush modes: none, sync (the output ends on a byte, after an empty stored block), finish. */
const NO_FLUSH = 0;
const SYNC_FLUSH = 2;
const FINISH = 4;
const BUFFER_BYTES = 256 * 1024;

let compiled: WebAssembly.Module | undefined;
let zlib: { exports: ZlibExports; input: number; output: number } | undefined;

/**
 * The compiled module: found by its package from here, or given (a worker thread's bundle runs this code where
 * import.meta has no folder, and is handed the module its pool compiled, which costs it no compiling).
 */
export function zlibModule(given?: WebAssembly.Module): WebAssembly.Module {
  if (given) compiled = given;
  compiled ??= new WebAssembly.Module(
    readFileSync(createRequire(import.meta.url).resolve("@zip.js/zip.js/dist/zip-module.wasm")),
  );
  return compiled;
}

function instance() {
  if (!zlib) {
    const exports = new WebAssembly.Instance(zlibModule(), {}).exports as unknown as ZlibExports;
    exports._initialize?.();
    zlib = { exports, input: exports.malloc(BUFFER_BYTES), output: exports.malloc(BUFFER_BYTES) };
  }
  return zlib;
}

/** One raw deflate stream: bytes pushed in, deflated bytes out, the same whatever pieces the bytes come in. */
export class RawDeflate {
  private readonly stream: number;

  constructor(level: number) {
    const { exports } = instance();
    this.stream = exports.deflate_new();
    const code = exports.deflate_init_raw(this.stream, level);
    if (code !== 0) throw new Error(`zlib could not start a deflate stream (code ${code})`);
  }

  /** Deflates `bytes`, giving what zlib has written so far (often nothing: it holds back until it has a block). */
  push(bytes: Uint8Array): Uint8Array[] {
    const out: Uint8Array[] = [];
    const { exports, input } = instance();
    for (let at = 0; at < bytes.byteLength; ) {
      const length = Math.min(BUFFER_BYTES, bytes.byteLength - at);
      new Uint8Array(exports.memory.buffer, input, length).set(bytes.subarray(at, at + length));
      this.run(input, length, NO_FLUSH, out);
      at += length;
    }
    return out;
  }

  /**
   * Ends the stream, giving the rest of its bytes, and lets zlib's memory go. `sync`: the stream is left open-ended
   * (its last block not marked last, ending on a byte), so that another's bytes may follow it (deflatePiece).
   */
  end(sync = false): Uint8Array[] {
    const out: Uint8Array[] = [];
    this.run(0, 0, sync ? SYNC_FLUSH : FINISH, out);
    instance().exports.deflate_end(this.stream);
    return out;
  }

  private run(input: number, length: number, flush: number, out: Uint8Array[]): void {
    const { exports, output } = instance();
    let consumed = 0;
    for (;;) {
      const result = exports.deflate_process(
        this.stream,
        input + consumed,
        length - consumed,
        output,
        BUFFER_BYTES,
        flush,
      );
      const code = result >> 24;
      if (code < 0) throw new Error(`zlib failed to deflate (code ${code})`);
      const written = result & 0xffffff;
      if (written > 0) out.push(new Uint8Array(exports.memory.buffer, output, written).slice());
      consumed += exports.deflate_last_consumed(this.stream);
      // Done when all is taken and zlib had room to spare (a full buffer may mean more is waiting), or it ended.
      if (code === 1 || (consumed >= length && written < BUFFER_BYTES)) return;
    }
  }
}
