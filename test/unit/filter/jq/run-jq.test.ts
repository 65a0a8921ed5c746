import { afterEach, describe, expect, it, vi } from 'vitest';
import { ExitCode, exitCodeOf, formatError, UsageError } from '../../../../sdk/shared/errors.js';
import { isEngineFailure, JqEngine, MAX_MEMORY_BYTES } from '../../../../plugins-builtin/jq/engine.js';
import { JqError, runJq } from '../../../../plugins-builtin/jq/run-jq.js';

const envelope = {
  proto: 'HTTP/1.1',
  status: 200,
  headers: { 'content-type': 'application/json' },
  links: {},
  body: [
    { id: 1, name: 'one' },
    { id: 2, name: 'two' },
    { id: 3, name: 'three' },
  ],
};

async function failure(program: string, input: unknown = envelope): Promise<JqError> {
  try {
    await runJq(program, input);
  } catch (error) {
    if (error instanceof JqError) return error;
    throw error;
  }
  throw new Error(`expected ${program} to fail`);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('runJq: values JSON cannot hold', () => {
  it('refuses Infinity, NaN and undefined in what jq reads, naming the value and where, rather than give jq null', async () => {
    const yamlBody = { ...envelope, body: { id: 1, h: Infinity, k: [NaN] } };
    await expect(runJq('.body.h', yamlBody)).rejects.toThrow('jq cannot be given the value at .body.h: it is Infinity, which JSON (what jq reads) has no way to write');
    await expect(runJq('.body.k', { ...envelope, body: { k: [NaN] } })).rejects.toThrow('the value at .body.k[0]: it is NaN');
    await expect(runJq('.body', { ...envelope, body: { u: undefined } })).rejects.toThrow("the value at .body.u: it is CBOR's undefined");
    try {
      await runJq('.body.h', yamlBody);
    } catch (error) {
      expect(exitCodeOf(error)).toBe(ExitCode.runtime);
      expect((error as UsageError).hint).toContain("okapi's shorthand filters see it");
    }
  });

  it('a program that reads only other parts of the body is given them', async () => {
    expect(await runJq('.body.id', { ...envelope, body: { id: 1, h: Infinity } })).toEqual([1]);
  });
});

describe('runJq: outputs', () => {
  it("returns the program's outputs in order, none for empty", async () => {
    expect(await runJq('.status', envelope)).toEqual([200]);
    expect(await runJq('.body[] | .name', envelope)).toEqual(['one', 'two', 'three']);
    expect(await runJq('[.body[] | select(.id % 2 == 1) | {id, name}]', envelope)).toEqual([
      [
        { id: 1, name: 'one' },
        { id: 3, name: 'three' },
      ],
    ]);
    expect(await runJq('empty', envelope)).toEqual([]);
    expect(await runJq('.missing', envelope)).toEqual([null]);
  });

  it('takes any JSON value as input; undefined (CBOR\'s) is refused, not given as null', async () => {
    expect(await runJq('.', 'text')).toEqual(['text']);
    expect(await runJq('. + 1', 41)).toEqual([42]);
    expect(await runJq('.', null)).toEqual([null]);
    await expect(runJq('.', undefined)).rejects.toThrow("jq cannot be given the value at .: it is CBOR's undefined");
    expect(await runJq('map(. * 2)', [1, 2.5])).toEqual([[2, 5]]);
  });

  it('strings keep their Unicode and escapes both ways', async () => {
    const text = 'héllo wörld 🦘 漢字 "quoted" back\\slash\nnew line\ttab \u0000 nul';
    expect(await runJq('.', { text })).toEqual([{ text }]);
    expect(await runJq('.text | length', { text })).toEqual([[...text].length]);
  });

  it('bytes arrive as base64 strings and big integers as their exact digits', async () => {
    const input = { bytes: new Uint8Array([0, 1, 2, 253, 254, 255]), buffer: Buffer.from('okapi'), big: 12345678901234567890n };
    expect(await runJq('.bytes, .buffer, (.big | tostring)', input)).toEqual(['AAEC/f7/', 'b2thcGk=', '12345678901234567890']);
    expect(await runJq('.big > 12345678901234567000', input)).toEqual([true]);
    // The prototypes are as they were: nothing outside runJq sees a toJSON.
    expect(Object.getOwnPropertyDescriptor(Uint8Array.prototype, 'toJSON')).toBeUndefined();
    expect(Object.getOwnPropertyDescriptor(BigInt.prototype, 'toJSON')).toBeUndefined();
    expect(JSON.stringify(Buffer.from('a'))).toBe('{"type":"Buffer","data":[97]}');
  });

  it('programs that look like options are programs', async () => {
    expect(await runJq('-1', null)).toEqual([-1]);
    expect(await runJq('-.status', envelope)).toEqual([-200]);
  });

  it('filters run one after another and side by side', async () => {
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => runJq(`.body[${i % 3}].id * ${i}`, envelope)));
    expect(results).toEqual(Array.from({ length: 8 }, (_, i) => [((i % 3) + 1) * i]));
  });
});

