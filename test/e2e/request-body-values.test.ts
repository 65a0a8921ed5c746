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
import { freshHome, homeWithApi, runOkapi, type OkapiRunOptions } from '../helpers/run-okapi.js';
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
  writeFileSync(join(files, 'cafe.txt'), 'café');
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

describe('the charset of text okapi writes', () => {
  const LATIN1 = 'text/plain; charset=iso-8859-1';

  it('writes stdin text in the charset -c declares, as it writes a UTF-8 @file', async () => {
    const piped = await okapi(['post', `${api.url}/anything/stdin-latin1`, '-c', LATIN1], { stdin: 'café' });
    expect(piped.code, piped.stderr).toBe(0);
    expect(received('/anything/stdin-latin1')[0]!.body.toString('hex')).toBe('636166e9');
    const file = await okapi(['post', `${api.url}/anything/file-latin1`, '-c', LATIN1, '@cafe.txt']);
    expect(file.code, file.stderr).toBe(0);
    expect(received('/anything/file-latin1')[0]!.body.toString('hex')).toBe('636166e9');
  });

  it("writes text in the charset of -H's Content-Type, which is the one sent", async () => {
    const result = await okapi(['post', `${api.url}/anything/header-latin1`, '-c', 'text/plain', '"é"', '-H', `Content-Type: ${LATIN1}`]);
    expect(result.code, result.stderr).toBe(0);
    const sent = received('/anything/header-latin1')[0]!;
    expect(sent.headers['content-type']).toBe(LATIN1);
    expect(sent.body.toString('hex')).toBe('e9');
  });

  it("refuses -H's Latin-1 label on a JSON body, which okapi writes as UTF-8", async () => {
    const result = await okapi(['post', `${api.url}/anything/json-latin1`, 'a: é', '-H', 'Content-Type: application/json; charset=iso-8859-1']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("okapi: -H 'Content-Type: application/json; charset=iso-8859-1' declares charset=iso-8859-1, but okapi writes json bodies as UTF-8");
    expect(received('/anything/json-latin1')).toHaveLength(0);
  });

  it("refuses a profile's Content-Type that declares another charset than the text was written in", async () => {
    const home = homeWithApi('shop', api.url, { headers: [`Content-Type: ${LATIN1}`] });
    const refused = await runOkapi(['post', 'shop/anything/profile-utf8', '-c', 'text/plain', '"é"'], { env: home.env });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`the request body is text written in utf-8, but the Content-Type sent (${LATIN1}) declares charset=iso-8859-1`);
    expect(received('/anything/profile-utf8')).toHaveLength(0);
    const sent = await runOkapi(['post', 'shop/anything/profile-latin1', '-c', LATIN1, '"é"'], { env: home.env });
    expect(sent.code, sent.stderr).toBe(0);
    expect(received('/anything/profile-latin1')[0]!.body.toString('hex')).toBe('e9');
  });

  it("writes a generated command's text body in its media type's charset, and refuses -H naming another", async () => {
    const home = freshHome();
    const connected = await runOkapi(['api', 'connect', 'example', api.url], { env: home.env });
    expect(connected.code, connected.stderr).toBe(0);
    const sent = await runOkapi(['example', 'post-anything-path', 'op-text', '-c', 'text/plain', 'café'], { env: home.env });
    expect(sent.code, sent.stderr).toBe(0);
    expect(received('/anything/op-text')[0]!.body.toString('hex')).toBe('636166c3a9');
    const refused = await runOkapi(['example', 'post-anything-path', 'op-latin1', '-c', 'text/plain', 'café', '-H', `Content-Type: ${LATIN1}`], { env: home.env });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('the request body is text written in utf-8, but the Content-Type sent');
    expect(received('/anything/op-latin1')).toHaveLength(0);
  });
});
