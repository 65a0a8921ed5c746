import { describe, expect, it } from 'vitest';
import { describeLimit } from '../../../kernel/transport/interceptors/body-limit.js';
import { isCredentialName } from '../../../sdk/shared/credential-names.js';
import { translateError, type FailureContext } from '../../../kernel/transport/error-translation.js';
import { formatDuration, longerThanOkapiCanWait } from '../../../kernel/plugins/duration.js';
import { fromRawHeaders, toDispatchHeaders } from '../../../kernel/transport/headers.js';
import { redactField, redactKeepingLength, redactText, redactUrl } from '../../../sdk/shared/redact.js';
import { requestHeaderProblem } from '../../../kernel/transport/request-header-rules.js';
import type { HeaderMap } from '../../../sdk/types.js';

describe('isCredentialName: the one rule for headers, query parameters and auth params', () => {
  it.each([
    'Authorization', 'proxy-authorization', 'Cookie', 'Set-Cookie', 'X-API-Key', 'api-key', 'apikey', 'X-Auth-Token', 'x-access-token',
    'X-CSRF-Token', 'x-csrftoken', 'Private-Token', 'X-Vault-Token', 'x-amz-security-token', 'X-Client-Secret', 'X-Goog-Api-Key',
    'Ocp-Apim-Subscription-Key', 'x-functions-key', 'X-Auth', 'X-Session-Id', 'x-hub-signature-256', 'X-Password', 'x-refresh_token',
    'X-Key-Id', 'Key-Id', 'X-Api-Keys', 'X-JWT-Assertion', 'DPoP', 'X-Sig', 'X-Passcode', 'Bearer', 'X-Authentication-Info', 'X-AuthToken',
    // The headers of issue #12 that -v showed unmasked.
    'Authentication', 'X-JWT', 'X-Access-Code', 'Api-Key', 'X-Passphrase', 'Signature-Input', 'Signature',
    // Query and auth params.
    'apikey', 'api_key', 'apiKey', 'accessToken', 'sessionId', 'bearer', 'jwt', 'pat', 'pin', 'userPin', 'sig', 'auth', 'code', 'pwd',
    'otp', 'client_assertion', 'client_secret', 'password', 'pass', 'private_key_pem', 'oauth_signature',
  ])('%s is a credential', (name) => expect(isCredentialName(name)).toBe(true));

  it.each([
    'Accept', 'Content-Type', 'User-Agent', 'X-Request-Id', 'Idempotency-Key', 'Sec-WebSocket-Key', 'WWW-Authenticate', 'X-Author',
    'Accept-Encoding', 'If-None-Match', 'X-Trace', 'Keep-Alive', 'Sec-Fetch-Mode', 'Sec-Fetch-Site', 'Access-Control-Allow-Credentials',
    'Access-Control-Request-Headers', 'Content-Length', 'Host', ':authority', 'Passenger', 'path', 'pattern', 'Design', 'page', 'realm',
    'username', 'client_id', 'scopes', 'Authority', 'Spinner',
  ])('%s is not', (name) => expect(isCredentialName(name)).toBe(false));
});

