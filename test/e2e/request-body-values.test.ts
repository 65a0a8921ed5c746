/**
 * Request bodies send what the user gave or nothing: a value the encoder has no spelling for is
 * refused (exit 2) before a request is made, and text okapi writes is written in the charset of the
 * Content-Type that goes out. Every assertion is on what the example API received.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { decode, Encoder } from 'cbor-x';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startExampleApi, type ExampleApi, type RecordedRequest } from '../../fixtures/example-api/index.mjs';
import { freshHome, runOkapi, type OkapiRunOptions } from '../helpers/run-okapi.js';
import { tempDir } from '../helpers/temp-dir.js';

let api: ExampleApi;
let files: string;
beforeAll(async () => {
  api = await startExampleApi();
  files = tempDir('okapi-body-values-');
  const cbor = new Encoder({ useRecords: false, mapsAsObjects: true });
  writeFileSync(join(files, 'x.yaml'), 'a: .inf\nb: .nan\n');
  writeFileSync(join(files, 'u.cbor'), cbor.encode({ a: undefined, b: Infinity }));
  writeFileSync(join(files, 'coll.cbor'), cbor.encode(new Map<unknown, string>([[1, 'x'], ['1', 'y']])));
});
afterAll(async () => {
  await api.close();
});

function okapi(args: string[], options: OkapiRunOptions = {}) {
  return runOkapi(args, { cwd: files, ...options, env: { ...freshHome().env, ...options.env } });
}

function received(path: string): RecordedRequest[] {
  return api.requests.filter((r) => r.path === path);
}

describe('values an encoder cannot write', () => {
  it('refuses .inf from a YAML @file in a JSON body, and sends nothing', async () => {
    const result = await okapi(['post', `${api.url}/anything/inf`, 'data: @x.yaml']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('the default JSON encoder cannot send the value at .data.a: it is Infinity, which JSON has no way to write');
    expect(received('/anything/inf')).toHaveLength(0);
  });

  it("refuses CBOR's undefined in YAML, and sends it with -c cbor", async () => {
    const yaml = await okapi(['post', `${api.url}/anything/undef-yaml`, 'data: @u.cbor', '-c', 'yaml']);
    expect(yaml.code).toBe(2);
    expect(yaml.stderr).toContain("-c yaml cannot send the value at .data.a: it is CBOR's undefined");
    expect(received('/anything/undef-yaml')).toHaveLength(0);
    const cbor = await okapi(['post', `${api.url}/anything/undef-cbor`, 'data: @u.cbor', '-c', 'cbor']);
    expect(cbor.code).toBe(0);
    const sent = decode(received('/anything/undef-cbor')[0]!.body) as { data: Record<string, unknown> };
    expect(Object.keys(sent.data)).toEqual(['a', 'b']);
    expect(sent.data).toEqual({ a: undefined, b: Infinity });
  });

  it('refuses a CBOR @file whose map has keys okapi would merge', async () => {
    const result = await okapi(['post', `${api.url}/anything/coll`, 'data: @coll.cbor']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('a CBOR map at . has the keys 1 and "1"');
    expect(received('/anything/coll')).toHaveLength(0);
  });
});
