/**
 * jq 1.8.2 compiled to WebAssembly (the jq-wasm package), adapted so that it runs on every body
 * okapi accepts (docs/design/004-jq-engine.md):
 *
 * - memory: jq-wasm's module may grow to 256 MiB, and jq 1.8 needs 4 to over 60 bytes of heap per
 *   byte of JSON, so a ~30 MB document aborted. Here the module's declared maximum is raised to
 *   4 GiB (wasm-memory.ts), and the runtime's `emscripten_resize_heap` import, whose JavaScript
 *   caps growth at 256 MiB, is replaced: growth past the cap is done by the hook while the
 *   runtime's own grow path runs, so that its views of memory are refreshed as usual. Memory is
 *   grown ahead of a large input in one step (each growth costs a full V8 garbage collection).
 * - input and output: jq-wasm hands jq its input one byte per JavaScript call and collects the
 *   output the same way. Here the `fd_read`/`fd_write` imports copy whole blocks between the
 *   input and output buffers and wasm memory: reads of the file jq-wasm names as jq's input
 *   (/dev/stdin, opened afresh by every run), and writes to stdout and stderr. These and
 *   `strptime` read pointers unsigned, as memory past 2 GiB needs.
 *
 * Everything is found by the names the emscripten runtime gives its import functions; what is not
 * found is left as jq-wasm made it (`capabilities` says what is in place, and the tests require
 * all of it for the pinned version).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import type { Jq } from 'jq-wasm';
import { compiledWithLiftoff } from '../../sdk/wasm-compile.js';
import { raiseMemoryMaximum } from './wasm-memory.js';

const PAGE = 64 * 1024;
/** All that 32-bit WebAssembly can address. */
export const MAX_MEMORY_BYTES = 4 * 1024 ** 3;
/** What jq-wasm's module and runtime allow on their own. */
const JQ_WASM_MEMORY_BYTES = 256 * 1024 ** 2;

const INPUT_PATH = new TextEncoder().encode('/dev/stdin\0');
const STDOUT = 1;
const STDERR = 2;
/** Inputs larger than this get their memory grown ahead of the run. */
const RESERVE_ABOVE_BYTES = 1024 ** 2;

/** What one run of jq left: its exit status and what it wrote. */
export interface JqRun {
  exitCode: number;
  stdout: string;
  stderr: string;
}

export interface EngineCapabilities {
  /** How far jq's heap may grow. */
  memoryBytes: number;
  /** Whether stdin, stdout and stderr are copied in blocks (else jq-wasm's byte-wise path). */
  blockIo: boolean;
}

// The parts of the WebAssembly API used here (the project's TypeScript libraries have no DOM).
interface WasmMemory {
  readonly buffer: ArrayBuffer;
  grow(pages: number): number;
}
type WasmModule = object;
type WasmImports = Record<string, Record<string, unknown>>;
interface WasmInstance {
  readonly exports: Record<string, unknown>;
}
interface WasmApi {
  Memory: abstract new (...args: never[]) => WasmMemory;
  RuntimeError: abstract new (...args: never[]) => Error;
  Module: new (bytes: Uint8Array) => WasmModule;
  instantiate(module: WasmModule, imports: WasmImports): Promise<WasmInstance>;
}
const wasmApi = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;

/** A failure of the WebAssembly machine itself (an abort, a trap), as opposed to a jq error. */
export function isEngineFailure(error: unknown): boolean {
  return error instanceof wasmApi.RuntimeError || error instanceof RangeError;
}

interface Compiled {
  module: WasmModule;
  memoryBytes: number;
}

let compiled: Compiled | undefined;

/**
 * The module is compiled once per process; each engine is a fresh instance of it. It is compiled
 * with Liftoff alone, every function at once (sdk/wasm-compile.ts): V8 tiering jq up in the
 * background held a process 31–39 ms at exit after a small filter, and Liftoff's code runs typical
 * filters faster than tiering does; TurboFan pays off only on long runs (docs/design/003-start-up.md).
 */
function compileOnce(): Compiled {
  compiled ??= compile();
  return compiled;
}

function compile(): Compiled {
  const bytes = new Uint8Array(readFileSync(wasmPath()));
  const raised = raiseMemoryMaximum(bytes, MAX_MEMORY_BYTES / PAGE);
  return compiledWithLiftoff(() => {
    if (raised) {
      try {
        return { module: new wasmApi.Module(raised), memoryBytes: MAX_MEMORY_BYTES };
      } catch {
        // Should the raised module not compile, the module as published still works up to 256 MiB.
      }
    }
    return { module: new wasmApi.Module(bytes), memoryBytes: JQ_WASM_MEMORY_BYTES };
  });
}

function wasmPath(): string {
  // `require` exists in the CommonJS build and under vitest; plain ES modules resolve from the script.
  const req = typeof require === 'function' ? require : createRequire(resolve(process.argv[1] ?? 'okapi'));
  return req.resolve('jq-wasm/jq.wasm');
}

interface ActiveRun {
  input: Uint8Array;
  offset: number;
  /** The descriptor jq opened its input file on, -1 until it does. */
  inputFd: number;
  stdout: Uint8Array[];
  stderr: Uint8Array[];
}