describe('redaction', () => {
  it('masks user information and credential query values, keeping names', () => {
    expect(redactUrl('https://alice:pw@api.example.com:8443/p?q=1&token=abc&api_key=k&page=2#f')).toBe(
      'https://***@api.example.com:8443/p?q=1&token=***&api_key=***&page=2#f',
    );
    expect(redactUrl('http://example.com/cb?code=xyz&state=s')).toBe('http://example.com/cb?code=***&state=s');
    expect(redactText('failed at http://u:p@h/x?secret=1 then')).toBe('failed at http://***@h/x?secret=*** then');
  });

  it('masks credential parameters in a fragment as in a query', () => {
    expect(redactUrl('http://h/#access_token=SECRETV&state=s&expires_in=3600')).toBe('http://h/#access_token=***&state=s&expires_in=3600');
    expect(redactUrl('https://app.example.com/#/cb?code=SECRETV&state=s')).toBe('https://app.example.com/#/cb?code=***&state=s');
    expect(redactUrl('https://h.example/docs#section-2')).toBe('https://h.example/docs#section-2');
    expect(redactText('cannot reach http://h/x?page=1#id_token=SECRETV')).toBe('cannot reach http://h/x?page=1#id_token=***');
    expect(redactKeepingLength('a: 1, https://h/#access_token=SECRETV')).toBe('a: 1, https://h/#access_token=*******');
  });

  it('masks by pattern what does not parse as a URL', () => {
    expect(redactUrl('http://alice:pw@[bad/x?token=abc&page=1')).toBe('http://***@[bad/x?token=***&page=1');
    expect(redactUrl('alice:pw@bad host/x?api_key=k')).toBe('***@bad host/x?api_key=***');
    expect(redactUrl('bad host/users/a@b?q=1')).toBe('bad host/users/a@b?q=1');
    // Found by test/fuzz/request-input.fuzz.test.ts: a mistyped scheme hid the user information.
    expect(redactUrl('h ttps://me:hunter2@host/x')).toBe('h ttps://***@host/x');
    expect(redactUrl('https:/me:hunter2@host/x')).toBe('https:/***@host/x');
    expect(redactUrl('ftp://http://me:hunter2@host/x')).toBe('ftp://http//***@host/x');
    expect(redactUrl('x#token=hunter2')).toBe('x#token=***');
  });

  it('masks what follows a credential name whatever stands between them (found by test/fuzz)', () => {
    expect(redactField('Authorization;hunter2')).toBe('Authorization;***');
    expect(redactField('api_key;Basic hunter2')).toBe('api_key;***');
    expect(redactField('Authorizationsk9live4Zq8Xw2Lm7Np3 trailing')).toBe('*** ***');
    expect(redactField('X-Trace: sk9live4Zq8Xw2Lm7Np3')).toBe('X-Trace: ***');
  });

  it('masks the value of a credential-looking header or query entry, even with its colon forgotten', () => {
    expect(redactField('Authorization: Bearer sk_live_abc')).toBe('Authorization: ***');
    expect(redactField('Authorization Bearer sk_live_abc')).toBe('Authorization ***');
    expect(redactField('Bearer sk_live_abc')).toBe('Bearer ***');
    expect(redactField('X-Api-Key=k')).toBe('X-Api-Key=***');
    expect(redactField('api_key=k', '<redacted>')).toBe('api_key=<redacted>');
    // A lone token has no name to go by: its shape gives it away.
    expect(redactField('sk_live_0123456789abcdef')).toBe('***');
    expect(redactField('eyJhbGciOiJIUzI1NiJ9.e30.x')).toBe('***');
    for (const plain of ['X-Team okapi', 'no-colon-here', 'X-Team: okapi', 'page=2', 'Accept']) expect(redactField(plain)).toBe(plain);
  });

  it('stars out credential values in quoted input, keeping every position', () => {
    const input = 'name: okapi, headers[]: Authorization: Bearer abc, auth{token: t0p}, note: sk_live_0123456789abcdef, {';
    const masked = redactKeepingLength(input);
    expect(masked).toBe('name: okapi, headers[]: Authorization: **********, auth{token: ***}, note: ************************, {');
    expect(masked).toHaveLength(input.length);
  });

  it('looks at every name in quoted input, quoted or inside the value of another, and ends a value at a comment', () => {
    expect(redactKeepingLength('a: 1 //token: SECRETKEY')).toBe('a: 1 //token: *********');
    expect(redactKeepingLength('creds: {password: hunter2 // c}')).toBe('creds: {password: ******* // c}');
    expect(redactKeepingLength('"my password": hunter2 // c')).toBe('"my password": ******* // c');
    expect(redactKeepingLength('password: hunter2 //x')).toBe('password: ******* //x');
    expect(redactKeepingLength('password: //hunter2')).toBe('password: *********');
    expect(redactKeepingLength('note: see //wiki, url: http://x/a//b')).toBe('note: see //wiki, url: http://x/a//b');
  });

  it('stars out the user information and credential query values of a URL in quoted input', () => {
    expect(redactKeepingLength('a: 1, https://u:pa55@h.example/x')).toBe('a: 1, https://******@h.example/x');
    expect(redactKeepingLength('a: 1, https://h.example/x?page=2&token=s3cr3t')).toBe('a: 1, https://h.example/x?page=2&token=******');
  });
});

describe('helpers', () => {
  it('formats durations and limits', () => {
    expect(formatDuration(300)).toBe('300ms');
    expect(formatDuration(1500)).toBe('1.5s');
    expect(formatDuration(30_000)).toBe('30s');
    expect(formatDuration(120_000)).toBe('2m');
    expect(describeLimit(100 * 1024 * 1024)).toBe('100 MiB');
    expect(describeLimit(1000)).toBe('0.000954 MiB (1000 bytes)');
  });

  it('says a wait is longer than a timer holds in one wording, after whose wait it is', () => {
    const longest = 'the longest is 596h31m23s (2147483647 ms, about 24.8 days)';
    expect(longerThanOkapiCanWait('-t "1000h"')).toBe(`-t "1000h" is longer than okapi can wait: ${longest}`);
  });

  it('merges header spellings for undici and never writes __proto__ through the prototype', () => {
    expect(toDispatchHeaders({ Accept: ['a'], accept: ['b'], 'X-One': ['1'], Empty: [] })).toEqual({ Accept: ['a', 'b'], 'X-One': '1' });
    const parsed = fromRawHeaders([Buffer.from('__proto__'), Buffer.from('x'), Buffer.from('Set-Cookie'), Buffer.from('a=1'), Buffer.from('set-cookie'), Buffer.from('b=2')], 'latin1');
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
    expect(parsed['__proto__']).toEqual(['x']);
    expect(parsed['set-cookie']).toEqual(['a=1', 'b=2']);
  });
});

