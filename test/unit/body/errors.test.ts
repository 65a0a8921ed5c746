import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OkapiError, UsageError, formatError } from '../../../sdk/shared/errors.js';
import { BodySyntaxError, buildBody } from '../../../sdk/shared/body/index.js';
import { thrown, utf8, useTempFiles } from './helpers.js';

const files = useTempFiles({ 'bad.json': '{oops', 'good.json': '{"a": 1}' });

describe('malformed shorthand', () => {
  it('is a usage error pointing at the character, in the joined args', () => {
    const error = thrown(() => buildBody({ args: ['name:', 'x,', 'tags[:', 'y'] }));
    expect(error).toBeInstanceOf(BodySyntaxError);
    expect(error).toBeInstanceOf(UsageError);
    const syntax = error as BodySyntaxError;
    expect(syntax.exitCode).toBe(2);
    expect(syntax.expression).toBe('name: x, tags[: y');
    expect(syntax.position).toBe(14);
    const lines = syntax.message.split('\n');
    expect(lines[0]).toMatch(/^the request body is not valid shorthand: .+ at position 14$/);
    expect(lines[1]).toBe('  name: x, tags[: y');
    expect(lines[2]).toBe(`  ${' '.repeat(14)}^`);
    expect(syntax.hint).toBeTruthy();
  });

  it('prints readably', () => {
    const printed = formatError(thrown(() => buildBody({ args: ['a: [1, 2'] })));
    expect(printed).toMatch(/^okapi: the request body is not valid shorthand: .+ at position 3\n {2}a: \[1, 2\n {5}\^\n {2}hint: .+$/);
  });

  it('needs commas between fields inside one argument: without them the rest is part of the value', () => {
    expect(buildBody({ args: ['a: 1 b: 2'] })?.value).toEqual({ a: '1 b: 2' });
  });

  it('suggests quoting the body when the parser has no better hint', () => {
    const error = thrown(() => buildBody({ args: ['a', 'b'] })) as BodySyntaxError;
    expect(error).toBeInstanceOf(BodySyntaxError);
    expect(error.hint).toContain('quote the whole body');
  });

  it('keeps the parser hint when it has one', () => {
    const error = thrown(() => buildBody({ args: ['@'] })) as BodySyntaxError;
    expect(error).toBeInstanceOf(BodySyntaxError);
    expect(error.hint).toContain('quotes');
  });

  it('reports positions in the patch applied to stdin', () => {
    const error = thrown(() => buildBody({ args: ['a:', '{'], stdin: utf8('{"a": 1}') })) as BodySyntaxError;
    expect(error).toBeInstanceOf(BodySyntaxError);
    expect(error.position).toBe(3);
  });

  it('reports an @file that does not parse as a usage error', () => {
    const error = thrown(() => buildBody({ args: ['x: @bad.json'], cwd: files.dir }));
    expect(error).toBeInstanceOf(BodySyntaxError);
    expect(error.message).toContain('cannot parse file "bad.json"');
  });
});

describe('unreadable @file', () => {
  it('is a runtime error (exit 1) naming the path and the reason', () => {
    const error = thrown(() => buildBody({ args: ['a: 1, b: @missing.json'], cwd: files.dir }));
    expect(error).toBeInstanceOf(OkapiError);
    expect(error).not.toBeInstanceOf(UsageError);
    expect((error as OkapiError).exitCode).toBe(1);
    expect(error.message).toBe(`cannot read ${join(files.dir, 'missing.json')} for the request body: no such file or directory (ENOENT)`);
    expect((error as OkapiError).hint).toContain('@@');
  });

  it('applies to the whole body and to patches of stdin', () => {
    expect((thrown(() => buildBody({ args: ['@nope.txt'], cwd: files.dir })) as OkapiError).exitCode).toBe(1);
    const patched = thrown(() => buildBody({ args: ['b: @nope.txt'], stdin: utf8('{}'), cwd: files.dir }));
    expect((patched as OkapiError).exitCode).toBe(1);
    expect(patched.message).toContain(join(files.dir, 'nope.txt'));
  });

  it('names a directory', () => {
    mkdirSync(join(files.dir, 'dir'), { recursive: true });
    const error = thrown(() => buildBody({ args: ['@dir'], cwd: files.dir }));
    expect((error as OkapiError).exitCode).toBe(1);
    expect(error.message).toContain('(EISDIR)');
  });

  it.skipIf(process.platform === 'win32' || process.getuid?.() === 0)('names a permission problem', () => {
    const path = join(files.dir, 'locked.json');
    writeFileSync(path, '{}');
    chmodSync(path, 0o000);
    const error = thrown(() => buildBody({ args: ['@locked.json'], cwd: files.dir }));
    expect(error.message).toContain('permission denied (EACCES)');
  });

  it('resolves relative paths against cwd', () => {
    expect(buildBody({ args: ['@good.json'], cwd: files.dir })?.value).toEqual({ a: 1 });
  });
});