describe('runJq: errors', () => {
  it('a program that does not compile: JqError, exit 2, with the program and what jq said', async () => {
    const error = await failure('.body | | .id');
    expect(error).toBeInstanceOf(JqError);
    expect(error).toBeInstanceOf(UsageError);
    expect(error.exitCode).toBe(ExitCode.usage);
    expect(exitCodeOf(error)).toBe(2);
    expect(error.failure).toBe('compile');
    expect(error.program).toBe('.body | | .id');
    expect(error.message.split('\n')[0]).toBe("invalid jq filter '.body | | .id': syntax error, unexpected '|' at <top-level>, line 1, column 9:");
    expect(error.message).toContain('    .body | | .id\n            ^');
    expect(error.hint).toContain('jqlang.org/manual');
    expect(error.stderr).toContain('jq: 1 compile error');
    expect(formatError(error)).toMatch(/^okapi: invalid jq filter '\.body \| \| \.id': syntax error/);
  });

  it('names the problem: unknown functions and variables, unfinished programs', async () => {
    expect((await failure('.body | frobnicate')).message).toContain('frobnicate/0 is not defined');
    expect((await failure('$nope')).message).toContain('$nope is not defined');
    expect((await failure('[.body[]')).message).toContain('unexpected end of file');
    for (const program of ['frobnicate', '$nope', '[.body[]']) expect((await failure(program)).exitCode).toBe(2);
  });

  it('an error while running: JqError, exit 1, with jq\'s message', async () => {
    const error = await failure('.status | .x');
    expect(error).toBeInstanceOf(JqError);
    expect(error.exitCode).toBe(ExitCode.runtime);
    expect(exitCodeOf(error)).toBe(1);
    expect(error.failure).toBe('runtime');
    expect(error.message).toBe('jq filter \'.status | .x\' failed: Cannot index number with string ("x")');
    expect((await failure('.body | .name')).message).toBe('jq filter \'.body | .name\' failed: Cannot index array with string ("name")');
    expect((await failure('error("boom")')).message).toBe('jq filter \'error("boom")\' failed: boom');
    expect((await failure('error({code: 7})')).message).toBe('jq filter \'error({code: 7})\' failed: error({"code":7})');
    expect((await failure('"stopped here" | halt_error')).message).toBe('jq filter \'"stopped here" | halt_error\' failed: stopped here');
    expect((await failure('"bye" | halt_error(3)')).exitCode).toBe(1);
    expect((await failure('.status | debug | error("after debug")')).message).toBe('jq filter \'.status | debug | error("after debug")\' failed: after debug');
  });

  it('long programs are shortened to their first line in messages', async () => {
    const program = `.status\n| .x${' '.repeat(100)}`;
    expect((await failure(program)).message).toBe('jq filter \'.status…\' failed: Cannot index number with string ("x")');
  });

  it('debug output does not fail a filter and does not reach stderr', async () => {
    const write = vi.spyOn(process.stderr, 'write');
    expect(await runJq('.status | debug | . + 1', envelope)).toEqual([201]);
    expect(write).not.toHaveBeenCalled();
  });

  it('halt, halt_error and errors leave jq ready for the next filter', async () => {
    expect(await runJq('1, halt', envelope)).toEqual([1]);
    expect(await runJq('.status', envelope)).toEqual([200]);
    await failure('"x" | halt_error');
    expect(await runJq('.body | length', envelope)).toEqual([3]);
    await failure('.body | | .id');
    await failure('.status | .x');
    expect(await runJq('.proto', envelope)).toEqual(['HTTP/1.1']);
  });

  it("leaves the process's exit code alone", async () => {
    const before = process.exitCode;
    process.exitCode = 7;
    try {
      await runJq('.status', envelope);
      await failure('error("x")');
      expect(process.exitCode).toBe(7);
    } finally {
      process.exitCode = before;
    }
  });

  it('refuses programs over 256 KiB (exit 2)', async () => {
    const error = await failure(`"${'a'.repeat(300 * 1024)}"`);
    expect(error.exitCode).toBe(2);
    expect(error.message).toContain('okapi runs filters of up to 256 KiB');
  });

  it('JqError alone: compile errors exit 2, runtime errors exit 1', () => {
    expect(new JqError('x').exitCode).toBe(2);
    expect(new JqError('x', { runtime: true }).exitCode).toBe(1);
    expect(new JqError('x', { runtime: true, hint: 'h' }).hint).toBe('h');
    expect(new JqError('x').name).toBe('JqError');
  });
});