type Fn = (...args: number[]) => number;

/** The replaced imports and the state they share with the engine. */
class Hooks {
  memory: WasmMemory | undefined;
  run: ActiveRun | undefined;
  /** Set while the runtime's own grow path runs on behalf of `resize`: the size to grow to. */
  private growTo = 0;
  /** The runtime's `emscripten_resize_heap`, once found. */
  private runtimeResize: Fn | undefined;
  private readonly found = new Set<string>();

  constructor(readonly maxBytes: number) {}

  get blockIo(): boolean {
    return ['___syscall_openat', '_fd_read', '_fd_write', '_fd_close'].every((name) => this.found.has(name));
  }

  /** How far memory can grow: `maxBytes` when the resize hook is in place, else the runtime's cap. */
  get ceiling(): number {
    return this.found.has('_emscripten_resize_heap') ? this.maxBytes : Math.min(this.maxBytes, JQ_WASM_MEMORY_BYTES);
  }

  wrap(imports: WasmImports): WasmImports {
    const wrapped: WasmImports = {};
    for (const [moduleName, fields] of Object.entries(imports)) {
      const out: Record<string, unknown> = { ...fields };
      for (const [field, value] of Object.entries(fields)) {
        if (typeof value !== 'function') continue;
        const replacement = this.replace(value.name, value as Fn);
        if (replacement) {
          out[field] = replacement;
          this.found.add(value.name);
        }
      }
      wrapped[moduleName] = out;
    }
    return wrapped;
  }

  /** Called once the instance exists: its memory, whose `grow` the runtime's grow path calls. */
  adopt(instance: WasmInstance): void {
    const memory = Object.values(instance.exports).find((value): value is WasmMemory => value instanceof wasmApi.Memory);
    if (!memory) throw new Error('jq-wasm: the module exports no memory');
    this.memory = memory;
    const grow = memory.grow.bind(memory);
    Object.defineProperty(memory, 'grow', {
      configurable: true,
      value: (pages: number): number => {
        if (this.growTo === 0) return grow(pages);
        return grow(Math.max(0, Math.ceil((this.growTo - memory.buffer.byteLength) / PAGE)));
      },
    });
  }

  private replace(name: string, original: Fn): Fn | undefined {
    switch (name) {
      case '_emscripten_resize_heap':
        this.runtimeResize = original;
        return (requested) => this.resize(requested);
      case '___syscall_openat':
        return (dirfd, path, flags, varargs) => {
          const fd = original(dirfd, path, flags, varargs);
          if (this.run && fd >= 0 && this.isInputPath(path!)) this.run.inputFd = fd;
          return fd;
        };
      case '_fd_close':
        return (fd) => {
          if (this.run?.inputFd === fd) this.run.inputFd = -1;
          return original(fd);
        };
      case '_fd_read':
        return (fd, iov, count, written) =>
          this.run && fd === this.run.inputFd ? this.read(this.run, iov, count, written) : original(fd, iov, count, written);
      case '_fd_write':
        return (fd, iov, count, written) =>
          this.run && (fd === STDOUT || fd === STDERR) ? this.write(fd === STDOUT ? this.run.stdout : this.run.stderr, iov, count, written) : original(fd, iov, count, written);
      case '_strptime':
        // The runtime reads these strings through signed pointers, wrong above 2 GiB.
        return (text, format, tm) => original(text! >>> 0, format! >>> 0, tm!);
      default:
        return undefined;
    }
  }

  /**
   * The heap needs `requested` bytes. Growth doubles (pages are committed only when touched), up
   * to `maxBytes`. The runtime's resize refuses anything over its cap, so it is called with a size
   * it accepts while `growTo` makes the memory's `grow` go to the size wanted here.
   */
  private resize(requested: number): number {
    const want = requested >>> 0;
    const have = this.memory!.buffer.byteLength;
    if (want <= have) return 1;
    if (want > this.maxBytes) return 0;
    // Where the system will not commit that much at once, the exact size may still do.
    return this.growMemory(Math.max(want, have * 2)) || this.growMemory(want) ? 1 : 0;
  }

  /**
   * Grows memory ahead of a run to about what it will need: each growth makes V8 collect its
   * whole heap (wasm memory counts as external memory), 50–150 ms with a 50 MiB body parsed in
   * it. Memory grown but not touched costs no RAM.
   */
  reserve(bytes: number): void {
    if (this.runtimeResize && bytes > this.memory!.buffer.byteLength) this.growMemory(bytes);
  }

  private growMemory(bytes: number): boolean {
    this.growTo = Math.min(this.maxBytes, Math.ceil(bytes / PAGE) * PAGE);
    try {
      return Boolean(this.runtimeResize!(Math.min(this.growTo, JQ_WASM_MEMORY_BYTES)));
    } catch {
      return false;
    } finally {
      this.growTo = 0;
    }
  }

  private isInputPath(pointer: number): boolean {
    const start = pointer >>> 0;
    const heap = new Uint8Array(this.memory!.buffer, start, Math.min(INPUT_PATH.length, this.memory!.buffer.byteLength - start));
    return heap.length === INPUT_PATH.length && heap.every((byte, i) => byte === INPUT_PATH[i]);
  }

