import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { encode as encodeCbor } from 'cbor-x';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileRef, ShorthandError, applyShorthand, parseShorthand } from '../../../sdk/shared/shorthand/index.js';
import { tempDir } from '../../helpers/temp-dir.js';

let dir = '';

const files: Record<string, string | Uint8Array> = {
  'data.json': '{"a": 1, "list": [true, null]}',
  'scalar.json': '42',
  'data.yaml': 'a: 1\nb: [x, y]\nc:\n  d: true\n',
  'data.yml': '- one\n- 2\n',
  'upper.YAML': 'k: v\n',
  'data.cbor': encodeCbor({ a: 1, list: [1, 2], bytes: Uint8Array.from([7, 8]) }),
  'note.txt': 'hello, world\n',
  'bom.txt': '\uFEFFwith bom',
  'raw.bin': Uint8Array.from([0xff, 0xfe, 0x00, 0x80]),
  'saved-body': '  {"k": true}\n',
  'list-body': '[1, 2]',
  'section.ini': '[section]\nkey=1\n',
  'number.txt': '123\n',
  'empty.txt': '',
  'my,file.txt': 'comma',
  'bad.json': '{oops',
  'bad.yaml': 'a: [\n',
  'bad.cbor': Uint8Array.from([0xff, 0x01]),
  'latin1.json': Uint8Array.from([0x22, 0xe9, 0x22]),
};

beforeAll(() => {
  dir = tempDir('okapi-shorthand-');
  for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), content);
  mkdirSync(join(dir, 'folder'));
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** [input, expected value]; relative paths resolve against the temporary directory. */
type FileCase = readonly [string, unknown];

const loads: FileCase[] = [
  ['x: @data.json', { x: { a: 1, list: [true, null] } }],
  ['x: @scalar.json', { x: 42 }],
  ['x: @data.yaml', { x: { a: 1, b: ['x', 'y'], c: { d: true } } }],
  ['x: @data.yml', { x: ['one', 2] }],
  ['x: @upper.YAML', { x: { k: 'v' } }],
  ['x: @data.cbor', { x: { a: 1, list: [1, 2], bytes: Uint8Array.from([7, 8]) } }],
  ['x: @note.txt', { x: 'hello, world\n' }],
  ['x: @bom.txt', { x: 'with bom' }],
  ['x: @raw.bin', { x: Uint8Array.from([0xff, 0xfe, 0x00, 0x80]) }],
  ['x: @saved-body', { x: { k: true } }],
  ['x: @list-body', { x: [1, 2] }],
  ['x: @section.ini', { x: '[section]\nkey=1\n' }],
  ['x: @number.txt', { x: '123\n' }],
  ['x: @empty.txt', { x: '' }],
  ['x: @./note.txt', { x: 'hello, world\n' }],
  ['x: @folder/../note.txt', { x: 'hello, world\n' }],
  ['x: @my\\,file.txt', { x: 'comma' }],
  ['x: @note.txt   // trailing comment\ny: 1', { x: 'hello, world\n', y: 1 }],
  ['x: @note.txt,   // trailing comment', { x: 'hello, world\n' }],
  ['[@scalar.json, @note.txt]', [42, 'hello, world\n']],
  ['@data.json', { a: 1, list: [true, null] }],
  ['@note.txt', 'hello, world\n'],
  ['x: @@data.json', { x: '@data.json' }],
  ['x: "@data.json"', { x: '@data.json' }],
  ['x{y: @scalar.json}', { x: { y: 42 } }],
];

/** [input, error position, fragments of the message] */
type FileErrorCase = readonly [string, number, readonly string[]];

const failures: FileErrorCase[] = [
  ['x: @missing.json', 3, ['cannot read file "missing.json"', 'no such file or directory (ENOENT)']],
  ['a: 1, x: @nope/deeper.txt', 9, ['cannot read file "nope/deeper.txt"', 'ENOENT']],
  ['x: @folder', 3, ['cannot read file "folder"', 'EISDIR']],
  ['@missing.json', 0, ['cannot read file "missing.json"']],
  ['[1, @missing.txt]', 4, ['cannot read file "missing.txt"']],
  ['x: @bad.json', 3, ['cannot parse file "bad.json"']],
  ['x: @bad.yaml', 3, ['cannot parse file "bad.yaml"']],
  ['x: @bad.cbor', 3, ['cannot parse file "bad.cbor"']],
  ['x: @latin1.json', 3, ['cannot parse file "latin1.json"', 'not valid UTF-8']],
];

describe('shorthand @file values', () => {
  it.each(loads)('%j', (input, expected) => {
    expect(parseShorthand(input, { cwd: dir })).toEqual(expected);
  });

  it.each(failures)('%j fails at position %i', (input, position, fragments) => {
    let caught: unknown;
    try {
      parseShorthand(input, { cwd: dir });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ShorthandError);
    const error = caught as ShorthandError;
    expect(error.position).toBe(position);
    for (const fragment of fragments) expect(error.message).toContain(fragment);
  });

  it('reads an absolute path regardless of cwd', () => {
    expect(parseShorthand(`x: @${join(dir, 'scalar.json')}`, { cwd: '/' })).toEqual({ x: 42 });
  });

  it('resolves relative paths against the process directory by default', () => {
    const fromHere = relative(process.cwd(), join(dir, 'scalar.json'));
    expect(parseShorthand(`x: @${fromHere}`)).toEqual({ x: 42 });
  });

  it('loads files when patching, too', () => {
    expect(applyShorthand({ keep: true }, 'x: @data.yml', { cwd: dir })).toEqual({ keep: true, x: ['one', 2] });
  });

  it('reads through a custom reader, given the absolute path', () => {
    const requested: string[] = [];
    const readFile = (path: string): Uint8Array => {
      requested.push(path);
      return new TextEncoder().encode('{"virtual": true}');
    };
    expect(parseShorthand('x: @virtual.json', { cwd: '/somewhere', readFile })).toEqual({ x: { virtual: true } });
    expect(requested).toEqual(['/somewhere/virtual.json']);
  });

  it('reports what a custom reader threw', () => {
    const readFile = (): Uint8Array => {
      throw new Error('denied by policy');
    };
    expect(() => parseShorthand('x: @secret.txt', { readFile })).toThrow(
      'cannot read file "secret.txt": denied by policy',
    );
  });

  describe('with fileRefs (multipart bodies)', () => {
    it('turns @path into a FileRef without reading the file', () => {
      let reads = 0;
      const readFile = (): Uint8Array => {
        reads++;
        return new Uint8Array();
      };
      const result = parseShorthand('photo: @pics/cat.png, caption: hi', { fileRefs: true, cwd: dir, readFile });
      expect(result).toEqual({ photo: new FileRef(join(dir, 'pics/cat.png')), caption: 'hi' });
      expect((result as { photo: unknown }).photo).toBeInstanceOf(FileRef);
      expect(reads).toBe(0);
    });

    it('does not fail for a missing file: the upload reads it later', () => {
      expect(parseShorthand('f: @missing.bin', { fileRefs: true, cwd: dir })).toEqual({
        f: new FileRef(join(dir, 'missing.bin')),
      });
    });

    it('keeps @@x as the literal string @x', () => {
      expect(parseShorthand('handle: @@okapi', { fileRefs: true, cwd: dir })).toEqual({ handle: '@okapi' });
    });

    it('allows a file reference as the whole input', () => {
      expect(parseShorthand('@upload.bin', { fileRefs: true, cwd: dir })).toEqual(new FileRef(join(dir, 'upload.bin')));
    });
  });
});
