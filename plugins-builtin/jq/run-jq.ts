/**
 * jq for `-f`: runs a jq 1.8 program over an already-parsed JSON value (the response envelope)
 * and returns its outputs. jq is jq-wasm's WebAssembly build, loaded on the first call and reused;
 * engine.ts lets it grow to 4 GiB so that bodies of 100 MiB and more filter in-process, without a
 * native jq (docs/design/004-jq-engine.md).
 */
import { OkapiError } from '../../sdk/shared/errors.js';
import { isEngineFailure, JqEngine, type JqRun } from './engine.js';
import { JqError } from './error.js';
import { parseJsonExact } from '../../sdk/shared/json-parse.js';
import { NestingError } from '../../sdk/shared/nesting.js';
import type { ExactNumber } from '../../sdk/shared/exact-number.js';
import { toJsonText } from '../../sdk/shared/json-text.js';
import { findUnwritable, unwritableError } from '../../sdk/shared/unwritable.js';
import { jqNumberReader } from './output-numbers.js';
import { inputDemand, project } from './projection.js';

export { JqError } from './error.js';

/** jq-wasm copies the program onto a 1 MiB stack: well under that, and far over real filters. */
const MAX_PROGRAM_BYTES = 256 * 1024;
/** An instance whose memory grew past this is dropped after its run, so the memory can go. */
const KEEP_MEMORY_BYTES = 256 * 1024 ** 2;
const MANUAL = 'jq 1.8 manual: https://jqlang.org/manual/v1.8/';

interface Slot {
  engine: JqEngine;
  retired: boolean;
}

let current: Promise<Slot> | undefined;

/** The outputs of the jq `program` run over `input`, in order. */
export async function runJq(program: string, input: unknown): Promise<unknown[]> {
  if (Buffer.byteLength(program, 'utf8') > MAX_PROGRAM_BYTES) {
    throw new JqError(`the jq filter is ${kib(Buffer.byteLength(program, 'utf8'))}; okapi runs filters of up to ${kib(MAX_PROGRAM_BYTES)}`, { program });
  }
  const exactNumbers: ExactNumber[] = [];
  // Only what the program can look at goes to jq (projection.ts): jq's time is mostly parsing.
  const demand = inputDemand(program);
  const text = serialize(demand === 'all' ? input : project(input, demand), exactNumbers);
  // jq is compiled on the main thread (engine.ts): nothing to overlap with preparing the input.
  const slot = await acquire();
  let result: JqRun;
  try {
    result = slot.engine.run(program, text);
  } catch (error) {
    retire(slot); // whatever state the instance is in, the next filter gets a new one
    if (!isEngineFailure(error)) throw error;
    throw engineFailure(program, text, error, slot.engine.capabilities.memoryBytes, slot.engine.memoryBytes);
  }
  if (slot.engine.memoryBytes > KEEP_MEMORY_BYTES) retire(slot);
  if (result.exitCode !== 0) throw jqFailure(program, result);
  return parseOutputs(program, result, exactNumbers);
}

async function acquire(): Promise<Slot> {
  for (;;) {
    const pending = (current ??= load());
    const slot = await pending;
    if (!slot.retired) return slot;
    if (current === pending) current = undefined;
  }
}

function load(): Promise<Slot> {
  return JqEngine.create().then(
    (engine) => ({ engine, retired: false }),
    (error: unknown) => {
      current = undefined;
      throw new OkapiError(`could not load jq (jq-wasm): ${error instanceof Error ? error.message : String(error)}`, {
        cause: error,
        hint: 'okapi runs jq from the jq-wasm package in its node_modules; reinstalling okapi restores it',
      });
    },
  );
}

function retire(slot: Slot): void {
  slot.retired = true;
}

function serialize(input: unknown, exactNumbers: ExactNumber[]): string {
  const unwritable = findUnwritable(input);
  if (unwritable) throw unwritableError(unwritable, 'jq cannot be given', 'JSON (what jq reads)', true);
  try {
    return toJsonText(input, exactNumbers);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new OkapiError(`the response cannot be given to jq as JSON: ${reason}`, { cause: error });
  }
}

function parseOutputs(program: string, result: JqRun, sent: readonly ExactNumber[]): unknown[] {
  const outputs: unknown[] = [];
  const readNumber = jqNumberReader(sent);
  for (const line of result.stdout.split('\n')) {
    if (line === '') continue;
    try {
      outputs.push(parseJsonExact(line, readNumber));
    } catch (error) {
      if (error instanceof NestingError) throw new JqError(error.about(`a result of jq filter ${quote(program)}`).message, { runtime: true, program });
      throw new JqError(`jq filter ${quote(program)} printed something that is not JSON: ${line.slice(0, 80)}`, { runtime: true, program, stderr: result.stderr });
    }
  }
  return outputs;
}

/** jq's own words, made to read as okapi's: the program first, then what jq said about it. */
function jqFailure(program: string, result: JqRun): JqError {
  const stderr = result.stderr.replace(/\s+$/, '');
  const compileErrors = /(?:^|\n)jq: \d+ compile errors?$/;
  if (compileErrors.test(stderr)) {
    const details = stderr.replace(compileErrors, '').replace(/^jq: error: /gm, '');
    return new JqError(`invalid jq filter ${quote(program)}: ${details}`, { program, stderr: result.stderr, hint: MANUAL });
  }
  // A runtime error is jq's last "jq: error" line (debug output may come before it); halt_error
  // prints its message bare.
  const lines = stderr.split('\n');
  const at = lines.findLastIndex((line) => line.startsWith('jq: error'));
  let details = at === -1 ? stderr : lines.slice(at).join('\n');
  const prefix = /^jq: error(?: \(at [^)]*\))?( \(not a string\))?: /.exec(details);
  if (prefix) details = prefix[1] ? `error(${details.slice(prefix[0].length)})` : details.slice(prefix[0].length);
  if (details === '') details = `jq exited with status ${result.exitCode}`;
  return new JqError(`jq filter ${quote(program)} failed: ${details}`, { runtime: true, program, stderr: result.stderr });
}

function engineFailure(program: string, input: string, error: unknown, memoryBytes: number, usedBytes: number): JqError {
  const message = error instanceof Error ? error.message : String(error);
  const size = Buffer.byteLength(input, 'utf8');
  if (/cannot allocate memory/.test(message) || (/Aborted/.test(message) && memoryBytes - usedBytes < 64 * 1024 ** 2)) {
    return new JqError(`jq filter ${quote(program)} failed: out of memory (the ${mib(size)} input needs more than the ${mib(memoryBytes)} jq can use)`, {
      runtime: true,
      program,
      cause: error,
      hint: 'jq holds the whole response in memory: ask the API for less (a page, fewer fields), or pipe `-o json` into a native jq',
    });
  }
  if (error instanceof RangeError) {
    return new JqError(`jq filter ${quote(program)} failed: it nests too deeply (${message})`, { runtime: true, program, cause: error });
  }
  return new JqError(`jq filter ${quote(program)} failed: jq stopped (${message})`, { runtime: true, program, cause: error });
}

/** The program as typed, shortened to one line. */
function quote(program: string): string {
  const text = program.trim();
  const first = text.split('\n')[0] ?? '';
  return first === text && text.length <= 80 ? `'${text}'` : `'${first.slice(0, 79)}…'`;
}

function kib(bytes: number): string {
  return `${Math.ceil(bytes / 1024)} KiB`;
}

function mib(bytes: number): string {
  return bytes >= 1024 ** 3 ? `${(bytes / 1024 ** 3).toFixed(0)} GiB` : `${(bytes / 1024 ** 2).toFixed(1)} MiB`;
}
