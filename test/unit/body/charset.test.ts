/**
 * Text okapi writes (shorthand, a UTF-8 @file, UTF-8 stdin) goes out in the charset of the
 * Content-Type sent, the -H or OKAPI_HEADER one when given, or is refused; bytes that are not UTF-8
 * are the user's own and go as they are. The body says which charset its text is in, so planning
 * can refuse a Content-Type (a profile's, say) that declares another.
 */
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../../sdk/shared/errors.js';
import { buildBody } from '../../../sdk/shared/body/index.js';
import { canonicalCharset, encodeTextIn, refuseCharsetMismatch } from '../../../sdk/shared/text-charset.js';
import { thrown, useTempFiles, utf8 } from './helpers.js';

const files = useTempFiles({ 'cafe.txt': 'café', 'latin1.txt': Uint8Array.from([0x63, 0x61, 0x66, 0xe9]) });
const header = (value: string) => ({ value, source: '-H' });

describe('the charset text is written in', () => {
  it('writes stdin text in the charset -c declares, as it writes a UTF-8 @file', () => {
    const latin1 = 'text/plain; charset=iso-8859-1';
    expect([...buildBody({ args: [], stdin: utf8('café'), encoder: latin1 })!.bytes]).toEqual([0x63, 0x61, 0x66, 0xe9]);
    expect([...buildBody({ args: ['@cafe.txt'], encoder: latin1, cwd: files.dir })!.bytes]).toEqual([0x63, 0x61, 0x66, 0xe9]);
    expect(buildBody({ args: [], stdin: utf8('café'), encoder: latin1 })?.charset).toBe('iso-8859-1');
  });

  it('writes text in the charset of a Content-Type header, which replaces the encoder’s', () => {
    const body = buildBody({ args: ['"é"'], encoder: 'text/plain', contentType: header('text/plain; charset=ISO-8859-1') });
    expect([...body!.bytes]).toEqual([0xe9]);
    expect(body?.charset).toBe('iso-8859-1');
    // Without -c, stdin text is sent as text, in the header's charset.
    expect([...buildBody({ args: [], stdin: utf8('café'), contentType: header('text/plain; charset=latin1') })!.bytes]).toEqual([0x63, 0x61, 0x66, 0xe9]);
  });

  it('refuses a header charset the JSON encoder does not write, or that cannot hold the text', () => {
    const json = thrown(() => buildBody({ args: ['a: é'], contentType: header('application/json; charset=iso-8859-1') }));
    expect(json).toBeInstanceOf(UsageError);
    expect(json.message).toBe("-H 'Content-Type: application/json; charset=iso-8859-1' declares charset=iso-8859-1, but okapi writes json bodies as UTF-8");
    const text = thrown(() => buildBody({ args: ['"日"'], encoder: 'text/plain', contentType: { value: 'text/plain; charset=us-ascii', source: 'OKAPI_HEADER' } }));
    expect(text.message).toBe(`OKAPI_HEADER 'Content-Type: text/plain; charset=us-ascii' declares charset=us-ascii, which cannot hold "日" of the body`);
  });

  it('sends bytes that are not UTF-8 as they are, with no charset of their own', () => {
    const body = buildBody({ args: ['@latin1.txt'], encoder: 'text/plain; charset=iso-8859-1', cwd: files.dir });
    expect([...body!.bytes]).toEqual([0x63, 0x61, 0x66, 0xe9]);
    expect(body?.charset).toBeUndefined();
    expect(buildBody({ args: [], stdin: Uint8Array.from([0xff, 0xfe, 0x41]), encoder: 'text/plain; charset=utf-16' })?.charset).toBeUndefined();
  });

  it('says JSON, YAML and form bodies are UTF-8, and CBOR bodies carry no charset', () => {
    expect(buildBody({ args: ['a: 1'] })?.charset).toBe('utf-8');
    expect(buildBody({ args: ['a: 1'], encoder: 'form' })?.charset).toBe('utf-8');
    expect(buildBody({ args: ['a: 1'], encoder: 'cbor' })?.charset).toBeUndefined();
  });
});

describe('charsets okapi writes', () => {
  it('names a charset one way, whatever its label', () => {
    expect([undefined, 'UTF-8', 'utf8'].map(canonicalCharset)).toEqual(['utf-8', 'utf-8', 'utf-8']);
    expect(['latin1', 'ISO-8859-1', 'iso_8859-1'].map(canonicalCharset)).toEqual(['iso-8859-1', 'iso-8859-1', 'iso-8859-1']);
    expect(canonicalCharset('ASCII')).toBe('us-ascii');
  });

  it('writes printable ASCII in charsets that spell it as ASCII, and nothing else there', () => {
    expect(Buffer.from(encodeTextIn('a,b\n1,2', 'shift_jis') as Uint8Array).toString('latin1')).toBe('a,b\n1,2');
    expect(encodeTextIn('日本', 'shift_jis')).toEqual({ unwritable: true });
    expect(encodeTextIn('abc', 'utf-16')).toEqual({ unwritable: true });
    expect(encodeTextIn('abc', 'no-such-charset')).toEqual({ unwritable: true });
    expect(encodeTextIn('é', 'us-ascii')).toEqual({ outside: 'é' });
  });

  it('refuses a Content-Type sent that declares another charset than the text was written in', () => {
    expect(() => refuseCharsetMismatch('utf-8', 'application/json')).not.toThrow();
    expect(() => refuseCharsetMismatch('iso-8859-1', 'text/plain; charset=latin1')).not.toThrow();
    const error = thrown(() => refuseCharsetMismatch('utf-8', 'text/plain; charset=iso-8859-1'));
    expect(error).toBeInstanceOf(UsageError);
    expect(error.message).toBe('the request body is text written in utf-8, but the Content-Type sent (text/plain; charset=iso-8859-1) declares charset=iso-8859-1');
    expect(thrown(() => refuseCharsetMismatch('iso-8859-1', 'text/plain')).message).toContain('declares no charset, which means UTF-8');
  });
});