describe('translateError for failures not reproduced live', () => {
  const context: FailureContext = { url: new URL('https://user:pw@api.example.com/v1?token=t'), tlsMinVersion: 'TLSv1.2', clientCertificate: false };
  const fail = (code: string, extra: Record<string, unknown> = {}) => translateError(Object.assign(new Error(`boom ${code}`), { code, ...extra }), context);

  it.each([
    ['DEPTH_ZERO_SELF_SIGNED_CERT', 'the certificate of api.example.com is self-signed, and okapi does not trust it'],
    ['SELF_SIGNED_CERT_IN_CHAIN', 'the certificate of api.example.com is self-signed, and okapi does not trust it'],
    ['CERT_HAS_EXPIRED', 'the certificate of api.example.com has expired'],
    ['ERR_TLS_CERT_ALTNAME_INVALID', 'the certificate of api.example.com is not valid for the name api.example.com'],
  ])('%s', (code, message) => {
    const error = fail(code);
    expect(error).toMatchObject({ name: 'OkapiError', exitCode: 1, message });
    expect(error.hint).toContain('--okapi-ca-cert <file>');
    expect(error.hint).toContain('--okapi-insecure');
  });

  it('connection and DNS failures', () => {
    expect(fail('EAI_AGAIN').message).toBe('could not resolve host api.example.com: the DNS lookup failed temporarily');
    expect(fail('ECONNRESET').message).toBe('the connection to api.example.com:443 was reset by the server before the response was complete');
    expect(fail('UND_ERR_CONNECT_TIMEOUT', { message: 'Connect Timeout Error (attempted address: api.example.com:443, timeout: 10000ms)' }).message).toBe(
      'could not connect to api.example.com:443: no answer within 10s',
    );
    expect(fail('EHOSTUNREACH').message).toBe('cannot reach api.example.com:443: no route to host');
    const aggregate = Object.assign(new AggregateError([Object.assign(new Error('x'), { code: 'ECONNREFUSED' })]), {});
    expect(translateError(aggregate, context).message).toBe('connection refused by api.example.com:443');
    expect(fail('HPE_INVALID_CONSTANT', { message: 'Expected HTTP/' }).message).toBe('api.example.com:443 sent a response that is not valid HTTP (Expected HTTP/)');
  });

  it('never echoes user information or credential query values from library messages', () => {
    const error = translateError(new Error('weird failure for https://user:pw@api.example.com/v1?token=t'), context);
    expect(error.message).toBe('the request to https://***@api.example.com/v1?token=*** failed: weird failure for https://***@api.example.com/v1?token=***');
  });
});

describe('request headers okapi refuses to send', () => {
  const body = new TextEncoder().encode('12345');
  it.each([
    [{ 'Transfer-Encoding': ['chunked'] }, undefined, 'the Transfer-Encoding header cannot be set (okapi frames the request itself)'],
    [{ 'keep-alive': ['timeout=5'] }, undefined, 'the keep-alive header cannot be set (okapi frames the request itself)'],
    [{ Upgrade: ['websocket'] }, undefined, 'the Upgrade header cannot be set (okapi frames the request itself)'],
    [{ Expect: ['100-continue'] }, body, 'the Expect header is not supported'],
    [{ Host: ['a', 'b'] }, undefined, 'more than one Host header (a, b)'],
    [{ Connection: ['close, bad token'] }, undefined, 'invalid Connection header value "bad token"'],
    [{ 'Content-Length': ['1', '2'] }, body, 'more than one Content-Length header (1, 2)'],
    [{ 'Content-Length': ['-1'] }, body, 'invalid Content-Length header "-1"'],
    [{ 'Content-Length': ['4'] }, body, 'the Content-Length header (4) does not match the body (5 bytes)'],
    [{ 'Content-Length': ['3'] }, undefined, 'the Content-Length header (3) does not match the body (0 bytes)'],
  ] as [HeaderMap, Uint8Array | undefined, string][])('%o', (headers, payload, problem) => {
    expect(requestHeaderProblem(headers, payload)).toBe(problem);
  });

  it('lets ordinary headers, a single Host, Connection: close and a matching Content-Length through', () => {
    expect(requestHeaderProblem({ Host: ['api.example'], Connection: ['close'], 'Content-Length': ['5'], 'X-Any': ['1', '2'] }, body)).toBeUndefined();
  });
});