describe('the engine', () => {
  it('has the 4 GiB ceiling and block I/O in place with the pinned jq-wasm', async () => {
    const engine = await JqEngine.create();
    expect(engine.capabilities).toEqual({ memoryBytes: MAX_MEMORY_BYTES, blockIo: true });
    expect(engine.run('.a', '{"a":[1,2]}')).toEqual({ exitCode: 0, stdout: '[1,2]\n', stderr: '' });
  });

  it('running out of memory is a RuntimeError (not a JqError), printed nowhere; a new engine works', async () => {
    const small = await JqEngine.create({ maxMemoryBytes: 32 * 1024 ** 2 });
    expect(small.capabilities.memoryBytes).toBe(32 * 1024 ** 2);
    const input = JSON.stringify(Array.from({ length: 500_000 }, (_, i) => ({ a: i })));
    const consoleError = vi.spyOn(console, 'error');
    let thrown: unknown;
    try {
      small.run('length', input);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Error);
    expect(thrown).not.toBeInstanceOf(JqError);
    expect(isEngineFailure(thrown)).toBe(true);
    expect((thrown as Error).message).toMatch(/Aborted.*cannot allocate memory/);
    expect(consoleError).not.toHaveBeenCalled();
    const fresh = await JqEngine.create();
    expect(fresh.run('length', input)).toMatchObject({ exitCode: 0, stdout: '500000\n' });
  });

  it('runJq turns an engine failure into JqError exit 1 and starts over with a new instance', async () => {
    await runJq('.status', envelope); // an instance in place
    const runtimeError = (globalThis as unknown as { WebAssembly: { RuntimeError: new (message: string) => Error } }).WebAssembly.RuntimeError;
    vi.spyOn(JqEngine.prototype, 'run').mockImplementationOnce(() => {
      throw new runtimeError('Aborted(). Build with -sASSERTIONS for more info. (jq: error: cannot allocate memory)');
    });
    const create = vi.spyOn(JqEngine, 'create');
    const error = await failure('.body | length');
    expect(error.exitCode).toBe(1);
    expect(error.message).toMatch(/^jq filter '\.body \| length' failed: out of memory \(the 0\.\d MiB input needs more than the 4 GiB jq can use\)$/);
    expect(error.hint).toContain('native jq');
    expect(error.cause).toBeInstanceOf(runtimeError);
    expect(await runJq('.body | length', envelope)).toEqual([3]);
    expect(create).toHaveBeenCalledTimes(1);
  });
});