  private read(run: ActiveRun, iov: number, count: number, written: number): number {
    const view = new DataView(this.memory!.buffer);
    const heap = new Uint8Array(this.memory!.buffer);
    let total = 0;
    for (let i = 0; i < count; i++) {
      const at = (iov >>> 0) + i * 8;
      const pointer = view.getUint32(at, true);
      const length = view.getUint32(at + 4, true);
      const take = Math.min(length, run.input.length - run.offset);
      heap.set(run.input.subarray(run.offset, run.offset + take), pointer);
      run.offset += take;
      total += take;
      if (take < length) break;
    }
    view.setUint32(written >>> 0, total, true);
    return 0;
  }

  private write(sink: Uint8Array[], iov: number, count: number, written: number): number {
    const buffer = this.memory!.buffer;
    const view = new DataView(buffer);
    let total = 0;
    for (let i = 0; i < count; i++) {
      const at = (iov >>> 0) + i * 8;
      const pointer = view.getUint32(at, true);
      const length = view.getUint32(at + 4, true);
      if (length > 0) sink.push(new Uint8Array(buffer.slice(pointer, pointer + length)));
      total += length;
    }
    view.setUint32(written >>> 0, total, true);
    return 0;
  }
}

/** One instance of jq: runs programs one at a time, synchronously. */
export class JqEngine {
  private constructor(
    private readonly jq: Jq,
    private readonly hooks: Hooks,
  ) {}

  /** `maxMemoryBytes` lowers the ceiling (tests use it to run out of memory cheaply). */
  static async create(options: { maxMemoryBytes?: number } = {}): Promise<JqEngine> {
    const { loadJq } = await import('jq-wasm');
    const { module, memoryBytes } = compileOnce();
    const hooks = new Hooks(Math.min(memoryBytes, options.maxMemoryBytes ?? memoryBytes));
    const jq = await loadJq({
      instantiateWasm: async (imports: WasmImports, onSuccess: (instance: WasmInstance, module: WasmModule) => void) => {
        const instance = await wasmApi.instantiate(module, hooks.wrap(imports));
        hooks.adopt(instance);
        onSuccess(instance, module);
      },
    } as Parameters<typeof loadJq>[0]);
    return new JqEngine(jq, hooks);
  }

  get capabilities(): EngineCapabilities {
    return {
      memoryBytes: this.hooks.ceiling,
      blockIo: this.hooks.blockIo,
    };
  }

  /** The size of jq's memory now (it never shrinks). */
  get memoryBytes(): number {
    return this.hooks.memory?.buffer.byteLength ?? 0;
  }

  /**
   * Runs `program` over the JSON text `input`, with compact output. Throws only when the machine
   * fails (see isEngineFailure); jq's own errors come back as a non-zero exit status and stderr.
   */
  run(program: string, input: string): JqRun {
    // jq takes an argument starting with '-' for an option; a space in front is still the program.
    const text = program.startsWith('-') ? ` ${program}` : program;
    const exitCodeBefore = process.exitCode;
    const printed: string[] = [];
    const consoleError = console.error;
    // The runtime reports an abort through console.error before it throws: keep it off stderr.
    console.error = (...args: unknown[]) => void printed.push(args.map(String).join(' '));
    const run: ActiveRun = { input: EMPTY, offset: 0, inputFd: -1, stdout: [], stderr: [] };
    try {
      if (!this.hooks.blockIo) {
        const result = this.jq.raw(input, text, ['-c']);
        return { exitCode: result.exitCode, stdout: result.stdout, stderr: result.stderr };
      }
      run.input = Buffer.from(input, 'utf8');
      // Records of strings and numbers take 4–9 bytes of jq heap per byte of JSON, small objects
      // (projected records) over 20: one growth to this covers most inputs.
      if (run.input.length > RESERVE_ABOVE_BYTES) this.hooks.reserve(32 * 1024 ** 2 + run.input.length * 24);
      this.hooks.run = run;
      // jq-wasm runs `jq -M -c <program> /dev/stdin` and gives the device what it was passed, ''
      // here: the reads of /dev/stdin are answered from `run.input` instead. A file opened per run
      // rather than jq's stdin, whose end-of-file flag outlives a run that stops with `halt`.
      const result = this.jq.raw('', text, ['-c']);
      return { exitCode: result.exitCode, stdout: decode(run.stdout), stderr: decode(run.stderr) };
    } catch (error) {
      // What jq and the runtime said before the machine stopped ("cannot allocate memory", "Aborted()").
      const said = [decode(run.stderr).trim(), ...printed].filter(Boolean);
      if (error instanceof Error && said.length > 0) error.message = `${error.message} (${said.join('; ')})`;
      throw error;
    } finally {
      this.hooks.run = undefined;
      console.error = consoleError;
      process.exitCode = exitCodeBefore;
    }
  }
}

const EMPTY = new Uint8Array(0);

function decode(chunks: Uint8Array[]): string {
  return chunks.length === 0 ? '' : Buffer.concat(chunks).toString('utf8');
}
