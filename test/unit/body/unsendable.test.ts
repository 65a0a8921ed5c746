/**
 * Values an encoder has no spelling for (YAML's .inf/.nan, CBOR's undefined and non-finite floats,
 * CBOR maps whose keys okapi would merge) are refused before anything is sent, never replaced by
 * null or left out; CBOR, which writes them all, sends them.
 */
import { decode as decodeCbor, Encoder } from 'cbor-x';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../../sdk/shared/errors.js';
import { buildBody } from '../../../sdk/shared/body/index.js';
import { thrown, useTempFiles } from './helpers.js';

const cbor = new Encoder({ useRecords: false, mapsAsObjects: true });
const files = useTempFiles({
  'x.yaml': 'a: .inf\nb: .nan\n',
  'u.cbor': cbor.encode({ a: undefined, b: Infinity }),
  'coll.cbor': cbor.encode(new Map<unknown, string>([[1, 'x'], ['1', 'y']])),
});

function refusal(action: () => unknown): string {
  const error = thrown(action);
  expect(error).toBeInstanceOf(UsageError);
  return error.message;
}

describe('values an encoder cannot write', () => {
  it('refuses YAML .inf in a JSON body, naming the path', () => {
    expect(refusal(() => buildBody({ args: ['data: @x.yaml'], cwd: files.dir }))).toBe(
      'the default JSON encoder cannot send the value at .data.a: it is Infinity, which JSON has no way to write (null, or leaving it out, would send a different value)',
    );
  });

  it("refuses CBOR's undefined in JSON and YAML, and its Infinity in form and multipart", () => {
    expect(refusal(() => buildBody({ args: ['data: @u.cbor'], cwd: files.dir }))).toContain("cannot send the value at .data.a: it is CBOR's undefined, which JSON");
    expect(refusal(() => buildBody({ args: ['data: @u.cbor'], encoder: 'yaml', cwd: files.dir }))).toContain("-c yaml cannot send the value at .data.a: it is CBOR's undefined, which YAML");
    expect(refusal(() => buildBody({ args: ['n: @x.yaml'], encoder: 'form', cwd: files.dir }))).toContain('-c form cannot send the value at .n.a: it is Infinity');
    // Multipart reads @file as a part of its own, so the value comes from stdin.
    const stdin = Buffer.from('n: {a: .inf}\n');
    expect(refusal(() => buildBody({ args: ['note: hi'], stdin, encoder: 'multipart' }))).toContain('-c multipart cannot send the value at .n.a: it is Infinity');
  });

  it('refuses the same values piped on stdin and converted', () => {
    const error = thrown(() => buildBody({ args: [], stdin: cbor.encode({ list: [1, NaN] }) }));
    expect(error.message).toContain('cannot send the value at .list[1]: it is NaN');
    expect((error as UsageError).hint).toBe('-c yaml and -c cbor send it');
  });

  it('lets YAML write non-finite numbers and CBOR write all of them', () => {
    expect(Buffer.from(buildBody({ args: ['data: @x.yaml'], encoder: 'yaml', cwd: files.dir })!.bytes).toString()).toBe('data:\n  a: .inf\n  b: .nan\n');
    const sent = decodeCbor(buildBody({ args: ['data: @u.cbor'], encoder: 'cbor', cwd: files.dir })!.bytes) as { data: Record<string, unknown> };
    expect(Object.hasOwn(sent.data, 'a')).toBe(true);
    expect(sent.data).toEqual({ a: undefined, b: Infinity });
  });

  it('refuses a CBOR map whose keys okapi would merge, from @file and from stdin', () => {
    expect(refusal(() => buildBody({ args: ['data: @coll.cbor'], cwd: files.dir }))).toContain(
      'a CBOR map at . has the keys 1 and "1", which okapi\'s values (string keys, as in JSON) hold as one key, "1": one of the entries would be lost',
    );
    const stdin = cbor.encode(new Map<unknown, string>([[1, 'x'], ['1', 'y']]));
    expect(refusal(() => buildBody({ args: [], stdin }))).toMatch(/^the CBOR document on stdin cannot be sent: a CBOR map at \. has the keys 1 and "1"/);
  });
});
